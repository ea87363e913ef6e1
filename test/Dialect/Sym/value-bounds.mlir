// RUN: relax-opt %s --test-sym-value-bounds -split-input-file -verify-diagnostics

// Upstream ValueBoundsConstraintSet sees through sym.assume, sym.dim and
// sym.eval; the test pass reports the constant bounds of their results.

func.func @assume(%x: index) {
  // expected-remark @below {{bounds: [1, 4096]}}
  %y = sym.assume %x in [1, 4096]
  // expected-remark @below {{bounds: [8, 4096]}}
  %z = sym.assume %x in [1, 4096] divisible 8
  // expected-remark @below {{bounds: [?, 512]}}
  %w = sym.assume %x in [?, 512]
  // The result equals the input, so the bounds of the input carry over.
  // expected-remark @below {{bounds: [1, 100]}}
  %v = sym.assume %y in [?, 100]
  return
}

// -----

func.func @dim(%t: tensor<?x4xf32>, %r: !relax.tensor<[n, 8], f32>) {
  // expected-remark @below {{bounds: [0, ?]}}
  %d0 = sym.dim %t[0] : tensor<?x4xf32>
  // expected-remark @below {{bounds: [4, 4]}}
  %d1 = sym.dim %t[1] : tensor<?x4xf32>
  // expected-remark @below {{bounds: [0, ?]}}
  %d2 = sym.dim %r[0] : !relax.tensor<[n, 8], f32>
  // expected-remark @below {{bounds: [8, 8]}}
  %d3 = sym.dim %r[1] : !relax.tensor<[n, 8], f32>
  return
}

// -----

func.func @eval(%a: index, %b: index) {
  // expected-remark @below {{bounds: [1, 4096]}}
  %n = sym.assume %a in [1, 4096]
  // expected-remark @below {{bounds: [0, 100]}}
  %m = sym.assume %b in [0, 100]
  // expected-remark @below {{bounds: [3, 8193]}}
  %r0 = sym.eval <2 * n + 1>(n = %n)
  // expected-remark @below {{bounds: [0, 7]}}
  %r1 = sym.eval <(m + n) mod 8>(n = %n, m = %m)
  // expected-remark @below {{bounds: [0, 512]}}
  %r2 = sym.eval <n floordiv 8>(n = %n)
  // expected-remark @below {{bounds: [1, 4196]}}
  %r3 = sym.eval <n + m - n * 0>(n = %n, m = %m)
  // Non-affine: a product of two values.
  // expected-remark @below {{bounds: [?, ?]}}
  %r4 = sym.eval <n * m>(n = %n, m = %m)
  // Top-level min and max bound by their affine operands.
  // expected-remark @below {{bounds: [?, 100]}}
  %r5 = sym.eval <min(n, m)>(n = %n, m = %m)
  // expected-remark @below {{bounds: [1, ?]}}
  %r6 = sym.eval <max(n, m)>(n = %n, m = %m)
  // expected-remark @below {{bounds: [6, 6]}}
  %r7 = sym.eval <2 * 3>
  return
}

// -----

// The result of an eval is tied to the dims it reads.
func.func @eval_of_dims(%t: tensor<?x4xf32>) {
  // expected-remark @below {{bounds: [0, ?]}}
  %d0 = sym.dim %t[0] : tensor<?x4xf32>
  // expected-remark @below {{bounds: [4, 4]}}
  %d1 = sym.dim %t[1] : tensor<?x4xf32>
  // expected-remark @below {{bounds: [8, 8]}}
  %r = sym.eval <2 * k>(k = %d1)
  // expected-remark @below {{bounds: [4, ?]}}
  %s = sym.eval <n + k>(n = %d0, k = %d1)
  return
}
