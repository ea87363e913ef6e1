// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(relax-gpu-tile-to-blocks,relax-gpu-tile-to-threads))' | FileCheck %s

// A row reduction in a block's tile: a forall over the block's threads in
// which thread t reduces the elements t, t + 256, ... of the row (a strided
// slice: consecutive threads read consecutive elements) into its slot of a
// workgroup buffer, started from the combiner's identity; the slots are
// merged by a row reduction of the block into the output, whose fill stays
// fused before it.

// CHECK-DAG: #[[COUNT:.+]] = affine_map<(d0)[s0] -> ((-d0 + s0) ceildiv 256, 0)>
// CHECK-LABEL: func.func @row_sum
//  CHECK-SAME:   (%[[X:.+]]: tensor<?x?xf32>, %[[INIT:.+]]: tensor<?xf32>)
//   CHECK-DAG:   %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[K:.+]] = tensor.dim %[[X]], %c1
//       CHECK:   scf.forall (%[[I:.+]]) in (%{{.+}}) shared_outs(%[[OUT:.+]] = %[[INIT]])
//       CHECK:     %[[ROW:.+]] = tensor.extract_slice %[[X]][%[[I]], 0] [1, %[[K]]] [1, 1]
//       CHECK:     %[[FILL:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.+}} : tensor<1xf32>)
//       CHECK:     %[[SLOTS:.+]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x256xf32>
//       CHECK:     %[[PARTIAL:.+]] = scf.forall (%[[T:.+]]) in (256) shared_outs(%[[S:.+]] = %[[SLOTS]])
//   CHECK-DAG:       %[[N:.+]] = affine.max #[[COUNT]](%[[T]])[%[[K]]]
//   CHECK-DAG:       %[[MINE:.+]] = tensor.extract_slice %[[ROW]][0, %[[T]]] [1, %[[N]]] [1, 256]
//   CHECK-DAG:       %[[SLOT:.+]] = tensor.extract_slice %[[S]][0, %[[T]]] [1, 1] [1, 1] : tensor<1x256xf32> to tensor<1xf32>
//       CHECK:       %[[START:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[SLOT]] : tensor<1xf32>)
//       CHECK:       %[[R:.+]] = linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//  CHECK-SAME:         ins(%[[MINE]] : tensor<1x?xf32>) outs(%[[START]] : tensor<1xf32>)
//   CHECK-NOT:         lowering_config
//       CHECK:         arith.addf
//       CHECK:       tensor.parallel_insert_slice %[[R]] into %[[S]][0, %[[T]]] [1, 1] [1, 1]
//       CHECK:     } {mapping = [#gpu.thread<x>]}
//       CHECK:     linalg.reduce ins(%[[PARTIAL]] : tensor<1x256xf32>) outs(%[[FILL]] : tensor<1xf32>) dimensions = [1]
//  CHECK-SAME:       #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>
//       CHECK:   } {mapping = [#gpu.block<linear_dim_0>]}
func.func @row_sum(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %zero = arith.constant 0.0 : f32
  %fill = linalg.fill ins(%zero : f32) outs(%init : tensor<?xf32>) -> tensor<?xf32>
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

// A max: each slot starts from the combiner's identity, and the merge
// combines into the output as it was.

// CHECK-LABEL: func.func @row_max
//  CHECK-SAME:   %[[INIT:[a-z0-9]+]]: tensor<?xf32>)
//       CHECK:   %[[LOWEST:.+]] = arith.constant 0xFF800000 : f32
//       CHECK:   scf.forall (%[[I:.+]]) in (%{{.+}}) shared_outs(%[[OUT:.+]] = %[[INIT]])
//       CHECK:     %[[SLICE:.+]] = tensor.extract_slice %[[OUT]][%[[I]]]
//       CHECK:     scf.forall (%{{.+}}) in (128)
//       CHECK:       tensor.extract_slice %{{.+}} [1, 128]
//       CHECK:       linalg.fill ins(%[[LOWEST]] : f32)
//       CHECK:       arith.maximumf
//       CHECK:     linalg.reduce ins(%{{.+}} : tensor<1x128xf32>) outs(%[[SLICE]] : tensor<1xf32>)
//  CHECK-SAME:       workgroup = 128
func.func @row_max(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %max = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 128>} {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.maximumf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  return %max : tensor<?xf32>
}

// -----

// A GEMV on [N, K] weights is a row reduction per output: both operands
// are sliced for the thread, and the merge is a row_reduction (not a
// contraction).

// CHECK-LABEL: func.func @decode
//       CHECK:   scf.forall
//       CHECK:     bufferization.alloc_tensor() {{.*}} : tensor<1x1x256xf32>
//       CHECK:     scf.forall (%[[T:.+]]) in (256)
//       CHECK:       %[[XS:.+]] = tensor.extract_slice %{{.+}}[0, %[[T]]] [1, %[[N:.+]]] [1, 256]
//       CHECK:       %[[WS:.+]] = tensor.extract_slice %{{.+}}[0, %[[T]]] [1, %[[N]]] [1, 256]
//       CHECK:       linalg.generic {{.*}}ins(%[[XS]], %[[WS]] :
//       CHECK:         arith.mulf
//       CHECK:         arith.addf
//       CHECK:     } {mapping = [#gpu.thread<x>]}
//       CHECK:     linalg.reduce ins(%{{.+}} : tensor<1x1x256xf32>) {{.*}}dimensions = [2]
//  CHECK-SAME:       schedule = row_reduction
//       CHECK:   } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
func.func @decode(%x: tensor<1x?xf32>, %w: tensor<?x?xf32>, %init: tensor<1x?xf32>) -> tensor<1x?xf32> {
  %y = linalg.generic {
      indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<1x?xf32>, tensor<?x?xf32>) outs(%init : tensor<1x?xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>} {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %0 = arith.mulf %a, %b : f32
    %1 = arith.addf %acc, %0 : f32
    linalg.yield %1 : f32
  } -> tensor<1x?xf32>
  return %y : tensor<1x?xf32>
}

// -----

// A body that reads its indices keeps the block's own row schedule: the
// thread's strided slice would renumber them.

// CHECK-LABEL: func.func @indexed_row_sum
//   CHECK-NOT:   #gpu.thread
//       CHECK:   linalg.generic
//  CHECK-SAME:     schedule = row_reduction
//       CHECK:   } {mapping = [#gpu.block<linear_dim_0>]}
func.func @indexed_row_sum(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %sum = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 256>} {
  ^bb0(%in: f32, %acc: f32):
    %i = linalg.index 1 : index
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %0 = arith.mulf %in, %f : f32
    %1 = arith.addf %0, %acc : f32
    linalg.yield %1 : f32
  } -> tensor<?xf32>
  return %sum : tensor<?xf32>
}

