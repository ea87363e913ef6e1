// RUN: relax-opt %s -split-input-file --relax-infer-shapes --relax-tensor-parallel | FileCheck %s
// RUN: relax-opt %relax_src_root/examples/llama_layer_tp.mlir --relax-infer-shapes --relax-tensor-parallel | FileCheck %s --check-prefix=LLAMA

// The shipped Llama layer on two ranks (Megatron's placement): q, k, v,
// gate and up projections split by columns, o and down by rows; 4 of 8
// query heads and 1 of 2 kv heads per rank; two all-reduces, each before a
// residual add; the cache stays split, as its results declare.

// LLAMA: shard.grid @tp(shape = 2)
// LLAMA-LABEL: relax.func @main(
// LLAMA-SAME: %{{.*}}: !relax.tensor<[b, s, 512], f32>,
// LLAMA-SAME: %{{.*}}: !relax.tensor<[b, p, 1, 64], f32> {relax.split_axes
// LLAMA-SAME: %{{.*}}: !relax.tensor<[512, 256], f32> {relax.split_axes
// LLAMA-SAME: %{{.*}}: !relax.tensor<[512, 64], f32> {relax.split_axes
// LLAMA-SAME: %{{.*}}: !relax.tensor<[256, 512], f32> {relax.split_axes
// LLAMA-SAME: %{{.*}}: !relax.tensor<[512, 688], f32> {relax.split_axes
// LLAMA-SAME: %[[DOWN:.*]]: !relax.tensor<[688, 512], f32> {relax.split_axes
// LLAMA-SAME: -> (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[b, p + s, 1, 64], f32> {relax.split_axes
// LLAMA-SAME: relax.partitioned = @tp
// LLAMA-NOT: relax.grid
// LLAMA: reshape %{{.*}} {shape = #sym.shape<[b, s, 4, 64]>} : (!relax.tensor<[b, s, 256], f32>) -> !relax.tensor<[b, s, 4, 64], f32>
// LLAMA: attention {{.*}} -> !relax.tensor<[b, s, 4, 64], f32>
// LLAMA: %[[MERGED:.*]] = reshape %{{.*}} {shape = #sym.shape<[b, s, 256]>}
// LLAMA: %[[O:.*]] = matmul %[[MERGED]], %{{.*}} : {{.*}} -> !relax.tensor<[b, s, 512], f32>
// LLAMA: %[[O_SUM:.*]] = relax.ccl.allreduce %[[O]] : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<[b, s, 512], f32>
// LLAMA: %[[H:.*]] = add %{{.*}}, %[[O_SUM]]
// LLAMA: silu {{.*}} -> !relax.tensor<[b, s, 688], f32>
// LLAMA: %[[D:.*]] = matmul %{{.*}}, %[[DOWN]]
// LLAMA: %[[D_SUM:.*]] = relax.ccl.allreduce %[[D]]
// LLAMA: add %[[H]], %[[D_SUM]]
// LLAMA-NOT: relax.ccl
// LLAMA: output

// GPT-2's block: a fused q/k/v projection and its bias split in three
// segments, so that each rank's split gives its heads of q, k and v; the
// row-parallel projections' biases are added after the all-reduces, and
// the cache, whose results are not declared split, is gathered.

