// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-tile-rows))" | FileCheck %s
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-tile-rows{attention-rows=8}))" | FileCheck %s --check-prefix=ROWS8
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-tile-rows{attention-rows=0 reduction-rows=16}))" | FileCheck %s --check-prefix=REDUCE
// RUN: not relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-tile-rows{attention-rows=-1}))" 2>&1 | FileCheck %s --check-prefix=NEGATIVE

// NEGATIVE: error: attention-rows and reduction-rows must not be negative

// Attention (scores, an elementwise op standing for the softmax, then the
// scores times the values) is computed in a parallel loop over tiles of
// `attention-rows` (24) rows: both contractions and the op between them are
// fused into the tile, and the scores of a tile are a `tensor.empty` of
// their own, of the tile's rows. With `attention-rows=0` nothing is tiled
// (`reduction-rows` finds no row reduction here).

// CHECK-LABEL: func.func @attention(
// CHECK-SAME:    %[[Q:[^:]*]]: tensor<?x64xf32>, %[[K:[^:]*]]: tensor<?x64xf32>, %[[V:[^:]*]]: tensor<?x64xf32>, %[[OUT:[^:]*]]: tensor<?x64xf32>
// CHECK:         %[[R:.+]] = scf.forall (%[[I:.+]]) = (0) to (%{{.+}}) step (24) shared_outs(%[[ACC:.+]] = %[[OUT]]) -> (tensor<?x64xf32>) {
// CHECK:           %[[ROWS:.+]] = affine.min #{{.+}}(%[[I]])
// CHECK:           %[[QT:.+]] = tensor.extract_slice %[[Q]][%[[I]], 0] [%[[ROWS]], 64] [1, 1]
// CHECK:           %[[KT:.+]] = tensor.extract_slice %[[K]][0, 0]
// CHECK:           %[[SE:.+]] = tensor.empty(%[[ROWS]], %{{.+}}) : tensor<?x?xf32>
// CHECK:           %[[SF:.+]] = linalg.fill {{.*}} outs(%[[SE]] : tensor<?x?xf32>)
// CHECK:           %[[S:.+]] = linalg.generic {{.*}} ins(%[[QT]], %[[KT]] : tensor<?x64xf32>, tensor<?x64xf32>) outs(%[[SF]] : tensor<?x?xf32>)
// CHECK:           %[[P:.+]] = linalg.generic {{.*}} outs(%[[S]] : tensor<?x?xf32>)
// CHECK:             arith.maximumf
// CHECK:           %[[VT:.+]] = tensor.extract_slice %[[V]][0, 0]
// CHECK:           %[[OT:.+]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [%[[ROWS]], 64] [1, 1]
// CHECK:           %[[OF:.+]] = linalg.fill {{.*}} outs(%[[OT]] : tensor<?x64xf32>)
// CHECK:           %[[O:.+]] = linalg.generic {{.*}} ins(%[[P]], %[[VT]] : tensor<?x?xf32>, tensor<?x64xf32>) outs(%[[OF]] : tensor<?x64xf32>)
// CHECK:           scf.forall.in_parallel {
// CHECK:             tensor.parallel_insert_slice %[[O]] into %[[ACC]][%[[I]], 0] [%[[ROWS]], 64] [1, 1]
// CHECK:           }
// CHECK:         }
// CHECK:         return %[[R]]

// ROWS8-LABEL: func.func @attention(
// ROWS8:         scf.forall (%{{.+}}) = (0) to (%{{.+}}) step (8)

// REDUCE-LABEL: func.func @attention(
// REDUCE-NOT:    scf.for
// REDUCE-NOT:    scf.forall
// REDUCE:        return
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

// An elementwise epilogue of attention (a scale of the output) is the root
// of the row tile: it is tiled by `attention-rows` (here 8) rows and the
// attention is fused into each tile before it.

