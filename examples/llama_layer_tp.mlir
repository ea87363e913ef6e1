// The Llama-style decoder layer of llama_layer.mlir, split over two ranks
// as Megatron-LM and MLC-LLM split it (tensor parallelism). The grid `@tp`
// has two ranks; `relax.split_axes` says which dim of a parameter or result
// is cut into one block per rank:
//
// - the q, k, v, gate and up projections by their output columns, so each
//   rank computes 4 of the 8 query heads, 1 of the 2 key/value heads and
//   half of the MLP's hidden units;
// - the output and down projections by their input rows: each rank's
//   product is a partial sum, and an all-reduce adds them up before the
//   residual adds (two per layer);
// - the KV cache by its heads, in and out: each rank keeps its own heads.
//
// --relax-tensor-parallel turns it into the function each rank runs:
//
//   relax-opt examples/llama_layer_tp.mlir --relax-infer-shapes --relax-tensor-parallel
//
// and relax-run runs it on two MPI ranks, each cutting its blocks out of the
// full weights and inputs:
//
//   mpiexec -n 2 relax-run examples/llama_layer_tp.mlir --size b=1 --size s=8 --size p=16

shard.grid @tp(shape = 2)

relax.func @main(%x: !relax.tensor<[b, s, 512], f32>,
                 %past_k: !relax.tensor<[b, p, 2, 64], f32>
                     {relax.split_axes = #shard<axisarray[[], [], [0]]>},
                 %past_v: !relax.tensor<[b, p, 2, 64], f32>
                     {relax.split_axes = #shard<axisarray[[], [], [0]]>},
                 %cos: !relax.tensor<[s, 64], f32>,
                 %sin: !relax.tensor<[s, 64], f32>,
                 %attn_norm: !relax.tensor<[512], f32>,
                 %wq: !relax.tensor<[512, 512], f32>
                     {relax.split_axes = #shard<axisarray[[], [0]]>},
                 %wk: !relax.tensor<[512, 128], f32>
                     {relax.split_axes = #shard<axisarray[[], [0]]>},
                 %wv: !relax.tensor<[512, 128], f32>
                     {relax.split_axes = #shard<axisarray[[], [0]]>},
                 %wo: !relax.tensor<[512, 512], f32>
                     {relax.split_axes = #shard<axisarray[[0]]>},
                 %mlp_norm: !relax.tensor<[512], f32>,
                 %w_gate: !relax.tensor<[512, 1376], f32>
                     {relax.split_axes = #shard<axisarray[[], [0]]>},
                 %w_up: !relax.tensor<[512, 1376], f32>
                     {relax.split_axes = #shard<axisarray[[], [0]]>},
                 %w_down: !relax.tensor<[1376, 512], f32>
                     {relax.split_axes = #shard<axisarray[[0]]>})
    -> (!relax.tensor<*, f32>,
        !relax.tensor<*, f32> {relax.split_axes = #shard<axisarray[[], [], [0]]>},
        !relax.tensor<*, f32> {relax.split_axes = #shard<axisarray[[], [], [0]]>})
    attributes {relax.grid = @tp,
                sym.constraints = [#sym.range<b in [1, 64]>,
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
