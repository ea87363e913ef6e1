// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-tile))" | FileCheck %s
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-tile{fuse-epilogues=0}))" | FileCheck %s --check-prefix=APART

// The lowering configs are written as relax-cpu-select-lowering-config
// writes them for cpu=skylake-avx512 (16 lanes of f32, 8 x 32 contraction
// tiles, 4 x 4 x 16 dot-product tiles).

// An elementwise op: its parallel dims are tiled with an `scf.forall` by the
// config's tiles, and the tile is marked with its vector sizes; the config
// goes. The static dim 40, which 16 does not divide, is split first: 32
// columns in full tiles of 16, and the last 8 as one tile of 8, so that no
// tile has a symbolic width.

// CHECK-LABEL: func.func @exp_split(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<?x40xf32>, %[[Y:[^:]*]]: tensor<?x40xf32>
// CHECK-NOT:     relax_codegen.lowering_config
// CHECK:         %[[M:.+]] = tensor.dim %[[X]]
// CHECK:         %[[X0:.+]] = tensor.extract_slice %[[X]][0, 0] [%[[M]], 32] [1, 1] : tensor<?x40xf32> to tensor<?x32xf32>
// CHECK:         %[[Y0:.+]] = tensor.extract_slice %[[Y]][0, 0] [%[[M]], 32] [1, 1] : tensor<?x40xf32> to tensor<?x32xf32>
// CHECK:         %[[FULL:.+]] = scf.forall (%[[I:.+]], %[[J:.+]]) = (0, 0) to (%[[M]], 32) step (1, 16) shared_outs(%[[O:.+]] = %[[Y0]])
// CHECK:           %[[XT:.+]] = tensor.extract_slice %[[X0]][%[[I]], %[[J]]] [1, 16] [1, 1] : tensor<?x32xf32> to tensor<1x16xf32>
// CHECK:           %[[OT:.+]] = tensor.extract_slice %[[O]][%[[I]], %[[J]]] [1, 16] [1, 1] : tensor<?x32xf32> to tensor<1x16xf32>
// CHECK:           %[[E:.+]] = linalg.exp {relax_codegen.vector_sizes = array<i64: 1, 16>} ins(%[[XT]] : tensor<1x16xf32>) outs(%[[OT]] : tensor<1x16xf32>)
// CHECK:           tensor.parallel_insert_slice %[[E]] into %[[O]][%[[I]], %[[J]]] [1, 16] [1, 1]
// CHECK:         %[[Y1:.+]] = tensor.insert_slice %[[FULL]] into %[[Y]][0, 0] [%[[M]], 32] [1, 1]
// CHECK:         %[[X2:.+]] = tensor.extract_slice %[[X]][0, 32] [%[[M]], 8] [1, 1] : tensor<?x40xf32> to tensor<?x8xf32>
// CHECK:         %[[Y2:.+]] = tensor.extract_slice %[[Y1]][0, 32] [%[[M]], 8] [1, 1] : tensor<?x40xf32> to tensor<?x8xf32>
// CHECK:         %[[REST:.+]] = scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (%[[M]], 8) step (1, 8) shared_outs(%{{.+}} = %[[Y2]])
// CHECK:           linalg.exp {relax_codegen.vector_sizes = array<i64: 1, 8>} ins(%{{.+}} : tensor<1x8xf32>) outs(%{{.+}} : tensor<1x8xf32>)
// CHECK:         %[[R:.+]] = tensor.insert_slice %[[REST]] into %[[Y1]][0, 32] [%[[M]], 8] [1, 1]
// CHECK:         return %[[R]]
func.func @exp_split(%x: tensor<?x40xf32>, %y: tensor<?x40xf32>) -> tensor<?x40xf32> {
  %e = linalg.exp {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>} ins(%x : tensor<?x40xf32>) outs(%y : tensor<?x40xf32>) -> tensor<?x40xf32>
  return %e : tensor<?x40xf32>
}

// -----

// A contraction written as a generic with an 8 x 32 register tile, rows
// peeled: the columns go in an `scf.forall` by 32, the rows in an `scf.for`
// of full tiles of 8, then the one partial tile; the reduction dim steps by
// 1 inside. Each tile becomes a `linalg.contract` marked 8 x 32 x 1. The
// partial tile is versioned on its row count: a single row (static 1 x 32
// shapes, marked 1 x 32 x 1) or the remaining rows whole, masked.

