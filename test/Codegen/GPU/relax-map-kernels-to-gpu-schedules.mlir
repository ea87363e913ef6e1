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


// -----

// A block forall (--relax-gpu-tile-to-blocks) is one launch: a grid of one
// block per iteration clamped to 65535, the blocks striding over the rest,
// the last dim fastest (linear_dim_0). In each block the threads reduce the
// row, and the fill fused into the tile is the value thread 0 combines the
// total into: the output is written once and never read.

// CHECK-LABEL: func.func private @tiled_row_sum_kernel(
// CHECK-SAME:    %[[X:.*]]: memref<?x12x?xf32>, %[[Y:.*]]: memref<?x12xf32>)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:     %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG:     %[[LIMIT:.*]] = arith.constant 65535 : index
// CHECK-DAG:     %[[B:.*]] = memref.dim %[[X]], %c0
// CHECK:         %[[ROWS:.*]] = arith.muli %[[B]], %[[C12]]
// CHECK:         %[[CLAMPED:.*]] = arith.minui %[[ROWS]], %[[LIMIT]]
// CHECK:         %[[GRID:.*]] = arith.maxui %[[CLAMPED]], %c1
// CHECK-DAG:     %[[FLATY:.*]] = memref.reinterpret_cast %[[Y]]
// CHECK-DAG:     %[[FLATX:.*]] = memref.reinterpret_cast %[[X]]
// CHECK:         gpu.launch blocks(%[[BX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %[[GRID]], %{{[a-z0-9]+}} = %c1, %{{[a-z0-9]+}} = %c1) threads(%[[TX:[a-z0-9]+]], %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in (%{{[a-z0-9]+}} = %c64
// CHECK:           scf.for %[[L:.*]] = %[[BX]] to %[[ROWS]] step
// CHECK-DAG:         %[[J:.*]] = arith.remui %[[L]], %[[C12]]
// CHECK-DAG:         %[[I:.*]] = arith.divui %[[L]], %[[C12]]
// CHECK-NOT:         memref.store
// CHECK:             scf.for %{{.*}} = %[[TX]] to %{{.*}} step %c64
// CHECK:               memref.load %[[FLATX]]
// CHECK:             %[[TOTAL:.*]] = gpu.all_reduce add
// CHECK:             scf.if
// CHECK-NOT:           memref.load
// CHECK:               %[[SUM:.*]] = arith.addf %[[TOTAL]], %[[ZERO]]
// CHECK:               %[[ROWSTART:.*]] = arith.muli %[[I]], %[[C12]]
// CHECK:               %[[AT:.*]] = arith.addi %[[ROWSTART]], %[[J]]
// CHECK:               memref.store %[[SUM]], %[[FLATY]][%[[AT]]]
// CHECK-NOT:     gpu.launch
#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func private @tiled_row_sum_kernel(%x: memref<?x12x?xf32>, %y: memref<?x12xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %b = memref.dim %x, %c0 : memref<?x12x?xf32>
  %k = memref.dim %x, %c2 : memref<?x12x?xf32>
  scf.forall (%i, %j) in (%b, 12) {
    %row = memref.subview %x[%i, %j, 0] [1, 1, %k] [1, 1, 1] : memref<?x12x?xf32> to memref<1x1x?xf32, strided<[?, ?, 1], offset: ?>>
    %out = memref.subview %y[%i, %j] [1, 1] [1, 1] : memref<?x12xf32> to memref<1x1xf32, strided<[12, 1], offset: ?>>
    linalg.fill {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 64>} ins(%zero : f32) outs(%out : memref<1x1xf32, strided<[12, 1], offset: ?>>)
    linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%row : memref<1x1x?xf32, strided<[?, ?, 1], offset: ?>>) outs(%out : memref<1x1xf32, strided<[12, 1], offset: ?>>) attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 64>} {
    ^bb0(%in: f32, %acc: f32):
      %0 = arith.addf %in, %acc : f32
      linalg.yield %0 : f32
    }
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// What thread 0 writes that the block's threads then read is behind a
// barrier.

