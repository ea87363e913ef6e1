// A dense array of `index` elements crashes MLIR 22's parser: relax-opt
// (from a file and from stdin) and relax-run refuse it before parsing, with
// its location and exit 1. One in a comment, like this `array<index: 1>`,
// is not parsed and not refused.
// RUN: not relax-opt %s 2>&1 | FileCheck %s
// RUN: not relax-opt < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// RUN: not relax-run %s 2>&1 | FileCheck %s
// RUN: sed -e 's/array<index: 1, 0>/array<i64: 1, 0>/' %s | relax-opt | FileCheck %s --check-prefix=FIXED

// CHECK: index-array.mlir:[[# @LINE + 6]]:38: error: a dense array of 'index' elements is not supported (MLIR's parser cannot build one); use i64 elements
// CHECK-NEXT: {{^}}  %y = relax.permute_dims %x {axes = array<index: 1, 0>}
// STDIN: <stdin>:[[# @LINE + 4]]:38: error: a dense array of 'index' elements
// FIXED: permute_dims %{{.*}} {axes = array<i64: 1, 0>}

relax.func @main(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<[3, 2], f32> {
  %y = relax.permute_dims %x {axes = array<index: 1, 0>} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[3, 2], f32>
  relax.return %y : !relax.tensor<[3, 2], f32>
}
