// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-optimize-vector-tiles))" | FileCheck %s

// The inputs are vectorized tiles as relax-cpu-vectorize leaves them
// (after relax-cpu-tile and canonicalization), cut down to one tile.

// The partial tile of an 8 x 32 contraction (a symbolic number of rows,
// under masks): the loop-invariant masks are hoisted out of the reduction
// loop, then the read and write of the accumulator, so that the
// accumulator is a vector `scf.for` iter_arg, read once before the loop and
// written once after it. The extract and insert of the whole tile go.

// CHECK-LABEL: func.func @masked_register_tile(
// CHECK-SAME:    %{{[^:]*}}: tensor<?x64xf32>, %{{[^:]*}}: tensor<64x32xf32>, %{{[^:]*}}: tensor<?x32xf32>, %{{[^:]*}}: index, %[[ROWS:[^:]*]]: index
// CHECK:         %[[CT:.+]] = tensor.extract_slice %{{.+}} : tensor<?x32xf32> to tensor<?x32xf32>
// CHECK:         %[[MA:.+]] = vector.create_mask %[[ROWS]], %{{.+}} : vector<8x1xi1>
// CHECK:         %[[MC:.+]] = vector.create_mask %[[ROWS]], %{{.+}} : vector<8x32xi1>
// CHECK:         %[[MK:.+]] = vector.create_mask %[[ROWS]], %{{.+}}, %{{.+}} : vector<8x32x1xi1>
// CHECK:         %[[INIT:.+]] = vector.transfer_read %[[CT]][%{{.+}}, %{{.+}}], %{{.+}}, %[[MC]] {{.*}} : tensor<?x32xf32>, vector<8x32xf32>
// CHECK:         %[[R:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[INIT]]) -> (vector<8x32xf32>) {
// CHECK-NOT:       vector.create_mask
// CHECK-NOT:       tensor.extract_slice %{{.+}}[0, 0]
// CHECK:           %[[VA:.+]] = vector.transfer_read %{{.+}}, %[[MA]] {{.*}} : tensor<?x1xf32>, vector<8x1xf32>
// CHECK:           %[[VB:.+]] = vector.transfer_read {{.*}} : tensor<1x32xf32>, vector<1x32xf32>
// CHECK-NOT:       vector.transfer_read
// CHECK:           %[[D:.+]] = vector.mask %[[MK]] { vector.contract {{.*}} %[[VA]], %[[VB]], %[[ACC]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32> }
// CHECK-NOT:       vector.transfer_write
// CHECK-NOT:       tensor.insert_slice
// CHECK:           scf.yield %[[D]] : vector<8x32xf32>
// CHECK:         }
// CHECK:         %[[W:.+]] = vector.transfer_write %[[R]], %[[CT]][%{{.+}}, %{{.+}}], %[[MC]] {{.*}} : vector<8x32xf32>, tensor<?x32xf32>
// CHECK:         return %[[W]]
#lhs = affine_map<(i, j, k) -> (i, k)>
#rhs = affine_map<(i, j, k) -> (k, j)>
#acc = affine_map<(i, j, k) -> (i, j)>
func.func @masked_register_tile(%a: tensor<?x64xf32>, %b: tensor<64x32xf32>, %c: tensor<?x32xf32>, %i: index, %rows: index) -> tensor<?x32xf32> {
  %cst = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %at = tensor.extract_slice %a[%i, 0] [%rows, 64] [1, 1] : tensor<?x64xf32> to tensor<?x64xf32>
  %ct = tensor.extract_slice %c[%i, 0] [%rows, 32] [1, 1] : tensor<?x32xf32> to tensor<?x32xf32>
  %r = scf.for %k = %c0 to %c64 step %c1 iter_args(%tile = %ct) -> (tensor<?x32xf32>) {
    %as = tensor.extract_slice %at[0, %k] [%rows, 1] [1, 1] : tensor<?x64xf32> to tensor<?x1xf32>
    %bs = tensor.extract_slice %b[%k, 0] [1, 32] [1, 1] : tensor<64x32xf32> to tensor<1x32xf32>
    %cs = tensor.extract_slice %tile[0, 0] [%rows, 32] [1, 1] : tensor<?x32xf32> to tensor<?x32xf32>
    %ma = vector.create_mask %rows, %c1 : vector<8x1xi1>
    %va = vector.transfer_read %as[%c0, %c0], %cst, %ma {in_bounds = [true, true]} : tensor<?x1xf32>, vector<8x1xf32>
    %vb = vector.transfer_read %bs[%c0, %c0], %cst {in_bounds = [true, true]} : tensor<1x32xf32>, vector<1x32xf32>
    %mc = vector.create_mask %rows, %c32 : vector<8x32xi1>
    %vc = vector.transfer_read %cs[%c0, %c0], %cst, %mc {in_bounds = [true, true]} : tensor<?x32xf32>, vector<8x32xf32>
    %mk = vector.create_mask %rows, %c32, %c1 : vector<8x32x1xi1>
    %d = vector.mask %mk { vector.contract {indexing_maps = [#lhs, #rhs, #acc], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %va, %vb, %vc : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32> } : vector<8x32x1xi1> -> vector<8x32xf32>
    %w = vector.transfer_write %d, %cs[%c0, %c0], %mc {in_bounds = [true, true]} : vector<8x32xf32>, tensor<?x32xf32>
    %ins = tensor.insert_slice %w into %tile[0, 0] [%rows, 32] [1, 1] : tensor<?x32xf32> into tensor<?x32xf32>
    scf.yield %ins : tensor<?x32xf32>
  }
  return %r : tensor<?x32xf32>
}

// -----

// A row sum over chunks of 16 under the mask of each chunk: the loop
// carries the 16 partial sums, added lane by lane (masked lanes keep
// theirs), and reduces across lanes once, after the loop, into the sum read
// before it.

// CHECK-LABEL: func.func @row_sum(
// CHECK-SAME:    %[[ROW:[^:]*]]: tensor<1x?xf32>, %[[INIT:[^:]*]]: tensor<1xf32>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<1x16xf32>
// CHECK:         %[[ACC:.+]] = vector.transfer_read %[[INIT]]{{.*}} : tensor<1xf32>, vector<1xf32>
// CHECK:         %[[PART:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[P:.+]] = %[[ZERO]]) -> (vector<1x16xf32>) {
// CHECK:           %[[M:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<1x16xi1>
// CHECK:           %[[V:.+]] = vector.transfer_read %{{.+}}, %[[M]] {{.*}} : tensor<1x?xf32>, vector<1x16xf32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:           %[[S:.+]] = arith.addf %[[V]], %[[P]] : vector<1x16xf32>
// CHECK:           %[[K:.+]] = arith.select %[[M]], %[[S]], %[[P]] : vector<1x16xi1>, vector<1x16xf32>
// CHECK:           scf.yield %[[K]] : vector<1x16xf32>
// CHECK:         }
// CHECK:         %[[R:.+]] = vector.multi_reduction <add>, %[[PART]], %[[ACC]] [1] : vector<1x16xf32> to vector<1xf32>
// CHECK:         vector.transfer_write %[[R]], %[[INIT]]
func.func @row_sum(%row: tensor<1x?xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %n = tensor.dim %row, %c1 : tensor<1x?xf32>
  %r = scf.for %j = %c0 to %n step %c16 iter_args(%acc = %init) -> (tensor<1xf32>) {
    %w = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 16)>(%j)[%n]
    %chunk = tensor.extract_slice %row[0, %j] [1, %w] [1, 1] : tensor<1x?xf32> to tensor<1x?xf32>
    %m = vector.create_mask %c1, %w : vector<1x16xi1>
    %v = vector.transfer_read %chunk[%c0, %c0], %pad, %m {in_bounds = [true, true]} : tensor<1x?xf32>, vector<1x16xf32>
    %a = vector.transfer_read %acc[%c0], %pad {in_bounds = [true]} : tensor<1xf32>, vector<1xf32>
    %s = vector.mask %m { vector.multi_reduction <add>, %v, %a [1] : vector<1x16xf32> to vector<1xf32> } : vector<1x16xi1> -> vector<1xf32>
    %o = vector.transfer_write %s, %acc[%c0] {in_bounds = [true]} : vector<1xf32>, tensor<1xf32>
    scf.yield %o : tensor<1xf32>
  }
  return %r : tensor<1xf32>
}

// -----

// A dot-product tile (4 x 4 outputs, 16 lanes of partial sums each): the
// accumulator is hoisted, the loop carries the unreduced 4 x 4 x 16 partial
// sums with one fma a step, and the sum across lanes after the loop is a
// tree of two-source shuffles (4 levels, 15 adds) that gives the 16 sums in
// one vector, instead of 16 reductions.

// CHECK-LABEL: func.func @dot_tile(
// CHECK-SAME:    %{{[^:]*}}: tensor<4x64xf32>, %{{[^:]*}}: tensor<4x64xf32>, %[[C:[^:]*]]: tensor<4x4xf32>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<4x4x16xf32>
// CHECK:         %[[INIT:.+]] = vector.transfer_read %[[C]]{{.*}} : tensor<4x4xf32>, vector<4x4xf32>
// CHECK:         %[[PART:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[P:.+]] = %[[ZERO]]) -> (vector<4x4x16xf32>) {
// CHECK:           %[[VA:.+]] = vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x4x16xf32>
// CHECK:           %[[VB:.+]] = vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x4x16xf32>
// CHECK-NOT:       vector.multi_reduction
// CHECK:           %[[F:.+]] = vector.fma %[[VA]], %[[VB]], %[[P]] : vector<4x4x16xf32>
// CHECK:           scf.yield %[[F]] : vector<4x4x16xf32>
// CHECK:         }
// CHECK-NOT:     vector.multi_reduction
// CHECK:         %[[R0:.+]] = vector.extract %[[PART]][0, 0] : vector<16xf32> from vector<4x4x16xf32>
// CHECK:         %[[R1:.+]] = vector.extract %[[PART]][0, 1] : vector<16xf32> from vector<4x4x16xf32>
// CHECK-COUNT-14: vector.extract %[[PART]]
// CHECK:         %[[LO:.+]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23] : vector<16xf32>, vector<16xf32>
// CHECK:         %[[HI:.+]] = vector.shuffle %[[R0]], %[[R1]] [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf32>, vector<16xf32>
// CHECK:         arith.addf %[[LO]], %[[HI]] : vector<16xf32>
// CHECK-COUNT-13: arith.addf %{{.+}}, %{{.+}} : vector<16xf32>
// CHECK:         %[[EVEN:.+]] = vector.shuffle %{{.+}}, %{{.+}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30] : vector<16xf32>, vector<16xf32>
// CHECK:         %[[ODD:.+]] = vector.shuffle %{{.+}}, %{{.+}} [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31] : vector<16xf32>, vector<16xf32>
// CHECK:         %[[SUMS:.+]] = arith.addf %[[EVEN]], %[[ODD]] : vector<16xf32>
// CHECK-NOT:     arith.addf {{.*}} : vector<16xf32>
// CHECK:         %[[V:.+]] = vector.insert %[[SUMS]], %{{.+}} [0] : vector<16xf32> into vector<1x16xf32>
// CHECK:         %[[S:.+]] = vector.shape_cast %[[V]] : vector<1x16xf32> to vector<4x4xf32>
// CHECK:         %[[R:.+]] = arith.addf %[[S]], %[[INIT]] : vector<4x4xf32>
// CHECK-NOT:     vector.multi_reduction
// CHECK:         vector.transfer_write %[[R]], %[[C]]
#l = affine_map<(d0, d1) -> (d0, 0, d1)>
#r = affine_map<(d0, d1) -> (0, d0, d1)>
func.func @dot_tile(%a: tensor<4x64xf32>, %b: tensor<4x64xf32>, %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %r = scf.for %k = %c0 to %c64 step %c16 iter_args(%tile = %c) -> (tensor<4x4xf32>) {
    %as = tensor.extract_slice %a[0, %k] [4, 16] [1, 1] : tensor<4x64xf32> to tensor<4x16xf32>
    %bs = tensor.extract_slice %b[0, %k] [4, 16] [1, 1] : tensor<4x64xf32> to tensor<4x16xf32>
    %va = vector.transfer_read %as[%c0, %c0], %pad {in_bounds = [true, true, true], permutation_map = #l} : tensor<4x16xf32>, vector<4x4x16xf32>
    %vb = vector.transfer_read %bs[%c0, %c0], %pad {in_bounds = [true, true, true], permutation_map = #r} : tensor<4x16xf32>, vector<4x4x16xf32>
    %vc = vector.transfer_read %tile[%c0, %c0], %pad {in_bounds = [true, true]} : tensor<4x4xf32>, vector<4x4xf32>
    %p = arith.mulf %va, %vb : vector<4x4x16xf32>
    %s = vector.multi_reduction <add>, %p, %vc [2] : vector<4x4x16xf32> to vector<4x4xf32>
    %w = vector.transfer_write %s, %tile[%c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x4xf32>
    scf.yield %w : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// Attention scores scaled by their epilogue, a tile of 4 rows and a
// symbolic number (at most 4) of columns, under a mask of the columns: the
// fill's zeros, written and read back under the same mask, are forwarded to
// the reduction; so is the product to the epilogue; the writes that the
// next one overwrites go. The masked sum across lanes zeroes the masked
// lanes and goes by a tree of shuffles. The tile is written once.

// CHECK-LABEL: func.func @scores_tile(
// CHECK-SAME:    %[[DST:[^:]*]]: tensor<4x?xf32>, %[[COLS:[^:]*]]: index
// CHECK-DAG:     %[[ZEROS:.+]] = arith.constant dense<0.000000e+00> : vector<4x4x16xf32>
// CHECK-DAG:     %[[ZERO:.+]] = arith.constant dense<0.000000e+00> : vector<4x4xf32>
// CHECK-DAG:     %[[SCALE:.+]] = arith.constant dense<2.500000e-01> : vector<4x4xf32>
// CHECK:         %[[M:.+]] = vector.create_mask %{{.+}}, %[[COLS]] : vector<4x4xi1>
// CHECK-NOT:     vector.transfer_write
// CHECK:         %[[P:.+]] = arith.mulf %{{.+}}, %{{.+}} : vector<4x4x16xf32>
// CHECK:         %[[MR:.+]] = vector.create_mask %{{.+}}, %[[COLS]], %{{.+}} : vector<4x4x16xi1>
// CHECK:         %[[Z:.+]] = arith.select %[[MR]], %[[P]], %[[ZEROS]] : vector<4x4x16xi1>, vector<4x4x16xf32>
// CHECK:         vector.extract %[[Z]][0, 0]
// CHECK:         vector.shuffle
// CHECK-NOT:     vector.multi_reduction
// CHECK-NOT:     vector.transfer_
// CHECK:         %[[S:.+]] = vector.shape_cast %{{.+}} : vector<1x16xf32> to vector<4x4xf32>
// CHECK:         %[[A:.+]] = arith.addf %[[S]], %[[ZERO]] : vector<4x4xf32>
// CHECK-NOT:     vector.transfer_
// CHECK:         %[[Y:.+]] = arith.mulf %[[A]], %[[SCALE]] : vector<4x4xf32>
// CHECK:         %[[O:.+]] = vector.transfer_write %[[Y]], %[[DST]][%{{.+}}, %{{.+}}], %[[M]] {{.*}} : vector<4x4xf32>, tensor<4x?xf32>
// CHECK-NOT:     vector.transfer_write
// CHECK:         return %[[O]]
#l = affine_map<(d0, d1) -> (d0, 0, d1)>
#r = affine_map<(d0, d1) -> (0, d0, d1)>
func.func @scores_tile(%q: tensor<4x16xf32>, %k: tensor<?x16xf32>, %dst: tensor<4x?xf32>, %cols: index) -> tensor<4x?xf32> {
  %zero = arith.constant dense<0.0> : vector<4x4xf32>
  %scale = arith.constant dense<0.25> : vector<4x4xf32>
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %m = vector.create_mask %c4, %cols : vector<4x4xi1>
  %f = vector.transfer_write %zero, %dst[%c0, %c0], %m {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x?xf32>
  %vq = vector.transfer_read %q[%c0, %c0], %pad {in_bounds = [true, true, true], permutation_map = #l} : tensor<4x16xf32>, vector<4x4x16xf32>
  %mk = vector.create_mask %cols, %c16 : vector<4x16xi1>
  %vk = vector.transfer_read %k[%c0, %c0], %pad, %mk {in_bounds = [true, true, true], permutation_map = #r} : tensor<?x16xf32>, vector<4x4x16xf32>
  %acc = vector.transfer_read %f[%c0, %c0], %pad, %m {in_bounds = [true, true]} : tensor<4x?xf32>, vector<4x4xf32>
  %p = arith.mulf %vq, %vk : vector<4x4x16xf32>
  %mr = vector.create_mask %c4, %cols, %c16 : vector<4x4x16xi1>
  %s = vector.mask %mr { vector.multi_reduction <add>, %p, %acc [2] : vector<4x4x16xf32> to vector<4x4xf32> } : vector<4x4x16xi1> -> vector<4x4xf32>
  %w = vector.transfer_write %s, %f[%c0, %c0], %m {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x?xf32>
  %v = vector.transfer_read %w[%c0, %c0], %pad, %m {in_bounds = [true, true]} : tensor<4x?xf32>, vector<4x4xf32>
  %y = arith.mulf %v, %scale : vector<4x4xf32>
  %o = vector.transfer_write %y, %w[%c0, %c0], %m {in_bounds = [true, true]} : vector<4x4xf32>, tensor<4x?xf32>
  return %o : tensor<4x?xf32>
}
