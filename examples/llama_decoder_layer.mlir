// One Llama-style transformer decoder layer, prefill without a KV cache, with
// a symbolic batch size `b` and sequence length `s`:
//
//   h   = x + Wo * attention(rope(Wq * rms_norm(x)), rope(Wk * rms_norm(x)),
//                            Wv * rms_norm(x))             (causal, 8 heads)
//   out = h + Wdown * (silu(Wgate * rms_norm(h)) * (Wup * rms_norm(h)))
//
// Sizes: hidden 512, 8 heads of head_dim 64 (plain multi-head attention),
// MLP intermediate 1376, f32. The rotary tables `cos` and `sin` are [s, 64]
// parameters laid out as in Hugging Face Llama (both halves of the last axis
// repeat the same frequencies). Weights are [in, out] so that projections are
// `x @ W`.
//
// Every graph-level value has a `!relax.tensor` type whose dims are symbolic
// in `b` and `s` ([b, s, 512], [b, 8, s, 64], [b, 8, s, s], ...). All compute
// goes through `relax.call_tir` into `tprog.func` programs written with
// upstream linalg/tensor/arith/math on builtin tensors in destination-passing
// style; their dynamic dims are named with `sym.shape`, and
// `relax.call_tir` deduces each program's own variables from the call (for
// example @split_heads takes an input of width `h * 64` and binds h := 8
// from its destination [b, 8, s, 64], then checks 8 * 64 == 512).
//
// Run it with:
//   relax-opt examples/llama_decoder_layer.mlir
//   relax-opt examples/llama_decoder_layer.mlir --verify-roundtrip
//   relax-opt examples/llama_decoder_layer.mlir --canonicalize

module {

//===----------------------------------------------------------------------===//
// Tensor programs
//===----------------------------------------------------------------------===//

// out[b, s, i] = x[b, s, i] * rsqrt(mean_i(x[b, s, i]^2) + 1e-5) * w[i]
tprog.func @rms_norm(%x: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>},
                     %w: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                     %out: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>, tprog.output})
    -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %b = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %n = tensor.dim %x, %c2 : tensor<?x?x?xf32>
  %n_i64 = arith.index_cast %n : index to i64
  %n_f32 = arith.sitofp %n_i64 : i64 to f32
  // Sum of squares over the hidden axis.
  %ss_empty = tensor.empty(%b, %s) : tensor<?x?xf32>
  %ss_init = linalg.fill ins(%zero : f32) outs(%ss_empty : tensor<?x?xf32>) -> tensor<?x?xf32>
  %ss = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<?x?x?xf32>) outs(%ss_init : tensor<?x?xf32>) {
  ^bb0(%xv: f32, %acc: f32):
    %sq = arith.mulf %xv, %xv : f32
    %r = arith.addf %acc, %sq : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  // Normalize and scale.
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j)>,
                       affine_map<(i, j, k) -> (k)>,
                       affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %ss, %w : tensor<?x?x?xf32>, tensor<?x?xf32>, tensor<?xf32>)
      outs(%out : tensor<?x?x?xf32>) {
  ^bb0(%xv: f32, %ssv: f32, %wv: f32, %o: f32):
    %mean = arith.divf %ssv, %n_f32 : f32
    %t = arith.addf %mean, %eps : f32
    %inv = math.rsqrt %t : f32
    %y0 = arith.mulf %xv, %inv : f32
    %y = arith.mulf %y0, %wv : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  tprog.return %r : tensor<?x?x?xf32>
}

// out[b, s, j] = sum_k x[b, s, k] * w[k, j]
tprog.func @matmul(%x: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, k]>},
                   %w: tensor<?x?xf32> {sym.shape = #sym.shape<[k, n]>},
                   %out: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>, tprog.output})
    -> tensor<?x?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(b, s, j, k) -> (b, s, k)>,
                       affine_map<(b, s, j, k) -> (k, j)>,
                       affine_map<(b, s, j, k) -> (b, s, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<?x?x?xf32>, tensor<?x?xf32>)
      outs(%init : tensor<?x?x?xf32>) {
  ^bb0(%xv: f32, %wv: f32, %acc: f32):
    %m = arith.mulf %xv, %wv : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<?x?x?xf32>
  tprog.return %r : tensor<?x?x?xf32>
}