// ROWS8-LABEL: func.func @attention_scaled(
// ROWS8-SAME:    %[[OUT:[^:]*]]: tensor<?x64xf32>) -> tensor<?x64xf32>
// ROWS8-DAG:     %[[HALF:.+]] = arith.constant 5.000000e-01 : f32
// ROWS8:         %[[R:.+]] = scf.forall (%[[I:.+]]) = (0) to (%{{.+}}) step (8) shared_outs(%[[ACC:.+]] = %[[OUT]]) -> (tensor<?x64xf32>) {
// ROWS8:           %[[ROWS:.+]] = affine.min #{{.+}}(%[[I]])
// ROWS8:           %[[SE:.+]] = tensor.empty(%[[ROWS]], %{{.+}}) : tensor<?x?xf32>
// ROWS8:           linalg.generic {{.*}} outs(%{{.+}} : tensor<?x?xf32>)
// ROWS8:             arith.mulf
// ROWS8:           %[[P:.+]] = linalg.generic {{.*}} outs(%[[SE]] : tensor<?x?xf32>)
// ROWS8:             math.exp
// ROWS8:           %[[OE:.+]] = tensor.empty(%[[ROWS]]) : tensor<?x64xf32>
// ROWS8:           %[[OF:.+]] = linalg.fill {{.*}} outs(%[[OE]] : tensor<?x64xf32>)
// ROWS8:           %[[O:.+]] = linalg.generic {{.*}} ins(%[[P]], %{{.+}} : tensor<?x?xf32>, tensor<?x64xf32>) outs(%[[OF]] : tensor<?x64xf32>)
// ROWS8:           %[[DST:.+]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [%[[ROWS]], 64] [1, 1]
// ROWS8:           %[[Y:.+]] = linalg.generic {{.*}} ins(%[[O]] : tensor<?x64xf32>) outs(%[[DST]] : tensor<?x64xf32>)
// ROWS8:             arith.mulf %{{.+}}, %[[HALF]]
// ROWS8:           scf.forall.in_parallel {
// ROWS8:             tensor.parallel_insert_slice %[[Y]] into %[[ACC]][%[[I]], 0] [%[[ROWS]], 64] [1, 1]
// ROWS8:           }
// ROWS8:         }
// ROWS8:         return %[[R]]
#q = affine_map<(i, j, k) -> (i, k)>
#k = affine_map<(i, j, k) -> (j, k)>
#s = affine_map<(i, j, k) -> (i, j)>
#p = affine_map<(i, d, j) -> (i, j)>
#v = affine_map<(i, d, j) -> (j, d)>
#o = affine_map<(i, d, j) -> (i, d)>
#id = affine_map<(i, j) -> (i, j)>
func.func @attention_scaled(%q: tensor<?x64xf32>, %k: tensor<?x64xf32>, %v: tensor<?x64xf32>, %out: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
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
  %pe = tensor.empty(%n, %m) : tensor<?x?xf32>
  %probs = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%scores : tensor<?x?xf32>) outs(%pe : tensor<?x?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %x1 = math.exp %x : f32
    linalg.yield %x1 : f32
  } -> tensor<?x?xf32>
  %oe = tensor.empty(%n) : tensor<?x64xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%oe : tensor<?x64xf32>) -> tensor<?x64xf32>
  %o = linalg.generic {indexing_maps = [#p, #v, #o], iterator_types = ["parallel", "parallel", "reduction"]} ins(%probs, %v : tensor<?x?xf32>, tensor<?x64xf32>) outs(%oz : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m1 = arith.mulf %a, %b : f32
    %s1 = arith.addf %acc, %m1 : f32
    linalg.yield %s1 : f32
  } -> tensor<?x64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%o : tensor<?x64xf32>) outs(%out : tensor<?x64xf32>) {
  ^bb0(%x: f32, %y: f32):
    %x1 = arith.mulf %x, %half : f32
    linalg.yield %x1 : f32
  } -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// -----

// A softmax computed in the kernel of a batched product (`P V` after scores
// computed elsewhere): the product is tiled by 1 along the batch and by 24
// rows, and the softmax's maximum, sum and result are fused into the tile.
// The maximum, which both the sum and the result read, is fused once.

