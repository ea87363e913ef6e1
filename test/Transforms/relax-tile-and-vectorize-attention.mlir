// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512},canonicalize,cse))" | FileCheck %s
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512 attention-rows=0},canonicalize,cse))" | FileCheck %s --check-prefix=WHOLE
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{cpu=skylake-avx512 reduction-rows=16},canonicalize,cse))" | FileCheck %s --check-prefix=REDUCE

// Back-to-back contractions (attention: scores, an elementwise op standing
// for the softmax, then the scores times the values) are computed in tiles
// of 24 rows with everything between them, in a parallel loop: the scores
// exist one tile of rows at a time (`?x?` of at most 24 rows, not the whole
// `n x m`), and the row maximum and sum of the softmax are per tile too. The
// loops over tiles of keys are peeled: the scores of whole tiles are
// computed unmasked, and only the last, clipped tile selects its lanes. The
// loop over tiles of rows is not: a copy of the whole attention would cost
// compile time, and the loops inside it peel their partial tile of rows.

// CHECK-LABEL: func.func @attention(
// CHECK-SAME:    %[[Q:.*]]: tensor<?x64xf32>, %[[K:.*]]: tensor<?x64xf32>, %[[V:.*]]: tensor<?x64xf32>
// CHECK:         scf.forall (%{{.*}}) = (0) to (%{{.*}}) step (24)
// CHECK:           %[[ROWS:.*]] = affine.min
// CHECK:           tensor.empty(%[[ROWS]], %{{.*}}) : tensor<?x?xf32>
// CHECK:           scf.forall
// CHECK-NOT:         arith.select
// CHECK:             vector.fma
// CHECK-NOT:         arith.select
// CHECK:           scf.forall
// CHECK:             vector.fma
// CHECK-NEXT:        arith.select
// CHECK:           arith.maximumf
// CHECK:           vector.contract
// CHECK:           scf.forall.in_parallel
// CHECK-NOT:     step (24)
// CHECK-NOT:     tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK:         return

// WHOLE-LABEL: func.func @attention(
// WHOLE:         %[[N:.*]] = tensor.dim %{{.*}}, %c0
// WHOLE:         %[[M:.*]] = tensor.dim %{{.*}}, %c0
// WHOLE:         tensor.empty(%[[N]], %[[M]]) : tensor<?x?xf32>
#q = affine_map<(i, j, k) -> (i, k)>
#k = affine_map<(i, j, k) -> (j, k)>
#s = affine_map<(i, j, k) -> (i, j)>
#p = affine_map<(i, d, j) -> (i, j)>
#v = affine_map<(i, d, j) -> (j, d)>
#o = affine_map<(i, d, j) -> (i, d)>
#id = affine_map<(i, j) -> (i, j)>
func.func @attention(%q: tensor<?x64xf32>, %k: tensor<?x64xf32>, %v: tensor<?x64xf32>, %out: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %q, %c0 : tensor<?x64xf32>
  %m = tensor.dim %k, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %scores = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<?x64xf32>, tensor<?x64xf32>) outs(%z : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m1 = arith.mulf %a, %b : f32
    %s1 = arith.addf %acc, %m1 : f32
    linalg.yield %s1 : f32
  } -> tensor<?x?xf32>
  %probs = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]} outs(%scores : tensor<?x?xf32>) {
  ^bb0(%x: f32):
    %x1 = arith.maximumf %x, %zero : f32
    linalg.yield %x1 : f32
  } -> tensor<?x?xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%out : tensor<?x64xf32>) -> tensor<?x64xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%probs, %v : tensor<?x?xf32>, tensor<?x64xf32>) outs(%oz : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m1 = arith.mulf %a, %b : f32
    %s1 = arith.addf %acc, %m1 : f32
    linalg.yield %s1 : f32
  } -> tensor<?x64xf32>
  return %o : tensor<?x64xf32>
}

// -----

// A softmax computed in the kernel of a batched product (`P V` after scores
// computed elsewhere): the product is tiled by 1 along the batch and 24
// rows, and the softmax's maximum, sum and result are fused into the tile,
// so `P` exists one tile of rows at a time. The maximum is computed once
// per tile although both the sum and the result read it. The loops over the
// keys inside the row tile are peeled: whole tiles of the probabilities are
// computed unmasked.

// CHECK-LABEL: func.func @softmax_then_values(
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, %{{.*}}) step (1, 24)
// CHECK:             %[[ROWS:.*]] = affine.min
// CHECK:             vector.multi_reduction <maximumf>
// CHECK-NOT:         vector.multi_reduction <maximumf>
// CHECK:             vector.multi_reduction <add>
// CHECK:             tensor.empty(%[[ROWS]], %{{.*}}) : tensor<1x?x?xf32>
// CHECK:             scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, %[[SPLIT:.*]]) step (1, 16)
// CHECK-NOT:           vector.create_mask
// CHECK:               vector.transfer_write
// CHECK:             scf.forall (%{{.*}}, %{{.*}}) = (0, %[[SPLIT]]) to (%{{.*}}, %{{.*}}) step (1, 16)
// CHECK:               vector.create_mask
// CHECK:             vector.contract