// CHECK-LABEL: func.func @matmul(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<?x64xf32>, %[[B:[^:]*]]: tensor<64x128xf32>, %[[C:[^:]*]]: tensor<?x128xf32>
// CHECK-NOT:     linalg.generic
// CHECK:         %[[M:.+]] = tensor.dim %[[A]]
// CHECK:         scf.forall (%[[J:.+]]) = (0) to (128) step (32) shared_outs(%[[O:.+]] = %[[C]])
// CHECK:           tensor.extract_slice %[[B]][0, %[[J]]] [64, 32] [1, 1]
// CHECK:           %[[OT:.+]] = tensor.extract_slice %[[O]][0, %[[J]]] [%[[M]], 32] [1, 1]
// CHECK:           %[[C8:.+]] = arith.constant 8 : index
// CHECK:           %[[UB:.+]] = affine.apply #{{.+}}()[%{{.+}}, %[[M]], %[[C8]]]
// CHECK:           %[[TILES:.+]] = scf.for %{{.+}} = %{{.+}} to %[[UB]] step %[[C8]] iter_args(%{{.+}} = %[[OT]])
// CHECK:             %[[C64:.+]] = arith.constant 64 : index
// CHECK:             %[[C1:.+]] = arith.constant 1 : index
// CHECK:             scf.for %[[K:.+]] = %{{.+}} to %[[C64]] step %[[C1]]
// CHECK:               %[[AT:.+]] = tensor.extract_slice %{{.+}}[0, %[[K]]] [8, 1] [1, 1]
// CHECK:               %[[BT:.+]] = tensor.extract_slice %{{.+}}[%[[K]], 0] [1, 32] [1, 1]
// CHECK:               linalg.contract indexing_maps = [#{{.+}}, #{{.+}}, #{{.+}}] {relax_codegen.vector_sizes = array<i64: 8, 32, 1>} ins(%[[AT]], %[[BT]] : tensor<8x1xf32>, tensor<1x32xf32>) outs(%{{.+}} : tensor<8x32xf32>)
// CHECK:           %[[LEFT:.+]] = arith.subi %[[M]], %[[UB]]
// CHECK:           %[[ONE:.+]] = arith.cmpi eq, %[[LEFT]], %{{.+}}
// CHECK:           scf.if %[[ONE]]
// CHECK:             scf.for %{{.+}} = %[[UB]] to %[[M]] step %[[C8]] iter_args(%{{.+}} = %[[TILES]])
// CHECK:               scf.for
// CHECK:                 scf.for
// CHECK:                   linalg.contract {{.*}} {relax_codegen.vector_sizes = array<i64: 1, 32, 1>} ins(%{{.+}}, %{{.+}} : tensor<1x1xf32>, tensor<1x32xf32>) outs(%{{.+}} : tensor<1x32xf32>)
// CHECK:           } else {
// CHECK:             scf.for %{{.+}} = %[[UB]] to %[[M]] step %[[C8]] iter_args(%{{.+}} = %[[TILES]])
// CHECK:               scf.for
// CHECK:                 linalg.contract {{.*}} {relax_codegen.vector_sizes = array<i64: 8, 32, 1>} ins(%{{.+}}, %{{.+}} : tensor<?x1xf32>, tensor<1x32xf32>) outs(%{{.+}} : tensor<?x32xf32>)
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @matmul(%a: tensor<?x64xf32>, %b: tensor<64x128xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], order = [2, 1, 0], peeled = 0, kind = contraction>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

// -----

// Dynamic columns (the keys of attention's scores): the loop over column
// tiles is peeled. A loop over the whole tiles, up to the columns rounded
// down to 32, computes 32 columns a tile (a constant: the vectorizer masks
// nothing); a loop from there to the end computes the last, clipped tile.