// CHECK-LABEL: relax.func @gpt2_block(
// CHECK-SAME: !relax.tensor<[768, 1152], f32> {relax.split_axes = #shard<axisarray{{\[\[\], \[0\]\]}}>, relax.split_segments = array<i64: 768, 768, 768>}
// CHECK-SAME: !relax.tensor<[1152], f32>
// CHECK-SAME: -> (!relax.tensor<[b, s, 768], f32>, !relax.tensor<[b, p + s, 12, 64], f32>)
// CHECK: %[[QKV:.*]]:3 = split %{{.*}} {axis = -1 : i64, sections = 3 : i64} : (!relax.tensor<[b, s, 1152], f32>) -> (!relax.tensor<[b, s, 384], f32>, !relax.tensor<[b, s, 384], f32>, !relax.tensor<[b, s, 384], f32>)
// CHECK: reshape %[[QKV]]#0 {shape = #sym.shape<[b, s, 6, 64]>}
// CHECK: %[[KEYS:.*]] = concat {{.*}} -> !relax.tensor<[b, p + s, 6, 64], f32>
// CHECK: %[[P:.*]] = matmul {{.*}} -> !relax.tensor<[b, s, 768], f32>
// CHECK: %[[P_SUM:.*]] = relax.ccl.allreduce %[[P]]
// CHECK: add %[[P_SUM]], %{{.*}} : (!relax.tensor<[b, s, 768], f32>, !relax.tensor<[768], f32>)
// CHECK: relax.ccl.allreduce
// CHECK: %[[GATHERED:.*]] = relax.ccl.allgather %[[KEYS]] {axis = 2 : i64, num_ranks = 2 : i64} : (!relax.tensor<[b, p + s, 6, 64], f32>) -> !relax.tensor<[b, p + s, 12, 64], f32>
// CHECK: output %{{.*}}, %[[GATHERED]]
shard.grid @tp(shape = 2)
relax.func @gpt2_block(%x: !relax.tensor<[b, s, 768], f32>,
    %past_k: !relax.tensor<[b, p, 12, 64], f32> {relax.split_axes = #shard<axisarray[[], [], [0]]>},
    %past_v: !relax.tensor<[b, p, 12, 64], f32> {relax.split_axes = #shard<axisarray[[], [], [0]]>},
    %ln1_g: !relax.tensor<[768], f32>, %ln1_b: !relax.tensor<[768], f32>,
    %w_qkv: !relax.tensor<[768, 2304], f32> {relax.split_axes = #shard<axisarray[[], [0]]>, relax.split_segments = array<i64: 768, 768, 768>},
    %b_qkv: !relax.tensor<[2304], f32> {relax.split_axes = #shard<axisarray[[0]]>, relax.split_segments = array<i64: 768, 768, 768>},
    %w_proj: !relax.tensor<[768, 768], f32> {relax.split_axes = #shard<axisarray[[0]]>},
    %b_proj: !relax.tensor<[768], f32>,
    %ln2_g: !relax.tensor<[768], f32>, %ln2_b: !relax.tensor<[768], f32>,
    %w_fc: !relax.tensor<[768, 3072], f32> {relax.split_axes = #shard<axisarray[[], [0]]>},
    %b_fc: !relax.tensor<[3072], f32> {relax.split_axes = #shard<axisarray[[0]]>},
    %w_out: !relax.tensor<[3072, 768], f32> {relax.split_axes = #shard<axisarray[[0]]>},
    %b_out: !relax.tensor<[768], f32>)
    -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>) attributes {relax.grid = @tp} {
  %out, %new_k = relax.dataflow -> !relax.tensor<*, f32>, !relax.tensor<*, f32> {
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
    %hn = relax.layer_norm %h, %ln2_g, %ln2_b : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %fc0 = relax.matmul %hn, %w_fc : (!relax.tensor<*, f32>, !relax.tensor<[768, 3072], f32>) -> !relax.tensor<*, f32>
    %fc = relax.add %fc0, %b_fc : (!relax.tensor<*, f32>, !relax.tensor<[3072], f32>) -> !relax.tensor<*, f32>
    %act = relax.gelu_tanh %fc : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    %mlp0 = relax.matmul %act, %w_out : (!relax.tensor<*, f32>, !relax.tensor<[3072, 768], f32>) -> !relax.tensor<*, f32>
    %mlp = relax.add %mlp0, %b_out : (!relax.tensor<*, f32>, !relax.tensor<[768], f32>) -> !relax.tensor<*, f32>
    %y = relax.add %h, %mlp : (!relax.tensor<*, f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %y, %keys : !relax.tensor<*, f32>, !relax.tensor<*, f32>
  }
  relax.return %out, %new_k : !relax.tensor<*, f32>, !relax.tensor<*, f32>
}

// -----

// A sum over the split dim is each rank's partial sum, all-reduced; a max
// likewise with its own kind; softmax along another dim keeps the split;
// a permutation moves it.

// CHECK-LABEL: relax.func @reductions(
// CHECK-SAME: %[[X:.*]]: !relax.tensor<[n, 8], f32> {relax.split_axes
// CHECK: %[[S:.*]] = sum %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n], f32>
// CHECK: relax.ccl.allreduce %[[S]] : (!relax.tensor<[n], f32>)
// CHECK: %[[M:.*]] = max %[[X]]
// CHECK: relax.ccl.allreduce %[[M]] {kind = #relax.reduction_kind<max>}
// CHECK: %[[SM:.*]] = softmax %[[X]] {axis = 0 : i64} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32>
// CHECK: %[[T:.*]] = permute_dims %[[SM]] : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[8, n], f32>
// CHECK: relax.ccl.allgather %[[T]] {axis = 0 : i64, num_ranks = 2 : i64} : (!relax.tensor<[8, n], f32>) -> !relax.tensor<[16, n], f32>
shard.grid @tp(shape = 2)
relax.func @reductions(%x: !relax.tensor<[n, 16], f32> {relax.split_axes = #shard<axisarray[[], [0]]>})
    -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) attributes {relax.grid = @tp} {
  %s = relax.sum %x {axes = array<i64: 1>} : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<*, f32>
  %m = relax.max %x {axes = array<i64: 1>} : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<*, f32>
  %sm = relax.softmax %x {axis = 0 : i64} : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<*, f32>
  %t = relax.permute_dims %sm : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %s, %m, %t : !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>
}

// -----

// A symbolic split dim that the constraints make a multiple of the ranks;
// rows of a product split with the left operand.

// CHECK-LABEL: relax.func @symbolic(
// CHECK-SAME: %{{.*}}: !relax.tensor<[m floordiv 2, 64], f32> {relax.split_axes
// CHECK-SAME: %{{.*}}: !relax.tensor<[m], i32>
// CHECK-SAME: -> (!relax.tensor<[m floordiv 2, 32], f32> {relax.split_axes
// CHECK: matmul {{.*}} -> !relax.tensor<[m floordiv 2, 32], f32>
shard.grid @tp(shape = 2)
relax.func @symbolic(%x: !relax.tensor<[m, 64], f32> {relax.split_axes = #shard<axisarray[[0]]>},
                     %ids: !relax.tensor<[m], i32>,
                     %w: !relax.tensor<[64, 32], f32>)
    -> (!relax.tensor<*, f32> {relax.split_axes = #shard<axisarray[[0]]>})
    attributes {relax.grid = @tp, sym.constraints = [#sym.divisible<m, 2>]} {
  %y = relax.matmul %x, %w : (!relax.tensor<[m, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}

// -----

// One rank: nothing to split, only the attribute changes.

// CHECK-LABEL: relax.func @one_rank(
// CHECK-SAME: !relax.tensor<[4, 8], f32> {relax.split_axes
// CHECK-SAME: relax.partitioned = @one
// CHECK-NOT: relax.ccl
shard.grid @one(shape = 1)
relax.func @one_rank(%x: !relax.tensor<[2, 4], f32>, %w: !relax.tensor<[4, 8], f32> {relax.split_axes = #shard<axisarray[[], [0]]>})
    -> !relax.tensor<*, f32> attributes {relax.grid = @one} {
  %y = relax.matmul %x, %w : (!relax.tensor<[2, 4], f32>, !relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}

// -----

// A batched product split along a batch dim of one operand that the other
// broadcasts over, and along the batch dim of both.

// CHECK-LABEL: relax.func @batched(
// CHECK: matmul {{.*}} : (!relax.tensor<[2, n, 8], f32>, !relax.tensor<[8, 4], f32>) -> !relax.tensor<[2, n, 4], f32>
// CHECK: matmul {{.*}} : (!relax.tensor<[2, n, 8], f32>, !relax.tensor<[2, 8, 4], f32>) -> !relax.tensor<[2, n, 4], f32>
// CHECK-NOT: relax.ccl.allreduce
// CHECK: relax.ccl.allgather {{.*}} {axis = 0 : i64, num_ranks = 2 : i64}
shard.grid @tp(shape = 2)
relax.func @batched(%x: !relax.tensor<[4, n, 8], f32> {relax.split_axes = #shard<axisarray[[0]]>},
                    %w: !relax.tensor<[8, 4], f32>,
                    %v: !relax.tensor<[4, 8, 4], f32> {relax.split_axes = #shard<axisarray[[0]]>})
    -> (!relax.tensor<*, f32> {relax.split_axes = #shard<axisarray[[0]]>}, !relax.tensor<*, f32>)
    attributes {relax.grid = @tp} {
  %y = relax.matmul %x, %w : (!relax.tensor<[4, n, 8], f32>, !relax.tensor<[8, 4], f32>) -> !relax.tensor<*, f32>
  %z = relax.matmul %x, %v : (!relax.tensor<[4, n, 8], f32>, !relax.tensor<[4, 8, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %y, %z : !relax.tensor<*, f32>, !relax.tensor<*, f32>
}
