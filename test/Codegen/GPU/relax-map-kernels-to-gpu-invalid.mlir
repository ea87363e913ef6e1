// RUN: relax-opt %s -split-input-file --relax-map-kernels-to-gpu -verify-diagnostics
// RUN: not relax-opt %s -split-input-file --relax-map-kernels-to-gpu=block-size=0 2>&1 | FileCheck %s --check-prefix=SIZE

// SIZE: error: block-size must be positive, not 0

func.func private @tensor_kernel(%x: tensor<4xf32>) -> tensor<4xf32> attributes {relax_codegen.kernel} {
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{is not on buffers; a GPU kernel is scheduled after bufferization}}
  %r = linalg.fill ins(%zero : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func private @branchy_kernel(%y: memref<4xf32>, %c: i1) attributes {relax_codegen.kernel} {
// expected-error @above {{has more than one block; a GPU kernel function is one block of loops}}
  cf.cond_br %c, ^a, ^b
^a:
  return
^b:
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func private @atomic_kernel(%x: memref<?xf32>, %acc: memref<1xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]} ins(%x : memref<?xf32>) {
  ^bb0(%in: f32):
    // expected-error @below {{uses a buffer in a GPU kernel in a way the GPU lowering does not support (only loads, stores, dims and strided metadata)}}
    %old = memref.atomic_rmw addf %in, %acc[%c0] : (f32, memref<1xf32>) -> f32
    linalg.yield
  }
  return
}

// -----

func.func private @size_from_data_kernel(%n: memref<index>, %y: memref<?xf32>) attributes {relax_codegen.kernel} {
  // expected-error @below {{computes a value on the device that the host uses}}
  %size = memref.load %n[] : memref<index>
  %tmp = memref.alloc(%size) : memref<?xf32>
  memref.dealloc %tmp : memref<?xf32>
  return
}

// -----

func.func private @symbol_alloc_kernel(%k: index) attributes {relax_codegen.kernel} {
  // expected-error @below {{'memref.alloc' op has symbol operands, which device allocations do not take}}
  %a = memref.alloc()[%k] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  memref.dealloc %a : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}