// CHECK-LABEL: func.func @dynamic_columns(
// CHECK-SAME:    %{{[^:]*}}: tensor<?x64xf32>, %[[B:[^:]*]]: tensor<64x?xf32>, %[[C:[^:]*]]: tensor<?x?xf32>
// CHECK:         %[[N:.+]] = tensor.dim %[[B]], %{{.+}} : tensor<64x?xf32>
// CHECK:         %[[SPLIT:.+]] = affine.apply #{{.+}}()[%[[N]]]
// CHECK:         %[[C32:.+]] = arith.constant 32 : index
// CHECK:         %[[WHOLE:.+]] = scf.forall (%[[J:.+]]) = (0) to (%[[SPLIT]]) step (32) shared_outs(%{{.+}} = %[[C]])
// CHECK-NOT:       affine.min
// CHECK:           tensor.extract_slice %[[B]][0, %[[J]]] [64, %[[C32]]] [1, 1]
// CHECK:           linalg.contract
// CHECK:           tensor.parallel_insert_slice %{{.+}} into %{{.+}}[0, %[[J]]] [%{{.+}}, %[[C32]]] [1, 1]
// CHECK:         %[[REST:.+]] = scf.forall (%[[J2:.+]]) = (%[[SPLIT]]) to (%[[N]]) step (32) shared_outs(%{{.+}} = %[[WHOLE]])
// CHECK:           %[[COLS:.+]] = affine.min #{{.+}}(%[[J2]])[%[[N]]]
// CHECK:           tensor.extract_slice %[[B]][0, %[[J2]]] [64, %[[COLS]]] [1, 1]
// CHECK:           linalg.contract
// CHECK:           tensor.parallel_insert_slice %{{.+}} into %{{.+}}[0, %[[J2]]] [%{{.+}}, %[[COLS]]] [1, 1]
// CHECK:         return %[[REST]]
func.func @dynamic_columns(%a: tensor<?x64xf32>, %b: tensor<64x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x64xf32>, tensor<64x?xf32>) outs(%c : tensor<?x?xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], order = [2, 1, 0], peeled = 0, kind = contraction>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A product by a transposed matrix with a dot-product tile (4 x 4 outputs
// of 16 lanes of partial sums) stays a generic (the reduction across lanes
// is deferred later), its reduction dim stepped by 16. The rows of the
// partial tile always go one at a time: no versioning.

// CHECK-LABEL: func.func @matmul_transposed(
// CHECK-NOT:     linalg.contract
// CHECK:         scf.forall (%{{.+}}) = (0) to (128) step (4)
// CHECK:           %[[C4:.+]] = arith.constant 4 : index
// CHECK:           %[[UB:.+]] = affine.apply #{{.+}}()[%{{.+}}, %{{.+}}, %[[C4]]]
// CHECK:           %[[TILES:.+]] = scf.for %{{.+}} = %{{.+}} to %[[UB]] step %[[C4]]
// CHECK:             %[[C16:.+]] = arith.constant 16 : index
// CHECK:             scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %[[C16]]
// CHECK:               linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%{{.+}}, %{{.+}} : tensor<4x16xf32>, tensor<4x16xf32>) outs(%{{.+}} : tensor<4x4xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 4, 4, 16>}
// CHECK-NOT:       scf.if
// CHECK:           scf.for %{{.+}} = %[[UB]] to %{{.+}} step %[[C4]] iter_args(%{{.+}} = %[[TILES]])
// CHECK:             %[[C1:.+]] = arith.constant 1 : index
// CHECK:             scf.for %{{.+}} = %{{.+}} to %{{.+}} step %[[C1]]
// CHECK:               scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}}
// CHECK:                 linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x16xf32>, tensor<4x16xf32>) outs(%{{.+}} : tensor<1x4xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 4, 16>}
// CHECK-NOT:     linalg.contract
// CHECK:         return
func.func @matmul_transposed(%a: tensor<?x64xf32>, %b: tensor<128x64xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x64xf32>, tensor<128x64xf32>) outs(%c : tensor<?x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  return %r : tensor<?x128xf32>
}

// -----

// A strided convolution with a windowed tile: 16 output columns, 8 output
// channels (peeled: 12 = one tile of 8, then 4 rows one at a time), the
// channel and window loops one step at a time. Each tile reads a slice of
// its input with stride 2 through a plain map, its reduction loops first.

// CHECK-DAG:   #[[IN:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d2, d0, d4)>
// CHECK-DAG:   #[[W:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d3, d0, d1)>
// CHECK-DAG:   #[[OUT:.+]] = affine_map<(d0, d1, d2, d3, d4) -> (d2, d3, d4)>
// CHECK-LABEL: func.func @conv1d_stride2(
// CHECK:         scf.forall (%{{.+}}, %{{.+}}) = (0, 0) to (%{{.+}}, %{{.+}}) step (1, 16)
// CHECK:           %[[COLS:.+]] = affine.min
// CHECK:           %[[C12:.+]] = arith.constant 12 : index
// CHECK:           %[[FULL:.+]] = scf.for
// CHECK:             %[[C6:.+]] = arith.constant 6 : index
// CHECK:             %[[C3:.+]] = arith.constant 3 : index
// CHECK:             scf.for %{{.+}} = %{{.+}} to %[[C6]] step
// CHECK:               scf.for %{{.+}} = %{{.+}} to %[[C3]] step
// CHECK:                 %[[ROW:.+]] = tensor.extract_slice %{{.+}}[0, 0, 0] [1, 1, %[[COLS]]] [1, 1, 2]
// CHECK:                 linalg.generic {indexing_maps = [#[[IN]], #[[W]], #[[OUT]]], iterator_types = ["reduction", "reduction", "parallel", "parallel", "parallel"]} ins(%[[ROW]], %{{.+}} : tensor<1x1x?xf32>, tensor<8x1x1xf32>) outs(%{{.+}} : tensor<1x8x?xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 1, 1, 8, 16>}
// CHECK:           scf.for %{{.+}} = %{{.+}} to %[[C12]] step %{{.+}} iter_args(%{{.+}} = %[[FULL]])
// CHECK:             scf.for
// CHECK:               scf.for
// CHECK:                 scf.for
// CHECK:                   %[[ROW1:.+]] = tensor.extract_slice %{{.+}}[0, 0, 0] [1, 1, %[[COLS]]] [1, 1, 2]
// CHECK:                   linalg.generic {{.*}} ins(%[[ROW1]], %{{.+}} : tensor<1x1x?xf32>, tensor<1x1x1xf32>) outs(%{{.+}} : tensor<1x1x?xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 1, 1, 1, 16>}
func.func @conv1d_stride2(%x: tensor<?x6x?xf32>, %w: tensor<12x6x3xf32>, %init: tensor<?x12x?xf32>) -> tensor<?x12x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, f, w, c, k) -> (n, c, w * 2 + k)>, affine_map<(n, f, w, c, k) -> (f, c, k)>, affine_map<(n, f, w, c, k) -> (n, f, w)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<?x6x?xf32>, tensor<12x6x3xf32>) outs(%init : tensor<?x12x?xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 8, 16, 1, 1], peeled = 1, kind = windowed>} {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x12x?xf32>
  return %r : tensor<?x12x?xf32>
}

