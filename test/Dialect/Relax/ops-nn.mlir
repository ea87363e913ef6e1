// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s

// Shape rules of the transformer and convolution ops: rotary_embedding,
// attention (grouped-query heads, a KV-cache length that differs from the
// query length), conv1d / conv2d (strides, padding, dilation, groups) and
// max_pool2d / avg_pool2d. Every op result is written as `*` and
// --relax-infer-shapes fills it in; each op has a static, a fully symbolic and
// a mixed case. Equalities that can be neither proven nor disproven become
// run-time checks inserted right before the op.

// CHECK-LABEL: relax.func @rotary_static(
// CHECK-SAME: ) -> !relax.tensor<[1, 16, 8, 64], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = rotary_embedding %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[1, 16, 8, 64], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[1, 16, 8, 64], f32>
relax.func @rotary_static(%x: !relax.tensor<[1, 16, 8, 64], f32>, %cos: !relax.tensor<[16, 64], f32>, %sin: !relax.tensor<[16, 64], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.rotary_embedding %x, %cos, %sin : (!relax.tensor<[1, 16, 8, 64], f32>, !relax.tensor<[16, 64], f32>, !relax.tensor<[16, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @rotary_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, s, h, 2 * r], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = rotary_embedding %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[b, s, h, 2 * r], f16>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, s, h, 2 * r], f16>
relax.func @rotary_symbolic(%x: !relax.tensor<[b, s, h, 2 * r], f16>, %cos: !relax.tensor<[s, 2 * r], f16>, %sin: !relax.tensor<[s, 2 * r], f16>, %sh: !relax.shape<[r]>) -> !relax.tensor<*, f16> {
  %0 = relax.rotary_embedding %x, %cos, %sin : (!relax.tensor<[b, s, h, 2 * r], f16>, !relax.tensor<[s, 2 * r], f16>, !relax.tensor<[s, 2 * r], f16>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @rotary_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, s, 32, 128], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = shape [t]
// CHECK-NEXT: match_cast %[[V0]] {message = "relax.rotary_embedding: rotary table length: operand #1 dim 0: expected t == s"} : !relax.shape<[t]> -> !relax.shape<[s]>
// CHECK-NEXT: %[[V2:[0-9]+]] = rotary_embedding %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[b, s, 32, 128], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[b, s, 32, 128], f32>
relax.func @rotary_mixed(%x: !relax.tensor<[b, s, 32, 128], f32>, %cos: !relax.tensor<[t, 128], f32>, %sin: !relax.tensor<[s, 128], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.rotary_embedding %x, %cos, %sin : (!relax.tensor<[b, s, 32, 128], f32>, !relax.tensor<[t, 128], f32>, !relax.tensor<[s, 128], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @attention_static(
// CHECK-SAME: ) -> !relax.tensor<[2, 16, 8, 80], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = attention %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[2, 16, 8, 80], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = attention %arg0, %arg0, %arg0 {{.*}} -> !relax.tensor<[2, 16, 8, 64], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[2, 16, 8, 80], f32>
relax.func @attention_static(%q: !relax.tensor<[2, 16, 8, 64], f32>, %k: !relax.tensor<[2, 32, 2, 64], f32>, %v: !relax.tensor<[2, 32, 2, 80], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.attention %q, %k, %v {causal = true} : (!relax.tensor<[2, 16, 8, 64], f32>, !relax.tensor<[2, 32, 2, 64], f32>, !relax.tensor<[2, 32, 2, 80], f32>) -> !relax.tensor<*, f32>
  %1 = relax.attention %q, %q, %q {scale = 0.125} : (!relax.tensor<[2, 16, 8, 64], f32>, !relax.tensor<[2, 16, 8, 64], f32>, !relax.tensor<[2, 16, 8, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// A mask broadcasts to [batch, heads, seq, kv_seq]: an i1 padding mask
// [b, 1, 1, t], and an additive f32 mask over positions [s, t].

// CHECK-LABEL: relax.func @attention_masks(
// CHECK-NEXT: %[[V0:[0-9]+]] = attention %arg0, %arg1, %arg1, %arg2 : {{.*}}, !relax.tensor<[b, 1, 1, t], i1>) -> !relax.tensor<[b, s, 8, 64], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = attention %arg0, %arg1, %arg1, %arg3 {causal = true} : {{.*}}, !relax.tensor<[s, t], f32>) -> !relax.tensor<[b, s, 8, 64], f32>
relax.func @attention_masks(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>, %pad: !relax.tensor<[b, 1, 1, t], i1>, %bias: !relax.tensor<[s, t], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.attention %q, %k, %k, %pad : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, 1, 1, t], i1>) -> !relax.tensor<*, f32>
  %1 = relax.attention %q, %k, %k, %bias {causal = true} : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[s, t], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @attention_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, s, g * r, e], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = attention %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[b, s, g * r, e], f16>
// CHECK-NEXT: %[[V1:[0-9]+]] = attention %arg0, %arg1, %arg1 {{.*}} -> !relax.tensor<[b, s, g * r, d], f16>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, s, g * r, e], f16>
relax.func @attention_symbolic(%q: !relax.tensor<[b, s, g * r, d], f16>, %k: !relax.tensor<[b, t, g, d], f16>, %v: !relax.tensor<[b, t, g, e], f16>, %sh: !relax.shape<[r]>) -> !relax.tensor<*, f16> {
  %0 = relax.attention %q, %k, %v {causal = true} : (!relax.tensor<[b, s, g * r, d], f16>, !relax.tensor<[b, t, g, d], f16>, !relax.tensor<[b, t, g, e], f16>) -> !relax.tensor<*, f16>
  %1 = relax.attention %q, %k, %k {scale = 0.5} : (!relax.tensor<[b, s, g * r, d], f16>, !relax.tensor<[b, t, g, d], f16>, !relax.tensor<[b, t, g, d], f16>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @attention_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, s, 8, 64], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = attention %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[b, s, 8, 64], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = attention %arg0, %arg3, %arg4 {{.*}} -> !relax.tensor<[b, s, 8, 64], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = shape [p + s]
// CHECK-NEXT: match_cast %[[V2]] {message = "relax.attention: value length: operand #2 dim 1: expected p + s == t"} : !relax.shape<[p + s]> -> !relax.shape<[t]>
// CHECK-NEXT: %[[V4:[0-9]+]] = attention %arg0, %arg3, %arg2 {{.*}} -> !relax.tensor<[b, s, 8, 64], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, s, 8, 64], f32>
relax.func @attention_mixed(%q: !relax.tensor<[b, s, 8, 64], f32>, %k: !relax.tensor<[b, p + s, 2, 64], f32>, %v: !relax.tensor<[b, p + s, 2, 64], f32>, %kt: !relax.tensor<[b, t, 2, 64], f32>, %vt: !relax.tensor<[b, t, 2, 64], f32>, %past: !relax.shape<[p]>) -> !relax.tensor<*, f32> {
  %0 = relax.attention %q, %k, %v {causal = true} : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, p + s, 2, 64], f32>, !relax.tensor<[b, p + s, 2, 64], f32>) -> !relax.tensor<*, f32>
  %1 = relax.attention %q, %kt, %vt {causal = true} : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f32>
  %2 = relax.attention %q, %kt, %v : (!relax.tensor<[b, s, 8, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, p + s, 2, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @conv1d_static(
// CHECK-SAME: ) -> !relax.tensor<[1, 32, 98], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = conv1d %arg0, %arg1 {{.*}} -> !relax.tensor<[1, 32, 98], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = conv1d %arg0, %arg1 {{.*}} -> !relax.tensor<[1, 32, 50], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = conv1d %arg0, %arg1 {{.*}} -> !relax.tensor<[1, 32, 95], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[1, 32, 98], f32>
relax.func @conv1d_static(%x: !relax.tensor<[1, 16, 100], f32>, %w: !relax.tensor<[32, 16, 3], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.conv1d %x, %w : (!relax.tensor<[1, 16, 100], f32>, !relax.tensor<[32, 16, 3], f32>) -> !relax.tensor<*, f32>
  %1 = relax.conv1d %x, %w {strides = array<i64: 2>, padding = array<i64: 1>} : (!relax.tensor<[1, 16, 100], f32>, !relax.tensor<[32, 16, 3], f32>) -> !relax.tensor<*, f32>
  %2 = relax.conv1d %x, %w {dilation = array<i64: 4>, padding = array<i64: 0, 3>} : (!relax.tensor<[1, 16, 100], f32>, !relax.tensor<[32, 16, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @conv1d_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[n, o, -k + t + 1], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = conv1d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, o, -k + t + 1], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = conv1d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, o, -k + (t + 1) floordiv 2 + 2], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[n, o, -k + t + 1], f32>
relax.func @conv1d_symbolic(%x: !relax.tensor<[n, c, t], f32>, %w: !relax.tensor<[o, c, k], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.conv1d %x, %w : (!relax.tensor<[n, c, t], f32>, !relax.tensor<[o, c, k], f32>) -> !relax.tensor<*, f32>
  %1 = relax.conv1d %x, %w {strides = array<i64: 2>, padding = array<i64: 1>, dilation = array<i64: 2>} : (!relax.tensor<[n, c, t], f32>, !relax.tensor<[o, c, k], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @conv1d_mixed(
// CHECK-SAME: ) -> !relax.tensor<[n, 384, (t + 1) floordiv 2], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = conv1d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, 384, (t + 1) floordiv 2], f16>
// CHECK-NEXT: %[[V1:[0-9]+]] = conv1d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, 384, t], f16>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[n, 384, (t + 1) floordiv 2], f16>
relax.func @conv1d_mixed(%x: !relax.tensor<[n, 80, t], f16>, %w: !relax.tensor<[384, 80, 3], f16>) -> !relax.tensor<*, f16> {
  %0 = relax.conv1d %x, %w {strides = array<i64: 2>, padding = array<i64: 1>} : (!relax.tensor<[n, 80, t], f16>, !relax.tensor<[384, 80, 3], f16>) -> !relax.tensor<*, f16>
  %1 = relax.conv1d %x, %w {padding = array<i64: 1>} : (!relax.tensor<[n, 80, t], f16>, !relax.tensor<[384, 80, 3], f16>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @conv2d_static(
// CHECK-SAME: ) -> !relax.tensor<[1, 128, 109, 57], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = conv2d %arg0, %arg1 {{.*}} -> !relax.tensor<[1, 64, 112, 112], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = conv2d %[[V0]], %arg2 {{.*}} -> !relax.tensor<[1, 64, 112, 112], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = conv2d %[[V1]], %arg3 {{.*}} -> !relax.tensor<[1, 128, 109, 57], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[1, 128, 109, 57], f32>
relax.func @conv2d_static(%x: !relax.tensor<[1, 3, 224, 224], f32>, %w: !relax.tensor<[64, 3, 7, 7], f32>, %dw: !relax.tensor<[64, 1, 3, 3], f32>, %gw: !relax.tensor<[128, 16, 3, 3], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.conv2d %x, %w {strides = array<i64: 2>, padding = array<i64: 3, 3>} : (!relax.tensor<[1, 3, 224, 224], f32>, !relax.tensor<[64, 3, 7, 7], f32>) -> !relax.tensor<*, f32>
  %1 = relax.conv2d %0, %dw {groups = 64, padding = array<i64: 1, 1>} : (!relax.tensor<*, f32>, !relax.tensor<[64, 1, 3, 3], f32>) -> !relax.tensor<*, f32>
  %2 = relax.conv2d %1, %gw {groups = 4, strides = array<i64: 1, 2>, padding = array<i64: 1, 2, 0, 1>, dilation = array<i64: 2, 1>} : (!relax.tensor<*, f32>, !relax.tensor<[128, 16, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @conv2d_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[n, o, -r + (h + r) floordiv 2 + 2, -q + (q + w) floordiv 2 + 2], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = conv2d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, o, h - r + 1, -q + w + 1], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = conv2d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, o, -r + (h + r) floordiv 2 + 2, -q + (q + w) floordiv 2 + 2], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[n, o, -r + (h + r) floordiv 2 + 2, -q + (q + w) floordiv 2 + 2], f32>
relax.func @conv2d_symbolic(%x: !relax.tensor<[n, c, h, w], f32>, %k: !relax.tensor<[o, c, r, q], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.conv2d %x, %k : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[o, c, r, q], f32>) -> !relax.tensor<*, f32>
  %1 = relax.conv2d %x, %k {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[o, c, r, q], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @conv2d_mixed(
// CHECK-SAME: ) -> !relax.tensor<[n, 64, h floordiv 2, w floordiv 2 + 1], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = conv2d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, 32, h, w], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = conv2d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, 32, h - 4, w - 4], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = conv2d %arg2, %arg3 {{.*}} -> !relax.tensor<[n, 64, h floordiv 2, w floordiv 2 + 1], f32>
// CHECK-NEXT: %[[V3:[0-9]+]] = shape [k]
// CHECK-NEXT: match_cast %[[V3]] {message = "relax.conv2d: weight input channels: operand #1 dim 1: expected k == m"} : !relax.shape<[k]> -> !relax.shape<[m]>
// CHECK-NEXT: %[[V5:[0-9]+]] = conv2d %arg4, %arg5 {{.*}} -> !relax.tensor<[n, 16, h, w], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[n, 64, h floordiv 2, w floordiv 2 + 1], f32>
relax.func @conv2d_mixed(%x: !relax.tensor<[n, 32, h, w], f32>, %dw: !relax.tensor<[32, 1, 3, 3], f32>, %y: !relax.tensor<[n, 2 * c, h, w], f32>, %gw: !relax.tensor<[64, c, 3, 3], f32>, %z: !relax.tensor<[n, m, h, w], f32>, %pw: !relax.tensor<[16, k, 1, 1], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.conv2d %x, %dw {groups = 32, padding = array<i64: 1, 1>} : (!relax.tensor<[n, 32, h, w], f32>, !relax.tensor<[32, 1, 3, 3], f32>) -> !relax.tensor<*, f32>
  %1 = relax.conv2d %x, %dw {groups = 32, dilation = array<i64: 2>} : (!relax.tensor<[n, 32, h, w], f32>, !relax.tensor<[32, 1, 3, 3], f32>) -> !relax.tensor<*, f32>
  %2 = relax.conv2d %y, %gw {groups = 2, strides = array<i64: 2>, padding = array<i64: 1, 2, 0, 1>} : (!relax.tensor<[n, 2 * c, h, w], f32>, !relax.tensor<[64, c, 3, 3], f32>) -> !relax.tensor<*, f32>
  %3 = relax.conv2d %z, %pw : (!relax.tensor<[n, m, h, w], f32>, !relax.tensor<[16, k, 1, 1], f32>) -> !relax.tensor<*, f32>
  relax.return %2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @pool_static(
// CHECK-SAME: ) -> !relax.tensor<[1, 64, 56, 56], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = max_pool2d %arg0 {{.*}} -> !relax.tensor<[1, 64, 56, 56], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = avg_pool2d %arg0 {{.*}} -> !relax.tensor<[1, 64, 56, 56], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = avg_pool2d %arg0 {{.*}} -> !relax.tensor<[1, 64, 106, 112], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[1, 64, 56, 56], f32>
relax.func @pool_static(%x: !relax.tensor<[1, 64, 112, 112], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.max_pool2d %x {pool_size = array<i64: 3, 3>, strides = array<i64: 2>, padding = array<i64: 1, 1>} : (!relax.tensor<[1, 64, 112, 112], f32>) -> !relax.tensor<*, f32>
  %1 = relax.avg_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (!relax.tensor<[1, 64, 112, 112], f32>) -> !relax.tensor<*, f32>
  %2 = relax.avg_pool2d %x {pool_size = array<i64: 7, 1>} : (!relax.tensor<[1, 64, 112, 112], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @pool_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[n, c, h floordiv 2, w floordiv 2], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = max_pool2d %arg0 {{.*}} -> !relax.tensor<[n, c, h floordiv 2, w floordiv 2], f16>
// CHECK-NEXT: %[[V1:[0-9]+]] = avg_pool2d %arg0 {{.*}} -> !relax.tensor<[n, c, (h + 1) floordiv 2, (w + 1) floordiv 2], f16>
// CHECK-NEXT: %[[V2:[0-9]+]] = max_pool2d %arg0 {{.*}} -> !relax.tensor<[n, c, h - 3, w - 3], f16>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[n, c, h floordiv 2, w floordiv 2], f16>
relax.func @pool_symbolic(%x: !relax.tensor<[n, c, h, w], f16>) -> !relax.tensor<*, f16> {
  %0 = relax.max_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2>} : (!relax.tensor<[n, c, h, w], f16>) -> !relax.tensor<*, f16>
  %1 = relax.avg_pool2d %x {pool_size = array<i64: 3, 3>, strides = array<i64: 2>, padding = array<i64: 1, 1>} : (!relax.tensor<[n, c, h, w], f16>) -> !relax.tensor<*, f16>
  %2 = relax.max_pool2d %x {pool_size = array<i64: 3, 3>, dilation = array<i64: 2>, padding = array<i64: 0, 0, 1, 1>} : (!relax.tensor<[n, c, h, w], f16>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @pool_mixed(
// CHECK-SAME: ) -> !relax.tensor<[n, 256, h floordiv 2, 7], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = max_pool2d %arg0 {{.*}} -> !relax.tensor<[n, 256, h floordiv 2, 7], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = avg_pool2d %arg0 {{.*}} -> !relax.tensor<[n, 256, h, 14], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = max_pool2d %arg1 {{.*}} -> !relax.tensor<[n, 8, h - 1, w - 1], i32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[n, 256, h floordiv 2, 7], f32>
relax.func @pool_mixed(%x: !relax.tensor<[n, 256, h, 14], f32>, %i: !relax.tensor<[n, 8, h, w], i32>) -> !relax.tensor<*, f32> {
  %0 = relax.max_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2>} : (!relax.tensor<[n, 256, h, 14], f32>) -> !relax.tensor<*, f32>
  %1 = relax.avg_pool2d %x {pool_size = array<i64: 3, 3>, strides = array<i64: 1>, padding = array<i64: 1, 1>} : (!relax.tensor<[n, 256, h, 14], f32>) -> !relax.tensor<*, f32>
  %2 = relax.max_pool2d %i {pool_size = array<i64: 2, 2>} : (!relax.tensor<[n, 8, h, w], i32>) -> !relax.tensor<*, i32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @rotary_runtime_check(
// CHECK-SAME: ) -> !relax.tensor<[b, s, h, d], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = shape [d mod 2]
// CHECK-NEXT: match_cast %[[V0]] {message = "relax.rotary_embedding: head dim d modulo 2: expected d mod 2 == 0"} : !relax.shape<[d mod 2]> -> !relax.shape<[0]>
// CHECK-NEXT: %[[V2:[0-9]+]] = rotary_embedding %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[b, s, h, d], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[b, s, h, d], f32>
relax.func @rotary_runtime_check(%x: !relax.tensor<[b, s, h, d], f32>, %cos: !relax.tensor<[s, d], f32>, %sin: !relax.tensor<[s, d], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.rotary_embedding %x, %cos, %sin : (!relax.tensor<[b, s, h, d], f32>, !relax.tensor<[s, d], f32>, !relax.tensor<[s, d], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @attention_runtime_check(
// CHECK-SAME: ) -> !relax.tensor<[b, s, h, 64], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = shape [h mod 2]
// CHECK-NEXT: match_cast %[[V0]] {message = "relax.attention: query heads (grouped by key heads) h modulo 2: expected h mod 2 == 0"} : !relax.shape<[h mod 2]> -> !relax.shape<[0]>
// CHECK-NEXT: %[[V2:[0-9]+]] = attention %arg0, %arg1, %arg1 {{.*}} -> !relax.tensor<[b, s, h, 64], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[b, s, h, 64], f32>
relax.func @attention_runtime_check(%q: !relax.tensor<[b, s, h, 64], f32>, %k: !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.attention %q, %k, %k {causal = true} : (!relax.tensor<[b, s, h, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>, !relax.tensor<[b, t, 2, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @conv2d_runtime_check(
// CHECK-SAME: ) -> !relax.tensor<[n, 64, h, w], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = shape [c mod 2]
// CHECK-NEXT: match_cast %[[V0]] {message = "relax.conv2d: input channels c modulo 2: expected c mod 2 == 0"} : !relax.shape<[c mod 2]> -> !relax.shape<[0]>
// CHECK-NEXT: %[[V2:[0-9]+]] = shape [g]
// CHECK-NEXT: match_cast %[[V2]] {message = "relax.conv2d: weight input channels: operand #1 dim 1: expected g == c floordiv 2"} : !relax.shape<[g]> -> !relax.shape<[c floordiv 2]>
// CHECK-NEXT: %[[V4:[0-9]+]] = conv2d %arg0, %arg1 {{.*}} -> !relax.tensor<[n, 64, h, w], f32>
// CHECK-NEXT: return %[[V4]] : !relax.tensor<[n, 64, h, w], f32>
relax.func @conv2d_runtime_check(%x: !relax.tensor<[n, c, h, w], f32>, %k: !relax.tensor<[64, g, 3, 3], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.conv2d %x, %k {groups = 2, padding = array<i64: 1, 1>} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[64, g, 3, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}