// -----

// Ops outside a block's tile, generic ops and tiled matmuls are left alone.

// CHECK-LABEL: func.func @untiled_and_other_schedules
//   CHECK-NOT:   #gpu.thread
//   CHECK-NOT:   alloc_tensor
//       CHECK:   return
func.func @untiled_and_other_schedules(%a: tensor<?x32xf32>, %b: tensor<32x?xf32>, %c: tensor<?x?xf32>, %x: tensor<?x?xf32>, %init: tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %mm = linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>}
      ins(%a, %b : tensor<?x32xf32>, tensor<32x?xf32>) outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>)
      attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>} {
  ^bb0(%in: f32, %acc: f32):
    %0 = arith.addf %in, %acc : f32
    linalg.yield %0 : f32
  } -> tensor<?xf32>
  return %mm, %sum : tensor<?x?xf32>, tensor<?xf32>
}

// -----

// A GEMV on [K, N] weights: a block's 32 columns by 8 slices of threads,
// thread (s, c) reducing rows s, s + 8, ... of column c (clamped to the
// tile's last, so that every thread's part is one element) into its slot;
// then a thread a column combines the column's 8 slots into the output,
// from the output's fill, fused into that forall.

// CHECK-DAG: #[[SLICE_COUNT:.+]] = affine_map<(d0) -> ((-d0 + 64) ceildiv 8, 0)>
// CHECK-LABEL: func.func @column_gemv
//  CHECK-SAME:   (%[[X:[a-z0-9]+]]: tensor<1x64xf32>, %[[W:[a-z0-9]+]]: tensor<64x?xf32>
//       CHECK:   scf.forall (%{{.+}}, %[[N0:.+]]) = (0, 0) to (1, %{{.+}}) step (1, 32)
//       CHECK:     %[[NT:.+]] = affine.min
//       CHECK:     %[[WT:.+]] = tensor.extract_slice %[[W]][0, %[[N0]]] [64, %[[NT]]] [1, 1]
//       CHECK:     %[[OUT:.+]] = tensor.extract_slice %{{.+}} [1, %[[NT]]] [1, 1]
//       CHECK:     %[[SLOTS:.+]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<1x32x8xf32>
//       CHECK:     %[[P:.+]] = scf.forall (%[[S:.+]], %[[C:.+]]) in (8, 32) shared_outs(%[[O:.+]] = %[[SLOTS]])
//   CHECK-DAG:       %[[COL:.+]] = affine.min #{{.+}}(%[[C]])[%[[NT]]]
//   CHECK-DAG:       %[[NK:.+]] = affine.max #[[SLICE_COUNT]](%[[S]])
//   CHECK-DAG:       %[[SLOT:.+]] = tensor.extract_slice %[[O]][0, %[[C]], %[[S]]] [1, 1, 1] [1, 1, 1] : tensor<1x32x8xf32> to tensor<1x1xf32>
//   CHECK-DAG:       %[[XS:.+]] = tensor.extract_slice %{{.+}}[0, %[[S]]] [1, %[[NK]]] [1, 8]
//   CHECK-DAG:       %[[WS:.+]] = tensor.extract_slice %[[WT]][%[[S]], %[[COL]]] [%[[NK]], 1] [8, 1]
//       CHECK:       %[[START:.+]] = linalg.fill {{.*}}outs(%[[SLOT]] : tensor<1x1xf32>)
//       CHECK:       %[[PART:.+]] = linalg.matmul {{.*}}ins(%[[XS]], %[[WS]] : tensor<1x?xf32>, tensor<?x1xf32>) outs(%[[START]] : tensor<1x1xf32>)
//       CHECK:       tensor.parallel_insert_slice %[[PART]] into %[[O]][0, %[[C]], %[[S]]] [1, 1, 1] [1, 1, 1]
//       CHECK:     } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
//       CHECK:     %[[VALID:.+]] = tensor.extract_slice %[[P]][0, 0, 0] [1, %[[NT]], 8] [1, 1, 1]
//       CHECK:     scf.forall (%[[T:.+]]) in (32) shared_outs(%[[Y:.+]] = %[[OUT]])
//       CHECK:       %[[MINE:.+]] = tensor.extract_slice %[[VALID]][0, %[[T]], 0]
//       CHECK:       %[[YT:.+]] = tensor.extract_slice %[[Y]][0, %[[T]]]
//       CHECK:       %[[FILL:.+]] = linalg.fill {{.*}}outs(%[[YT]] :
//       CHECK:       linalg.reduce ins(%[[MINE]] : tensor<1x?x8xf32>) outs(%[[FILL]] : tensor<1x?xf32>) dimensions = [2]
//       CHECK:     } {mapping = [#gpu.thread<x>]}
//       CHECK:   } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
func.func @column_gemv(%x: tensor<1x64xf32>, %w: tensor<64x?xf32>, %y: tensor<1x?xf32>) -> tensor<1x?xf32> {
  %zero = arith.constant 0.0 : f32
  %fill = linalg.fill ins(%zero : f32) outs(%y : tensor<1x?xf32>) -> tensor<1x?xf32>
  %r = linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 256, tile = [32]>}
      ins(%x, %w : tensor<1x64xf32>, tensor<64x?xf32>) outs(%fill : tensor<1x?xf32>) -> tensor<1x?xf32>
  return %r : tensor<1x?xf32>
}