// [b, s, h * 64] -> [b, h, s, 64]: out[b, i, s, j] = x[b, s, i * 64 + j].
// The number of heads `h` is a symbolic parameter of the program, deduced
// from the destination at each call; the head dim is static.
//
// (Note: the head dim is static on purpose. With both `h` and the head dim
// dynamic, the [2, 3] group of the expand_shape below has two dynamic dims,
// and LLVM 22's `expand-strided-metadata` crashes on the bufferized
// memref.expand_shape: llvm/llvm-project#186830, fixed in LLVM 23.)
tprog.func @split_heads(%x: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, h * 64]>},
                        %out: tensor<?x?x?x64xf32> {sym.shape = #sym.shape<[b, h, s, 64]>, tprog.output})
    -> tensor<?x?x?x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x?xf32>
  %s = tensor.dim %x, %c1 : tensor<?x?x?xf32>
  %h = tensor.dim %out, %c1 : tensor<?x?x?x64xf32>
  %e = tensor.expand_shape %x [[0], [1], [2, 3]] output_shape [%b, %s, %h, 64]
      : tensor<?x?x?xf32> into tensor<?x?x?x64xf32>
  %t = linalg.transpose ins(%e : tensor<?x?x?x64xf32>)
                        outs(%out : tensor<?x?x?x64xf32>) permutation = [0, 2, 1, 3]
  tprog.return %t : tensor<?x?x?x64xf32>
}

// [b, h, s, 64] -> [b, s, h * 64], the inverse of @split_heads. The
// destination is viewed as [b, s, h, 64], written by a transpose, and
// flattened back.
tprog.func @merge_heads(%x: tensor<?x?x?x64xf32> {sym.shape = #sym.shape<[b, h, s, 64]>},
                        %out: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, h * 64]>, tprog.output})
    -> tensor<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tensor.dim %x, %c0 : tensor<?x?x?x64xf32>
  %h = tensor.dim %x, %c1 : tensor<?x?x?x64xf32>
  %s = tensor.dim %x, %c2 : tensor<?x?x?x64xf32>
  %out4 = tensor.expand_shape %out [[0], [1], [2, 3]] output_shape [%b, %s, %h, 64]
      : tensor<?x?x?xf32> into tensor<?x?x?x64xf32>
  %t = linalg.transpose ins(%x : tensor<?x?x?x64xf32>)
                        outs(%out4 : tensor<?x?x?x64xf32>) permutation = [0, 2, 1, 3]
  %r = tensor.collapse_shape %t [[0], [1], [2, 3]]
      : tensor<?x?x?x64xf32> into tensor<?x?x?xf32>
  tprog.return %r : tensor<?x?x?xf32>
}

