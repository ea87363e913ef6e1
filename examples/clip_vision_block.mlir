// The vision tower stem and one transformer block of a CLIP-style ViT-B/16
// (width 768, 12 heads of dim 64, MLP 3072), written with the high-level
// graph ops: a 16x16 stride-16 convolution cuts the image into patches, the
// patch grid is flattened into a sequence, a learned class token is
// prepended, and one pre-norm transformer block with bidirectional attention
// and the QuickGELU activation `x * sigmoid(1.702 * x)` follows.
//
// Batch `b` and the image size `h` x `w` are symbolic; `h` and `w` are
// multiples of 16, so the sequence has `(h floordiv 16) * (w floordiv 16) + 1`
// tokens. Every intermediate value is written as `!relax.tensor<*, f32>` and
// shape inference fills them all in:
//
//   relax-opt examples/clip_vision_block.mlir --relax-infer-shapes

relax.func @main(%image: !relax.tensor<[b, 3, h, w], f32>,
                 %patch_w: !relax.tensor<[768, 3, 16, 16], f32>,
                 %class_emb: !relax.tensor<[1, 1, 768], f32>,
                 %ln_pre_g: !relax.tensor<[768], f32>,
                 %ln_pre_b: !relax.tensor<[768], f32>,
                 %ln1_g: !relax.tensor<[768], f32>,
                 %ln1_b: !relax.tensor<[768], f32>,
                 %wq: !relax.tensor<[768, 768], f32>,
                 %bq: !relax.tensor<[768], f32>,
                 %wk: !relax.tensor<[768, 768], f32>,
                 %bk: !relax.tensor<[768], f32>,
                 %wv: !relax.tensor<[768, 768], f32>,
                 %bv: !relax.tensor<[768], f32>,
                 %wo: !relax.tensor<[768, 768], f32>,
                 %bo: !relax.tensor<[768], f32>,
                 %ln2_g: !relax.tensor<[768], f32>,
                 %ln2_b: !relax.tensor<[768], f32>,
                 %w_fc: !relax.tensor<[768, 3072], f32>,
                 %b_fc: !relax.tensor<[3072], f32>,
                 %w_out: !relax.tensor<[3072, 768], f32>,
                 %b_out: !relax.tensor<[768], f32>)
    -> !relax.tensor<*, f32>
    attributes {sym.constraints = [#sym.range<b in [1, 64]>,
                                   #sym.range<h in [16, 1024]>,
                                   #sym.range<w in [16, 1024]>,
                                   #sym.divisible<h, 16>,
                                   #sym.divisible<w, 16>]} {
  %out = relax.dataflow -> !relax.tensor<*, f32> {
    // Patch embedding: [b, 3, h, w] -> [b, 768, h / 16, w / 16].
    %patches = relax.conv2d %image, %patch_w {strides = array<i64: 16, 16>} : (!relax.tensor<[b, 3, h, w], f32>, !relax.tensor<[768, 3, 16, 16], f32>) -> !relax.tensor<*, f32>
    // Flatten the grid into a sequence of tokens: [b, n, 768].
    %flat = relax.reshape %patches {shape = #sym.shape<[b, 768, ?]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %tokens = relax.permute_dims %flat {axes = array<i64: 0, 2, 1>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // Prepend the class token: [b, n + 1, 768].
    %cls = relax.broadcast_to %class_emb {shape = #sym.shape<[b, 1, 768]>} : (!relax.tensor<[1, 1, 768], f32>) -> !relax.tensor<*, f32>
    %seq = relax.concat %cls, %tokens {axis = 1 : i64} : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %x = relax.layer_norm %seq, %ln_pre_g, %ln_pre_b : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    // Self-attention (bidirectional).
    %xn = relax.layer_norm %x, %ln1_g, %ln1_b : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %q0 = relax.matmul %xn, %wq : (!relax.tensor<*, f32>, !relax.tensor<[768, 768], f32>) -> !relax.tensor<*, f32>
    %q = relax.add %q0, %bq : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %k0 = relax.matmul %xn, %wk : (!relax.tensor<*, f32>, !relax.tensor<[768, 768], f32>) -> !relax.tensor<*, f32>
    %k = relax.add %k0, %bk : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %v0 = relax.matmul %xn, %wv : (!relax.tensor<*, f32>, !relax.tensor<[768, 768], f32>) -> !relax.tensor<*, f32>
    %v = relax.add %v0, %bv : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %qh = relax.reshape %q {shape = #sym.shape<[b, ?, 12, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %kh = relax.reshape %k {shape = #sym.shape<[b, ?, 12, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %vh = relax.reshape %v {shape = #sym.shape<[b, ?, 12, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %attn = relax.attention %qh, %kh, %vh {causal = false} : (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %merged = relax.reshape %attn {shape = #sym.shape<[b, ?, 768]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %o0 = relax.matmul %merged, %wo : (!relax.tensor<*, f32>, !relax.tensor<[768, 768], f32>) -> !relax.tensor<*, f32>
    %o = relax.add %o0, %bo : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %h1 = relax.add %x, %o : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // MLP with QuickGELU: fc * sigmoid(1.702 * fc).
    %hn = relax.layer_norm %h1, %ln2_g, %ln2_b : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %fc0 = relax.matmul %hn, %w_fc : (!relax.tensor<*, f32>, !relax.tensor<[768, 3072], f32>) -> !relax.tensor<*, f32>
    %fc = relax.add %fc0, %b_fc : (!relax.tensor<*, f32>, !relax.tensor<[3072], f32>) -> !relax.tensor<*, f32>
    %alpha = relax.constant dense<1.702> : tensor<f32>
    %alphas = relax.full %alpha {shape = #sym.shape<[3072]>} : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
    %scaled = relax.multiply %fc, %alphas : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %gate = relax.sigmoid %scaled : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %act = relax.multiply %fc, %gate : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %mlp0 = relax.matmul %act, %w_out : (!relax.tensor<*, f32>, !relax.tensor<[3072, 768], f32>) -> !relax.tensor<*, f32>
    %mlp = relax.add %mlp0, %b_out : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %y = relax.add %h1, %mlp : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %y : !relax.tensor<*, f32>
  }
  relax.return %out : !relax.tensor<*, f32>
}
