// RUN: relax-opt %s -split-input-file --relax-map-kernels-to-gpu -verify-diagnostics

// A schedule that does not fit the op is an error.

func.func private @misfit_kernel(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {relax_codegen.kernel} {
  // expected-error @+1 {{cannot be mapped with the GPU schedule 'tiled_matmul': it is not a contraction}}
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>} ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>)
  return
}

// -----

func.func private @bad_name_kernel(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {relax_codegen.kernel} {
  // expected-error @+1 {{'relax_codegen.lowering_config' must be a #relax_codegen.cpu_config or a #relax_codegen.gpu_config, got "fast"}}
  linalg.copy {relax_codegen.lowering_config = "fast"} ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>)
  return
}

// -----

func.func private @no_workgroup_kernel(%y: memref<?xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %y, %c0 : memref<?xf32>
  // expected-error @+1 {{'scf.forall' op maps to blocks but has no op with a GPU lowering config naming the workgroup}}
  scf.forall (%i) in (%m) {
    %out = memref.subview %y[%i] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%out : memref<1xf32, strided<[1], offset: ?>>)
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

func.func private @matmul_in_block_kernel(%a: memref<?x8xf32>, %b: memref<8x8xf32>, %c: memref<?x8xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %m = memref.dim %a, %c0 : memref<?x8xf32>
  scf.forall (%i) in (%m) {
    %ta = memref.subview %a[%i, 0] [1, 8] [1, 1] : memref<?x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    %tc = memref.subview %c[%i, 0] [1, 8] [1, 1] : memref<?x8xf32> to memref<1x8xf32, strided<[8, 1], offset: ?>>
    // expected-error @+1 {{cannot be mapped with the GPU schedule 'tiled_matmul': it is not a contraction}}
    linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>} ins(%ta : memref<1x8xf32, strided<[8, 1], offset: ?>>) outs(%tc : memref<1x8xf32, strided<[8, 1], offset: ?>>)
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

func.func private @tensor_forall_kernel(%y: tensor<?xf32>) -> tensor<?xf32> attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %y, %c0 : tensor<?xf32>
  // expected-error @+1 {{'scf.forall' op is not on buffers; a GPU kernel is mapped after bufferization}}
  %r = scf.forall (%i) in (%m) shared_outs(%o = %y) -> tensor<?xf32> {
    %s = tensor.extract_slice %o[%i] [1] [1] : tensor<?xf32> to tensor<1xf32>
    %f = linalg.fill {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 64>} ins(%zero : f32) outs(%s : tensor<1xf32>) -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %f into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  } {mapping = [#gpu.block<linear_dim_0>]}
  return %r : tensor<?xf32>
}