// -----

// A matmul whose only user is its bias + relu epilogue (fuse-epilogues, the
// default): the epilogue is tiled by the register tile, 32 columns in an
// `scf.forall` and 8 rows in an `scf.for`, and the fill and the product are
// computed in each tile right before it. The product accumulates in the
// tile of the destination, which the epilogue then overwrites in place. In
// the partial tile, a single row is marked 1 x 32. With fuse-epilogues=0 the
// product and the epilogue are tiled each by its own config, one after the
// other.

// CHECK-LABEL: func.func @matmul_bias_relu(
// CHECK-SAME:    %[[BIAS:[^:]*]]: tensor<96xf32>, %[[DST:[^:]*]]: tensor<?x96xf32>
// CHECK:         scf.forall (%[[J:.+]]) = (0) to (96) step (32) shared_outs(%[[O:.+]] = %[[DST]])
// CHECK:           %[[BT:.+]] = tensor.extract_slice %[[BIAS]][%[[J]]] [32] [1]
// CHECK:           %[[OT:.+]] = tensor.extract_slice %[[O]][0, %[[J]]]
// CHECK:           %[[C8:.+]] = arith.constant 8 : index
// CHECK:           %[[TILES:.+]] = scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step %[[C8]] iter_args(%[[ACC:.+]] = %[[OT]])
// CHECK:             %[[T:.+]] = tensor.extract_slice %[[ACC]][%[[I]], 0]
// CHECK:             %[[F:.+]] = linalg.fill {relax_codegen.vector_sizes = array<i64: 8, 32>} ins(%{{.+}} : f32) outs(%[[T]] : tensor<?x32xf32>)
// CHECK:             %[[P:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %[[F]])
// CHECK:               linalg.contract {{.*}} {relax_codegen.vector_sizes = array<i64: 8, 32, 1>} ins(%{{.+}}, %{{.+}} : tensor<8x1xf32>, tensor<1x32xf32>) outs(%{{.+}} : tensor<8x32xf32>)
// CHECK:             %[[E:.+]] = linalg.generic {{.*}} ins(%[[P]], %{{.+}} : tensor<?x32xf32>, tensor<32xf32>) outs(%[[P]] : tensor<?x32xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 8, 32>}
// CHECK:               arith.maximumf
// CHECK:             tensor.insert_slice %[[E]] into %[[ACC]][%[[I]], 0]
// CHECK:           scf.if
// CHECK:             linalg.contract {{.*}} {relax_codegen.vector_sizes = array<i64: 1, 32, 1>}
// CHECK:             linalg.generic {{.*}} outs(%{{.+}} : tensor<1x32xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 32>}
// CHECK:               arith.maximumf
// CHECK:           } else {
// CHECK:             linalg.contract {{.*}} {relax_codegen.vector_sizes = array<i64: 8, 32, 1>}
// CHECK:             linalg.generic {{.*}} outs(%{{.+}} : tensor<?x32xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 8, 32>}
// CHECK:               arith.maximumf
// CHECK:           scf.forall.in_parallel
// CHECK-NOT:     linalg.generic
// CHECK:         return

