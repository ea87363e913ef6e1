// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s

// Shape rules of the shape-manipulation ops: reshape, permute_dims,
// expand_dims, squeeze, broadcast_to, concat, split, strided_slice, take and
// astype. Every op result is written as `*` and --relax-infer-shapes fills it
// in; each op has a static, a fully symbolic and a mixed case. Equalities
// that can be neither proven nor disproven become run-time checks
// (relax.shape + relax.match_cast) inserted right before the op.

// CHECK-LABEL: relax.func @reshape_static(
// CHECK-SAME: ) -> !relax.tensor<[4, 6], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[6, 4], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[4, 6], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[4, 6], f32>
relax.func @reshape_static(%x: !relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.reshape %x {shape = #sym.shape<[6, 4]>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %1 = relax.reshape %x {shape = #sym.shape<[4, ?]>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @reshape_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, h * s], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[b * s, h], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[b * s, h], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[b, h * s], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[b, h * s], f32>
relax.func @reshape_symbolic(%x: !relax.tensor<[b, s, h], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.reshape %x {shape = #sym.shape<[b * s, h]>} : (!relax.tensor<[b, s, h], f32>) -> !relax.tensor<*, f32>
  %1 = relax.reshape %x {shape = #sym.shape<[?, h]>} : (!relax.tensor<[b, s, h], f32>) -> !relax.tensor<*, f32>
  %2 = relax.reshape %x {shape = #sym.shape<[b, ?]>} : (!relax.tensor<[b, s, h], f32>) -> !relax.tensor<*, f32>
  relax.return %2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @reshape_mixed(
// CHECK-SAME: ) -> !relax.tensor<[512 * b * s], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[b, s, 8, 64], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[b, s, 8, 64], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[8 * b * s, 64], f32>
// CHECK-NEXT: %[[V3:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[512 * b * s], f32>
// CHECK-NEXT: return %[[V3]] : !relax.tensor<[512 * b * s], f32>
relax.func @reshape_mixed(%x: !relax.tensor<[b, s, 512], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.reshape %x {shape = #sym.shape<[b, s, 8, 64]>} : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<*, f32>
  %1 = relax.reshape %x {shape = #sym.shape<[b, s, 8, ?]>} : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<*, f32>
  %2 = relax.reshape %x {shape = #sym.shape<[?, 64]>} : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<*, f32>
  %3 = relax.reshape %x {shape = #sym.shape<[?]>} : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<*, f32>
  relax.return %3 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @reshape_runtime_check(
// CHECK-SAME: ) -> !relax.tensor<[4, k + k floordiv 2], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = shape [m * n]
// CHECK-NEXT: match_cast %[[V0]] {message = "relax.reshape: element count: expected m * n == 4 * k"} : !relax.shape<[m * n]> -> !relax.shape<[4 * k]>
// CHECK-NEXT: %[[V2:[0-9]+]] = reshape %arg0 {{.*}} -> !relax.tensor<[k, 4], f32>
// CHECK-NEXT: %[[V3:[0-9]+]] = shape [6 * k]
// CHECK-NEXT: match_cast %[[V3]] {message = "relax.reshape: element count: expected 6 * k == 4 * k + 4 * (k floordiv 2)"} : !relax.shape<[6 * k]> -> !relax.shape<[4 * k + 4 * (k floordiv 2)]>
// CHECK-NEXT: %[[V5:[0-9]+]] = reshape %arg1 {{.*}} -> !relax.tensor<[4, k + k floordiv 2], f32>
// CHECK-NEXT: return %[[V5]] : !relax.tensor<[4, k + k floordiv 2], f32>
relax.func @reshape_runtime_check(%x: !relax.tensor<[n, m], f32>, %y: !relax.tensor<[k, 6], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.reshape %x {shape = #sym.shape<[k, 4]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  %1 = relax.reshape %y {shape = #sym.shape<[4, ?]>} : (!relax.tensor<[k, 6], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @permute_static(
// CHECK-SAME: ) -> !relax.tensor<[4, 3, 2], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = permute_dims %arg0 {{.*}} -> !relax.tensor<[3, 4, 2], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = permute_dims %arg0 {{.*}} -> !relax.tensor<[4, 3, 2], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[4, 3, 2], f32>
relax.func @permute_static(%x: !relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.permute_dims %x {axes = array<i64: 1, 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %1 = relax.permute_dims %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @permute_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[d, h, s, b], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = permute_dims %arg0 {{.*}} -> !relax.tensor<[b, h, s, d], f16>
// CHECK-NEXT: %[[V1:[0-9]+]] = permute_dims %arg0 {{.*}} -> !relax.tensor<[d, b, h, s], f16>
// CHECK-NEXT: %[[V2:[0-9]+]] = permute_dims %arg0 {{.*}} -> !relax.tensor<[d, h, s, b], f16>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[d, h, s, b], f16>
relax.func @permute_symbolic(%x: !relax.tensor<[b, s, h, d], f16>) -> !relax.tensor<*, f16> {
  %0 = relax.permute_dims %x {axes = array<i64: 0, 2, 1, 3>} : (!relax.tensor<[b, s, h, d], f16>) -> !relax.tensor<*, f16>
  %1 = relax.permute_dims %x {axes = array<i64: -1, 0, -2, 1>} : (!relax.tensor<[b, s, h, d], f16>) -> !relax.tensor<*, f16>
  %2 = relax.permute_dims %x : (!relax.tensor<[b, s, h, d], f16>) -> !relax.tensor<*, f16>
  relax.return %2 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @permute_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, 8, 64, s + 1], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = permute_dims %arg0 {{.*}} -> !relax.tensor<[b, 8, 64, s + 1], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = permute_dims %arg0 {{.*}} -> !relax.tensor<[s + 1, b, 8, 64], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, 8, 64, s + 1], f32>
relax.func @permute_mixed(%x: !relax.tensor<[b, s + 1, 8, 64], f32>, %sh: !relax.shape<[s]>) -> !relax.tensor<*, f32> {
  %0 = relax.permute_dims %x {axes = array<i64: 0, 2, 3, 1>} : (!relax.tensor<[b, s + 1, 8, 64], f32>) -> !relax.tensor<*, f32>
  %1 = relax.permute_dims %x {axes = array<i64: 1, 0, 2, 3>} : (!relax.tensor<[b, s + 1, 8, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @expand_dims_static(
// CHECK-SAME: ) -> !relax.tensor<[2, 1, 3, 1], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = expand_dims %arg0 {{.*}} -> !relax.tensor<[1, 2, 3], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = expand_dims %arg0 {{.*}} -> !relax.tensor<[2, 1, 3, 1], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[2, 1, 3, 1], f32>
relax.func @expand_dims_static(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.expand_dims %x {axes = array<i64: 0>} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %1 = relax.expand_dims %x {axes = array<i64: 1, -1>} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @expand_dims_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, s, 1], i64>
// CHECK-NEXT: %[[V0:[0-9]+]] = expand_dims %arg0 {{.*}} -> !relax.tensor<[b, 1, 1, s], i64>
// CHECK-NEXT: %[[V1:[0-9]+]] = expand_dims %arg0 {{.*}} -> !relax.tensor<[b, s, 1], i64>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[b, s, 1], i64>
relax.func @expand_dims_symbolic(%x: !relax.tensor<[b, s], i64>) -> !relax.tensor<*, i64> {
  %0 = relax.expand_dims %x {axes = array<i64: 1, 2>} : (!relax.tensor<[b, s], i64>) -> !relax.tensor<*, i64>
  %1 = relax.expand_dims %x {axes = array<i64: -1>} : (!relax.tensor<[b, s], i64>) -> !relax.tensor<*, i64>
  relax.return %1 : !relax.tensor<*, i64>
}

// -----

// CHECK-LABEL: relax.func @expand_dims_mixed(
// CHECK-SAME: ) -> !relax.tensor<[1, s, 1, 64], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = expand_dims %arg0 {{.*}} -> !relax.tensor<[1, s, 1, 64], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[1, s, 1, 64], f32>
relax.func @expand_dims_mixed(%x: !relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.expand_dims %x {axes = array<i64: 0, 2>} : (!relax.tensor<[s, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @squeeze_static(
// CHECK-SAME: ) -> !relax.tensor<[1, 3, 4], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = squeeze %arg0 {{.*}} -> !relax.tensor<[3, 4], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = squeeze %arg0 {{.*}} -> !relax.tensor<[1, 3, 4], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[1, 3, 4], f32>
relax.func @squeeze_static(%x: !relax.tensor<[1, 3, 1, 4], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.squeeze %x : (!relax.tensor<[1, 3, 1, 4], f32>) -> !relax.tensor<*, f32>
  %1 = relax.squeeze %x {axes = array<i64: -2>} : (!relax.tensor<[1, 3, 1, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @squeeze_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = squeeze %arg0 {{.*}} -> !relax.tensor<[b, n, s], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = shape [n]
// CHECK-NEXT: match_cast %[[V1]] {message = "relax.squeeze: squeezed dim: operand #0 dim 1: expected n == 1"} : !relax.shape<[n]> -> !relax.shape<[1]>
// CHECK-NEXT: %[[V3:[0-9]+]] = squeeze %arg0 {{.*}} -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: return %[[V3]] : !relax.tensor<[b, s], f32>
relax.func @squeeze_symbolic(%x: !relax.tensor<[b, n, s], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.squeeze %x : (!relax.tensor<[b, n, s], f32>) -> !relax.tensor<*, f32>
  %1 = relax.squeeze %x {axes = array<i64: 1>} : (!relax.tensor<[b, n, s], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @squeeze_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, s, 1], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = squeeze %arg0 {{.*}} -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = squeeze %arg0 {{.*}} -> !relax.tensor<[b, s, 1], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[b, s, 1], f32>
relax.func @squeeze_mixed(%x: !relax.tensor<[b, 1, s, 1], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.squeeze %x : (!relax.tensor<[b, 1, s, 1], f32>) -> !relax.tensor<*, f32>
  %1 = relax.squeeze %x {axes = array<i64: 1>} : (!relax.tensor<[b, 1, s, 1], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @broadcast_to_static(
// CHECK-SAME: ) -> !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = broadcast_to %arg0 {{.*}} -> !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[2, 3, 4], f32>
relax.func @broadcast_to_static(%x: !relax.tensor<[3, 1], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.broadcast_to %x {shape = #sym.shape<[2, 3, 4]>} : (!relax.tensor<[3, 1], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @broadcast_to_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[n, n], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = broadcast_to %arg0 {{.*}} -> !relax.tensor<[b, s, h], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[V1]] {message = "relax.broadcast_to: broadcast: operand #0 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[V3:[0-9]+]] = broadcast_to %arg1 {{.*}} -> !relax.tensor<[n, n], f32>
// CHECK-NEXT: return %[[V3]] : !relax.tensor<[n, n], f32>
relax.func @broadcast_to_symbolic(%x: !relax.tensor<[s, 1], f32>, %y: !relax.tensor<[m], f32>, %sh: !relax.shape<[b, h, n]>) -> !relax.tensor<*, f32> {
  %0 = relax.broadcast_to %x {shape = #sym.shape<[b, s, h]>} : (!relax.tensor<[s, 1], f32>) -> !relax.tensor<*, f32>
  %1 = relax.broadcast_to %y {shape = #sym.shape<[n, n]>} : (!relax.tensor<[m], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @broadcast_to_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, 8, s, 64], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = broadcast_to %arg0 {{.*}} -> !relax.tensor<[b, 8, s, 64], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, 8, s, 64], f32>
relax.func @broadcast_to_mixed(%x: !relax.tensor<[1, s, 1], f32>, %sh: !relax.shape<[b]>) -> !relax.tensor<*, f32> {
  %0 = relax.broadcast_to %x {shape = #sym.shape<[b, 8, s, 64]>} : (!relax.tensor<[1, s, 1], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @concat_static(
// CHECK-SAME: ) -> !relax.tensor<[6, 3], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = concat %arg0, %arg1 {{.*}} -> !relax.tensor<[2, 8], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = concat %arg0, %arg0, %arg0 {{.*}} -> !relax.tensor<[6, 3], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[6, 3], f32>
relax.func @concat_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[2, 5], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.concat %a, %b {axis = 1} : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 5], f32>) -> !relax.tensor<*, f32>
  %1 = relax.concat %a, %a, %a : (!relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>, !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @concat_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, 2 * p + s, h], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = concat %arg0, %arg1 {{.*}} -> !relax.tensor<[b, p + s, h], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = concat %arg1, %arg2 {{.*}} -> !relax.tensor<[b, s, 2 * h], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = concat %arg0, %arg1, %arg0 {{.*}} -> !relax.tensor<[b, 2 * p + s, h], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[b, 2 * p + s, h], f32>
relax.func @concat_symbolic(%past: !relax.tensor<[b, p, h], f32>, %new: !relax.tensor<[b, s, h], f32>, %c: !relax.tensor<[b, s, h], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.concat %past, %new {axis = 1} : (!relax.tensor<[b, p, h], f32>, !relax.tensor<[b, s, h], f32>) -> !relax.tensor<*, f32>
  %1 = relax.concat %new, %c {axis = -1} : (!relax.tensor<[b, s, h], f32>, !relax.tensor<[b, s, h], f32>) -> !relax.tensor<*, f32>
  %2 = relax.concat %past, %new, %past {axis = 1} : (!relax.tensor<[b, p, h], f32>, !relax.tensor<[b, s, h], f32>, !relax.tensor<[b, p, h], f32>) -> !relax.tensor<*, f32>
  relax.return %2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @concat_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, 2 * n + 3, 64], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = concat %arg0, %arg1, %arg2 {{.*}} -> !relax.tensor<[b, 2 * n + 3, 64], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, 2 * n + 3, 64], f32>
relax.func @concat_mixed(%a: !relax.tensor<[b, n, 64], f32>, %b: !relax.tensor<[b, 1, 64], f32>, %c: !relax.tensor<[b, n + 2, 64], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.concat %a, %b, %c {axis = 1} : (!relax.tensor<[b, n, 64], f32>, !relax.tensor<[b, 1, 64], f32>, !relax.tensor<[b, n + 2, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @concat_runtime_check(
// CHECK-SAME: ) -> !relax.tensor<[n, 8], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = shape [m]
// CHECK-NEXT: match_cast %[[V0]] {message = "relax.concat: concat: operand #1 dim 0: expected m == n"} : !relax.shape<[m]> -> !relax.shape<[n]>
// CHECK-NEXT: %[[V2:[0-9]+]] = concat %arg0, %arg1 {{.*}} -> !relax.tensor<[n, 8], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[n, 8], f32>
relax.func @concat_runtime_check(%a: !relax.tensor<[n, 4], f32>, %b: !relax.tensor<[m, 4], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.concat %a, %b {axis = 1} : (!relax.tensor<[n, 4], f32>, !relax.tensor<[m, 4], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @split_static(
// CHECK-SAME: ) -> !relax.tensor<[4, 2], f32>
// CHECK-NEXT: %[[V0:[0-9]+]]:3 = split %arg0 {{.*}} -> (!relax.tensor<[4, 2], f32>, !relax.tensor<[4, 2], f32>, !relax.tensor<[4, 2], f32>)
// CHECK-NEXT: %[[V1:[0-9]+]]:3 = split %arg0 {{.*}} -> (!relax.tensor<[4, 1], f32>, !relax.tensor<[4, 3], f32>, !relax.tensor<[4, 2], f32>)
// CHECK-NEXT: return %[[V1]]#2 : !relax.tensor<[4, 2], f32>
relax.func @split_static(%x: !relax.tensor<[4, 6], f32>) -> !relax.tensor<*, f32> {
  %0:3 = relax.split %x {axis = 1, sections = 3} : (!relax.tensor<[4, 6], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  %1:3 = relax.split %x {axis = 1, indices = #sym.shape<[1, 4]>} : (!relax.tensor<[4, 6], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %1#2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @split_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, -p - q + s, 3 * h], f32>
// CHECK-NEXT: %[[V0:[0-9]+]]:3 = split %arg0 {{.*}} -> (!relax.tensor<[b, s, h], f32>, !relax.tensor<[b, s, h], f32>, !relax.tensor<[b, s, h], f32>)
// CHECK-NEXT: %[[V1:[0-9]+]]:2 = split %arg1 {{.*}} -> (!relax.tensor<[k], f32>, !relax.tensor<[-k + n], f32>)
// CHECK-NEXT: %[[V2:[0-9]+]]:3 = split %arg0 {{.*}} -> (!relax.tensor<[b, p, 3 * h], f32>, !relax.tensor<[b, q, 3 * h], f32>, !relax.tensor<[b, -p - q + s, 3 * h], f32>)
// CHECK-NEXT: return %[[V2]]#2 : !relax.tensor<[b, -p - q + s, 3 * h], f32>
relax.func @split_symbolic(%x: !relax.tensor<[b, s, 3 * h], f32>, %y: !relax.tensor<[n], f32>, %sh: !relax.shape<[h, k, p, q]>) -> !relax.tensor<*, f32> {
  %0:3 = relax.split %x {axis = -1, sections = 3} : (!relax.tensor<[b, s, 3 * h], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  %1:2 = relax.split %y {indices = #sym.shape<[k]>} : (!relax.tensor<[n], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  %2:3 = relax.split %x {axis = 1, indices = #sym.shape<[p, p + q]>} : (!relax.tensor<[b, s, 3 * h], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %2#2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @split_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, s, 1024], f32>
// CHECK-NEXT: %[[V0:[0-9]+]]:3 = split %arg0 {{.*}} -> (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[b, s, 512], f32>, !relax.tensor<[b, s, 512], f32>)
// CHECK-NEXT: %[[V1:[0-9]+]]:2 = split %arg0 {{.*}} -> (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[b, s, 1024], f32>)
// CHECK-NEXT: return %[[V1]]#1 : !relax.tensor<[b, s, 1024], f32>
relax.func @split_mixed(%x: !relax.tensor<[b, s, 1536], f32>) -> !relax.tensor<*, f32> {
  %0:3 = relax.split %x {axis = 2, sections = 3} : (!relax.tensor<[b, s, 1536], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  %1:2 = relax.split %x {axis = 2, indices = #sym.shape<[512]>} : (!relax.tensor<[b, s, 1536], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %1#1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @slice_static(
// CHECK-SAME: ) -> !relax.tensor<[10, 0], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[5, 8], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[3, 4], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[10, 0], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[10, 0], f32>
relax.func @slice_static(%x: !relax.tensor<[10, 8], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[2]>, end = #sym.shape<[7]>} : (!relax.tensor<[10, 8], f32>) -> !relax.tensor<*, f32>
  %1 = relax.strided_slice %x {axes = array<i64: 0, 1>, begin = #sym.shape<[1, 0]>, end = #sym.shape<[100, 8]>, strides = array<i64: 3, 2>} : (!relax.tensor<[10, 8], f32>) -> !relax.tensor<*, f32>
  %2 = relax.strided_slice %x {axes = array<i64: -1>, begin = #sym.shape<[6]>, end = #sym.shape<[3]>} : (!relax.tensor<[10, 8], f32>) -> !relax.tensor<*, f32>
  relax.return %2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @slice_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[min(16, n), max(0, m - 3)], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[n, m], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[max(0, -a + min(c, n)), m], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[n, m floordiv 2], f32>
// CHECK-NEXT: %[[V3:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[n, m], f32>
// CHECK-NEXT: %[[V4:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[min(16, n), max(0, m - 3)], f32>
// CHECK-NEXT: return %[[V4]] : !relax.tensor<[min(16, n), max(0, m - 3)], f32>
relax.func @slice_symbolic(%x: !relax.tensor<[n, m], f32>, %sh: !relax.shape<[a, c]>) -> !relax.tensor<*, f32> {
  %0 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[0]>, end = #sym.shape<[n]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  %1 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[a]>, end = #sym.shape<[c]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  %2 = relax.strided_slice %x {axes = array<i64: 1>, begin = #sym.shape<[1]>, end = #sym.shape<[m]>, strides = array<i64: 2>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  %3 = relax.strided_slice %x {axes = array<i64: 0>, begin = #sym.shape<[0]>, end = #sym.shape<[n + 5]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  %4 = relax.strided_slice %x {axes = array<i64: -2, -1>, begin = #sym.shape<[0, 2]>, end = #sym.shape<[16, m - 1]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  relax.return %4 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @slice_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, s, s], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[b, s, 4096], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[b, 1, 2048], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = strided_slice %arg0 {{.*}} -> !relax.tensor<[b, s, s], f32>
// CHECK-NEXT: return %[[V2]] : !relax.tensor<[b, s, s], f32>
relax.func @slice_mixed(%x: !relax.tensor<[b, s, 4096], f32>) -> !relax.tensor<*, f32> attributes {sym.constraints = [#sym.range<s in [1, 4096]>]} {
  %0 = relax.strided_slice %x {axes = array<i64: 1>, begin = #sym.shape<[0]>, end = #sym.shape<[4096]>} : (!relax.tensor<[b, s, 4096], f32>) -> !relax.tensor<*, f32>
  %1 = relax.strided_slice %x {axes = array<i64: 1, 2>, begin = #sym.shape<[s - 1, 0]>, end = #sym.shape<[s, 4096]>, strides = array<i64: 1, 2>} : (!relax.tensor<[b, s, 4096], f32>) -> !relax.tensor<*, f32>
  %2 = relax.strided_slice %x {axes = array<i64: 2>, begin = #sym.shape<[0]>, end = #sym.shape<[s]>} : (!relax.tensor<[b, s, 4096], f32>) -> !relax.tensor<*, f32>
  relax.return %2 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @take_static(
// CHECK-SAME: ) -> !relax.tensor<[100, 2, 3], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = take %arg0, %arg1 {mode = #relax.index_mode<clip>} : {{.*}} -> !relax.tensor<[2, 3, 16], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = take %arg0, %arg1 {axis = 1 : i64, mode = #relax.index_mode<wrap>} : {{.*}} -> !relax.tensor<[100, 2, 3], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[100, 2, 3], f32>
relax.func @take_static(%w: !relax.tensor<[100, 16], f32>, %i: !relax.tensor<[2, 3], i64>) -> !relax.tensor<*, f32> {
  %0 = relax.take %w, %i {mode = #relax.index_mode<clip>} : (!relax.tensor<[100, 16], f32>, !relax.tensor<[2, 3], i64>) -> !relax.tensor<*, f32>
  %1 = relax.take %w, %i {axis = 1, mode = #relax.index_mode<wrap>} : (!relax.tensor<[100, 16], f32>, !relax.tensor<[2, 3], i64>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @take_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[v, b, s], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = take %arg0, %arg1 {{.*}} -> !relax.tensor<[b, s, h], f16>
// CHECK-NEXT: %[[V1:[0-9]+]] = take %arg0, %arg1 {{.*}} -> !relax.tensor<[v, b, s], f16>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[v, b, s], f16>
relax.func @take_symbolic(%w: !relax.tensor<[v, h], f16>, %i: !relax.tensor<[b, s], i32>) -> !relax.tensor<*, f16> {
  %0 = relax.take %w, %i : (!relax.tensor<[v, h], f16>, !relax.tensor<[b, s], i32>) -> !relax.tensor<*, f16>
  %1 = relax.take %w, %i {axis = -1} : (!relax.tensor<[v, h], f16>, !relax.tensor<[b, s], i32>) -> !relax.tensor<*, f16>
  relax.return %1 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @take_mixed(
// CHECK-SAME: ) -> !relax.tensor<[4096], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = take %arg0, %arg1 {{.*}} -> !relax.tensor<[b, s, 4096], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = take %arg0, %arg2 {{.*}} -> !relax.tensor<[4096], f32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[4096], f32>
relax.func @take_mixed(%w: !relax.tensor<[32000, 4096], f32>, %i: !relax.tensor<[b, s], i64>, %j: !relax.tensor<[], i64>) -> !relax.tensor<*, f32> {
  %0 = relax.take %w, %i : (!relax.tensor<[32000, 4096], f32>, !relax.tensor<[b, s], i64>) -> !relax.tensor<*, f32>
  %1 = relax.take %w, %j : (!relax.tensor<[32000, 4096], f32>, !relax.tensor<[], i64>) -> !relax.tensor<*, f32>
  relax.return %1 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @astype_static(
// CHECK-SAME: ) -> !relax.tensor<[2, 3], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = astype %arg0 {{.*}} -> !relax.tensor<[2, 3], f16>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[2, 3], f16>
relax.func @astype_static(%x: !relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f16> {
  %0 = relax.astype %x {dtype = f16} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @astype_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = astype %arg0 {{.*}} -> !relax.tensor<[b, s], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = astype %[[V0]] {{.*}} -> !relax.tensor<[b, s], i32>
// CHECK-NEXT: %[[V2:[0-9]+]] = astype %[[V1]] {{.*}} -> !relax.tensor<[b, s], index>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, s], f32>
relax.func @astype_symbolic(%x: !relax.tensor<[b, s], i64>) -> !relax.tensor<*, f32> {
  %0 = relax.astype %x {dtype = f32} : (!relax.tensor<[b, s], i64>) -> !relax.tensor<*, f32>
  %1 = relax.astype %0 {dtype = i32} : (!relax.tensor<*, f32>) -> !relax.tensor<*, i32>
  %2 = relax.astype %1 {dtype = index} : (!relax.tensor<*, i32>) -> !relax.tensor<*, index>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @astype_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, 4096], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = astype %arg0 {{.*}} -> !relax.tensor<[b, 4096], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = astype %arg0 {{.*}} -> !relax.tensor<[b, 4096], i1>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, 4096], f32>
relax.func @astype_mixed(%x: !relax.tensor<[b, 4096], bf16>) -> !relax.tensor<*, f32> {
  %0 = relax.astype %x {dtype = f32} : (!relax.tensor<[b, 4096], bf16>) -> !relax.tensor<*, f32>
  %1 = relax.astype %x {dtype = i1} : (!relax.tensor<[b, 4096], bf16>) -> !relax.tensor<*, i1>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @split_runtime_check(
// CHECK-SAME: ) -> !relax.tensor<[b, n floordiv 2], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = shape [n mod 2]
// CHECK-NEXT: match_cast %[[V0]] {message = "relax.split: split dim n modulo 2: expected n mod 2 == 0"} : !relax.shape<[n mod 2]> -> !relax.shape<[0]>
// CHECK-NEXT: %[[V2:[0-9]+]]:2 = split %arg0 {{.*}} -> (!relax.tensor<[b, n floordiv 2], f32>, !relax.tensor<[b, n floordiv 2], f32>)
// CHECK-NEXT: return %[[V2]]#1 : !relax.tensor<[b, n floordiv 2], f32>
relax.func @split_runtime_check(%x: !relax.tensor<[b, n], f32>) -> !relax.tensor<*, f32> {
  %0:2 = relax.split %x {axis = 1, sections = 2} : (!relax.tensor<[b, n], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %0#1 : !relax.tensor<*, f32>
}