// CHECK-LABEL: func.func private @tile_read_after_fill_kernel(
// CHECK:         gpu.launch
// CHECK:           scf.if
// CHECK:             memref.store
// CHECK:           gpu.barrier
// CHECK:           scf.for
// CHECK:           gpu.all_reduce add
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @tile_read_after_fill_kernel(%x: memref<?x?xf32>, %y: memref<?xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %n = memref.dim %x, %c1 : memref<?x?xf32>
  scf.forall (%i) in (%m) {
    %row = memref.subview %x[%i, 0] [1, %n] [1, 1] : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
    %out = memref.subview %y[%i] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1], offset: ?>>
    linalg.fill ins(%one : f32) outs(%row : memref<1x?xf32, strided<[?, 1], offset: ?>>)
    linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%row : memref<1x?xf32, strided<[?, 1], offset: ?>>) outs(%out : memref<1xf32, strided<[1], offset: ?>>) attrs = {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 64>} {
    ^bb0(%in: f32, %acc: f32):
      %0 = arith.addf %in, %acc : f32
      linalg.yield %0 : f32
    }
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}

// -----

// A tiled matmul's block forall: each block computes its output tile, whose
// extents are the tile's (the last tiles are partial), with A and B chunks
// in workgroup memory the launch gets; the fused fill is where the
// accumulators start, so the output is not read.

