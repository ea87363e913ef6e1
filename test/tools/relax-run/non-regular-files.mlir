// Inputs and weights must be regular files: a device that never ends
// (/dev/zero) or a directory is refused with a message and exit 1, rather
// than read until memory runs out.
// RUN: not relax-run %s --input /dev/zero 2>&1 | FileCheck %s --check-prefix=INPUT
// RUN: not relax-run %s --size n=2 --weights /dev/zero 2>&1 | FileCheck %s --check-prefix=WEIGHTS
// RUN: not relax-run %s --input %S 2>&1 | FileCheck %s --check-prefix=DIR

// INPUT: relax-run: error: cannot read /dev/zero: not a regular file
// WEIGHTS: relax-run: error: cannot read /dev/zero: not a regular file
// DIR: relax-run: error: cannot read {{.*}}relax-run: not a regular file

relax.func @main(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %y = relax.exp %x : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %y : !relax.tensor<[n], f32>
}