// CHECK-LABEL: func.func @softmax_then_values(
// CHECK-SAME:    %[[S:[^:]*]]: tensor<?x?x?xf32>, %[[V:[^:]*]]: tensor<?x?x64xf32>, %[[OUT:[^:]*]]: tensor<?x?x64xf32>
// CHECK:         scf.forall (%[[H:.+]], %[[I:.+]]) = (0, 0) to (%{{.+}}, %{{.+}}) step (1, 24) shared_outs(%[[ACC:.+]] = %[[OUT]])
// CHECK:             %[[ROWS:.+]] = affine.min #{{.+}}(%[[I]])
// CHECK:             %[[RE:.+]] = tensor.empty(%[[ROWS]]) : tensor<1x?xf32>
// CHECK:             %[[MAX:.+]] = linalg.generic {{.*}} outs(%{{.+}} : tensor<1x?xf32>)
// CHECK:               arith.maximumf
// CHECK-NOT:         arith.maximumf
// CHECK:             %[[SUM:.+]] = linalg.generic {{.*}} ins(%{{.+}}, %[[MAX]] : tensor<1x?x?xf32>, tensor<1x?xf32>) outs(%{{.+}} : tensor<1x?xf32>)
// CHECK:             %[[PE:.+]] = tensor.empty(%[[ROWS]], %{{.+}}) : tensor<1x?x?xf32>
// CHECK:             %[[PROBS:.+]] = linalg.generic {{.*}} ins(%{{.+}}, %[[MAX]], %[[SUM]] : tensor<1x?x?xf32>, tensor<1x?xf32>, tensor<1x?xf32>) outs(%[[PE]] : tensor<1x?x?xf32>)
// CHECK:             %[[VT:.+]] = tensor.extract_slice %[[V]][%[[H]], 0, 0] [1, %{{.+}}, 64] [1, 1, 1]
// CHECK:             %[[OT:.+]] = tensor.extract_slice %[[ACC]][%[[H]], %[[I]], 0] [1, %[[ROWS]], 64] [1, 1, 1]
// CHECK:             %[[OF:.+]] = linalg.fill {{.*}} outs(%[[OT]] : tensor<1x?x64xf32>)
// CHECK:             %[[O:.+]] = linalg.generic {{.*}} ins(%[[PROBS]], %[[VT]] : tensor<1x?x?xf32>, tensor<1x?x64xf32>) outs(%[[OF]] : tensor<1x?x64xf32>)
// CHECK:             tensor.parallel_insert_slice %[[O]] into %[[ACC]][%[[H]], %[[I]], 0] [1, %[[ROWS]], 64] [1, 1, 1]
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

// Without a batch dim, the second operand of a row tile would be the whole
// weight, read again for every tile: the softmax and the product are left
// alone. With `reduction-rows` (and `attention-rows=0`) the softmax alone
// is computed in tiles of 16 rows (an `scf.forall`), its sum fused into each
// tile, of which it is a `tensor.empty` of its own; the product stays
// outside.

// CHECK-LABEL: func.func @softmax_then_weights(
// CHECK-NOT:     scf.for
// CHECK-NOT:     scf.forall
// CHECK:         return