// CHECK-LABEL: func.func private @tiled_matmul_block_kernel(
// CHECK:         gpu.launch blocks(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) in
// CHECK-SAME:      workgroup(%{{.*}} : memref<1024xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<1024xf32, #gpu.address_space<workgroup>>)
// CHECK:           scf.for
// CHECK:             affine.min
// CHECK:             affine.min
// CHECK:             scf.for {{.*}} iter_args
// CHECK:               gpu.barrier
// CHECK:               scf.for {{.*}} iter_args
// CHECK:               gpu.barrier
// CHECK-NOT:         memref.load %{{.*}} : memref<?xf32>
// CHECK:             scf.if
// CHECK:               memref.store
// CHECK-NOT:     gpu.launch
func.func private @tiled_matmul_block_kernel(%a: memref<?x32xf32>, %b: memref<32x?xf32>, %c: memref<?x?xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %a, %c0 : memref<?x32xf32>
  %n = memref.dim %b, %c1 : memref<32x?xf32>
  scf.forall (%i, %j) = (0, 0) to (%m, %n) step (64, 64) {
    %tm = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 64)>(%i)[%m]
    %tn = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 64)>(%j)[%n]
    %ta = memref.subview %a[%i, 0] [%tm, 32] [1, 1] : memref<?x32xf32> to memref<?x32xf32, strided<[32, 1], offset: ?>>
    %tb = memref.subview %b[0, %j] [32, %tn] [1, 1] : memref<32x?xf32> to memref<32x?xf32, strided<[?, 1], offset: ?>>
    %tc = memref.subview %c[%i, %j] [%tm, %tn] [1, 1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    linalg.fill {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = generic, workgroup = 256>} ins(%zero : f32) outs(%tc : memref<?x?xf32, strided<[?, 1], offset: ?>>)
    linalg.matmul {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = tiled_matmul, workgroup = 256, tile = [64, 64, 16], threads = [16, 16]>} ins(%ta, %tb : memref<?x32xf32, strided<[32, 1], offset: ?>>, memref<32x?xf32, strided<[?, 1], offset: ?>>) outs(%tc : memref<?x?xf32, strided<[?, 1], offset: ?>>)
  } {mapping = [#gpu.block<linear_dim_1>, #gpu.block<linear_dim_0>]}
  return
}

// -----

// A thread forall in a block's tile (--relax-gpu-tile-to-threads) is mapped
// to the thread ids by upstream's mapping inside the block's launch: thread
// t reduces its elements t, t + 64, ... in a loop whose accumulator is a
// value, and stores it once into its slot of the workgroup buffer, now an
// attribution of the launch; after a barrier the block combines the slots
// into the output, starting from the fused fill.

// CHECK-LABEL: func.func private @thread_row_sum_kernel(
// CHECK:         gpu.launch blocks({{.*}}) threads(%[[TX:[a-z0-9]+]], {{.*}}) in ({{.*}} = %c64, {{.*}}) workgroup(%[[SLOTS:.+]] : memref<1x64xf32, #gpu.address_space<workgroup>>)
// CHECK-NOT:       scf.forall
// CHECK-NOT:       memref.alloc
// CHECK:           %[[TID:.+]] = gpu.thread_id x
// CHECK:           scf.for
// CHECK:             memref.store %{{.+}}, %[[SLOTS]][%c0, %[[TID]]]
// CHECK:             %[[START:.+]] = memref.load %[[SLOTS]][%c0, %[[TID]]]
// CHECK:             %[[MINE:.+]] = scf.for %{{.+}} = %c0 to %{{.+}} step %c1 iter_args(%[[ACC:.+]] = %[[START]]) -> (f32)
// CHECK-NOT:           memref.store
// CHECK:               %[[X:.+]] = memref.load
// CHECK:               %[[SUM:.+]] = arith.addf %[[X]], %[[ACC]]
// CHECK:               scf.yield %[[SUM]]
// CHECK:             memref.store %[[MINE]], %[[SLOTS]][%c0, %[[TID]]]
// CHECK:             gpu.barrier
// CHECK:             scf.for %{{.+}} = %[[TX]] to %c64 step %c64
// CHECK:               memref.load %[[SLOTS]]
// CHECK:             gpu.all_reduce add
// CHECK-NOT:     gpu.launch
#count = affine_map<(d0)[s0] -> ((-d0 + s0) ceildiv 64, 0)>
#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func private @thread_row_sum_kernel(%x: memref<?x?xf32>, %y: memref<?xf32>) attributes {relax_codegen.kernel} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = memref.dim %x, %c0 : memref<?x?xf32>
  %k = memref.dim %x, %c1 : memref<?x?xf32>
  scf.forall (%i) in (%m) {
    %row = memref.subview %x[%i, 0] [1, %k] [1, 1] : memref<?x?xf32> to memref<1x?xf32, strided<[?, 1], offset: ?>>
    %out = memref.subview %y[%i] [1] [1] : memref<?xf32> to memref<1xf32, strided<[1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%out : memref<1xf32, strided<[1], offset: ?>>)
    %slots = memref.alloc() : memref<1x64xf32, #gpu.address_space<workgroup>>
    scf.forall (%t) in (64) {
      %n = affine.max #count(%t)[%k]
      %mine = memref.subview %row[0, %t] [1, %n] [1, 64] : memref<1x?xf32, strided<[?, 1], offset: ?>> to memref<1x?xf32, strided<[?, 64], offset: ?>>
      %slot = memref.subview %slots[0, %t] [1, 1] [1, 1] : memref<1x64xf32, #gpu.address_space<workgroup>> to memref<1xf32, strided<[64], offset: ?>, #gpu.address_space<workgroup>>
      linalg.fill ins(%zero : f32) outs(%slot : memref<1xf32, strided<[64], offset: ?>, #gpu.address_space<workgroup>>)
      linalg.generic {indexing_maps = [#map, #row], iterator_types = ["parallel", "reduction"]} ins(%mine : memref<1x?xf32, strided<[?, 64], offset: ?>>) outs(%slot : memref<1xf32, strided<[64], offset: ?>, #gpu.address_space<workgroup>>) {
      ^bb0(%in: f32, %acc: f32):
        %0 = arith.addf %in, %acc : f32
        linalg.yield %0 : f32
      }
      memref.copy %slot, %slot : memref<1xf32, strided<[64], offset: ?>, #gpu.address_space<workgroup>> to memref<1xf32, strided<[64], offset: ?>, #gpu.address_space<workgroup>>
    } {mapping = [#gpu.thread<x>]}
    linalg.reduce ins(%slots : memref<1x64xf32, #gpu.address_space<workgroup>>) outs(%out : memref<1xf32, strided<[1], offset: ?>>) dimensions = [1] {relax_codegen.lowering_config = #relax_codegen.gpu_config<schedule = row_reduction, workgroup = 64>}
      (%in: f32, %acc: f32) {
        %0 = arith.addf %in, %acc : f32
        linalg.yield %0 : f32
      }
  } {mapping = [#gpu.block<linear_dim_0>]}
  return
}
