// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-sequential-inner-foralls))" | FileCheck %s

// A tile of rows (the outer loop) keeps running in parallel; the loops of
// the ops inside it, nested two deep, become sequential loops.

// CHECK-LABEL: func.func @row_tile
// CHECK-SAME:    (%[[IN:.+]]: memref<?x?xf32>, %[[OUT:.+]]: memref<?x?xf32>, %[[N:.+]]: index, %[[M:.+]]: index)
// CHECK:         scf.forall (%[[I:.+]]) = (0) to (%[[N]]) step (24) {
// CHECK-DAG:       %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:       %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:       %[[C8:.+]] = arith.constant 8 : index
// CHECK:           scf.for %[[R:.+]] = %[[C0]] to %{{.+}} step %[[C1]] {
// CHECK:             scf.for %[[J:.+]] = %{{.+}} to %[[M]] step %[[C8]] {
// CHECK:               %[[ROW:.+]] = affine.apply #{{.+}}(%[[I]], %[[R]])
// CHECK:               memref.load %[[IN]][%[[ROW]], %[[J]]]
// CHECK:               memref.store %{{.+}}, %[[OUT]][%[[ROW]], %[[J]]]
// CHECK:             }
// CHECK:           }
// CHECK-NOT:       scf.forall
// CHECK:         }
func.func @row_tile(%in: memref<?x?xf32>, %out: memref<?x?xf32>, %n: index, %m: index) {
  scf.forall (%i) = (0) to (%n) step (24) {
    %rows = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 24)>(%i)[%n]
    scf.forall (%r, %j) = (0, 0) to (%rows, %m) step (1, 8) {
      %row = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i, %r)
      %x = memref.load %in[%row, %j] : memref<?x?xf32>
      memref.store %x, %out[%row, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// A loop nested in a parallel one through a sequential one becomes
// sequential too; loops that are not nested in another scf.forall stay
// parallel.

// CHECK-LABEL: func.func @side_by_side
// CHECK:         scf.forall
// CHECK:           scf.for
// CHECK-NOT:         scf.forall
// CHECK:             scf.for
// CHECK:         scf.forall
// CHECK-NOT:     scf.for
// CHECK:         return
func.func @side_by_side(%a: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.forall (%i) in (%n) {
    scf.for %k = %c0 to %n step %c1 {
      scf.forall (%j) in (%n) {
        %x = memref.load %a[%j] : memref<?xf32>
        memref.store %x, %a[%i] : memref<?xf32>
      }
    }
  }
  scf.forall (%i) in (%n) {
    %x = memref.load %a[%i] : memref<?xf32>
    memref.store %x, %a[%i] : memref<?xf32>
  }
  return
}
