// A two-layer perceptron classifier (784 -> 256 -> 10) with a symbolic batch
// size `b`:
//
//   y = log_softmax(relu(x @ w1 + b1) @ w2 + b2)
//
// The graph function @main calls five tensor programs through
// `relax.call_tir`; each program is written with upstream linalg on builtin
// tensors in destination-passing style and names its dynamic dims with
// `sym.shape`, so the same program serves every batch size (and @matmul and
// @bias_add serve both layers).
//
// Run it with:
//   relax-opt examples/mlp.mlir
//   relax-opt examples/mlp.mlir --verify-roundtrip
//   relax-opt examples/mlp.mlir --canonicalize

module {

// C[m, n] = sum_k A[m, k] * B[k, n]. The destination is zeroed first, since
// linalg.matmul accumulates into it.
tprog.func @matmul(%a: tensor<?x?xf32> {sym.shape = #sym.shape<[m, k]>},
                   %w: tensor<?x?xf32> {sym.shape = #sym.shape<[k, n]>},
                   %out: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>, tprog.output})
    -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<?x?xf32>) -> tensor<?x?xf32>
  %c = linalg.matmul ins(%a, %w : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  tprog.return %c : tensor<?x?xf32>
}

// out[m, n] = x[m, n] + bias[n]
tprog.func @bias_add(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>},
                     %bias: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                     %out: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>, tprog.output})
    -> tensor<?x?xf32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %bias : tensor<?x?xf32>, tensor<?xf32>)
      outs(%out : tensor<?x?xf32>) {
  ^bb0(%xv: f32, %bv: f32, %o: f32):
    %s = arith.addf %xv, %bv : f32
    linalg.yield %s : f32
  } -> tensor<?x?xf32>
  tprog.return %r : tensor<?x?xf32>
}

// out[m, n] = max(x[m, n], 0)
tprog.func @relu(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>},
                 %out: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>, tprog.output})
    -> tensor<?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%out : tensor<?x?xf32>) {
  ^bb0(%xv: f32, %o: f32):
    %y = arith.maximumf %xv, %zero : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  tprog.return %r : tensor<?x?xf32>
}

// Numerically stable log-softmax over the last axis:
//   out[i, j] = x[i, j] - mx[i] - log(sum_j exp(x[i, j] - mx[i]))
// where mx[i] = max_j x[i, j].
tprog.func @log_softmax(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>},
                        %out: tensor<?x?xf32> {sym.shape = #sym.shape<[m, n]>, tprog.output})
    -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %x, %c0 : tensor<?x?xf32>
  // Row maximum.
  %mx_empty = tensor.empty(%m) : tensor<?xf32>
  %mx_init = linalg.fill ins(%ninf : f32) outs(%mx_empty : tensor<?xf32>) -> tensor<?xf32>
  %mx = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<?x?xf32>) outs(%mx_init : tensor<?xf32>) {
  ^bb0(%xv: f32, %acc: f32):
    %r = arith.maximumf %xv, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  // Row sum of exp(x - max).
  %sum_empty = tensor.empty(%m) : tensor<?xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<?xf32>) -> tensor<?xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x, %mx : tensor<?x?xf32>, tensor<?xf32>) outs(%sum_init : tensor<?xf32>) {
  ^bb0(%xv: f32, %mv: f32, %acc: f32):
    %d = arith.subf %xv, %mv : f32
    %e = math.exp %d : f32
    %r = arith.addf %acc, %e : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  // x - max - log(sum).
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%x, %mx, %sum : tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      outs(%out : tensor<?x?xf32>) {
  ^bb0(%xv: f32, %mv: f32, %sv: f32, %o: f32):
    %d = arith.subf %xv, %mv : f32
    %l = math.log %sv : f32
    %y = arith.subf %d, %l : f32
    linalg.yield %y : f32
  } -> tensor<?x?xf32>
  tprog.return %r : tensor<?x?xf32>
}

relax.func @main(%x: !relax.tensor<[b, 784], f32>,
                 %w1: !relax.tensor<[784, 256], f32>,
                 %b1: !relax.tensor<[256], f32>,
                 %w2: !relax.tensor<[256, 10], f32>,
                 %b2: !relax.tensor<[10], f32>)
    -> !relax.tensor<[b, 10], f32>
    attributes {sym.constraints = [#sym.range<b in [1, 1024]>]} {
  %y = relax.dataflow -> !relax.tensor<[b, 10], f32> {
    %h0 = relax.call_tir @matmul(%x, %w1) : (!relax.tensor<[b, 784], f32>, !relax.tensor<[784, 256], f32>) -> !relax.tensor<[b, 256], f32>
    %h1 = relax.call_tir @bias_add(%h0, %b1) : (!relax.tensor<[b, 256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[b, 256], f32>
    %h2 = relax.call_tir @relu(%h1) : (!relax.tensor<[b, 256], f32>) -> !relax.tensor<[b, 256], f32>
    %l0 = relax.call_tir @matmul(%h2, %w2) : (!relax.tensor<[b, 256], f32>, !relax.tensor<[256, 10], f32>) -> !relax.tensor<[b, 10], f32>
    %l1 = relax.call_tir @bias_add(%l0, %b2) : (!relax.tensor<[b, 10], f32>, !relax.tensor<[10], f32>) -> !relax.tensor<[b, 10], f32>
    %p = relax.call_tir @log_softmax(%l1) : (!relax.tensor<[b, 10], f32>) -> !relax.tensor<[b, 10], f32>
    relax.output %p : !relax.tensor<[b, 10], f32>
  }
  relax.return %y : !relax.tensor<[b, 10], f32>
}

}
