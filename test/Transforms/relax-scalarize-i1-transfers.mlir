// RUN: relax-opt %s -split-input-file --relax-scalarize-i1-transfers | FileCheck %s

// A vector of i1 written to i1 memory becomes one scalar store per element:
// LLVM would store the vector as packed bits into a byte-per-element buffer.
// Transfers of other element types stay vectors.

// CHECK-LABEL: func.func @write
// CHECK-SAME:    (%[[V:.*]]: vector<4xi1>, %[[F:.*]]: vector<4xf32>, %[[B:.*]]: memref<4xi1>, %[[M:.*]]: memref<4xf32>)
// CHECK-NOT:     vector.transfer_write %[[V]]
// CHECK:         %[[E0:.*]] = vector.extract %[[V]][0] : i1 from vector<4xi1>
// CHECK:         memref.store %[[E0]], %[[B]][%{{.*}}] : memref<4xi1>
// CHECK:         %[[E3:.*]] = vector.extract %[[V]][3] : i1 from vector<4xi1>
// CHECK:         memref.store %[[E3]], %[[B]][%{{.*}}] : memref<4xi1>
// CHECK:         vector.transfer_write %[[F]], %[[M]]
func.func @write(%v: vector<4xi1>, %f: vector<4xf32>, %b: memref<4xi1>, %m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %b[%c0] {in_bounds = [true]} : vector<4xi1>, memref<4xi1>
  vector.transfer_write %f, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  return
}

// -----

// A masked read of i1 memory: a scalar load per element, under its mask
// bit, the padding elsewhere.

// CHECK-LABEL: func.func @masked_read
// CHECK-SAME:    (%[[B:.*]]: memref<?xi1>, %[[N:.*]]: index)
// CHECK-DAG:     %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:     %[[MASK:.*]] = vector.create_mask %[[N]] : vector<4xi1>
// CHECK-NOT:     vector.transfer_read
// CHECK:         %[[BIT0:.*]] = vector.extract %[[MASK]][0] : i1 from vector<4xi1>
// CHECK:         %[[E0:.*]] = scf.if %[[BIT0]] -> (i1) {
// CHECK:           %[[L0:.*]] = memref.load %[[B]][%{{.*}}] : memref<?xi1>
// CHECK:           scf.yield %[[L0]] : i1
// CHECK:         } else {
// CHECK:           scf.yield %[[FALSE]] : i1
// CHECK:         }
// CHECK:         %[[BIT3:.*]] = vector.extract %[[MASK]][3] : i1 from vector<4xi1>
// CHECK:         %[[E3:.*]] = scf.if %[[BIT3]] -> (i1) {
// CHECK:         vector.from_elements %[[E0]], %{{.*}}, %{{.*}}, %[[E3]] : vector<4xi1>
func.func @masked_read(%b: memref<?xi1>, %n: index) -> vector<4xi1> {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.transfer_read %b[%c0], %false, %mask {in_bounds = [true]} : memref<?xi1>, vector<4xi1>
  return %v : vector<4xi1>
}

// -----

// A read that may run past the end of a row: each element is also checked
// against the size of the dim it reads along.

// CHECK-LABEL: func.func @unbounded_read
// CHECK-SAME:    (%[[B:.*]]: memref<2x?xi1>, %[[I:.*]]: index)
// CHECK:         %[[AT:.*]] = arith.addi %[[I]], %{{.*}} : index
// CHECK:         %[[SIZE:.*]] = memref.dim %[[B]], %c1
// CHECK:         %[[IN:.*]] = arith.cmpi slt, %[[AT]], %[[SIZE]] : index
// CHECK:         scf.if %[[IN]] -> (i1) {
// CHECK:           memref.load %[[B]][%{{.*}}, %[[AT]]] : memref<2x?xi1>
func.func @unbounded_read(%b: memref<2x?xi1>, %i: index) -> vector<2xi1> {
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %v = vector.transfer_read %b[%c1, %i], %false : memref<2x?xi1>, vector<2xi1>
  return %v : vector<2xi1>
}
