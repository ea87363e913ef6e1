// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512},canonicalize,cse))" | FileCheck %s
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512 contraction-tile=4,16 vector-width=8},canonicalize,cse))" | FileCheck %s --check-prefix=SMALL

// A matmul on a symbolic row count: column tiles of 32 run in parallel; in
// each, a loop of full tiles of 8 rows needs no mask. The last, partial row
// tile is versioned on its row count: a single row is a one-row tile with
// static shapes; more rows are one tile under a mask of its rows, so that
// it reads each row of the right operand once (unmasked) for all of them.
// The reduction is a loop of rank-1 updates whose accumulator is read
// before the loop and written after it.

// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<?x512xf32>, %[[B:.*]]: tensor<512x256xf32>)
// CHECK: %[[M:.*]] = tensor.dim %[[A]]
// CHECK: scf.forall (%[[J:.*]]) = (0) to (256) step (32)
// CHECK: %[[FULL:.*]] = affine.apply #{{.*}}()[%[[M]]]
// CHECK: %[[MAIN:.*]] = scf.for %{{.*}} = %{{.*}} to %[[FULL]] step %{{.*}} iter_args
// CHECK-NOT: create_mask
// CHECK: %[[INIT:.*]] = vector.transfer_read {{.*}} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK: %[[ACC:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[IT:.*]] = %[[INIT]]) -> (vector<8x32xf32>)
// CHECK: %[[LHS:.*]] = vector.transfer_read {{.*}} : tensor<8x1xf32>, vector<8x1xf32>
// CHECK: %[[RHS:.*]] = vector.transfer_read {{.*}} : tensor<1x32xf32>, vector<1x32xf32>
// CHECK: %[[SUM:.*]] = vector.contract {{.*}} %[[LHS]], %[[RHS]], %[[IT]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK: scf.yield %[[SUM]]
// CHECK: vector.transfer_write %[[ACC]], {{.*}} : vector<8x32xf32>, tensor<8x32xf32>
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %{{.*}}, %{{.*}} : index
// CHECK: scf.if %[[ONE]] -> (tensor<?x32xf32>) {
// CHECK: scf.for %{{.*}} = %[[FULL]] to %[[M]] step %{{.*}} iter_args(%{{.*}} = %[[MAIN]])
// CHECK: vector.transfer_read {{.*}} : tensor<1x32xf32>, vector<1x32xf32>
// CHECK: scf.for
// CHECK: vector.contract {{.*}} : vector<1x1xf32>, vector<1x32xf32> into vector<1x32xf32>
// CHECK: vector.transfer_write {{.*}} : vector<1x32xf32>, tensor<1x32xf32>
// CHECK: } else {
// CHECK: scf.for %{{.*}} = %[[FULL]] to %[[M]] step %{{.*}} iter_args(%{{.*}} = %[[MAIN]])
// CHECK: %[[ROWS:.*]] = affine.apply
// CHECK: %[[LMASK:.*]] = vector.create_mask %[[ROWS]], %{{.*}} : vector<8x1xi1>
// CHECK: %[[OMASK:.*]] = vector.create_mask %[[ROWS]], %{{.*}} : vector<8x32xi1>
// CHECK: vector.transfer_read {{.*}}, %[[OMASK]] {{.*}} : tensor<?x32xf32>, vector<8x32xf32>
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}}, %[[LMASK]] {{.*}} : tensor<?x1xf32>, vector<8x1xf32>
// CHECK: vector.transfer_read {{.*}} {in_bounds = [true, true]} : tensor<1x32xf32>, vector<1x32xf32>
// CHECK: vector.contract {{.*}} : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK: vector.transfer_write {{.*}}, %[[OMASK]] {{.*}} : vector<8x32xf32>, tensor<?x32xf32>
// CHECK-NOT: linalg.generic
// SMALL-LABEL: func.func @matmul
// SMALL: step (16)
// SMALL: vector.contract {{.*}} : vector<4x1xf32>, vector<1x16xf32> into vector<4x16xf32>
func.func @matmul(%a: tensor<?x512xf32>, %b: tensor<512x256xf32>) -> tensor<?x256xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x512xf32>
  %e = tensor.empty(%m) : tensor<?x256xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x256xf32>) -> tensor<?x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x512xf32>, tensor<512x256xf32>) outs(%f : tensor<?x256xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x256xf32>
  return %r : tensor<?x256xf32>
}