// Rotary embedding, rotate-half form:
//   out[b, h, s, i] = x[b, h, s, i] * cos[s, i] + rot[b, h, s, i] * sin[s, i]
//   rot[.., i] = -x[.., i + d/2]  for i < d/2
//              =  x[.., i - d/2]  otherwise
tprog.func @rope(%x: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, d]>},
                 %cos: tensor<?x?xf32> {sym.shape = #sym.shape<[s, d]>},
                 %sin: tensor<?x?xf32> {sym.shape = #sym.shape<[s, d]>},
                 %out: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, d]>, tprog.output})
    -> tensor<?x?x?x?xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d = tensor.dim %x, %c3 : tensor<?x?x?x?xf32>
  %half = arith.divui %d, %c2 : index
  %r = linalg.generic {
      indexing_maps = [affine_map<(b, h, s, i) -> (b, h, s, i)>,
                       affine_map<(b, h, s, i) -> (s, i)>,
                       affine_map<(b, h, s, i) -> (s, i)>,
                       affine_map<(b, h, s, i) -> (b, h, s, i)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %cos, %sin : tensor<?x?x?x?xf32>, tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%out : tensor<?x?x?x?xf32>) {
  ^bb0(%xv: f32, %cv: f32, %sv: f32, %o: f32):
    %i0 = linalg.index 0 : index
    %i1 = linalg.index 1 : index
    %i2 = linalg.index 2 : index
    %i3 = linalg.index 3 : index
    %lo = arith.cmpi ult, %i3, %half : index
    %up = arith.addi %i3, %half : index
    %dn = arith.subi %i3, %half : index
    %j = arith.select %lo, %up, %dn : index
    %xo = tensor.extract %x[%i0, %i1, %i2, %j] : tensor<?x?x?x?xf32>
    %xn = arith.negf %xo : f32
    %rot = arith.select %lo, %xn, %xo : f32
    %a = arith.mulf %xv, %cv : f32
    %bb = arith.mulf %rot, %sv : f32
    %y = arith.addf %a, %bb : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?x?xf32>
  tprog.return %r : tensor<?x?x?x?xf32>
}

// Causal attention scores:
//   out[b, h, i, j] = sum_c q[b, h, i, c] * k[b, h, j, c] / sqrt(d)  if j <= i
//                   = -inf                                          if j > i
tprog.func @attn_scores(%q: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, d]>},
                        %k: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, t, d]>},
                        %out: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, t]>, tprog.output})
    -> tensor<?x?x?x?xf32> {
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %d = tensor.dim %q, %c3 : tensor<?x?x?x?xf32>
  %d_i64 = arith.index_cast %d : index to i64
  %d_f32 = arith.sitofp %d_i64 : i64 to f32
  %scale = math.rsqrt %d_f32 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %qk = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j, c) -> (b, h, i, c)>,
                       affine_map<(b, h, i, j, c) -> (b, h, j, c)>,
                       affine_map<(b, h, i, j, c) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>)
      outs(%init : tensor<?x?x?x?xf32>) {
  ^bb0(%qv: f32, %kv: f32, %acc: f32):
    %p = arith.mulf %qv, %kv : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<?x?x?x?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      outs(%qk : tensor<?x?x?x?xf32>) {
  ^bb0(%v: f32):
    %i = linalg.index 2 : index
    %j = linalg.index 3 : index
    %masked = arith.cmpi ugt, %j, %i : index
    %scaled = arith.mulf %v, %scale : f32
    %y = arith.select %masked, %ninf, %scaled : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?x?xf32>
  tprog.return %r : tensor<?x?x?x?xf32>
}

// Softmax over the last axis of a rank-4 tensor. Masked entries are -inf and
// become 0; every row has at least one finite entry (the diagonal).
tprog.func @softmax(%x: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, t]>},
                    %out: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, t]>, tprog.output})
    -> tensor<?x?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %b = tensor.dim %x, %c0 : tensor<?x?x?x?xf32>
  %h = tensor.dim %x, %c1 : tensor<?x?x?x?xf32>
  %s = tensor.dim %x, %c2 : tensor<?x?x?x?xf32>
  // Row maximum.
  %mx_empty = tensor.empty(%b, %h, %s) : tensor<?x?x?xf32>
  %mx_init = linalg.fill ins(%ninf : f32) outs(%mx_empty : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %mx = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>,
                       affine_map<(b, h, i, j) -> (b, h, i)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x : tensor<?x?x?x?xf32>) outs(%mx_init : tensor<?x?x?xf32>) {
  ^bb0(%xv: f32, %acc: f32):
    %r = arith.maximumf %xv, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?x?x?xf32>
  // exp(x - max), written to the destination.
  %ex = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>,
                       affine_map<(b, h, i, j) -> (b, h, i)>,
                       affine_map<(b, h, i, j) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mx : tensor<?x?x?x?xf32>, tensor<?x?x?xf32>)
      outs(%out : tensor<?x?x?x?xf32>) {
  ^bb0(%xv: f32, %mv: f32, %o: f32):
    %dlt = arith.subf %xv, %mv : f32
    %e = math.exp %dlt : f32
    linalg.yield %e : f32
  } -> tensor<?x?x?x?xf32>
  // Row sum.
  %sum_empty = tensor.empty(%b, %h, %s) : tensor<?x?x?xf32>
  %sum_init = linalg.fill ins(%zero : f32) outs(%sum_empty : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %sum = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i, j)>,
                       affine_map<(b, h, i, j) -> (b, h, i)>],
      iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%ex : tensor<?x?x?x?xf32>) outs(%sum_init : tensor<?x?x?xf32>) {
  ^bb0(%ev: f32, %acc: f32):
    %r = arith.addf %acc, %ev : f32
    linalg.yield %r : f32
  } -> tensor<?x?x?xf32>
  // Normalize in place.
  %r = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, j) -> (b, h, i)>,
                       affine_map<(b, h, i, j) -> (b, h, i, j)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%sum : tensor<?x?x?xf32>) outs(%ex : tensor<?x?x?x?xf32>) {
  ^bb0(%sv: f32, %ev: f32):
    %y = arith.divf %ev, %sv : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?x?xf32>
  tprog.return %r : tensor<?x?x?x?xf32>
}

