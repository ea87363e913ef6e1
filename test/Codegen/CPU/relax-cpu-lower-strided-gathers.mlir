// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-lower-strided-gathers))" | FileCheck %s

// A 1-D view with a step of 3: the index is scaled by the stride, on the
// view's base buffer.

// CHECK-LABEL: func.func @stepped_1d
// CHECK-SAME:    (%[[VIEW:.+]]: memref<2xf32, strided<[3], offset: ?>>, %[[IDX:.+]]: vector<4xi64>
// CHECK:         %[[BASE:.+]], %[[OFFSET:.+]], %[[SIZE:.+]], %[[STRIDE:.+]] = memref.extract_strided_metadata %[[VIEW]]
// CHECK:         %[[POS:.+]] = arith.index_cast %[[IDX]] : vector<4xi64> to vector<4xindex>
// CHECK:         %[[OFFSETS:.+]] = vector.broadcast %[[OFFSET]] : index to vector<4xindex>
// CHECK:         %[[STRIDES:.+]] = vector.broadcast %[[STRIDE]] : index to vector<4xindex>
// CHECK:         %[[STEP:.+]] = arith.muli %[[POS]], %[[STRIDES]] : vector<4xindex>
// CHECK:         %[[ADDR:.+]] = arith.addi %[[OFFSETS]], %[[STEP]] : vector<4xindex>
// CHECK:         %[[FLAT:.+]] = memref.reinterpret_cast %[[BASE]] to offset: [0], sizes: [%{{.+}}], strides: [1] : memref<f32> to memref<?xf32>
// CHECK:         vector.gather %[[FLAT]][%{{.+}}] [%[[ADDR]]], %{{.+}}, %{{.+}} : memref<?xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
func.func @stepped_1d(%view: memref<2xf32, strided<[3], offset: ?>>, %idx: vector<4xi64>, %mask: vector<4xi1>, %pass: vector<4xf32>) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %g = vector.gather %view[%c0] [%idx], %mask, %pass : memref<2xf32, strided<[3], offset: ?>>, vector<4xi64>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %g : vector<4xf32>
}

// -----

// Rows with a step: the row-major position (the offsets' plus the index) is
// split by the row size into a row and a column, each multiplied by its
// stride.

// CHECK-LABEL: func.func @stepped_rows
// CHECK-SAME:    (%[[VIEW:.+]]: memref<3x5xf32, strided<[10, 1]>>, %[[IDX:.+]]: vector<1x5xindex>
// CHECK:         %[[BASE:.+]], %[[OFFSET:.+]], %[[SIZES:.+]]:2, %[[STRIDES:.+]]:2 = memref.extract_strided_metadata %[[VIEW]]
// CHECK:         %[[POS:.+]] = arith.addi %[[IDX]], %{{.+}} : vector<1x5xindex>
// CHECK:         %[[COL:.+]] = arith.remui %[[POS]], %{{.+}} : vector<1x5xindex>
// CHECK:         %[[ROW:.+]] = arith.divui %[[POS]], %{{.+}} : vector<1x5xindex>
// CHECK:         arith.muli %[[COL]]
// CHECK:         arith.muli %[[ROW]]
// CHECK:         %[[FLAT:.+]] = memref.reinterpret_cast %[[BASE]]
// CHECK:         vector.gather %[[FLAT]]{{.+}} : memref<?xf32>, vector<1x5xindex>
func.func @stepped_rows(%view: memref<3x5xf32, strided<[10, 1]>>, %idx: vector<1x5xindex>, %mask: vector<1x5xi1>, %pass: vector<1x5xf32>, %row: index) -> vector<1x5xf32> {
  %c0 = arith.constant 0 : index
  %g = vector.gather %view[%row, %c0] [%idx], %mask, %pass : memref<3x5xf32, strided<[10, 1]>>, vector<1x5xindex>, vector<1x5xi1>, vector<1x5xf32> into vector<1x5xf32>
  return %g : vector<1x5xf32>
}

// -----

// Contiguous buffers, with or without an offset, and tensors are left to
// upstream's lowering.

// CHECK-LABEL: func.func @contiguous
// CHECK-NOT:     memref.reinterpret_cast
// CHECK:         vector.gather %{{.+}} : memref<4x5xf32>
// CHECK:         vector.gather %{{.+}} : memref<2x5xf32, strided<[5, 1], offset: 10>>
// CHECK:         vector.gather %{{.+}} : memref<1x5xf32, strided<[40, 1], offset: ?>>
// CHECK:         vector.gather %{{.+}} : tensor<4x5xf32>
func.func @contiguous(%a: memref<4x5xf32>, %b: memref<2x5xf32, strided<[5, 1], offset: 10>>, %c: memref<1x5xf32, strided<[40, 1], offset: ?>>, %t: tensor<4x5xf32>, %idx: vector<4xindex>, %mask: vector<4xi1>, %pass: vector<4xf32>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %0 = vector.gather %a[%c0, %c0] [%idx], %mask, %pass : memref<4x5xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %1 = vector.gather %b[%c0, %c0] [%idx], %mask, %pass : memref<2x5xf32, strided<[5, 1], offset: 10>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %2 = vector.gather %c[%c0, %c0] [%idx], %mask, %pass : memref<1x5xf32, strided<[40, 1], offset: ?>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %3 = vector.gather %t[%c0, %c0] [%idx], %mask, %pass : tensor<4x5xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0, %1, %2, %3 : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>
}
