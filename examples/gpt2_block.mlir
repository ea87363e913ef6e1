// A GPT-2 transformer block (124M configuration: width 768, 12 heads of
// dim 64, MLP 3072) for incremental decoding with a KV cache, written with
// the high-level graph ops. Pre-norm LayerNorm, a fused QKV projection with
// bias split in three, causal attention over `past + new` keys, and a GELU
// (tanh approximation) MLP.
//
// Batch `b`, new tokens `s` and cached tokens `p` are symbolic; the weights
// are static. Every intermediate value is written as `!relax.tensor<*, f32>`
// and shape inference fills them all in:
//
//   relax-opt examples/gpt2_block.mlir --relax-infer-shapes

relax.func @main(%x: !relax.tensor<[b, s, 768], f32>,
                 %past_k: !relax.tensor<[b, p, 12, 64], f32>,
                 %past_v: !relax.tensor<[b, p, 12, 64], f32>,
                 %ln1_g: !relax.tensor<[768], f32>,
                 %ln1_b: !relax.tensor<[768], f32>,
                 %w_qkv: !relax.tensor<[768, 2304], f32>,
                 %b_qkv: !relax.tensor<[2304], f32>,
                 %w_proj: !relax.tensor<[768, 768], f32>,
                 %b_proj: !relax.tensor<[768], f32>,
                 %ln2_g: !relax.tensor<[768], f32>,
                 %ln2_b: !relax.tensor<[768], f32>,
                 %w_fc: !relax.tensor<[768, 3072], f32>,
                 %b_fc: !relax.tensor<[3072], f32>,
                 %w_out: !relax.tensor<[3072, 768], f32>,
                 %b_out: !relax.tensor<[768], f32>)
    -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
    attributes {sym.constraints = [#sym.range<b in [1, 64]>,
                                   #sym.range<s in [1, 1024]>,
                                   #sym.range<p in [0, 1024]>]} {
  %out, %new_k, %new_v = relax.dataflow
      -> !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32> {
    // Attention.
    %xn = relax.layer_norm %x, %ln1_g, %ln1_b : (!relax.tensor<[b, s, 768], f32>, !relax.tensor<[768], f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %qkv0 = relax.matmul %xn, %w_qkv : (!relax.tensor<*, f32>, !relax.tensor<[768, 2304], f32>) -> !relax.tensor<*, f32>
    %qkv = relax.add %qkv0, %b_qkv : (!relax.tensor<*, f32>, !relax.tensor<[2304], f32>) -> !relax.tensor<*, f32>
    %q, %k, %v = relax.split %qkv {axis = -1 : i64, sections = 3 : i64} : (!relax.tensor<*, f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
    %qh = relax.reshape %q {shape = #sym.shape<[b, s, 12, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %kh = relax.reshape %k {shape = #sym.shape<[b, s, 12, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %vh = relax.reshape %v {shape = #sym.shape<[b, s, ?, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %keys = relax.concat %past_k, %kh {axis = 1 : i64} : (!relax.tensor<[b, p, 12, 64], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %values = relax.concat %past_v, %vh {axis = 1 : i64} : (!relax.tensor<[b, p, 12, 64], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %attn = relax.attention %qh, %keys, %values {causal = true} : (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %merged = relax.reshape %attn {shape = #sym.shape<[b, s, ?]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %proj0 = relax.matmul %merged, %w_proj : (!relax.tensor<*, f32>, !relax.tensor<[768, 768], f32>) -> !relax.tensor<*, f32>
    %proj = relax.add %proj0, %b_proj : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %h = relax.add %x, %proj : (!relax.tensor<[b, s, 768], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // MLP.
    %hn = relax.layer_norm %h, %ln2_g, %ln2_b : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %fc0 = relax.matmul %hn, %w_fc : (!relax.tensor<*, f32>, !relax.tensor<[768, 3072], f32>) -> !relax.tensor<*, f32>
    %fc = relax.add %fc0, %b_fc : (!relax.tensor<*, f32>, !relax.tensor<[3072], f32>) -> !relax.tensor<*, f32>
    %act = relax.gelu_tanh %fc : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %mlp0 = relax.matmul %act, %w_out : (!relax.tensor<*, f32>, !relax.tensor<[3072, 768], f32>) -> !relax.tensor<*, f32>
    %mlp = relax.add %mlp0, %b_out : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %y = relax.add %h, %mlp : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %y, %keys, %values : !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>
  }
  relax.return %out, %new_k, %new_v : !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>
}