// out[b, h, i, c] = sum_j p[b, h, i, j] * v[b, h, j, c]
tprog.func @attn_values(%p: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, t]>},
                        %v: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, t, d]>},
                        %out: tensor<?x?x?x?xf32> {sym.shape = #sym.shape<[b, h, s, d]>, tprog.output})
    -> tensor<?x?x?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %init = linalg.fill ins(%zero : f32) outs(%out : tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(b, h, i, c, j) -> (b, h, i, j)>,
                       affine_map<(b, h, i, c, j) -> (b, h, j, c)>,
                       affine_map<(b, h, i, c, j) -> (b, h, i, c)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
      ins(%p, %v : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>)
      outs(%init : tensor<?x?x?x?xf32>) {
  ^bb0(%pv: f32, %vv: f32, %acc: f32):
    %m = arith.mulf %pv, %vv : f32
    %a = arith.addf %acc, %m : f32
    linalg.yield %a : f32
  } -> tensor<?x?x?x?xf32>
  tprog.return %r : tensor<?x?x?x?xf32>
}

// Residual connection: out = a + b.
tprog.func @add(%a: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>},
                %b: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>},
                %out: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>, tprog.output})
    -> tensor<?x?x?xf32> {
  %r = linalg.add ins(%a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32>)
                  outs(%out : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  tprog.return %r : tensor<?x?x?xf32>
}

// SwiGLU gate: out = silu(gate) * up, silu(g) = g / (1 + exp(-g)).
tprog.func @swiglu(%gate: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>},
                   %up: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>},
                   %out: tensor<?x?x?xf32> {sym.shape = #sym.shape<[b, s, n]>, tprog.output})
    -> tensor<?x?x?xf32> {
  %one = arith.constant 1.0 : f32
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>,
                       affine_map<(i, j, k) -> (i, j, k)>],
      iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%gate, %up : tensor<?x?x?xf32>, tensor<?x?x?xf32>)
      outs(%out : tensor<?x?x?xf32>) {
  ^bb0(%g: f32, %u: f32, %o: f32):
    %ng = arith.negf %g : f32
    %e = math.exp %ng : f32
    %den = arith.addf %one, %e : f32
    %silu = arith.divf %g, %den : f32
    %y = arith.mulf %silu, %u : f32
    linalg.yield %y : f32
  } -> tensor<?x?x?xf32>
  tprog.return %r : tensor<?x?x?xf32>
}

//===----------------------------------------------------------------------===//
// The decoder layer
//===----------------------------------------------------------------------===//

