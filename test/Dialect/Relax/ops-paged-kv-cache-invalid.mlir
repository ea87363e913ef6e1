// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Invalid uses of paged_kv_append and paged_attention: caches that are not
// [layers, pages, 2, kv_heads, page_size, head_dim], layers the cache lacks,
// keys and values that disagree, index operands that are not integers, and
// query heads that the cache's kv heads do not group.

relax.func @append_rank(%pages: !relax.tensor<[n, 2, 4, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_kv_append' op operand #0 must have rank 6, got 5}}
  %p = relax.paged_kv_append %pages, %k, %k, %slots {layer = 0 : i64} : (!relax.tensor<[n, 2, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

relax.func @append_layer(%pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_kv_append' op layer 2 is not one of the 2 layers of the cache}}
  %p = relax.paged_kv_append %pages, %k, %k, %slots {layer = 2 : i64} : (!relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

relax.func @append_negative_layer(%pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_kv_append' op layer must not be negative, got -1}}
  %p = relax.paged_kv_append %pages, %k, %k, %slots {layer = -1 : i64} : (!relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

relax.func @append_parts(%pages: !relax.tensor<[2, n, 3, 4, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_kv_append' op cache keys and values: operand #0 dim 2 is 3 but must equal 2}}
  %p = relax.paged_kv_append %pages, %k, %k, %slots {layer = 0 : i64} : (!relax.tensor<[2, n, 3, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

relax.func @append_heads(%pages: !relax.tensor<[2, n, 2, 8, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_kv_append' op cache kv heads: operand #0 dim 3 is 8 but must equal 4}}
  %p = relax.paged_kv_append %pages, %k, %k, %slots {layer = 0 : i64} : (!relax.tensor<[2, n, 2, 8, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

relax.func @append_values(%pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %k: !relax.tensor<[3, 4, 64], f32>, %v: !relax.tensor<[5, 4, 64], f32>, %slots: !relax.tensor<[3], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_kv_append' op value tokens: operand #2 dim 0 is 5 but must equal 3}}
  %p = relax.paged_kv_append %pages, %k, %v, %slots {layer = 0 : i64} : (!relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[3, 4, 64], f32>, !relax.tensor<[5, 4, 64], f32>, !relax.tensor<[3], i32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

relax.func @append_slots(%pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_kv_append' op slots must have an integer element type, got f32}}
  %p = relax.paged_kv_append %pages, %k, %k, %slots {layer = 0 : i64} : (!relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], f32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

relax.func @attention_groups(%q: !relax.tensor<[t, 6, 64], f32>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], i32>, %pos: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_attention' op query heads (grouped by cache kv heads): 6 is not a multiple of 4}}
  %o = relax.paged_attention %q, %pages, %table, %pos, %pos {layer = 0 : i64} : (!relax.tensor<[t, 6, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %o : !relax.tensor<*, f32>
}

// -----

relax.func @attention_head_dim(%q: !relax.tensor<[t, 8, 128], f32>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], i32>, %pos: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_attention' op cache head dim: operand #1 dim 5 is 64 but must equal 128}}
  %o = relax.paged_attention %q, %pages, %table, %pos, %pos {layer = 0 : i64} : (!relax.tensor<[t, 8, 128], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %o : !relax.tensor<*, f32>
}

// -----

relax.func @attention_positions(%q: !relax.tensor<[3, 8, 64], f32>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], i32>, %seq: !relax.tensor<[3], i32>, %pos: !relax.tensor<[2], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_attention' op q_pos tokens: operand #4 dim 0 is 2 but must equal 3}}
  %o = relax.paged_attention %q, %pages, %table, %seq, %pos {layer = 0 : i64} : (!relax.tensor<[3, 8, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[3], i32>, !relax.tensor<[2], i32>) -> !relax.tensor<*, f32>
  relax.return %o : !relax.tensor<*, f32>
}

// -----

relax.func @attention_table(%q: !relax.tensor<[t, 8, 64], f32>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], f32>, %pos: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.paged_attention' op the page table must have an integer element type, got f32}}
  %o = relax.paged_attention %q, %pages, %table, %pos, %pos {layer = 0 : i64} : (!relax.tensor<[t, 8, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], f32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %o : !relax.tensor<*, f32>
}

// -----

relax.func @attention_element(%q: !relax.tensor<[t, 8, 64], f16>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], i32>, %pos: !relax.tensor<[t], i32>) -> !relax.tensor<*, f16> {
  // expected-error @+1 {{'relax.paged_attention' op operand #1 has element type f32 but operand #0 has f16}}
  %o = relax.paged_attention %q, %pages, %table, %pos, %pos {layer = 0 : i64} : (!relax.tensor<[t, 8, 64], f16>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f16>
  relax.return %o : !relax.tensor<*, f16>
}