// WHOLE-LABEL: func.func @softmax_then_values(
// WHOLE:         tensor.empty(%{{.*}}, %{{.*}}, %{{.*}}) : tensor<?x?x?xf32>
#x3 = affine_map<(h, i, j) -> (h, i, j)>
#r3 = affine_map<(h, i, j) -> (h, i)>
#p = affine_map<(h, i, d, j) -> (h, i, j)>
#v = affine_map<(h, i, d, j) -> (h, j, d)>
#o = affine_map<(h, i, d, j) -> (h, i, d)>
func.func @softmax_then_values(%s: tensor<?x?x?xf32>, %v: tensor<?x?x64xf32>, %out: tensor<?x?x64xf32>) -> tensor<?x?x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %h = tensor.dim %s, %c0 : tensor<?x?x?xf32>
  %n = tensor.dim %s, %c1 : tensor<?x?x?xf32>
  %m = tensor.dim %s, %c2 : tensor<?x?x?xf32>
  %re = tensor.empty(%h, %n) : tensor<?x?xf32>
  %mi = linalg.fill ins(%ninf : f32) outs(%re : tensor<?x?xf32>) -> tensor<?x?xf32>
  %max = linalg.generic {indexing_maps = [#x3, #r3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s : tensor<?x?x?xf32>) outs(%mi : tensor<?x?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %acc, %x : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<?x?xf32>) -> tensor<?x?xf32>
  %sum = linalg.generic {indexing_maps = [#x3, #r3, #r3], iterator_types = ["parallel", "parallel", "reduction"]} ins(%s, %max : tensor<?x?x?xf32>, tensor<?x?xf32>) outs(%si : tensor<?x?xf32>) {
  ^bb0(%x: f32, %mx: f32, %acc: f32):
    %d = arith.subf %x, %mx : f32
    %e = math.exp %d : f32
    %y = arith.addf %acc, %e : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  %pe = tensor.empty(%h, %n, %m) : tensor<?x?x?xf32>
  %probs = linalg.generic {indexing_maps = [#x3, #r3, #r3, #x3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s, %max, %sum : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>) outs(%pe : tensor<?x?x?xf32>) {
  ^bb0(%x: f32, %mx: f32, %sm: f32, %acc: f32):
    %d = arith.subf %x, %mx : f32
    %e = math.exp %d : f32
    %y = arith.divf %e, %sm : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%out : tensor<?x?x64xf32>) -> tensor<?x?x64xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%probs, %v : tensor<?x?x?xf32>, tensor<?x?x64xf32>) outs(%oz : tensor<?x?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m1 = arith.mulf %a, %b : f32
    %s1 = arith.addf %acc, %m1 : f32
    linalg.yield %s1 : f32
  } -> tensor<?x?x64xf32>
  return %o : tensor<?x?x64xf32>
}

// -----

// Without a batch dim the second operand of a row tile would be the whole
// weight, read again for every 16 rows: the product keeps its own schedule
// and the softmax is computed whole before it. With `reduction-rows` the
// softmax alone is computed in tiles of 16 rows (an `scf.forall`), its sum
// fused into each tile; the ops in a tile have loops of their own, which
// --relax-cpu-sequential-inner-foralls later makes sequential.

// CHECK-LABEL: func.func @softmax_then_weights(
// CHECK:         tensor.empty(%{{.*}}) : tensor<?x512xf32>
// CHECK:         scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 512) step (1, 16)
// CHECK:         scf.forall (%{{.*}}) = (0) to (64) step (32)

// REDUCE-LABEL: func.func @softmax_then_weights(
// REDUCE:         scf.forall (%{{.*}}) = (0) to (%{{.*}}) step (16)
// REDUCE:           scf.forall
// REDUCE:             vector.multi_reduction <add>
// REDUCE:           scf.forall (%{{.*}}, %{{.*}}) = (0, 0) to (%{{.*}}, 512) step (1, 16)
// REDUCE:             arith.divf
// REDUCE:         scf.forall.in_parallel
// REDUCE:         scf.forall (%{{.*}}) = (0) to (64) step (32)
#x2 = affine_map<(i, j) -> (i, j)>
#r2 = affine_map<(i, j) -> (i)>
#p = affine_map<(i, d, j) -> (i, j)>
#w = affine_map<(i, d, j) -> (j, d)>
#o = affine_map<(i, d, j) -> (i, d)>
func.func @softmax_then_weights(%s: tensor<?x512xf32>, %w: tensor<512x64xf32>, %out: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %s, %c0 : tensor<?x512xf32>
  %re = tensor.empty(%n) : tensor<?xf32>
  %si = linalg.fill ins(%zero : f32) outs(%re : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {indexing_maps = [#x2, #r2], iterator_types = ["parallel", "reduction"]} ins(%s : tensor<?x512xf32>) outs(%si : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %e = math.exp %x : f32
    %y = arith.addf %acc, %e : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  %pe = tensor.empty(%n) : tensor<?x512xf32>
  %probs = linalg.generic {indexing_maps = [#x2, #r2, #x2], iterator_types = ["parallel", "parallel"]} ins(%s, %sum : tensor<?x512xf32>, tensor<?xf32>) outs(%pe : tensor<?x512xf32>) {
  ^bb0(%x: f32, %sm: f32, %acc: f32):
    %e = math.exp %x : f32
    %y = arith.divf %e, %sm : f32
    linalg.yield %y : f32
  } -> tensor<?x512xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%out : tensor<?x64xf32>) -> tensor<?x64xf32>
  %o = linalg.generic {indexing_maps = [#p, #w, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%probs, %w : tensor<?x512xf32>, tensor<512x64xf32>) outs(%oz : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m1 = arith.mulf %a, %b : f32
    %s1 = arith.addf %acc, %m1 : f32
    linalg.yield %s1 : f32
  } -> tensor<?x64xf32>
  return %o : tensor<?x64xf32>
}
