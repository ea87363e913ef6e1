// RUN: relax-opt %s -split-input-file --relax-lower-i1-transfers | FileCheck %s

// A vector of i1 moves to and from i1 memory as a vector of i8 through the
// buffer viewed as bytes: LLVM would store the i1 vector as packed bits into
// a byte-per-element buffer. Transfers of other element types are left alone.

// CHECK-LABEL: func.func @write
// CHECK-SAME:    (%[[V:.*]]: vector<4xi1>, %[[F:.*]]: vector<4xf32>, %[[B:.*]]: memref<4xi1>, %[[M:.*]]: memref<4xf32>)
// CHECK:         %[[BYTES:.*]] = builtin.unrealized_conversion_cast %[[B]] : memref<4xi1> to memref<4xi8>
// CHECK:         %[[E:.*]] = arith.extui %[[V]] : vector<4xi1> to vector<4xi8>
// CHECK:         vector.transfer_write %[[E]], %[[BYTES]][%{{.*}}] {in_bounds = [true]} : vector<4xi8>, memref<4xi8>
// CHECK:         vector.transfer_write %[[F]], %[[M]]
func.func @write(%v: vector<4xi1>, %f: vector<4xf32>, %b: memref<4xi1>, %m: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  vector.transfer_write %v, %b[%c0] {in_bounds = [true]} : vector<4xi1>, memref<4xi1>
  vector.transfer_write %f, %m[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32>
  return
}

// -----

// A masked read keeps its mask; the padding is extended to a byte and the
// bytes are compared with zero.

// CHECK-LABEL: func.func @masked_read
// CHECK-SAME:    (%[[B:.*]]: memref<?xi1>, %[[N:.*]]: index)
// CHECK-DAG:     %[[MASK:.*]] = vector.create_mask %[[N]] : vector<16xi1>
// CHECK-DAG:     %[[BYTES:.*]] = builtin.unrealized_conversion_cast %[[B]] : memref<?xi1> to memref<?xi8>
// CHECK-DAG:     %[[PAD:.*]] = arith.extui %{{.*}} : i1 to i8
// CHECK:         %[[R:.*]] = vector.transfer_read %[[BYTES]][%{{.*}}], %[[PAD]], %[[MASK]] {in_bounds = [true]} : memref<?xi8>, vector<16xi8>
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0> : vector<16xi8>
// CHECK:         %[[C:.*]] = arith.cmpi ne, %[[R]], %[[ZERO]] : vector<16xi8>
// CHECK:         return %[[C]] : vector<16xi1>
func.func @masked_read(%b: memref<?xi1>, %n: index) -> vector<16xi1> {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %mask = vector.create_mask %n : vector<16xi1>
  %r = vector.transfer_read %b[%c0], %false, %mask {in_bounds = [true]} : memref<?xi1>, vector<16xi1>
  return %r : vector<16xi1>
}

// -----

// A read that broadcasts a dim (an attention mask [b, 1, t] over query
// rows) keeps its permutation map; strided layouts are kept too.

// CHECK-LABEL: func.func @broadcast_read
// CHECK:         %[[BYTES:.*]] = builtin.unrealized_conversion_cast %{{.*}} : memref<?x1x?xi1, strided<[?, ?, 1], offset: ?>> to memref<?x1x?xi8, strided<[?, ?, 1], offset: ?>>
// CHECK:         vector.transfer_read %[[BYTES]][%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true, true, true], permutation_map = #{{.*}}} : memref<?x1x?xi8, strided<[?, ?, 1], offset: ?>>, vector<1x4x16xi8>
// CHECK:         arith.cmpi ne
func.func @broadcast_read(%b: memref<?x1x?xi1, strided<[?, ?, 1], offset: ?>>) -> vector<1x4x16xi1> {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %r = vector.transfer_read %b[%c0, %c0, %c0], %false {in_bounds = [true, true, true], permutation_map = affine_map<(d0, d1, d2) -> (d0, 0, d2)>} : memref<?x1x?xi1, strided<[?, ?, 1], offset: ?>>, vector<1x4x16xi1>
  return %r : vector<1x4x16xi1>
}