// -----

// A batch of row-major products whose right operand is shared by the batch:
// batch and row dims are both `m` dims; the innermost one gets the rows.

// CHECK-LABEL: func.func @batch_broadcast
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 64) step (1, 32)
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.contract {{.*}} : vector<1x8x1xf32>, vector<1x32xf32> into vector<1x8x32xf32>
func.func @batch_broadcast(%a: tensor<?x?x16xf32>, %b: tensor<16x64xf32>, %init: tensor<?x?x64xf32>) -> tensor<?x?x64xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x?x16xf32>, tensor<16x64xf32>) outs(%init : tensor<?x?x64xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x?x64xf32>
  return %r : tensor<?x?x64xf32>
}

// -----

// Elementwise on symbolic dims: tiles of 1 x 16, masked; exp becomes a
// polynomial on the whole vector.

// CHECK-LABEL: func.func @elementwise
// CHECK: scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, %{{.*}}) step (1, 16)
// CHECK: %[[N:.*]] = affine.min
// CHECK: %[[MASK:.*]] = vector.create_mask %{{.*}}, %[[N]] : vector<1x16xi1>
// CHECK: vector.transfer_read {{.*}}, %[[MASK]] {{.*}} vector<1x16xf32>
// CHECK-NOT: math.exp
// CHECK: vector.transfer_write {{.*}}, %[[MASK]] {{.*}} : vector<1x16xf32>
// SMALL-LABEL: func.func @elementwise
// SMALL: step (1, 8)
func.func @elementwise(%a: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = math.exp %x : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A static dim smaller than the vector width is taken whole, with no mask.

// CHECK-LABEL: func.func @narrow
// CHECK: scf.forall (%{{.*}}) in (%{{.*}})
// CHECK-NOT: create_mask
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<1x4xf32>
func.func @narrow(%a: tensor<?x4xf32>, %init: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<?x4xf32>) outs(%init : tensor<?x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %x : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// A row reduction: rows in parallel, the row in a loop of 16-wide chunks
// each reduced into the row's sum.

// CHECK-LABEL: func.func @row_sum
// CHECK: scf.forall (%{{.*}}) in (%{{.*}})
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}
// CHECK: vector.multi_reduction <add>, %{{.*}}, %{{.*}} [1] : vector<1x16xf32> to vector<1xf32>
func.func @row_sum(%a: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : tensor<?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A read at a computed index into a 1-d table becomes a vector gather.

// CHECK-LABEL: func.func @gather
// CHECK: scf.forall
// CHECK: vector.gather %{{.*}}[%{{.*}}] [%{{.*}}], %{{.*}}, %{{.*}} : tensor<?xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
func.func @gather(%table: tensor<?xf32>, %idx: tensor<?xindex>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%idx : tensor<?xindex>) outs(%init : tensor<?xf32>) {
  ^bb0(%i: index, %y: f32):
    %v = tensor.extract %table[%i] : tensor<?xf32>
    linalg.yield %v : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A read at computed indices into a 2-d table is a gather of 16 elements.

// CHECK-LABEL: func.func @gather_rows
// CHECK: scf.forall
// CHECK: vector.gather {{.*}} : tensor<?x?xf32>, vector<1x16xindex>, vector<1x16xi1>, vector<1x16xf32> into vector<1x16xf32>
func.func @gather_rows(%table: tensor<?x?xf32>, %idx: tensor<?xindex>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%idx : tensor<?xindex>) outs(%init : tensor<?x?xf32>) {
  ^bb0(%i: index, %y: f32):
    %j = linalg.index 1 : index
    %v = tensor.extract %table[%i, %j] : tensor<?x?xf32>
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A windowed read (a 1-d convolution): tiles of 16 outputs in parallel;
// each step of the window loop reads 16 consecutive inputs from the
// window's offset against one broadcast weight.

// CHECK-LABEL: func.func @window
// CHECK: scf.forall (%{{.*}}) = (0) to (%{{.*}}) step (16)
// CHECK: scf.for {{.*}} -> (vector<1x16xf32>) {
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}] [%{{.*}}] [1]
// CHECK: vector.fma {{.*}} : vector<1x16xf32>
// CHECK-NOT: linalg.generic
func.func @window(%x: tensor<?xf32>, %w: tensor<3xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 + d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x, %w : tensor<?xf32>, tensor<3xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%a: f32, %b: f32, %y: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %y, %p : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// RUN: not relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512 contraction-tile=8}))" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: contraction-tile takes two sizes in [1, 32]
func.func @bad_option() {
  return
}

// -----

// A reduction whose body reads no input (a sum of ones, once fusion has
// folded a fill into it) stays scalar: the vectorizer would add the value
// once instead of once per element.

// CHECK-LABEL: func.func @count
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK-NOT: vector.
// CHECK: return
func.func @count(%x: tensor<7xf32>, %o: tensor<f32>) -> tensor<f32> {
  %one = arith.constant 1.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>],
                       iterator_types = ["reduction"]}
      ins(%x : tensor<7xf32>) outs(%o : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %s = arith.addf %out, %one : f32
    linalg.yield %s : f32
  } -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A matmul by a transposed matrix (the reduction dim innermost in both
// operands): column tiles of 4 run in parallel; each register tile holds
// 4 x 4 vectors of 16 partial sums, one multiply-add per step, reduced
// across lanes once after the reduction loop: the 16 vectors by a tree of
// shuffles into one vector of 16 sums (4 levels: halves, quarters, pairs,
// lanes). The rows of the partial row tile go one at a time; their 4
// vectors stay a multi_reduction.

// CHECK-LABEL: func.func @matmul_transposed
// CHECK: scf.forall (%{{.*}}) = (0) to (96) step (4)
// CHECK: scf.for
// CHECK: %[[INIT:.*]] = vector.transfer_read {{.*}} : tensor<4x4xf32>, vector<4x4xf32>
// CHECK: %[[PART:.*]] = scf.for {{.*}} iter_args(%[[IT:.*]] = %{{.*}}) -> (vector<4x4x16xf32>) {
// CHECK: %[[LHS:.*]] = vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x4x16xf32>
// CHECK: %[[RHS:.*]] = vector.transfer_read {{.*}} : tensor<4x16xf32>, vector<4x4x16xf32>
// CHECK: %[[FMA:.*]] = vector.fma %[[LHS]], %[[RHS]], %[[IT]] : vector<4x4x16xf32>
// CHECK: scf.yield %[[FMA]]
// CHECK-NOT: vector.multi_reduction
// CHECK: %[[R0:.*]] = vector.extract %[[PART]][0, 0] : vector<16xf32> from vector<4x4x16xf32>
// CHECK: %[[R1:.*]] = vector.extract %[[PART]][0, 1] : vector<16xf32> from vector<4x4x16xf32>
// CHECK: %[[LO:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23]
// CHECK: %[[HI:.*]] = vector.shuffle %[[R0]], %[[R1]] [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31]
// CHECK: arith.addf %[[LO]], %[[HI]] : vector<16xf32>
// CHECK: vector.shuffle {{.*}} [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27]
// CHECK: vector.shuffle {{.*}} [0, 1, 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29]
// CHECK: %[[L4:.*]] = vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]
// CHECK: %[[H4:.*]] = vector.shuffle {{.*}} [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31]
// CHECK: %[[SUMS:.*]] = arith.addf %[[L4]], %[[H4]] : vector<16xf32>
// CHECK: %[[TILE:.*]] = vector.shape_cast %[[SUMS]] : vector<16xf32> to vector<4x4xf32>
// CHECK: arith.addf %[[TILE]], %[[INIT]] : vector<4x4xf32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.fma {{.*}} : vector<1x4x16xf32>
// CHECK: vector.multi_reduction <add>, {{.*}} [2] : vector<1x4x16xf32> to vector<1x4xf32>
// CHECK-NOT: create_mask
func.func @matmul_transposed(%a: tensor<?x64xf32>, %b: tensor<96x64xf32>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x96xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x96xf32>) -> tensor<?x96xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<?x64xf32>, tensor<96x64xf32>) outs(%f : tensor<?x96xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}

// -----

// The same product as the legalizer writes it, a linalg.contract with the
// transpose in its map: it vectorizes as the generic does, into partial sums
// across lanes reduced after the loop, not into a vector.contract (which
// lowers to a broadcast of every element of the tile).

// CHECK-LABEL: func.func @contract_transposed
// CHECK: %[[PART:.*]] = scf.for {{.*}} -> (vector<4x4x16xf32>) {
// CHECK: vector.fma {{.*}} : vector<4x4x16xf32>
// CHECK-NOT: vector.contract
// CHECK: vector.shape_cast {{.*}} : vector<16xf32> to vector<4x4xf32>
func.func @contract_transposed(%a: tensor<?x64xf32>, %b: tensor<96x64xf32>) -> tensor<?x96xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x96xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x96xf32>) -> tensor<?x96xf32>
  %r = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x64xf32>, tensor<96x64xf32>) outs(%f : tensor<?x96xf32>) -> tensor<?x96xf32>
  return %r : tensor<?x96xf32>
}

