// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(relax-gpu-tile-to-blocks))' | FileCheck %s

// A row reduction: one block per row, the fill fused into the tile.

// CHECK-LABEL: func.func @row_sum
//  CHECK-SAME:   (%[[X:.+]]: tensor<?x?xf32>, %[[INIT:.+]]: tensor<?xf32>)
//   CHECK-NOT:   linalg.fill
//       CHECK:   %[[R:.+]] = scf.forall (%[[I:.+]]) in (%{{.+}}) shared_outs(%[[OUT:.+]] = %[[INIT]])
//   CHECK-DAG:     %[[ROW:.+]] = tensor.extract_slice %[[X]][%[[I]], 0] [1, %{{.+}}] [1, 1]
//   CHECK-DAG:     %[[SLICE:.+]] = tensor.extract_slice %[[OUT]][%[[I]]] [1] [1]
//       CHECK:     %[[FILL:.+]] = linalg.fill {{.*}}outs(%[[SLICE]] : tensor<1xf32>)
//       CHECK:     %[[SUM:.+]] = linalg.generic
//  CHECK-SAME:       ins(%[[ROW]] : tensor<1x?xf32>) outs(%[[FILL]] : tensor<1xf32>)
//  CHECK-SAME:       schedule = row_reduction
//       CHECK:     tensor.parallel_insert_slice %[[SUM]] into %[[OUT]][%[[I]]] [1] [1]
//       CHECK:   } {mapping = [#gpu.block<linear_dim_0>]}
//       CHECK:   return %[[R]]
func.func @row_sum(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %fill = linalg.fill {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>}
      ins(%zero : f32) outs(%init : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%fill : tensor<?xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>} {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  return %sum : tensor<?xf32>
}

// -----

// Several parallel dims: the last is the fastest.

// CHECK-LABEL: func.func @batched_max
//       CHECK:   scf.forall (%{{.+}}, %{{.+}}) in (%{{.+}}, 12)
//       CHECK:   } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
func.func @batched_max(%x: tensor<?x12x?xf32>, %init: tensor<?x12xf32>) -> tensor<?x12xf32> {
  %max = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<?x12x?xf32>) outs(%init : tensor<?x12xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>} {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.maximumf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<?x12xf32>
  return %max : tensor<?x12xf32>
}

// -----

// A tiled matmul: a 64 x 64 output tile per block, n the fastest; the
// reduction dim stays whole in the tile.

// CHECK-LABEL: func.func @matmul
//   CHECK-NOT:   linalg.fill
//       CHECK:   scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (%{{.+}}, %{{.+}}) step (64, 64)
//       CHECK:     %[[A:.+]] = tensor.extract_slice %{{.+}}[%[[I]], 0] [%{{.+}}, 32] [1, 1]
//       CHECK:     %[[B:.+]] = tensor.extract_slice %{{.+}}[0, %[[J]]] [32, %{{.+}}] [1, 1]
//       CHECK:     %[[F:.+]] = linalg.fill
//       CHECK:     linalg.matmul {{.*}}ins(%[[A]], %[[B]] : tensor<?x32xf32>, tensor<32x?xf32>) outs(%[[F]] : tensor<?x?xf32>)
//       CHECK:   } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
func.func @matmul(%a: tensor<?x32xf32>, %b: tensor<32x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %mm = linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>}
      ins(%a, %b : tensor<?x32xf32>, tensor<32x?xf32>) outs(%fill : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %mm : tensor<?x?xf32>
}

// -----

// A batched matmul: the batch dim by 1, the slowest.

// CHECK-LABEL: func.func @batch_matmul
//       CHECK:   scf.forall (%{{.+}}, %{{.+}}, %{{.+}}) = (0, 0, 0) to (8, %{{.+}}, %{{.+}}) step (1, 64, 64)
//       CHECK:   } {mapping = [#gpu.block<linear_dim_2>, #gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
func.func @batch_matmul(%a: tensor<8x?x32xf32>, %b: tensor<8x32x?xf32>, %c: tensor<8x?x?xf32>) -> tensor<8x?x?xf32> {
  %mm = linalg.batch_matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>}
      ins(%a, %b : tensor<8x?x32xf32>, tensor<8x32x?xf32>) outs(%c : tensor<8x?x?xf32>) -> tensor<8x?x?xf32>
  return %mm : tensor<8x?x?xf32>
}

// -----

// A GEMV on [K, N] weights: one row and 32 columns a block; on [N, K]
// weights (the reduction innermost) one output per block, as a row
// reduction.

// CHECK-LABEL: func.func @gemv
//       CHECK:   scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (1, %{{.+}}) step (1, 32)
//       CHECK:     linalg.matmul {{.*}}ins(%{{.+}}, %{{.+}} : tensor<1x64xf32>, tensor<64x?xf32>)
//       CHECK:   } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
//       CHECK:   scf.forall (%{{.+}}, %{{.+}}) in (1, %{{.+}})
//       CHECK:     linalg.generic {{.*}}ins(%{{.+}}, %{{.+}} : tensor<1x64xf32>, tensor<1x64xf32>)
//       CHECK:   } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
func.func @gemv(%v: tensor<1x64xf32>, %w: tensor<64x?xf32>, %c: tensor<1x?xf32>, %wt: tensor<?x64xf32>) -> (tensor<1x?xf32>, tensor<1x?xf32>) {
  %kn = linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>}
      ins(%v, %w : tensor<1x64xf32>, tensor<64x?xf32>) outs(%c : tensor<1x?xf32>) -> tensor<1x?xf32>
  %nk = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%v, %wt : tensor<1x64xf32>, tensor<?x64xf32>) outs(%c : tensor<1x?xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>} {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %0 = arith.mulf %x, %y : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1x?xf32>
  return %kn, %nk : tensor<1x?xf32>, tensor<1x?xf32>
}

// -----

// The generic schedule, and a reduction to a scalar (no parallel dim), are
// left to --relax-map-kernels-to-gpu as they are.

// CHECK-LABEL: func.func @untouched
//   CHECK-NOT:   scf.forall
//       CHECK:   linalg.generic
//       CHECK:   linalg.generic
//   CHECK-NOT:   scf.forall
func.func @untouched(%x: tensor<?xf32>, %y: tensor<?xf32>, %v: tensor<?xf32>, %s: tensor<f32>) -> (tensor<?xf32>, tensor<f32>) {
  %neg = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
      iterator_types = ["parallel"]}
      ins(%x : tensor<?xf32>) outs(%y : tensor<?xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.negf %in : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  %total = linalg.generic {
      indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
      iterator_types = ["reduction"]}
      ins(%v : tensor<?xf32>) outs(%s : tensor<f32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>} {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<f32>
  return %neg, %total : tensor<?xf32>, tensor<f32>
}
