// RUN: relax-opt %s -split-input-file -verify-diagnostics --relax-host-to-gpu

// A copy of a column of a matrix is not one block of memory.
func.func @copy_column(%x: memref<4x4xf32>, %y: memref<4xf32>) {
  %c = memref.subview %x[0, 1] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: 1>>
  // expected-error @+1 {{'memref.copy' op copies a view that is not contiguous, which a device copy does not take}}
  memref.copy %c, %y : memref<4xf32, strided<[4], offset: 1>> to memref<4xf32>
  return
}

// -----

func.func @store(%x: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.store' op writes device memory from the host}}
  memref.store %v, %x[%c0] : memref<4xf32>
  return
}

// -----

func.func @alloc_with_symbols(%k: index) {
  // expected-error @+1 {{'memref.alloc' op has symbol operands, which device allocations do not take}}
  %a = memref.alloc()[%k] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}

// -----

// expected-error @+1 {{'func.func' op takes a buffer with a non-identity layout, which the GPU entry cannot copy in}}
func.func @strided_argument(%x: memref<4xf32, strided<[2]>>) {
  return
}

// -----

// expected-error @+1 {{'func.func' op returns a buffer with a non-identity layout, which the GPU entry cannot copy back}}
func.func @strided_result(%x: memref<8xf32>) -> memref<4xf32, strided<[2]>> {
  %v = memref.reinterpret_cast %x to offset: [0], sizes: [4], strides: [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  return %v : memref<4xf32, strided<[2]>>
}