// APART-LABEL: func.func @matmul_bias_relu(
// APART:         %[[F:.+]] = scf.forall ({{.*}}) step (1, 16)
// APART:           linalg.fill {relax_codegen.vector_sizes = array<i64: 1, 16>}
// APART:         %[[P:.+]] = scf.forall (%{{.+}}) = (0) to (96) step (32) shared_outs(%{{.+}} = %[[F]])
// APART-NOT:       arith.maximumf
// APART:           linalg.contract {{.*}} {relax_codegen.vector_sizes = array<i64: 8, 32, 1>}
// APART-NOT:       arith.maximumf
// APART:           scf.forall.in_parallel
// APART:         scf.forall ({{.*}}) step (1, 16)
// APART:           tensor.extract_slice %[[P]]
// APART:           linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<1x16xf32>, tensor<16xf32>) {{.*}} attrs = {relax_codegen.vector_sizes = array<i64: 1, 16>}
// APART:             arith.maximumf
func.func @matmul_bias_relu(%a: tensor<?x64xf32>, %w: tensor<64x96xf32>, %b: tensor<96xf32>, %out: tensor<?x96xf32>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x96xf32>
  %f = linalg.fill {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>} ins(%zero : f32) outs(%e : tensor<?x96xf32>) -> tensor<?x96xf32>
  %mm = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %w : tensor<?x64xf32>, tensor<64x96xf32>) outs(%f : tensor<?x96xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [8, 32, 1], order = [2, 1, 0], peeled = 0, kind = contraction>} {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%mm, %b : tensor<?x96xf32>, tensor<96xf32>) outs(%out : tensor<?x96xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>} {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    %t = arith.maximumf %s, %zero : f32
    linalg.yield %t : f32
  } -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}

// -----

// A dot tile whose config blocks its reduction of 2048 by 512, with a bias
// add as its epilogue: versioned on the row count. From 16 rows on, the
// product over the first 1536 is computed one block of 512 at a time (the
// block loop outside the tiles over columns and rows), and the last block,
// fused with the epilogue, accumulates onto it; below 16 rows the product
// is tiled whole, as without a block. The fill of the destination goes into
// both branches.

// CHECK-LABEL: func.func @matmul_reduction_blocks(
// CHECK-SAME:    %[[A:[^:]+]]: tensor<?x2048xf32>
// CHECK:         %[[ROWS:.+]] = tensor.dim %[[A]], %{{.+}} : tensor<?x2048xf32>
// CHECK:         %[[C16:.+]] = arith.constant 16 : index
// CHECK:         %[[ENOUGH:.+]] = arith.cmpi sge, %[[ROWS]], %[[C16]]
// CHECK:         %[[R:.+]] = scf.if %[[ENOUGH]]
// CHECK:           %[[HEAD_A:.+]] = tensor.extract_slice %[[A]][0, 0] [%{{.+}}, 1536] [1, 1]
// CHECK:           %[[BLOCKS:.+]] = scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<?x128xf32>)
// CHECK:             tensor.extract_slice %[[HEAD_A]][0, %[[K]]] [%{{.+}}, 512] [1, 1]
// CHECK:             scf.forall
// CHECK:               linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<4x16xf32>, tensor<4x16xf32>) outs(%{{.+}} : tensor<4x4xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 4, 4, 16>}
// CHECK:           tensor.extract_slice %[[A]][0, 1536] [%{{.+}}, 512] [1, 1]
// CHECK:           scf.forall {{.*}} shared_outs(%{{.+}} = %{{.+}})
// CHECK:             tensor.extract_slice %[[BLOCKS]]
// CHECK:             linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<4x16xf32>, tensor<4x16xf32>) outs(%{{.+}} : tensor<4x4xf32>)
// CHECK:             arith.addf
// CHECK:           scf.yield
// CHECK:         } else {
// CHECK-NOT:       scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<?x128xf32>)
// CHECK:           scf.forall
// CHECK:             linalg.generic {{.*}} ins(%{{.+}}, %{{.+}} : tensor<4x16xf32>, tensor<4x16xf32>) outs(%{{.+}} : tensor<4x4xf32>)
// CHECK:           scf.yield
// CHECK:         return %[[R]]

