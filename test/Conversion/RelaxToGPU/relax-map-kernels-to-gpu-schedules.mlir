// RUN: relax-opt %s -split-input-file --relax-map-kernels-to-gpu=block-size=64 --canonicalize | FileCheck %s

// row_reduction: one block per row, the grid the number of rows clamped to
// 65535 (blocks loop over the rest, by the grid size computed again in the
// kernel, not read with gpu.grid_dim), the threads striding the row, then
// gpu.all_reduce and one thread combining into the output.

// CHECK-LABEL: func.func private @row_max_kernel(
// CHECK-SAME:    %[[X:.*]]: memref<?x?xf32>, %[[Y:.*]]: memref<?xf32>)
// CHECK-DAG:     %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:     %[[LIMIT:.*]] = arith.constant 65535 : index
// CHECK-DAG:     %[[ROWS:.*]] = memref.dim %[[X]], %c0
// CHECK-DAG:     %[[COLS:.*]] = memref.dim %[[X]], %c1
// CHECK:         %[[CLAMPED:.*]] = arith.minui %[[ROWS]], %[[LIMIT]]
// CHECK:         %[[GRID:.*]] = arith.maxui %[[CLAMPED]], %c1
// CHECK:         gpu.launch blocks(%[[BX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %[[GRID]], %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1) threads(%[[TX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %[[C64]], %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1)
// CHECK:           %[[INCLAMPED:.*]] = arith.minui %[[ROWS]], %[[LIMIT]]
// CHECK:           %[[STEP:.*]] = arith.maxui %[[INCLAMPED]], %c1
// CHECK:           %[[FIRST:.*]] = arith.cmpi eq, %[[TX]], %c0
// CHECK:           scf.for %[[ROW:.*]] = %[[BX]] to %[[ROWS]] step %[[STEP]] {
// CHECK:             %[[PARTIAL:.*]] = scf.for %{{.*}} = %[[TX]] to %[[COLS]] step %[[C64]] iter_args(%[[ACC:.*]] = %cst)
// CHECK:               memref.load
// CHECK:               arith.maximumf %[[ACC]]
// CHECK:             %[[ALL:.*]] = gpu.all_reduce maximumf %[[PARTIAL]] uniform {
// CHECK:             scf.if %[[FIRST]] {
// CHECK:               %[[OLD:.*]] = memref.load
// CHECK:               %[[NEW:.*]] = arith.maximumf %[[OLD]], %[[ALL]]
// CHECK:               memref.store %[[NEW]]
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @row_max_kernel(%x: memref<?x?xf32>, %y: memref<?xf32>) attributes {relax_codegen.kernel} {
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x?xf32>) outs(%y : memref<?xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 64>} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// A scalar argument read at the top level and used in the body of a
// scheduled launch is read inside that launch: nothing between them writes
// it (a fill of another buffer, itself a launch, comes first).

// CHECK-LABEL: func.func private @scaled_row_sum_kernel(
// CHECK-NOT:     memref.load
// CHECK:         gpu.launch
// CHECK:         gpu.launch
// CHECK:           scf.for
// CHECK:             memref.load
// CHECK:             memref.load
// CHECK:             arith.mulf
// CHECK:           gpu.all_reduce add
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @scaled_row_sum_kernel(%s: memref<f32>, %x: memref<?x?xf32>, %y: memref<?xf32>) attributes {relax_codegen.kernel} {
  %zero = arith.constant 0.0 : f32
  %v = memref.load %s[] : memref<f32>
  linalg.fill ins(%zero : f32) outs(%y : memref<?xf32>)
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x?xf32>) outs(%y : memref<?xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 64>} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.mulf %v, %in : f32
    %1 = arith.addf %out, %0 : f32
    linalg.yield %1 : f32
  }
  return
}

// -----

// A keepdims reduction writes a collapsed view of its destination; inside
// the launch, the folded view reads the destination's sizes, which are the
// flat buffer's, computed on the host.

// CHECK-LABEL: func.func private @keepdims_row_sum_kernel(
// CHECK:         gpu.launch
// CHECK-NOT:       memref.extract_strided_metadata
// CHECK:           gpu.all_reduce add
// CHECK:           memref.store
// CHECK:           gpu.terminator
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @keepdims_row_sum_kernel(%x: memref<?x?xf32>, %y: memref<?x1xf32>) attributes {relax_codegen.kernel} {
  %c = memref.collapse_shape %y [[0, 1]] : memref<?x1xf32> into memref<?xf32>
  linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%x : memref<?x?xf32>) outs(%c : memref<?xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 64>} {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %out, %in : f32
    linalg.yield %0 : f32
  }
  return
}

// -----

// tiled_matmul: a grid of 64x64 output tiles computed from the symbolic
// dims, A and B tiles in workgroup memory, barriers around their use, and
// bounds checks on every load and store. (The batch loop, of one
// iteration here, folds away.)

// CHECK-LABEL: func.func private @matmul_kernel(
// CHECK:         gpu.launch blocks({{.*}}) threads({{[^)]*}}) in (%{{[a-z0-9]+}} = %c64, %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1)
// CHECK-SAME:      workgroup(%[[ATILE:[a-z0-9]+]] : memref<1024xf32, #gpu.address_space<workgroup>>, %[[BTILE:[a-z0-9]+]] : memref<1024xf32, #gpu.address_space<workgroup>>)
// CHECK:           scf.for
// CHECK:             scf.for
// CHECK:                 scf.for %{{.*}} = %c0 to %{{.*}} step %c16 iter_args(
// CHECK:                   scf.for %{{.*}} = %{{.*}} to %c1024 step %c64 {
// CHECK:                     scf.if
// CHECK:                       memref.load
// CHECK:                     memref.store %{{.*}}, %[[ATILE]]
// CHECK:                   scf.for %{{.*}} = %{{.*}} to %c1024 step %c64 {
// CHECK:                     memref.store %{{.*}}, %[[BTILE]]
// CHECK:                   gpu.barrier
// CHECK:                   scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args(
// CHECK:                     memref.load %[[ATILE]]
// CHECK:                     memref.load %[[BTILE]]
// CHECK:                     arith.mulf
// CHECK:                     arith.addf
// CHECK:                   gpu.barrier
// CHECK:                 scf.if
// CHECK:                   memref.store
func.func private @matmul_kernel(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>) attributes {relax_codegen.kernel} {
  linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 64, tile = [64, 64, 16], threads = [4, 16]>} ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  return
}

// -----

// gemv on [K, N] weights: a block per 32 columns, two slices of the
// reduction dim (64 threads), partial sums in workgroup memory.

// CHECK-LABEL: func.func private @decode_kernel(
// CHECK:         gpu.launch
// CHECK-SAME:      workgroup(%[[PARTIALS:[a-z0-9]+]] : memref<64xf32, #gpu.address_space<workgroup>>)
// CHECK:           scf.if
// CHECK:             scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c2 iter_args(
// CHECK:           memref.store %{{.*}}, %[[PARTIALS]]
// CHECK:           gpu.barrier
// CHECK:           scf.if
// CHECK-COUNT-2:     memref.load %[[PARTIALS]]
// CHECK:             memref.store
// CHECK:           gpu.barrier
func.func private @decode_kernel(%a: memref<1x?xf32>, %b: memref<?x?xf32>, %c: memref<1x?xf32>) attributes {relax_codegen.kernel} {
  linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = gemv, workgroup = 64, tile = [32]>} ins(%a, %b : memref<1x?xf32>, memref<?x?xf32>) outs(%c : memref<1x?xf32>)
  return
}