// REDUCE-LABEL: func.func @softmax_then_weights(
// REDUCE-SAME:    %[[S:[^:]*]]: tensor<?x512xf32>
// REDUCE:         %[[PROBS:.+]] = scf.forall (%[[I:.+]]) = (0) to (%{{.+}}) step (16) shared_outs(%[[ACC:.+]] = %{{.+}}) -> (tensor<?x512xf32>) {
// REDUCE:           %[[ROWS:.+]] = affine.min #{{.+}}(%[[I]])
// REDUCE:           %[[ST:.+]] = tensor.extract_slice %[[S]][%[[I]], 0] [%[[ROWS]], 512] [1, 1]
// REDUCE:           %[[SE:.+]] = tensor.empty(%[[ROWS]]) : tensor<?xf32>
// REDUCE:           %[[SF:.+]] = linalg.fill {{.*}} outs(%[[SE]] : tensor<?xf32>)
// REDUCE:           %[[SUM:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[ST]] : tensor<?x512xf32>) outs(%[[SF]] : tensor<?xf32>)
// REDUCE:           %[[OT:.+]] = tensor.extract_slice %[[ACC]][%[[I]], 0] [%[[ROWS]], 512] [1, 1]
// REDUCE:           %[[P:.+]] = linalg.generic {{.*}} ins(%[[ST]], %[[SUM]] : tensor<?x512xf32>, tensor<?xf32>) outs(%[[OT]] : tensor<?x512xf32>)
// REDUCE:             arith.divf
// REDUCE:           scf.forall.in_parallel {
// REDUCE:             tensor.parallel_insert_slice %[[P]] into %[[ACC]][%[[I]], 0] [%[[ROWS]], 512] [1, 1]
// REDUCE:         }
// REDUCE-NOT:     scf.for
// REDUCE:         linalg.generic {{.*}} ins(%[[PROBS]], %{{.+}} : tensor<?x512xf32>, tensor<512x64xf32>)
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

// -----

// Scores read by two ops of the softmax (its maximum and its exponentials)
// are fused into the tile for each of them; the sizes of both slices are
// read from the inputs, so the two copies are one, and the scores of a tile
// are computed once.

// CHECK-LABEL: func.func @scores_read_twice(
// CHECK-SAME:    %[[Q:[^:]*]]: tensor<?x64xf32>
// CHECK:         scf.forall
// CHECK:           %[[QT:.+]] = tensor.extract_slice %[[Q]]
// CHECK:           linalg.generic {{.*}} ins(%[[QT]], %{{.+}} : tensor<?x64xf32>, tensor<?x64xf32>)
// CHECK-NOT:       ins(%[[QT]],
// CHECK:           arith.maximumf
// CHECK:           math.exp
// CHECK:           scf.forall.in_parallel
func.func @scores_read_twice(%q: tensor<?x64xf32>, %k: tensor<?x64xf32>, %v: tensor<?x64xf32>, %out: tensor<?x64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %n = tensor.dim %q, %c0 : tensor<?x64xf32>
  %m = tensor.dim %k, %c0 : tensor<?x64xf32>
  %e = tensor.empty(%n, %m) : tensor<?x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %scores = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%q, %k : tensor<?x64xf32>, tensor<?x64xf32>) outs(%z : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m1 = arith.mulf %a, %b : f32
    %s1 = arith.addf %acc, %m1 : f32
    linalg.yield %s1 : f32
  } -> tensor<?x?xf32>
  %re = tensor.empty(%n) : tensor<?xf32>
  %rf = linalg.fill ins(%ninf : f32) outs(%re : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%scores : tensor<?x?xf32>) outs(%rf : tensor<?xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %y = arith.maximumf %acc, %x : f32
    linalg.yield %y : f32
  } -> tensor<?xf32>
  %pe = tensor.empty(%n, %m) : tensor<?x?xf32>
  %probs = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%scores, %max : tensor<?x?xf32>, tensor<?xf32>) outs(%pe : tensor<?x?xf32>) {
  ^bb0(%x: f32, %mx: f32, %o: f32):
    %d = arith.subf %x, %mx : f32
    %y = math.exp %d : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  %oz = linalg.fill ins(%zero : f32) outs(%out : tensor<?x64xf32>) -> tensor<?x64xf32>
  %o = linalg.generic {indexing_maps = [affine_map<(i, d, j) -> (i, j)>, affine_map<(i, d, j) -> (j, d)>, affine_map<(i, d, j) -> (i, d)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%probs, %v : tensor<?x?xf32>, tensor<?x64xf32>) outs(%oz : tensor<?x64xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m1 = arith.mulf %a, %b : f32
    %s1 = arith.addf %acc, %m1 : f32
    linalg.yield %s1 : f32
  } -> tensor<?x64xf32>
  return %o : tensor<?x64xf32>
}
