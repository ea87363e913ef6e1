// RUN: relax-opt %s --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(func.func(relax-cpu-tile))"

// Every linalg op on tensors is tiled by its recorded config: a config
// written by hand on the matmul only leaves the fill of its destination
// without one, which is an error.

func.func @fill_without_config(%a: tensor<?x64xf32>, %b: tensor<64x128xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %zero = arith.constant 0.0 : f32
  // expected-error @below {{'linalg.fill' op has no CPU lowering config ('relax_codegen.lowering_config' = #relax_codegen.cpu_config) to tile with (run --relax-cpu-select-lowering-config first)}}
  %f = linalg.fill ins(%zero : f32) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  %r = linalg.matmul {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], order = [2, 1, 0], peeled = 0, kind = contraction>} ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%f : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

// -----

// A GPU config is no CPU config to tile with.

func.func @gpu_config(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'linalg.exp' op has no CPU lowering config ('relax_codegen.lowering_config' = #relax_codegen.cpu_config) to tile with}}
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 128>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
