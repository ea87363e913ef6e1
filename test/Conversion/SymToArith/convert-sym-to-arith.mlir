// RUN: relax-opt %s --split-input-file --convert-sym-to-arith | FileCheck %s
// RUN: relax-opt %s --split-input-file --convert-sym-to-arith=lower-assumes=0 | FileCheck %s --check-prefix=KEEP

// CHECK-LABEL: func.func @eval
// CHECK-SAME: (%[[N:.*]]: index, %[[M:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[MUL:.*]] = arith.muli %[[C4]], %[[N]]
// CHECK: %[[DIV:.*]] = arith.floordivsi %[[M]], %[[C8]]
// CHECK: %[[SUM:.*]] = arith.addi
// CHECK: return %[[SUM]]
func.func @eval(%n: index, %m: index) -> index {
  %r = sym.eval <4 * n + m floordiv 8> (n = %n, m = %m)
  return %r : index
}

// -----

// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[X:.*]]: memref<?x4xf32>, %[[T:.*]]: tensor<?xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[D0:.*]] = memref.dim %[[X]], %{{.*}} : memref<?x4xf32>
// CHECK-DAG: %[[D2:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?xf32>
// CHECK: return %[[D0]], %[[C4]], %[[D2]]
func.func @dims(%x: memref<?x4xf32>, %t: tensor<?xf32>) -> (index, index, index) {
  %0 = sym.dim %x[0] : memref<?x4xf32>
  %1 = sym.dim %x[1] : memref<?x4xf32>
  %2 = sym.dim %t[0] : tensor<?xf32>
  return %0, %1, %2 : index, index, index
}

// -----

// CHECK-LABEL: func.func @checks
// CHECK-SAME: (%[[A:.*]]: index, %[[B:.*]]: index)
// CHECK: %[[OK:.*]] = arith.cmpi eq, %[[A]], %[[B]] : index
// CHECK: cf.assert %[[OK]], "x: dim 0 must be n"
// CHECK: return %[[A]]
// KEEP-LABEL: func.func @checks
// KEEP: %[[R:.*]] = sym.assume %{{.*}} in [1, 64]
// KEEP: return %[[R]]
func.func @checks(%a: index, %b: index) -> index {
  sym.assert_eq %a, %b, "x: dim 0 must be n"
  %r = sym.assume %a in [1, 64]
  return %r : index
}

// -----

// An evaluation checks that no product wraps and no division is by zero; a
// divisor that would trap is replaced by 1 until the check.

// CHECK-LABEL: func.func @checked
// CHECK-SAME: (%[[N:.*]]: index, %[[K:.*]]: index)
// CHECK: %[[LOW:.*]], %[[HIGH:.*]] = arith.mulsi_extended
// CHECK: %[[ZERO:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : index
// CHECK: %[[SAFE:.*]] = arith.select %{{.*}}, %{{.*}}, %[[K]] : index
// CHECK: arith.floordivsi %{{.*}}, %[[SAFE]]
// CHECK: cf.assert %{{.*}}, "evaluating n * n floordiv k: a division by zero or a 64-bit overflow"
func.func @checked(%n: index, %k: index) -> index {
  %r = sym.eval <n * n floordiv k> (n = %n, k = %k)
  return %r : index
}
