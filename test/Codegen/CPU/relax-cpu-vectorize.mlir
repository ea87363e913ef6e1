// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-cpu-vectorize))" | FileCheck %s

// The inputs are innermost tiles as relax-cpu-tile marks them (then
// canonicalized, as in relax-tile-and-vectorize).

// An elementwise tile of a symbolic width is vectorized whole with the
// marked 1 x 16 vectors under a mask of its width: the masked transfers
// take the mask as an operand (no `vector.mask` region left). `math.exp`,
// which has no vector instruction, becomes a polynomial on the whole vector
// (fmas, a floor and a 2^n built by a shift and a bitcast), not a call per
// lane. The mark is removed.

// CHECK-LABEL: func.func @exp_tile(
// CHECK-SAME:    %{{[^:]*}}: tensor<?x?xf32>, %{{[^:]*}}: tensor<?x?xf32>, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[N:[^:]*]]: index
// CHECK-NOT:     relax_codegen.vector_sizes
// CHECK-DAG:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG:     %[[PAD:.+]] = ub.poison : f32
// CHECK:         %[[X:.+]] = tensor.extract_slice
// CHECK:         %[[Y:.+]] = tensor.extract_slice
// CHECK:         %[[MASK:.+]] = vector.create_mask %[[C1]], %[[N]] : vector<1x16xi1>
// CHECK:         %[[V:.+]] = vector.transfer_read %[[X]][%[[C0]], %[[C0]]], %[[PAD]], %[[MASK]] {in_bounds = [true, true]} : tensor<1x?xf32>, vector<1x16xf32>
// CHECK-NOT:     math.exp
// CHECK-NOT:     call
// CHECK:         math.fma %{{.+}} : vector<1x16xf32>
// CHECK:         math.floor %{{.+}} : vector<1x16xf32>
// CHECK:         arith.shli %{{.+}} : vector<1x16xi32>
// CHECK:         %[[POW:.+]] = arith.bitcast %{{.+}} : vector<1x16xi32> to vector<1x16xf32>
// CHECK:         %[[E:.+]] = arith.mulf %{{.+}}, %[[POW]] : vector<1x16xf32>
// CHECK-NOT:     vector.mask
// CHECK:         %[[W:.+]] = vector.transfer_write %[[E]], %[[Y]][%[[C0]], %[[C0]]], %[[MASK]] {in_bounds = [true, true]} : vector<1x16xf32>, tensor<1x?xf32>
// CHECK:         return %[[W]]
func.func @exp_tile(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %i: index, %j: index, %n: index) -> tensor<1x?xf32> {
  %xt = tensor.extract_slice %x[%i, %j] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<1x?xf32>
  %yt = tensor.extract_slice %y[%i, %j] [1, %n] [1, 1] : tensor<?x?xf32> to tensor<1x?xf32>
  %e = linalg.exp {relax_codegen.vector_sizes = array<i64: 1, 16>} ins(%xt : tensor<1x?xf32>) outs(%yt : tensor<1x?xf32>) -> tensor<1x?xf32>
  return %e : tensor<1x?xf32>
}

// -----

// A contraction tile becomes one `vector.contract` that reads each operand
// in its own layout (an 8 x 1 column of the left operand, a 1 x 32 row of
// the right one). A full tile has static shapes and no masks; the partial
// tile of a symbolic number of rows reads and writes under masks of its
// rows, and its contract is masked.