// -----

// A row reduction over a symbolic length keeps 16 partial sums across its
// loop (masked lanes keep theirs) and reduces them across lanes once after
// it.

// CHECK-LABEL: func.func @row_sum
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<1x16xf32>
// CHECK: scf.forall
// CHECK: %[[INIT:.*]] = vector.transfer_read {{.*}} : tensor<1xf32>, vector<1xf32>
// CHECK: %[[PART:.*]] = scf.for {{.*}} iter_args(%[[IT:.*]] = %[[ZERO]]) -> (vector<1x16xf32>) {
// CHECK: %[[MASK:.*]] = vector.create_mask
// CHECK: %[[X:.*]] = vector.transfer_read {{.*}}, %[[MASK]]
// CHECK: %[[SUM:.*]] = arith.addf %[[X]], %[[IT]] : vector<1x16xf32>
// CHECK: %[[KEPT:.*]] = arith.select %[[MASK]], %[[SUM]], %[[IT]]
// CHECK: scf.yield %[[KEPT]]
// CHECK: vector.multi_reduction <add>, %[[PART]], %[[INIT]] [1] : vector<1x16xf32> to vector<1xf32>
func.func @row_sum(%x: tensor<?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.reduce ins(%x : tensor<?x?xf32>) outs(%init : tensor<?xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<?xf32>
}

// -----

// Attention scores over transposed queries and keys: the copies that
// transpose the head and sequence dims keep the head size innermost, so
// the product reads its operands through them and no copy is made. A copy
// that would move the reduction dim out of the innermost place stays.

// CHECK-LABEL: func.func @scores_of_transposed
// CHECK-NOT: tensor.empty() : tensor<2x4x8x16xf32>
// CHECK: scf.forall
// CHECK: vector.transfer_read {{.*}} : tensor<1x?x1x16xf32>, vector<1x1x4x4x16xf32>
// CHECK: arith.mulf {{.*}} : vector<1x1x4x4x16xf32>
// CHECK-LABEL: func.func @copy_moving_innermost
// CHECK: scf.forall
// CHECK: vector.transfer_write {{.*}} tensor<1x1x1x16xf32>
// CHECK: scf.forall
#qk_in = affine_map<(b, h, s, d) -> (b, s, h, d)>
#qk_out = affine_map<(b, h, s, d) -> (b, h, s, d)>
func.func @scores_of_transposed(%q: tensor<2x8x4x16xf32>, %k: tensor<2x?x4x16xf32>, %init: tensor<2x4x8x?xf32>) -> tensor<2x4x8x?xf32> {
  %c1 = arith.constant 1 : index
  %t = tensor.dim %k, %c1 : tensor<2x?x4x16xf32>
  %eq = tensor.empty() : tensor<2x4x8x16xf32>
  %qt = linalg.generic {indexing_maps = [#qk_in, #qk_out], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q : tensor<2x8x4x16xf32>) outs(%eq : tensor<2x4x8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<2x4x8x16xf32>
  %ek = tensor.empty(%t) : tensor<2x4x?x16xf32>
  %kt = linalg.generic {indexing_maps = [#qk_in, #qk_out], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%k : tensor<2x?x4x16xf32>) outs(%ek : tensor<2x4x?x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<2x4x?x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, h, i, j, d) -> (b, h, i, d)>, affine_map<(b, h, i, j, d) -> (b, h, j, d)>, affine_map<(b, h, i, j, d) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%qt, %kt : tensor<2x4x8x16xf32>, tensor<2x4x?x16xf32>) outs(%init : tensor<2x4x8x?xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4x8x?xf32>
  return %r : tensor<2x4x8x?xf32>
}
func.func @copy_moving_innermost(%q: tensor<2x8x16x4xf32>, %k: tensor<2x4x8x16xf32>, %init: tensor<2x4x8x8xf32>) -> tensor<2x4x8x8xf32> {
  %eq = tensor.empty() : tensor<2x4x8x16xf32>
  %qt = linalg.generic {indexing_maps = [affine_map<(b, h, s, d) -> (b, s, d, h)>, #qk_out], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%q : tensor<2x8x16x4xf32>) outs(%eq : tensor<2x4x8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<2x4x8x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, h, i, j, d) -> (b, h, i, d)>, affine_map<(b, h, i, j, d) -> (b, h, j, d)>, affine_map<(b, h, i, j, d) -> (b, h, i, j)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%qt, %k : tensor<2x4x8x16xf32>, tensor<2x4x8x16xf32>) outs(%init : tensor<2x4x8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x4x8x8xf32>
  return %r : tensor<2x4x8x8xf32>
}

// -----

// A convolution with stride 2: each tile step reads one strided row of 16
// input columns (a slice with stride 2, the window loop fixed) against 8
// output channels' weights, one multiply-add per channel on vectors whose
// innermost dim is the output width; the accumulator stays in registers
// across the channel and window loops.

// CHECK-LABEL: func.func @conv1d_stride2
// CHECK: scf.forall
// CHECK: scf.for {{.*}} -> (vector<1x1x1x8x16xf32>) {
// CHECK: scf.for {{.*}} -> (vector<1x1x1x8x16xf32>) {
// CHECK: %[[ROW:.*]] = tensor.extract_slice {{.*}} [1, 1, %{{.*}}] [1, 1, 2]
// CHECK: %[[X:.*]] = vector.transfer_read %[[ROW]]{{.*}} vector<1x1x1x8x16xf32>
// CHECK: %[[W:.*]] = vector.transfer_read {{.*}} vector<1x1x1x8x16xf32>
// CHECK: vector.fma %[[X]], %[[W]], %{{.*}} : vector<1x1x1x8x16xf32>
func.func @conv1d_stride2(%x: tensor<?x6x?xf32>, %w: tensor<12x6x3xf32>, %init: tensor<?x12x?xf32>) -> tensor<?x12x?xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(n, f, w, c, k) -> (n, c, w * 2 + k)>, affine_map<(n, f, w, c, k) -> (f, c, k)>, affine_map<(n, f, w, c, k) -> (n, f, w)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<?x6x?xf32>, tensor<12x6x3xf32>) outs(%init : tensor<?x12x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x12x?xf32>
  return %r : tensor<?x12x?xf32>
}

// -----

// A broadcast through a constant index stays a copy: read through its map,
// the product would no longer be a contraction, and the dot-product
// schedule recorded on it would not apply.

// CHECK-LABEL: func.func @broadcast_then_scores
// CHECK: scf.forall
// CHECK: vector.transfer_write {{.*}} : vector<1x1x16xf32>, tensor<1x1x16xf32>
// CHECK: scf.forall
// CHECK: vector.fma
func.func @broadcast_then_scores(%x: tensor<?x1x64xf32>, %k: tensor<?x1x64xf32>, %init: tensor<?x?x1xf32>) -> tensor<?x?x1xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %x, %c0 : tensor<?x1x64xf32>
  %n = tensor.dim %init, %c1 : tensor<?x?x1xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?x64xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, 0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<?x1x64xf32>) outs(%e : tensor<?x?x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x?x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%b, %k : tensor<?x?x64xf32>, tensor<?x1x64xf32>) outs(%init : tensor<?x?x1xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 4, 1, 16], order = [0, 3, 2, 1], peeled = 1, kind = dot>} {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x?x1xf32>
  return %r : tensor<?x?x1xf32>
}

// -----

// A copy two products read stays a copy: read through by one of them, it
// would remain a second result of that product, which then would not be a
// contraction under its recorded schedule.

// CHECK-LABEL: func.func @copy_read_twice
// CHECK: scf.forall
// CHECK: vector.transfer_write {{.*}} : vector<1x1x8xf32>, tensor<1x1x8xf32>
// CHECK-COUNT-2: vector.contract
func.func @copy_read_twice(%x: tensor<?x8xf32>, %w: tensor<8x6xf32>, %i0: tensor<?x?x6xf32>, %i1: tensor<?x?x6xf32>) -> (tensor<?x?x6xf32>, tensor<?x?x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %i0, %c0 : tensor<?x?x6xf32>
  %m = tensor.dim %x, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x : tensor<?x8xf32>) outs(%e : tensor<?x?x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  } -> tensor<?x?x8xf32>
  %r0 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%b, %w : tensor<?x?x8xf32>, tensor<8x6xf32>) outs(%i0 : tensor<?x?x6xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 8, 6, 1], order = [0, 3, 2, 1], peeled = 1, kind = contraction>} {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x?x6xf32>
  %r1 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%b, %w : tensor<?x?x8xf32>, tensor<8x6xf32>) outs(%i1 : tensor<?x?x6xf32>) attrs = {relax_codegen.lowering_config = #relax_codegen.cpu_config<tiles = [1, 8, 6, 1], order = [0, 3, 2, 1], peeled = 1, kind = contraction>} {
  ^bb0(%a: f32, %c: f32, %acc: f32):
    %p = arith.mulf %a, %c : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<?x?x6xf32>
  return %r0, %r1 : tensor<?x?x6xf32>, tensor<?x?x6xf32>
}

// -----

// A static column count that the column tile does not divide (22 columns,
// tiles of 4) is split: 20 columns in full tiles, and the last 2 as one
// tile of 2. No tile is masked.

// CHECK-LABEL: func.func @columns_past_tiles
// CHECK: scf.forall (%{{.*}}) = (0) to (20) step (4)
// CHECK: vector.fma {{.*}} : vector<4x4x16xf32>
// CHECK: scf.forall.in_parallel
// CHECK: vector.fma {{.*}} : vector<4x2x16xf32>
// CHECK-NOT: create_mask
// CHECK: return
func.func @columns_past_tiles(%a: tensor<?x64xf32>, %b: tensor<22x64xf32>) -> tensor<?x22xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%m) : tensor<?x22xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x22xf32>) -> tensor<?x22xf32>
  %r = linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b : tensor<?x64xf32>, tensor<22x64xf32>) outs(%f : tensor<?x22xf32>) -> tensor<?x22xf32>
  return %r : tensor<?x22xf32>
}
