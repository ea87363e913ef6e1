// RUN: relax-opt %s --int-range-optimizations | FileCheck %s

// Upstream integer range analysis reads the ranges of sym.assume, sym.dim and
// sym.eval through InferIntRangeInterface.

// CHECK-LABEL: func @assume_folds_compare
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[TRUE]], %[[TRUE]]
func.func @assume_folds_compare(%x: index) -> (i1, i1) {
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %y = sym.assume %x in [1, 4096]
  %le = arith.cmpi ule, %y, %c4096 : index
  %ge = arith.cmpi sge, %y, %c1 : index
  return %le, %ge : i1, i1
}

// The divisor tightens the range: multiples of 8 in [1, 20] are at least 8.
// CHECK-LABEL: func @assume_divisor_tightens
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[TRUE]], %[[TRUE]]
func.func @assume_divisor_tightens(%x: index) -> (i1, i1) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %y = sym.assume %x in [1, 20] divisible 8
  %ge = arith.cmpi sge, %y, %c8 : index
  %le = arith.cmpi sle, %y, %c16 : index
  return %ge, %le : i1, i1
}

// Without an upper bound nothing is known above.
// CHECK-LABEL: func @assume_open_upper
// CHECK: %[[CMP:.*]] = arith.cmpi sle
// CHECK: return %[[CMP]]
func.func @assume_open_upper(%x: index) -> i1 {
  %c4096 = arith.constant 4096 : index
  %y = sym.assume %x in [1, ?]
  %le = arith.cmpi sle, %y, %c4096 : index
  return %le : i1
}

// A point range makes the value a constant.
// CHECK-LABEL: func @assume_point
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: return %[[C4]]
func.func @assume_point(%x: index) -> index {
  %y = sym.assume %x in [4, 4]
  return %y : index
}

// Nested assumptions intersect.
// CHECK-LABEL: func @assume_nested
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[TRUE]]
func.func @assume_nested(%x: index) -> i1 {
  %c100 = arith.constant 100 : index
  %y = sym.assume %x in [1, 4096]
  %z = sym.assume %y in [?, 100]
  %le = arith.cmpi sle, %z, %c100 : index
  return %le : i1
}

// A dim is non-negative, and a static dim is a constant.
// CHECK-LABEL: func @dim_ranges
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: return %[[TRUE]], %[[C4]]
func.func @dim_ranges(%t: tensor<?x4xf32>) -> (i1, index) {
  %c0 = arith.constant 0 : index
  %d0 = sym.dim %t[0] : tensor<?x4xf32>
  %d1 = sym.dim %t[1] : tensor<?x4xf32>
  %ge = arith.cmpi sge, %d0, %c0 : index
  return %ge, %d1 : i1, index
}

// sym.eval is bounded by interval arithmetic over its operands' ranges.
// CHECK-LABEL: func @eval_ranges
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: return %[[TRUE]], %[[TRUE]], %[[TRUE]], %[[TRUE]]
func.func @eval_ranges(%a: index, %b: index) -> (i1, i1, i1, i1) {
  %c3 = arith.constant 3 : index
  %c8193 = arith.constant 8193 : index
  %c8 = arith.constant 8 : index
  %c512 = arith.constant 512 : index
  %n = sym.assume %a in [1, 4096]
  %m = sym.assume %b in [0, 100]
  %r0 = sym.eval <2 * n + 1>(n = %n)
  %lo = arith.cmpi sge, %r0, %c3 : index
  %hi = arith.cmpi sle, %r0, %c8193 : index
  %r1 = sym.eval <(m + n) mod 8>(n = %n, m = %m)
  %mod = arith.cmpi slt, %r1, %c8 : index
  %r2 = sym.eval <min(n, 512) floordiv 2 + max(m, 1)>(n = %n, m = %m)
  %minmax = arith.cmpi sle, %r2, %c512 : index
  return %lo, %hi, %mod, %minmax : i1, i1, i1, i1
}

// An eval without operands is its constant.
// CHECK-LABEL: func @eval_constant_range
// CHECK: %[[C6:.*]] = arith.constant 6 : index
// CHECK: return %[[C6]]
func.func @eval_constant_range() -> index {
  %r = sym.eval <2 * 3>
  return %r : index
}
