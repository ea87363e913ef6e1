// A Llama-style decoder layer for incremental decoding with a KV cache,
// written with the high-level graph ops. Grouped-query attention: 8 query
// heads and 2 key/value heads of dim 64 over a model width of 512, rotary
// position embeddings, RMSNorm and a SwiGLU MLP (hidden 1376).
//
// Only the parameters carry shapes: batch `b`, new tokens `s` and cached
// tokens `p` are symbolic, the weights are static. Every intermediate value
// is written as `!relax.tensor<*, f32>`; shape inference fills them all in:
//
//   relax-opt examples/llama_layer.mlir --relax-infer-shapes
//
// The layer returns the hidden state and the updated cache, whose length is
// `p + s`.

relax.func @main(%x: !relax.tensor<[b, s, 512], f32>,
                 %past_k: !relax.tensor<[b, p, 2, 64], f32>,
                 %past_v: !relax.tensor<[b, p, 2, 64], f32>,
                 %cos: !relax.tensor<[s, 64], f32>,
                 %sin: !relax.tensor<[s, 64], f32>,
                 %attn_norm: !relax.tensor<[512], f32>,
                 %wq: !relax.tensor<[512, 512], f32>,
                 %wk: !relax.tensor<[512, 128], f32>,
                 %wv: !relax.tensor<[512, 128], f32>,
                 %wo: !relax.tensor<[512, 512], f32>,
                 %mlp_norm: !relax.tensor<[512], f32>,
                 %w_gate: !relax.tensor<[512, 1376], f32>,
                 %w_up: !relax.tensor<[512, 1376], f32>,
                 %w_down: !relax.tensor<[1376, 512], f32>)
    -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
    attributes {sym.constraints = [#sym.range<b in [1, 64]>,
                                   #sym.range<s in [1, 4096]>,
                                   #sym.range<p in [0, 4096]>]} {
  %out, %new_k, %new_v = relax.dataflow
      -> !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32> {
    // Attention.
    %xn = relax.rms_norm %x, %attn_norm {epsilon = 1.0e-6 : f64} : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512], f32>) -> !relax.tensor<*, f32>
    %q = relax.matmul %xn, %wq : (!relax.tensor<*, f32>, !relax.tensor<[512, 512], f32>) -> !relax.tensor<*, f32>
    %k = relax.matmul %xn, %wk : (!relax.tensor<*, f32>, !relax.tensor<[512, 128], f32>) -> !relax.tensor<*, f32>
    %v = relax.matmul %xn, %wv : (!relax.tensor<*, f32>, !relax.tensor<[512, 128], f32>) -> !relax.tensor<*, f32>
    %qh = relax.reshape %q {shape = #sym.shape<[b, s, 8, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %kh = relax.reshape %k {shape = #sym.shape<[b, s, ?, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %vh = relax.reshape %v {shape = #sym.shape<[b, s, 2, ?]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %qr = relax.rotary_embedding %qh, %cos, %sin : (!relax.tensor<*, f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f32>
    %kr = relax.rotary_embedding %kh, %cos, %sin : (!relax.tensor<*, f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f32>
    %keys = relax.concat %past_k, %kr {axis = 1 : i64} : (!relax.tensor<[b, p, 2, 64], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %values = relax.concat %past_v, %vh {axis = 1 : i64} : (!relax.tensor<[b, p, 2, 64], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %attn = relax.attention %qr, %keys, %values {causal = true} : (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %merged = relax.reshape %attn {shape = #sym.shape<[b, s, 512]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %o = relax.matmul %merged, %wo : (!relax.tensor<*, f32>, !relax.tensor<[512, 512], f32>) -> !relax.tensor<*, f32>
    %h = relax.add %x, %o : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // SwiGLU MLP.
    %hn = relax.rms_norm %h, %mlp_norm {epsilon = 1.0e-6 : f64} : (!relax.tensor<*, f32>, !relax.tensor<[512], f32>) -> !relax.tensor<*, f32>
    %gate = relax.matmul %hn, %w_gate : (!relax.tensor<*, f32>, !relax.tensor<[512, 1376], f32>) -> !relax.tensor<*, f32>
    %up = relax.matmul %hn, %w_up : (!relax.tensor<*, f32>, !relax.tensor<[512, 1376], f32>) -> !relax.tensor<*, f32>
    %act = relax.silu %gate : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %prod = relax.multiply %act, %up : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %down = relax.matmul %prod, %w_down : (!relax.tensor<*, f32>, !relax.tensor<[1376, 512], f32>) -> !relax.tensor<*, f32>
    %y = relax.add %h, %down : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %y, %keys, %values : !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>
  }
  relax.return %out, %new_k, %new_v : !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>
}