// APART-LABEL: func.func @matmul_reduction_blocks(
// APART:         scf.if
// APART:           scf.for {{.*}} -> (tensor<?x128xf32>)
// APART:         } else {
func.func @matmul_reduction_blocks(%a: tensor<?x2048xf32>, %b: tensor<128x2048xf32>, %bias: tensor<128xf32>, %e: tensor<?x128xf32>) -> tensor<?x128xf32> {
  %zero = arith.constant 0.0 : f32
  %f = linalg.fill {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>} ins(%zero : f32) outs(%e : tensor<?x128xf32>) -> tensor<?x128xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x2048xf32>, tensor<128x2048xf32>) outs(%f : tensor<?x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot, reduction_block = 512>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r, %bias : tensor<?x128xf32>, tensor<128xf32>) outs(%e : tensor<?x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x128xf32>
  return %o : tensor<?x128xf32>
}

// -----

// Static rows decide without a branch: 32 rows are blocked, 8 are not.

// CHECK-LABEL: func.func @matmul_reduction_blocks_static(
// CHECK-NOT:     scf.if
// CHECK:         scf.for {{.*}} -> (tensor<32x128xf32>)
// CHECK-NOT:     scf.for {{.*}} -> (tensor<8x128xf32>)
// CHECK:         return
func.func @matmul_reduction_blocks_static(%a: tensor<32x2048xf32>, %b: tensor<128x2048xf32>, %c: tensor<32x128xf32>, %d: tensor<8x2048xf32>, %e: tensor<8x128xf32>) -> (tensor<32x128xf32>, tensor<8x128xf32>) {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<32x2048xf32>, tensor<128x2048xf32>) outs(%c : tensor<32x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot, reduction_block = 512>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<32x128xf32>
  %q = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%d, %b : tensor<8x2048xf32>, tensor<128x2048xf32>) outs(%e : tensor<8x128xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [4, 4, 16], order = [2, 1, 0], peeled = 0, kind = dot, reduction_block = 512>} {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x128xf32>
  return %r, %q : tensor<32x128xf32>, tensor<8x128xf32>
}

// -----

// An op whose iteration space is statically empty (a slice of nothing)
// returns its destination unchanged: it is dropped rather than tiled (a loop
// of no iterations, which upstream's tiling does not take), a reduction over
// no elements included.

// CHECK-LABEL: func.func @empty(
// CHECK-SAME:    %{{.*}}: tensor<4x0xf32>, %[[OUT:.*]]: tensor<4x0xf32>, %{{.*}}: tensor<4x0xf32>, %[[ACC:.*]]: tensor<4xf32>)
// CHECK-NOT:     linalg.generic
// CHECK-NOT:     scf.forall
// CHECK:         return %[[OUT]], %[[ACC]]
// APART-LABEL: func.func @empty(
// APART-NOT:     linalg.generic
func.func @empty(%a: tensor<4x0xf32>, %b: tensor<4x0xf32>, %c: tensor<4x0xf32>, %acc: tensor<4xf32>) -> (tensor<4x0xf32>, tensor<4xf32>) {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x0xf32>) outs(%b : tensor<4x0xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>} {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  } -> tensor<4x0xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%c : tensor<4x0xf32>) outs(%acc : tensor<4xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 16]>} {
  ^bb0(%x: f32, %y: f32):
    %t = arith.addf %x, %y : f32
    linalg.yield %t : f32
  } -> tensor<4xf32>
  return %r, %s : tensor<4x0xf32>, tensor<4xf32>
}
