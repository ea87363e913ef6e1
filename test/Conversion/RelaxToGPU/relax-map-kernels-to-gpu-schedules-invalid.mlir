// RUN: relax-opt %s -split-input-file --relax-map-kernels-to-gpu -verify-diagnostics

// A schedule that does not fit the op is an error.

func.func private @misfit_kernel(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {relax.kernel} {
  // expected-error @+1 {{cannot be mapped with the GPU schedule 'tiled_matmul': it is not a contraction}}
  linalg.copy {relax.gpu_schedule = "tiled_matmul"} ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>)
  return
}

// -----

func.func private @bad_name_kernel(%x: memref<?x?xf32>, %y: memref<?x?xf32>) attributes {relax.kernel} {
  // expected-error @+1 {{'relax.gpu_schedule' must name a GPU schedule, got "fast"}}
  linalg.copy {relax.gpu_schedule = "fast"} ins(%x : memref<?x?xf32>) outs(%y : memref<?x?xf32>)
  return
}