relax.func @main(%x: !relax.tensor<[b, s, 512], f32>,
                 %attn_norm_w: !relax.tensor<[512], f32>,
                 %wq: !relax.tensor<[512, 512], f32>,
                 %wk: !relax.tensor<[512, 512], f32>,
                 %wv: !relax.tensor<[512, 512], f32>,
                 %wo: !relax.tensor<[512, 512], f32>,
                 %cos: !relax.tensor<[s, 64], f32>,
                 %sin: !relax.tensor<[s, 64], f32>,
                 %mlp_norm_w: !relax.tensor<[512], f32>,
                 %w_gate: !relax.tensor<[512, 1376], f32>,
                 %w_up: !relax.tensor<[512, 1376], f32>,
                 %w_down: !relax.tensor<[1376, 512], f32>)
    -> !relax.tensor<[b, s, 512], f32>
    attributes {sym.constraints = [#sym.range<s in [1, 4096]>,
                                   #sym.range<b in [1, 64]>]} {
  %y = relax.dataflow -> !relax.tensor<[b, s, 512], f32> {
    // Attention block.
    %xn = relax.call_tir @rms_norm(%x, %attn_norm_w) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512], f32>) -> !relax.tensor<[b, s, 512], f32>
    %q = relax.call_tir @matmul(%xn, %wq) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
    %k = relax.call_tir @matmul(%xn, %wk) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
    %v = relax.call_tir @matmul(%xn, %wv) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
    %qh = relax.call_tir @split_heads(%q) : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<[b, 8, s, 64], f32>
    %kh = relax.call_tir @split_heads(%k) : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<[b, 8, s, 64], f32>
    %vh = relax.call_tir @split_heads(%v) : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<[b, 8, s, 64], f32>
    %qr = relax.call_tir @rope(%qh, %cos, %sin) : (!relax.tensor<[b, 8, s, 64], f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<[b, 8, s, 64], f32>
    %kr = relax.call_tir @rope(%kh, %cos, %sin) : (!relax.tensor<[b, 8, s, 64], f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<[b, 8, s, 64], f32>
    %scores = relax.call_tir @attn_scores(%qr, %kr) : (!relax.tensor<[b, 8, s, 64], f32>, !relax.tensor<[b, 8, s, 64], f32>) -> !relax.tensor<[b, 8, s, s], f32>
    %probs = relax.call_tir @softmax(%scores) : (!relax.tensor<[b, 8, s, s], f32>) -> !relax.tensor<[b, 8, s, s], f32>
    %ctx = relax.call_tir @attn_values(%probs, %vh) : (!relax.tensor<[b, 8, s, s], f32>, !relax.tensor<[b, 8, s, 64], f32>) -> !relax.tensor<[b, 8, s, 64], f32>
    %ctx2 = relax.call_tir @merge_heads(%ctx) : (!relax.tensor<[b, 8, s, 64], f32>) -> !relax.tensor<[b, s, 512], f32>
    %attn = relax.call_tir @matmul(%ctx2, %wo) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
    %h = relax.call_tir @add(%x, %attn) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[b, s, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
    // MLP block.
    %hn = relax.call_tir @rms_norm(%h, %mlp_norm_w) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512], f32>) -> !relax.tensor<[b, s, 512], f32>
    %gate = relax.call_tir @matmul(%hn, %w_gate) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 1376], f32>) -> !relax.tensor<[b, s, 1376], f32>
    %up = relax.call_tir @matmul(%hn, %w_up) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 1376], f32>) -> !relax.tensor<[b, s, 1376], f32>
    %act = relax.call_tir @swiglu(%gate, %up) : (!relax.tensor<[b, s, 1376], f32>, !relax.tensor<[b, s, 1376], f32>) -> !relax.tensor<[b, s, 1376], f32>
    %down = relax.call_tir @matmul(%act, %w_down) : (!relax.tensor<[b, s, 1376], f32>, !relax.tensor<[1376, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
    %out = relax.call_tir @add(%h, %down) : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[b, s, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
    relax.output %out : !relax.tensor<[b, s, 512], f32>
  }
  relax.return %y : !relax.tensor<[b, s, 512], f32>
}

}