// CHECK-DAG:   #[[LHS:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[RHS:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[ACC:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @contract_tiles(
// CHECK-SAME:    %[[A:[^:]*]]: tensor<8x1xf32>, %[[B:[^:]*]]: tensor<1x32xf32>, %[[C:[^:]*]]: tensor<8x32xf32>, %[[PA:[^:]*]]: tensor<?x1xf32>, %[[PC:[^:]*]]: tensor<?x32xf32>
// CHECK-NOT:     linalg.contract
// CHECK:         %[[VA:.+]] = vector.transfer_read %[[A]]{{.*}} {in_bounds = [true, true]} : tensor<8x1xf32>, vector<8x1xf32>
// CHECK:         %[[VB:.+]] = vector.transfer_read %[[B]]{{.*}} {in_bounds = [true, true]} : tensor<1x32xf32>, vector<1x32xf32>
// CHECK:         %[[VC:.+]] = vector.transfer_read %[[C]]{{.*}} {in_bounds = [true, true]} : tensor<8x32xf32>, vector<8x32xf32>
// CHECK:         %[[R:.+]] = vector.contract {indexing_maps = [#[[LHS]], #[[RHS]], #[[ACC]]], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %[[VA]], %[[VB]], %[[VC]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK:         %[[W:.+]] = vector.transfer_write %[[R]], %[[C]]{{.*}} {in_bounds = [true, true]} : vector<8x32xf32>, tensor<8x32xf32>
// CHECK:         %[[MA:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<8x1xi1>
// CHECK:         %[[VPA:.+]] = vector.transfer_read %[[PA]][%{{.+}}, %{{.+}}], %{{.+}}, %[[MA]] {{.*}} : tensor<?x1xf32>, vector<8x1xf32>
// CHECK:         %[[MC:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<8x32xi1>
// CHECK:         %[[VPC:.+]] = vector.transfer_read %[[PC]][%{{.+}}, %{{.+}}], %{{.+}}, %[[MC]] {{.*}} : tensor<?x32xf32>, vector<8x32xf32>
// CHECK:         %[[MK:.+]] = vector.create_mask %{{.+}}, %{{.+}}, %{{.+}} : vector<8x32x1xi1>
// CHECK:         %[[P:.+]] = vector.mask %[[MK]] { vector.contract {{.*}} %[[VPA]], %{{.+}}, %[[VPC]] : vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32> } : vector<8x32x1xi1> -> vector<8x32xf32>
// CHECK:         %[[PW:.+]] = vector.transfer_write %[[P]], %[[PC]][%{{.+}}, %{{.+}}], %{{.+}} {{.*}} : vector<8x32xf32>, tensor<?x32xf32>
// CHECK:         return %[[W]], %[[PW]]
#a = affine_map<(i, j, k) -> (i, k)>
#b = affine_map<(i, j, k) -> (k, j)>
#c = affine_map<(i, j, k) -> (i, j)>
func.func @contract_tiles(%a: tensor<8x1xf32>, %b: tensor<1x32xf32>, %c: tensor<8x32xf32>, %pa: tensor<?x1xf32>, %pc: tensor<?x32xf32>) -> (tensor<8x32xf32>, tensor<?x32xf32>) {
  %r = linalg.contract indexing_maps = [#a, #b, #c] {relax_codegen.vector_sizes = array<i64: 8, 32, 1>} ins(%a, %b : tensor<8x1xf32>, tensor<1x32xf32>) outs(%c : tensor<8x32xf32>) -> tensor<8x32xf32>
  %p = linalg.contract indexing_maps = [#a, #b, #c] {relax_codegen.vector_sizes = array<i64: 8, 32, 1>} ins(%pa, %b : tensor<?x1xf32>, tensor<1x32xf32>) outs(%pc : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %r, %p : tensor<8x32xf32>, tensor<?x32xf32>
}

// -----

// A row reduction of a symbolic length: a masked `vector.multi_reduction`
// over the 16 lanes, reading under the mask of the row's length. `math.tanh`
// becomes a rational polynomial on the whole vector.

// CHECK-LABEL: func.func @row_sum_tanh(
// CHECK-SAME:    %[[X:[^:]*]]: tensor<1x?xf32>, %[[INIT:[^:]*]]: tensor<1xf32>
// CHECK-NOT:     relax_codegen.vector_sizes
// CHECK:         %[[N:.+]] = tensor.dim %[[X]]
// CHECK:         %[[MASK:.+]] = vector.create_mask %{{.+}}, %[[N]] : vector<1x16xi1>
// CHECK:         %[[V:.+]] = vector.transfer_read %[[X]][%{{.+}}, %{{.+}}], %{{.+}}, %[[MASK]] {{.*}} : tensor<1x?xf32>, vector<1x16xf32>
// CHECK:         %[[ACC:.+]] = vector.transfer_read %[[INIT]]{{.*}} : tensor<1xf32>, vector<1xf32>
// CHECK-NOT:     math.tanh
// CHECK:         math.fma %{{.+}} : vector<1x16xf32>
// CHECK:         %[[T:.+]] = arith.select %{{.+}} : vector<1x16xi1>, vector<1x16xf32>
// CHECK:         %[[S:.+]] = vector.mask %[[MASK]] { vector.multi_reduction <add>, %[[T]], %[[ACC]] [1] : vector<1x16xf32> to vector<1xf32> } : vector<1x16xi1> -> vector<1xf32>
// CHECK:         vector.transfer_write %[[S]], %[[INIT]]
func.func @row_sum_tanh(%x: tensor<1x?xf32>, %init: tensor<1xf32>) -> tensor<1xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x?xf32>) outs(%init : tensor<1xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 16>} {
  ^bb0(%a: f32, %acc: f32):
    %e = math.tanh %a : f32
    %s = arith.addf %e, %acc : f32
    linalg.yield %s : f32
  } -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// A read at computed indices (an embedding lookup: row `ids[i]`, columns
// `j + d`) becomes a `vector.gather` of the 16 lanes.

// CHECK-LABEL: func.func @gather(
// CHECK-SAME:    %[[TABLE:[^:]*]]: tensor<?x64xf32>
// CHECK-NOT:     tensor.extract
// CHECK:         %[[G:.+]] = vector.gather %[[TABLE]][%{{.+}}, %{{.+}}] [%{{.+}}], %{{.+}}, %{{.+}} : tensor<?x64xf32>, vector<1x16xindex>, vector<1x16xi1>, vector<1x16xf32> into vector<1x16xf32>
// CHECK:         vector.transfer_write %[[G]]
// CHECK-NOT:     relax_codegen.vector_sizes
func.func @gather(%table: tensor<?x64xf32>, %ids: tensor<1xindex>, %out: tensor<1x16xf32>, %j: index) -> tensor<1x16xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(i, d) -> (i)>, affine_map<(i, d) -> (i, d)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<1xindex>) outs(%out : tensor<1x16xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 16>} {
  ^bb0(%id: index, %o: f32):
    %d = linalg.index 1 : index
    %col = arith.addi %d, %j : index
    %v = tensor.extract %table[%id, %col] : tensor<?x64xf32>
    linalg.yield %v : f32
  } -> tensor<1x16xf32>
  return %r : tensor<1x16xf32>
}

