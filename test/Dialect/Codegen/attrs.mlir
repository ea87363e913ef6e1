// RUN: relax-opt %s --split-input-file --verify-roundtrip | FileCheck %s

// CHECK-LABEL: func.func @cpu_configs
// CHECK: linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>}
// CHECK: linalg.matmul {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], order = [2, 1, 0], peeled = 0, kind = contraction>}
func.func @cpu_configs(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %a: tensor<?x64xf32>, %b: tensor<64x128xf32>, %c: tensor<?x128xf32>) -> (tensor<?x?xf32>, tensor<?x128xf32>) {
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16], kind = none>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = linalg.matmul {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], order = [2, 1, 0], peeled = 0, kind = contraction>} ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %e, %m : tensor<?x?xf32>, tensor<?x128xf32>
}

// -----

// CHECK-LABEL: func.func @cpu_config_reduction_block
// CHECK: linalg.generic {{.*}} attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot, reduction_block = 512>}
func.func @cpu_config_reduction_block(%a: tensor<?x2048xf32>, %b: tensor<128x2048xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %m = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x2048xf32>, tensor<128x2048xf32>) outs(%c : tensor<?x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], reduction_block = 512, order = [2, 1, 0], kind = dot, peeled = 0>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  return %m : tensor<?x128xf32>
}

// -----

// CHECK-LABEL: func.func @gpu_configs
// CHECK: linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 128>}
// CHECK: linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>}
// CHECK: linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>}
// CHECK: linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 128, tile = [64, 32, 16], threads = [8, 16]>}
func.func @gpu_configs(%x: memref<?xf32>, %y: memref<?xf32>) {
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 128>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  linalg.copy {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 128, tile = [64, 32, 16], threads = [8, 16]>} ins(%x : memref<?xf32>) outs(%y : memref<?xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @markers
// CHECK-SAME: #relax_codegen.cpu_isa<avx512>
// CHECK-SAME: #relax_codegen.cpu_tile_kind<windowed>
// CHECK-SAME: #relax_codegen.cpu_target<cpu = "znver3", isa = avx2, vector_bits = 256, vector_registers = 16, fma = true, l1d = 32768, l2 = 524288>
// CHECK: relax_codegen.vector_sizes = array<i64: 1, 8>
func.func @markers(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {target = #relax_codegen.cpu_target<cpu = "znver3", isa = avx2, vector_bits = 256, vector_registers = 16, fma = true, l1d = 32768, l2 = 524288>, kind = #relax_codegen.cpu_tile_kind<windowed>, isa = #relax_codegen.cpu_isa<avx512>} {
  %e = linalg.exp {relax_codegen.vector_sizes = array<i64: 1, 8>} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
