// relax-run checks every --size before it allocates anything: a variable
// the function does not have, a negative size, a size out of the declared
// range and a shape whose byte count does not fit in 64 bits are errors.

// RUN: not relax-run %s --size n=3 --size m=4 --size k=2 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: relax-run: error: --size m=4: @main has no variable 'm' (its variables: n, k)

// RUN: not relax-run %s --entry fixed --size n=3 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: relax-run: error: --size n=3: @fixed has no variable 'n' (its parameters have none)

// RUN: not relax-run %s --size n 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: relax-run: error: bad --size 'n', expected name=value

// RUN: not relax-run %s --size n=3 --size n=4 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: relax-run: error: --size gives n twice: 3 and 4

// RUN: not relax-run %s --size n=2 --size k=-1 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: relax-run: error: k = -1: a size cannot be negative

// RUN: not relax-run %s --size n=0 --size k=4 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: relax-run: error: n = 0 breaks the constraint #sym.range<n in [1, 4096]>

// RUN: not relax-run %s --size n=4 --size k=6 2>&1 | FileCheck %s --check-prefix=DIVISIBLE
// DIVISIBLE: relax-run: error: k = 6 breaks the constraint #sym.divisible<k, 4>

// 2^62 f32 elements are 2^64 bytes.
// RUN: not relax-run %s --size n=1 --size k=4611686018427387904 2>&1 | FileCheck %s --check-prefix=BYTES
// BYTES: relax-run: error: argument #0 of shape [1, 4611686018427387904] has more bytes than 64 bits can count

// RUN: not relax-run %s --size n=4096 --size k=4503599627370496 2>&1 | FileCheck %s --check-prefix=ELEMENTS
// ELEMENTS: relax-run: error: argument #0 of shape [4096, 4503599627370496] has more bytes than 64 bits can count

// RUN: not relax-run %s --entry twice --size k=4611686018427387904 2>&1 | FileCheck %s --check-prefix=EXPR
// EXPR: relax-run: error: argument #1 dim 0: 2 * k has no value (a 64-bit overflow or a division by zero)

// RUN: not relax-run %s --entry shrink --size n=0 2>&1 | FileCheck %s --check-prefix=DIM
// DIM: relax-run: error: argument #1 dim 0: n - 1 = -1 is negative

relax.func @main(%x: !relax.tensor<[n, k], f32>) -> !relax.tensor<[n, k], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 4096]>, #sym.divisible<k, 4>]} {
  %r = relax.add %x, %x : (!relax.tensor<[n, k], f32>, !relax.tensor<[n, k], f32>) -> !relax.tensor<[n, k], f32>
  relax.return %r : !relax.tensor<[n, k], f32>
}

relax.func @fixed(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> {
  relax.return %x : !relax.tensor<[4], f32>
}

relax.func @shrink(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n - 1], f32>) -> !relax.tensor<[n - 1], f32> {
  relax.return %y : !relax.tensor<[n - 1], f32>
}

relax.func @twice(%x: !relax.tensor<[k], i8>, %y: !relax.tensor<[2 * k], i8>) -> !relax.tensor<[2 * k], i8> {
  relax.return %y : !relax.tensor<[2 * k], i8>
}
