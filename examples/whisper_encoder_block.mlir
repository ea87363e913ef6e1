// The audio encoder of a Whisper-style model (tiny configuration: width 384,
// 6 heads of dim 64, MLP 1536), written with the high-level graph ops: the
// convolutional stem over a log-mel spectrogram (two 1-D convolutions with
// GELU, the second one of stride 2 halving the frame count), the learned
// positional embedding sliced to the sequence length, and one pre-norm
// transformer encoder block with bidirectional attention.
//
// Batch `b` and frame count `t` are symbolic; the weights are static. Every
// intermediate value is written as `!relax.tensor<*, f32>` and shape
// inference fills them all in; the sequence length after the stem is
// `(t + 1) floordiv 2` (ceil(t / 2)):
//
//   relax-opt examples/whisper_encoder_block.mlir --relax-infer-shapes

relax.func @main(%mel: !relax.tensor<[b, 80, t], f32>,
                 %conv1_w: !relax.tensor<[384, 80, 3], f32>,
                 %conv1_b: !relax.tensor<[384, 1], f32>,
                 %conv2_w: !relax.tensor<[384, 384, 3], f32>,
                 %conv2_b: !relax.tensor<[384, 1], f32>,
                 %pos_emb: !relax.tensor<[1500, 384], f32>,
                 %ln1_g: !relax.tensor<[384], f32>,
                 %ln1_b: !relax.tensor<[384], f32>,
                 %wq: !relax.tensor<[384, 384], f32>,
                 %bq: !relax.tensor<[384], f32>,
                 %wk: !relax.tensor<[384, 384], f32>,
                 %wv: !relax.tensor<[384, 384], f32>,
                 %bv: !relax.tensor<[384], f32>,
                 %wo: !relax.tensor<[384, 384], f32>,
                 %bo: !relax.tensor<[384], f32>,
                 %ln2_g: !relax.tensor<[384], f32>,
                 %ln2_b: !relax.tensor<[384], f32>,
                 %w_fc: !relax.tensor<[384, 1536], f32>,
                 %b_fc: !relax.tensor<[1536], f32>,
                 %w_out: !relax.tensor<[1536, 384], f32>,
                 %b_out: !relax.tensor<[384], f32>)
    -> !relax.tensor<*, f32>
    attributes {sym.constraints = [#sym.range<b in [1, 32]>,
                                   #sym.range<t in [1, 3000]>]} {
  %out = relax.dataflow -> !relax.tensor<*, f32> {
    // Convolutional stem: [b, 80, t] -> [b, 384, t] -> [b, 384, ceil(t / 2)].
    %c1 = relax.conv1d %mel, %conv1_w {padding = array<i64: 1, 1>} : (!relax.tensor<[b, 80, t], f32>, !relax.tensor<[384, 80, 3], f32>) -> !relax.tensor<*, f32>
    %c1b = relax.add %c1, %conv1_b : (!relax.tensor<*, f32>, !relax.tensor<[384, 1], f32>) -> !relax.tensor<*, f32>
    %g1 = relax.gelu %c1b : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %c2 = relax.conv1d %g1, %conv2_w {strides = array<i64: 2>, padding = array<i64: 1, 1>} : (!relax.tensor<*, f32>, !relax.tensor<[384, 384, 3], f32>) -> !relax.tensor<*, f32>
    %c2b = relax.add %c2, %conv2_b : (!relax.tensor<*, f32>, !relax.tensor<[384, 1], f32>) -> !relax.tensor<*, f32>
    %g2 = relax.gelu %c2b : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // Frames last -> frames as the sequence: [b, ceil(t / 2), 384].
    %seq = relax.permute_dims %g2 {axes = array<i64: 0, 2, 1>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // Positional embedding for the first ceil(t / 2) positions.
    %pos = relax.strided_slice %pos_emb {axes = array<i64: 0>, begin = #sym.shape<[0]>, end = #sym.shape<[(t + 1) floordiv 2]>} : (!relax.tensor<[1500, 384], f32>) -> !relax.tensor<*, f32>
    %x = relax.add %seq, %pos : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // Self-attention (bidirectional).
    %xn = relax.layer_norm %x, %ln1_g, %ln1_b : (!relax.tensor<*, f32>, !relax.tensor<[384], f32>, !relax.tensor<[384], f32>) -> !relax.tensor<*, f32>
    %q0 = relax.matmul %xn, %wq : (!relax.tensor<*, f32>, !relax.tensor<[384, 384], f32>) -> !relax.tensor<*, f32>
    %q = relax.add %q0, %bq : (!relax.tensor<*, f32>, !relax.tensor<[384], f32>) -> !relax.tensor<*, f32>
    %k = relax.matmul %xn, %wk : (!relax.tensor<*, f32>, !relax.tensor<[384, 384], f32>) -> !relax.tensor<*, f32>
    %v0 = relax.matmul %xn, %wv : (!relax.tensor<*, f32>, !relax.tensor<[384, 384], f32>) -> !relax.tensor<*, f32>
    %v = relax.add %v0, %bv : (!relax.tensor<*, f32>, !relax.tensor<[384], f32>) -> !relax.tensor<*, f32>
    %qh = relax.reshape %q {shape = #sym.shape<[b, ?, 6, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %kh = relax.reshape %k {shape = #sym.shape<[b, ?, 6, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %vh = relax.reshape %v {shape = #sym.shape<[b, ?, 6, 64]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %attn = relax.attention %qh, %kh, %vh : (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %merged = relax.reshape %attn {shape = #sym.shape<[b, ?, 384]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %o0 = relax.matmul %merged, %wo : (!relax.tensor<*, f32>, !relax.tensor<[384, 384], f32>) -> !relax.tensor<*, f32>
    %o = relax.add %o0, %bo : (!relax.tensor<*, f32>, !relax.tensor<[384], f32>) -> !relax.tensor<*, f32>
    %h = relax.add %x, %o : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    // MLP.
    %hn = relax.layer_norm %h, %ln2_g, %ln2_b : (!relax.tensor<*, f32>, !relax.tensor<[384], f32>, !relax.tensor<[384], f32>) -> !relax.tensor<*, f32>
    %fc0 = relax.matmul %hn, %w_fc : (!relax.tensor<*, f32>, !relax.tensor<[384, 1536], f32>) -> !relax.tensor<*, f32>
    %fc = relax.add %fc0, %b_fc : (!relax.tensor<*, f32>, !relax.tensor<[1536], f32>) -> !relax.tensor<*, f32>
    %act = relax.gelu %fc : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %mlp0 = relax.matmul %act, %w_out : (!relax.tensor<*, f32>, !relax.tensor<[1536, 384], f32>) -> !relax.tensor<*, f32>
    %mlp = relax.add %mlp0, %b_out : (!relax.tensor<*, f32>, !relax.tensor<[384], f32>) -> !relax.tensor<*, f32>
    %y = relax.add %h, %mlp : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %y : !relax.tensor<*, f32>
  }
  relax.return %out : !relax.tensor<*, f32>
}