// -----

// What is not vectorized stays scalar, without its mark: a pool's windowed
// map (`2 * w + k`), which the vectorizer does not take, and a reduction
// whose body reads no input (a count: MLIR 22's vectorizer would add the
// one once instead of once per element).

// CHECK-LABEL: func.func @scalar_ops(
// CHECK-NOT:     vector.
// CHECK:         %[[POOL:.+]] = linalg.generic
// CHECK-NOT:       relax_codegen.vector_sizes
// CHECK:           arith.maximumf
// CHECK:         %[[COUNT:.+]] = linalg.generic
// CHECK-NOT:       relax_codegen.vector_sizes
// CHECK:           arith.addf
// CHECK-NOT:     vector.
// CHECK:         return %[[POOL]], %[[COUNT]]
func.func @scalar_ops(%x: tensor<1x?xf32>, %win: tensor<3xf32>, %init: tensor<1x?xf32>, %acc: tensor<1xf32>) -> (tensor<1x?xf32>, tensor<1xf32>) {
  %one = arith.constant 1.0 : f32
  %pool = linalg.generic {indexing_maps = [affine_map<(n, w, k) -> (n, w * 2 + k)>, affine_map<(n, w, k) -> (k)>, affine_map<(n, w, k) -> (n, w)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %win : tensor<1x?xf32>, tensor<3xf32>) outs(%init : tensor<1x?xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 16, 3>} {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.maximumf %a, %o : f32
    linalg.yield %m : f32
  } -> tensor<1x?xf32>
  %count = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<1x?xf32>) outs(%acc : tensor<1xf32>) attrs = {relax_codegen.vector_sizes = array<i64: 1, 16>} {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %o, %one : f32
    linalg.yield %s : f32
  } -> tensor<1xf32>
  return %pool, %count : tensor<1x?xf32>, tensor<1xf32>
}
