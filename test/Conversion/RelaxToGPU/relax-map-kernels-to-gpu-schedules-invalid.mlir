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
