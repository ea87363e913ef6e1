// One attention step over a paged KV cache of 2 layers (this is layer 1):
// the new tokens' keys and values go into their slots, then the queries
// attend through the page table. For test/e2e/paged-kv-cache.py.
relax.func @step(%pages: !relax.tensor<[2, n, 2, 2, 4, 8], f32>, %q: !relax.tensor<[t, 4, 8], f32>, %k: !relax.tensor<[t, 2, 8], f32>, %v: !relax.tensor<[t, 2, 8], f32>, %slots: !relax.tensor<[t], i32>, %table: !relax.tensor<[b, m], i32>, %qseq: !relax.tensor<[t], i32>, %qpos: !relax.tensor<[t], i32>) -> !relax.tensor<[t, 4, 8], f32> {
  %p = relax.paged_kv_append %pages, %k, %v, %slots {layer = 1 : i64} : (!relax.tensor<[2, n, 2, 2, 4, 8], f32>, !relax.tensor<[t, 2, 8], f32>, !relax.tensor<[t, 2, 8], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<[2, n, 2, 2, 4, 8], f32>
  %o = relax.paged_attention %q, %p, %table, %qseq, %qpos {layer = 1 : i64} : (!relax.tensor<[t, 4, 8], f32>, !relax.tensor<[2, n, 2, 2, 4, 8], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, 4, 8], f32>
  relax.return %o : !relax.tensor<[t, 4, 8], f32>
}
