// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize,canonicalize,cse))" | FileCheck %s
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize{attention-rows=0},canonicalize,cse))" | FileCheck %s --check-prefix=WHOLE

// Back-to-back contractions (attention: scores, an elementwise op standing
// for the softmax, then the scores times the values) are computed in tiles of 16 rows with everything
// between them, in a sequential loop: the scores exist one tile of rows at a
// time (`?x?` of at most 16 rows, not the whole `n x m`), and the row
// maximum and sum of the softmax are per tile too.

// CHECK-LABEL: func.func @attention(
// CHECK-SAME:    %[[Q:.*]]: tensor<?x64xf32>, %[[K:.*]]: tensor<?x64xf32>, %[[V:.*]]: tensor<?x64xf32>
// CHECK:         scf.for %[[I:.*]] = %c0 to %{{.*}} step %c16
// CHECK:           %[[ROWS:.*]] = affine.min
// CHECK:           tensor.empty(%[[ROWS]], %{{.*}}) : tensor<?x?xf32>
// CHECK:           arith.maximumf
// CHECK:           vector.contract
// CHECK:           scf.yield
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
