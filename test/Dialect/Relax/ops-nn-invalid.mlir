// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Invalid uses of rotary_embedding, attention, conv1d / conv2d and
// max_pool2d / avg_pool2d: disproven shape requirements, bad window
// attributes, and written result types that provably differ from the
// inferred ones.

relax.func @rotary_odd_head_dim(%x: !relax.tensor<[b, s, h, 63], f32>, %c: !relax.tensor<[s, 63], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.rotary_embedding' op head dim: 63 is not a multiple of 2}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[b, s, h, 63], f32>, !relax.tensor<[s, 63], f32>, !relax.tensor<[s, 63], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @rotary_odd_head_dim_symbolic(%x: !relax.tensor<[b, s, h, 2 * d + 1], f32>, %c: !relax.tensor<[s, 2 * d + 1], f32>, %sh: !relax.shape<[d]>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.rotary_embedding' op head dim: 2 * d + 1 is not a multiple of 2}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[b, s, h, 2 * d + 1], f32>, !relax.tensor<[s, 2 * d + 1], f32>, !relax.tensor<[s, 2 * d + 1], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @rotary_table_length(%x: !relax.tensor<[b, 16, h, 64], f32>, %c: !relax.tensor<[32, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.rotary_embedding' op rotary table length: operand #1 dim 0 is 32 but must equal 16}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[b, 16, h, 64], f32>, !relax.tensor<[32, 64], f32>, !relax.tensor<[32, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @rotary_table_length_symbolic(%x: !relax.tensor<[b, s, h, 64], f32>, %c: !relax.tensor<[s, 64], f32>, %sn: !relax.tensor<[s + 1, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.rotary_embedding' op rotary table length: operand #2 dim 0 is s + 1 but must equal s}}
  %0 = relax.rotary_embedding %x, %c, %sn : (!relax.tensor<[b, s, h, 64], f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s + 1, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @rotary_table_width(%x: !relax.tensor<[b, s, h, 64], f32>, %c: !relax.tensor<[s, 32], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.rotary_embedding' op rotary table width: operand #1 dim 1 is 32 but must equal 64}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[b, s, h, 64], f32>, !relax.tensor<[s, 32], f32>, !relax.tensor<[s, 32], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @rotary_rank(%x: !relax.tensor<[s, h, 64], f32>, %c: !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.rotary_embedding' op operand #0 must have rank 4, got 3}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[s, h, 64], f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @rotary_integer(%x: !relax.tensor<[b, s, h, 64], i32>, %c: !relax.tensor<[s, 64], i32>) -> !relax.tensor<*, i32> {
  // expected-error @+1 {{'relax.rotary_embedding' op operand #0 must have a float element type, got i32}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[b, s, h, 64], i32>, !relax.tensor<[s, 64], i32>, !relax.tensor<[s, 64], i32>) -> !relax.tensor<*, i32>
  relax.return %0 : !relax.tensor<*, i32>
}

// -----

relax.func @rotary_element_types(%x: !relax.tensor<[b, s, h, 64], f16>, %c: !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f16> {
  // expected-error @+1 {{'relax.rotary_embedding' op operand #1 has element type f32 but operand #0 has f16}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[b, s, h, 64], f16>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

relax.func @rotary_result(%x: !relax.tensor<[b, s, 8, 64], f32>, %c: !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.rotary_embedding' op result #0 has type '!relax.tensor<[b, s, 8, 32], f32>' but the operands give '!relax.tensor<[b, s, 8, 64], f32>'}}
  %0 = relax.rotary_embedding %x, %c, %c : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[s, 64], f32>, !relax.tensor<[s, 64], f32>) -> !relax.tensor<[b, s, 8, 32], f32>
  relax.return %0 : !relax.tensor<[b, s, 8, 32], f32>
}

// -----

// 8 query heads cannot be grouped over 3 key/value heads.
relax.func @attention_kv_heads(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 3, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op query heads (grouped by key heads): 8 is not a multiple of 3}}
  %0 = relax.attention %q, %k, %k {causal = true} : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 3, 64], f32>, !relax.tensor<[b, t, 3, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_kv_heads_symbolic(%q: !relax.tensor<[b, s, 2 * h + 1, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %sh: !relax.shape<[h]>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op query heads (grouped by key heads): 2 * h + 1 is not a multiple of 2}}
  %0 = relax.attention %q, %k, %k : (!relax.tensor<[b, s, 2 * h + 1, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_head_dim(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 128], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op key head dim: operand #1 dim 3 is 128 but must equal 64}}
  %0 = relax.attention %q, %k, %k : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 128], f32>, !relax.tensor<[b, t, 2, 128], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_batch(%q: !relax.tensor<[2, s, 8, 64], f32>, %k: !relax.tensor<[3, t, 2, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op key batch: operand #1 dim 0 is 3 but must equal 2}}
  %0 = relax.attention %q, %k, %k : (!relax.tensor<[2, s, 8, 64], f32>, !relax.tensor<[3, t, 2, 64], f32>, !relax.tensor<[3, t, 2, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_value_length(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, p + s, 2, 64], f32>, %v: !relax.tensor<[b, p + s + 1, 2, 64], f32>, %sh: !relax.shape<[p]>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op value length: operand #2 dim 1 is p + s + 1 but must equal p + s}}
  %0 = relax.attention %q, %k, %v {causal = true} : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, p + s, 2, 64], f32>, !relax.tensor<[b, p + s + 1, 2, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_value_heads(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %v: !relax.tensor<[b, t, 4, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op value heads: operand #2 dim 2 is 4 but must equal 2}}
  %0 = relax.attention %q, %k, %v : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 4, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_rank(%q: !relax.tensor<[b, s, 512], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op operand #0 must have rank 4, got 3}}
  %0 = relax.attention %q, %k, %k : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_element_types(%q: !relax.tensor<[b, s, 8, 64], f16>, %k: !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f16> {
  // expected-error @+1 {{'relax.attention' op operand #1 has element type f32 but operand #0 has f16}}
  %0 = relax.attention %q, %k, %k : (!relax.tensor<[b, s, 8, 64], f16>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// The result's last dim is the value dim, not the key dim.
relax.func @attention_result(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %v: !relax.tensor<[b, t, 2, 32], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op result #0 has type '!relax.tensor<[b, s, 8, 64], f32>' but the operands give '!relax.tensor<[b, s, 8, 32], f32>'}}
  %0 = relax.attention %q, %k, %v : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 32], f32>) -> !relax.tensor<[b, s, 8, 64], f32>
  relax.return %0 : !relax.tensor<[b, s, 8, 64], f32>
}

// -----

relax.func @conv1d_channels(%x: !relax.tensor<[n, 16, t], f32>, %w: !relax.tensor<[32, 8, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv1d' op weight input channels: operand #1 dim 1 is 8 but must equal 16}}
  %0 = relax.conv1d %x, %w : (!relax.tensor<[n, 16, t], f32>, !relax.tensor<[32, 8, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv2d_groups_input_channels(%x: !relax.tensor<[n, 6, h, w], f32>, %k: !relax.tensor<[8, 1, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op input channels: 6 is not a multiple of 4}}
  %0 = relax.conv2d %x, %k {groups = 4} : (!relax.tensor<[n, 6, h, w], f32>, !relax.tensor<[8, 1, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv2d_groups_output_channels(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[6, 2, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op output channels: 6 is not a multiple of 4}}
  %0 = relax.conv2d %x, %k {groups = 4} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[6, 2, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// With 4 groups the weight has 8 / 4 = 2 input channels.
relax.func @conv2d_groups_weight_channels(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op weight input channels: operand #1 dim 1 is 8 but must equal 2}}
  %0 = relax.conv2d %x, %k {groups = 4} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv2d_groups_zero(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op groups must be positive}}
  %0 = relax.conv2d %x, %k {groups = 0} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv2d_weight_rank(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op operand #1 must have rank 4, got 3}}
  %0 = relax.conv2d %x, %k : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv2d_input_rank(%x: !relax.tensor<[n, 8, t], f32>, %k: !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op operand #0 must have rank 4, got 3}}
  %0 = relax.conv2d %x, %k : (!relax.tensor<[n, 8, t], f32>, !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv2d_stride_count(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op strides needs 2 values, got 3}}
  %0 = relax.conv2d %x, %k {strides = array<i64: 1, 2, 3>} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// 2-D padding takes 2 (symmetric) or 4 (begins, then ends) values.
relax.func @conv2d_padding_count(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op padding needs 2 or 4 values, got 1}}
  %0 = relax.conv2d %x, %k {padding = array<i64: 1>} : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[8, 8, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv1d_padding_count(%x: !relax.tensor<[n, 8, t], f32>, %k: !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv1d' op padding needs 1 or 2 values, got 3}}
  %0 = relax.conv1d %x, %k {padding = array<i64: 1, 1, 1>} : (!relax.tensor<[n, 8, t], f32>, !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv1d_zero_stride(%x: !relax.tensor<[n, 8, t], f32>, %k: !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv1d' op strides and dilation must be positive and padding non-negative}}
  %0 = relax.conv1d %x, %k {strides = array<i64: 0>} : (!relax.tensor<[n, 8, t], f32>, !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv1d_negative_padding(%x: !relax.tensor<[n, 8, t], f32>, %k: !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv1d' op strides and dilation must be positive and padding non-negative}}
  %0 = relax.conv1d %x, %k {padding = array<i64: 1, -1>} : (!relax.tensor<[n, 8, t], f32>, !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @conv1d_element_types(%x: !relax.tensor<[n, 8, t], f16>, %k: !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f16> {
  // expected-error @+1 {{'relax.conv1d' op operand #1 has element type f32 but operand #0 has f16}}
  %0 = relax.conv1d %x, %k : (!relax.tensor<[n, 8, t], f16>, !relax.tensor<[8, 8, 3], f32>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// (100 + 2 - 3) floordiv 2 + 1 = 50.
relax.func @conv1d_result(%x: !relax.tensor<[1, 16, 100], f32>, %w: !relax.tensor<[32, 16, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv1d' op result #0 has type '!relax.tensor<[1, 32, 49], f32>' but the operands give '!relax.tensor<[1, 32, 50], f32>'}}
  %0 = relax.conv1d %x, %w {strides = array<i64: 2>, padding = array<i64: 1>} : (!relax.tensor<[1, 16, 100], f32>, !relax.tensor<[32, 16, 3], f32>) -> !relax.tensor<[1, 32, 49], f32>
  relax.return %0 : !relax.tensor<[1, 32, 49], f32>
}

// -----

relax.func @conv2d_result_channels(%x: !relax.tensor<[n, 8, h, w], f32>, %k: !relax.tensor<[16, 8, 3, 3], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.conv2d' op result #0 has type '!relax.tensor<[n, 8, ?, ?], f32>' but the operands give '!relax.tensor<[n, 16, h - 2, w - 2], f32>'}}
  %0 = relax.conv2d %x, %k : (!relax.tensor<[n, 8, h, w], f32>, !relax.tensor<[16, 8, 3, 3], f32>) -> !relax.tensor<[n, 8, ?, ?], f32>
  relax.return %0 : !relax.tensor<[n, 8, ?, ?], f32>
}

// -----

relax.func @max_pool2d_pool_size_count(%x: !relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.max_pool2d' op pool_size needs two positive values}}
  %0 = relax.max_pool2d %x {pool_size = array<i64: 2>} : (!relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @avg_pool2d_pool_size_zero(%x: !relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.avg_pool2d' op pool_size needs two positive values}}
  %0 = relax.avg_pool2d %x {pool_size = array<i64: 2, 0>} : (!relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @avg_pool2d_rank(%x: !relax.tensor<[c, h, w], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.avg_pool2d' op operand #0 must have rank 4, got 3}}
  %0 = relax.avg_pool2d %x {pool_size = array<i64: 2, 2>} : (!relax.tensor<[c, h, w], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @max_pool2d_negative_padding(%x: !relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.max_pool2d' op strides and dilation must be positive and padding non-negative}}
  %0 = relax.max_pool2d %x {pool_size = array<i64: 2, 2>, padding = array<i64: 1, -1>} : (!relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @max_pool2d_zero_dilation(%x: !relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.max_pool2d' op strides and dilation must be positive and padding non-negative}}
  %0 = relax.max_pool2d %x {pool_size = array<i64: 2, 2>, dilation = array<i64: 0>} : (!relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @avg_pool2d_stride_count(%x: !relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.avg_pool2d' op strides needs 2 values, got 3}}
  %0 = relax.avg_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2, 2, 2>} : (!relax.tensor<[n, c, h, w], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @avg_pool2d_complex(%x: !relax.tensor<[n, c, h, w], complex<f32>>) -> !relax.tensor<*, complex<f32>> {
  // expected-error @+1 {{'relax.avg_pool2d' op operand #0 must have an integer or float element type}}
  %0 = relax.avg_pool2d %x {pool_size = array<i64: 2, 2>} : (!relax.tensor<[n, c, h, w], complex<f32>>) -> !relax.tensor<*, complex<f32>>
  relax.return %0 : !relax.tensor<*, complex<f32>>
}

// -----

relax.func @max_pool2d_result(%x: !relax.tensor<[1, 4, 8, 8], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.max_pool2d' op result #0 has type '!relax.tensor<[1, 4, 8, 8], f32>' but the operands give '!relax.tensor<[1, 4, 4, 4], f32>'}}
  %0 = relax.max_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2>} : (!relax.tensor<[1, 4, 8, 8], f32>) -> !relax.tensor<[1, 4, 8, 8], f32>
  relax.return %0 : !relax.tensor<[1, 4, 8, 8], f32>
}

// -----

relax.func @attention_zero_kv_heads(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 0, 64], f32>) {
  // expected-error @+1 {{'relax.attention' op key heads must be positive, got 0}}
  %0 = relax.attention %q, %k, %k : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 0, 64], f32>, !relax.tensor<[b, t, 0, 64], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

relax.func @pool_window_too_large(%x: !relax.tensor<[1, 4, 2, 2], f32>) {
  // expected-error @+1 {{'relax.max_pool2d' op window does not fit the padded input: output dim -2 is negative}}
  %0 = relax.max_pool2d %x {pool_size = array<i64: 5, 5>} : (!relax.tensor<[1, 4, 2, 2], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

relax.func @conv_window_too_large(%x: !relax.tensor<[1, 16, 2], f32>, %w: !relax.tensor<[32, 16, 5], f32>) {
  // expected-error @+1 {{'relax.conv1d' op window does not fit the padded input: output dim -2 is negative}}
  %0 = relax.conv1d %x, %w : (!relax.tensor<[1, 16, 2], f32>, !relax.tensor<[32, 16, 5], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

relax.func @attention_mask_element(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %m: !relax.tensor<[b, 1, 1, t], i32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op the mask must be of i1 or of the query's element type}}
  %0 = relax.attention %q, %k, %k, %m : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, 1, 1, t], i32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_mask_rank(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %m: !relax.tensor<[1, b, 1, 1, t], i1>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op the mask has rank 5; it broadcasts to rank 4}}
  %0 = relax.attention %q, %k, %k, %m : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[1, b, 1, 1, t], i1>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_mask_keys(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, 16, 2, 64], f32>, %m: !relax.tensor<[b, 1, 1, 12], i1>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op mask keys: operand #3 dim 3 is 12 but must equal 16}}
  %0 = relax.attention %q, %k, %k, %m : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, 16, 2, 64], f32>, !relax.tensor<[b, 16, 2, 64], f32>, !relax.tensor<[b, 1, 1, 12], i1>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

relax.func @attention_mask_heads(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %m: !relax.tensor<[2, s, t], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.attention' op mask heads: operand #3 dim 0 is 2 but must equal 8}}
  %0 = relax.attention %q, %k, %k, %m : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[2, s, t], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}
