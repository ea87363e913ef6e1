// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s

// Shape and dtype inference of the reductions, cumsum and the
// normalizations: every result is written as `*` and `--relax-infer-shapes`
// fills it in. Inside a relax.func the printer elides the `relax.` prefix of
// the ops.

// Reductions reduce along `axes` (all when absent); keepdims keeps the
// reduced dims as 1. The result keeps the element type.
// CHECK-LABEL: relax.func @sum_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = sum %[[X]] : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = sum %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = sum %[[X]] {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 3, 1], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = sum %[[X]] {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 1, 1], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = sum %[[X]] {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[3], f32>
// CHECK-NEXT: return
relax.func @sum_static(%x: !relax.tensor<[2, 3, 4], f32>) {
  %r0 = relax.sum %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.sum %x {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.sum %x {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.sum %x {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.sum %x {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Negative axes count from the end.
// CHECK-LABEL: relax.func @sum_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f16>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = sum %[[X]] {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, t], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = sum %[[X]] {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = sum %[[X]] : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = sum %[[X]] {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, h], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = sum %[[U]] {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
// CHECK-NEXT: return
relax.func @sum_symbolic(%x: !relax.tensor<[b, t, h], f16>, %u: !relax.tensor<*, f16>) {
  %r0 = relax.sum %x {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.sum %x {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.sum %x : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.sum %x {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.sum %u {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @sum_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 4, s + 1], i32>
// CHECK-SAME: %[[S0:arg1]]: !relax.tensor<[s], i32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[?, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = sum %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, s + 1], i32>
// CHECK-NEXT: %[[R1:[0-9]+]] = sum %[[X]] {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[1, 4, 1], i32>
// CHECK-NEXT: %[[R2:[0-9]+]] = sum %[[X]] {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, 1, s + 1], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = sum %[[Y]] {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<[?], f32>
// CHECK-NEXT: return
relax.func @sum_mixed(%x: !relax.tensor<[b, 4, s + 1], i32>, %s0: !relax.tensor<[s], i32>, %y: !relax.tensor<[?, 8], f32>) {
  %r0 = relax.sum %x {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r1 = relax.sum %x {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r2 = relax.sum %x {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.sum %y {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @mean_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = mean %[[X]] : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = mean %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = mean %[[X]] {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 3, 1], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = mean %[[X]] {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 1, 1], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = mean %[[X]] {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[3], f32>
// CHECK-NEXT: return
relax.func @mean_static(%x: !relax.tensor<[2, 3, 4], f32>) {
  %r0 = relax.mean %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.mean %x {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.mean %x {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.mean %x {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.mean %x {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @mean_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f16>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = mean %[[X]] {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, t], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = mean %[[X]] {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = mean %[[X]] : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = mean %[[X]] {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, h], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = mean %[[U]] {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
// CHECK-NEXT: return
relax.func @mean_symbolic(%x: !relax.tensor<[b, t, h], f16>, %u: !relax.tensor<*, f16>) {
  %r0 = relax.mean %x {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.mean %x {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.mean %x : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.mean %x {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.mean %u {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @mean_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 4, s + 1], f16>
// CHECK-SAME: %[[S0:arg1]]: !relax.tensor<[s], i32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[?, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = mean %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<[b, s + 1], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = mean %[[X]] {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<[1, 4, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = mean %[[X]] {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<[b, 1, s + 1], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = mean %[[Y]] {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<[?], f32>
// CHECK-NEXT: return
relax.func @mean_mixed(%x: !relax.tensor<[b, 4, s + 1], f16>, %s0: !relax.tensor<[s], i32>, %y: !relax.tensor<[?, 8], f32>) {
  %r0 = relax.mean %x {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.mean %x {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.mean %x {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.mean %y {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @max_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = max %[[X]] : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = max %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = max %[[X]] {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 3, 1], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = max %[[X]] {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 1, 1], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = max %[[X]] {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[3], f32>
// CHECK-NEXT: return
relax.func @max_static(%x: !relax.tensor<[2, 3, 4], f32>) {
  %r0 = relax.max %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.max %x {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.max %x {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.max %x {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.max %x {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @max_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f16>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = max %[[X]] {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, t], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = max %[[X]] {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = max %[[X]] : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = max %[[X]] {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, h], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = max %[[U]] {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
// CHECK-NEXT: return
relax.func @max_symbolic(%x: !relax.tensor<[b, t, h], f16>, %u: !relax.tensor<*, f16>) {
  %r0 = relax.max %x {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.max %x {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.max %x : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.max %x {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.max %u {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @max_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 4, s + 1], i32>
// CHECK-SAME: %[[S0:arg1]]: !relax.tensor<[s], i32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[?, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = max %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, s + 1], i32>
// CHECK-NEXT: %[[R1:[0-9]+]] = max %[[X]] {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[1, 4, 1], i32>
// CHECK-NEXT: %[[R2:[0-9]+]] = max %[[X]] {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, 1, s + 1], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = max %[[Y]] {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<[?], f32>
// CHECK-NEXT: return
relax.func @max_mixed(%x: !relax.tensor<[b, 4, s + 1], i32>, %s0: !relax.tensor<[s], i32>, %y: !relax.tensor<[?, 8], f32>) {
  %r0 = relax.max %x {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r1 = relax.max %x {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r2 = relax.max %x {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.max %y {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @min_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = min %[[X]] : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = min %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = min %[[X]] {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 3, 1], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = min %[[X]] {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 1, 1], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = min %[[X]] {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[3], f32>
// CHECK-NEXT: return
relax.func @min_static(%x: !relax.tensor<[2, 3, 4], f32>) {
  %r0 = relax.min %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.min %x {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.min %x {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.min %x {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.min %x {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @min_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f16>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = min %[[X]] {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, t], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = min %[[X]] {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = min %[[X]] : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = min %[[X]] {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, h], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = min %[[U]] {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
// CHECK-NEXT: return
relax.func @min_symbolic(%x: !relax.tensor<[b, t, h], f16>, %u: !relax.tensor<*, f16>) {
  %r0 = relax.min %x {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.min %x {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.min %x : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.min %x {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.min %u {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @min_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 4, s + 1], i32>
// CHECK-SAME: %[[S0:arg1]]: !relax.tensor<[s], i32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[?, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = min %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, s + 1], i32>
// CHECK-NEXT: %[[R1:[0-9]+]] = min %[[X]] {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[1, 4, 1], i32>
// CHECK-NEXT: %[[R2:[0-9]+]] = min %[[X]] {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, 1, s + 1], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = min %[[Y]] {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<[?], f32>
// CHECK-NEXT: return
relax.func @min_mixed(%x: !relax.tensor<[b, 4, s + 1], i32>, %s0: !relax.tensor<[s], i32>, %y: !relax.tensor<[?, 8], f32>) {
  %r0 = relax.min %x {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r1 = relax.min %x {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r2 = relax.min %x {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.min %y {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @prod_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = prod %[[X]] : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = prod %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = prod %[[X]] {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 3, 1], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = prod %[[X]] {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 1, 1], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = prod %[[X]] {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[3], f32>
// CHECK-NEXT: return
relax.func @prod_static(%x: !relax.tensor<[2, 3, 4], f32>) {
  %r0 = relax.prod %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.prod %x {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.prod %x {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.prod %x {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.prod %x {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @prod_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f16>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = prod %[[X]] {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, t], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = prod %[[X]] {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = prod %[[X]] : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = prod %[[X]] {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, h], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = prod %[[U]] {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
// CHECK-NEXT: return
relax.func @prod_symbolic(%x: !relax.tensor<[b, t, h], f16>, %u: !relax.tensor<*, f16>) {
  %r0 = relax.prod %x {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.prod %x {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.prod %x : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.prod %x {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.prod %u {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @prod_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 4, s + 1], i32>
// CHECK-SAME: %[[S0:arg1]]: !relax.tensor<[s], i32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[?, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = prod %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, s + 1], i32>
// CHECK-NEXT: %[[R1:[0-9]+]] = prod %[[X]] {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[1, 4, 1], i32>
// CHECK-NEXT: %[[R2:[0-9]+]] = prod %[[X]] {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<[b, 1, s + 1], i32>
// CHECK-NEXT: %[[R3:[0-9]+]] = prod %[[Y]] {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<[?], f32>
// CHECK-NEXT: return
relax.func @prod_mixed(%x: !relax.tensor<[b, 4, s + 1], i32>, %s0: !relax.tensor<[s], i32>, %y: !relax.tensor<[?, 8], f32>) {
  %r0 = relax.prod %x {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r1 = relax.prod %x {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r2 = relax.prod %x {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], i32>) -> !relax.tensor<*, i32>
  %r3 = relax.prod %y {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @variance_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = variance %[[X]] : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = variance %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = variance %[[X]] {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 3, 1], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = variance %[[X]] {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 1, 1], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = variance %[[X]] {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[3], f32>
// CHECK-NEXT: return
relax.func @variance_static(%x: !relax.tensor<[2, 3, 4], f32>) {
  %r0 = relax.variance %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.variance %x {axes = array<i64: 1>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.variance %x {axes = array<i64: 0, 2>, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.variance %x {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.variance %x {axes = array<i64: 2, 0>} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @variance_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f16>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = variance %[[X]] {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, t], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = variance %[[X]] {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[1, t, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = variance %[[X]] : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = variance %[[X]] {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<[b, h], f16>
// CHECK-NEXT: %[[R4:[0-9]+]] = variance %[[U]] {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
// CHECK-NEXT: return
relax.func @variance_symbolic(%x: !relax.tensor<[b, t, h], f16>, %u: !relax.tensor<*, f16>) {
  %r0 = relax.variance %x {axes = array<i64: -1>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.variance %x {axes = array<i64: 0, -1>, keepdims = true} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.variance %x : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.variance %x {axes = array<i64: -2>} : (!relax.tensor<[b, t, h], f16>) -> !relax.tensor<*, f16>
  %r4 = relax.variance %u {axes = array<i64: 5>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @variance_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 4, s + 1], f16>
// CHECK-SAME: %[[S0:arg1]]: !relax.tensor<[s], i32>
// CHECK-SAME: %[[Y:arg2]]: !relax.tensor<[?, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = variance %[[X]] {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<[b, s + 1], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = variance %[[X]] {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<[1, 4, 1], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = variance %[[X]] {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<[b, 1, s + 1], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = variance %[[Y]] {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<[?], f32>
// CHECK-NEXT: return
relax.func @variance_mixed(%x: !relax.tensor<[b, 4, s + 1], f16>, %s0: !relax.tensor<[s], i32>, %y: !relax.tensor<[?, 8], f32>) {
  %r0 = relax.variance %x {axes = array<i64: 1>} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.variance %x {axes = array<i64: -3, -1>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.variance %x {axes = array<i64: -2>, keepdims = true} : (!relax.tensor<[b, 4, s + 1], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.variance %y {axes = array<i64: 1>} : (!relax.tensor<[?, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// argmax gives i64 indices along `axis`, or of the flattened tensor.
// CHECK-LABEL: relax.func @argmax_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 4], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = argmax %[[X]] : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[], i64>
// CHECK-NEXT: %[[R1:[0-9]+]] = argmax %[[X]] {axis = 1 : i64} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 4], i64>
// CHECK-NEXT: %[[R2:[0-9]+]] = argmax %[[X]] {axis = -1 : i64, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[2, 3, 1], i64>
// CHECK-NEXT: %[[R3:[0-9]+]] = argmax %[[X]] {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<[1, 1, 1], i64>
// CHECK-NEXT: return
relax.func @argmax_static(%x: !relax.tensor<[2, 3, 4], f32>) {
  %r0 = relax.argmax %x : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, i64>
  %r1 = relax.argmax %x {axis = 1 : i64} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, i64>
  %r2 = relax.argmax %x {axis = -1 : i64, keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, i64>
  %r3 = relax.argmax %x {keepdims = true} : (!relax.tensor<[2, 3, 4], f32>) -> !relax.tensor<*, i64>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @argmax_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, v], f16>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = argmax %[[X]] {axis = -1 : i64} : (!relax.tensor<[b, t, v], f16>) -> !relax.tensor<[b, t], i64>
// CHECK-NEXT: %[[R1:[0-9]+]] = argmax %[[X]] : (!relax.tensor<[b, t, v], f16>) -> !relax.tensor<[], i64>
// CHECK-NEXT: %[[R2:[0-9]+]] = argmax %[[X]] {axis = 1 : i64, keepdims = true} : (!relax.tensor<[b, t, v], f16>) -> !relax.tensor<[b, 1, v], i64>
// CHECK-NEXT: %[[R3:[0-9]+]] = argmax %[[U]] {axis = 0 : i64} : (!relax.tensor<*, f32>) -> !relax.tensor<*, i64>
// CHECK-NEXT: return
relax.func @argmax_symbolic(%x: !relax.tensor<[b, t, v], f16>, %u: !relax.tensor<*, f32>) {
  %r0 = relax.argmax %x {axis = -1 : i64} : (!relax.tensor<[b, t, v], f16>) -> !relax.tensor<*, i64>
  %r1 = relax.argmax %x : (!relax.tensor<[b, t, v], f16>) -> !relax.tensor<*, i64>
  %r2 = relax.argmax %x {axis = 1 : i64, keepdims = true} : (!relax.tensor<[b, t, v], f16>) -> !relax.tensor<*, i64>
  %r3 = relax.argmax %u {axis = 0 : i64} : (!relax.tensor<*, f32>) -> !relax.tensor<*, i64>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @argmax_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 32000], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[2, s], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = argmax %[[X]] {axis = 1 : i64} : (!relax.tensor<[b, 32000], f32>) -> !relax.tensor<[b], i64>
// CHECK-NEXT: %[[R1:[0-9]+]] = argmax %[[X]] {axis = -1 : i64, keepdims = true} : (!relax.tensor<[b, 32000], f32>) -> !relax.tensor<[b, 1], i64>
// CHECK-NEXT: %[[R2:[0-9]+]] = argmax %[[Y]] {axis = 0 : i64} : (!relax.tensor<[2, s], i32>) -> !relax.tensor<[s], i64>
// CHECK-NEXT: %[[R3:[0-9]+]] = argmax %[[Y]] : (!relax.tensor<[2, s], i32>) -> !relax.tensor<[], i64>
// CHECK-NEXT: return
relax.func @argmax_mixed(%x: !relax.tensor<[b, 32000], f32>, %y: !relax.tensor<[2, s], i32>) {
  %r0 = relax.argmax %x {axis = 1 : i64} : (!relax.tensor<[b, 32000], f32>) -> !relax.tensor<*, i64>
  %r1 = relax.argmax %x {axis = -1 : i64, keepdims = true} : (!relax.tensor<[b, 32000], f32>) -> !relax.tensor<*, i64>
  %r2 = relax.argmax %y {axis = 0 : i64} : (!relax.tensor<[2, s], i32>) -> !relax.tensor<*, i64>
  %r3 = relax.argmax %y : (!relax.tensor<[2, s], i32>) -> !relax.tensor<*, i64>
  relax.return
}

// -----

// cumsum keeps the operand's type; axis defaults to 0.
// CHECK-LABEL: relax.func @cumsum_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[5], i32>
// CHECK-NEXT: %[[R0:[0-9]+]] = cumsum %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = cumsum %[[X]] {axis = 1 : i64} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = cumsum %[[Y]] {axis = -1 : i64} : (!relax.tensor<[5], i32>) -> !relax.tensor<[5], i32>
// CHECK-NEXT: return
relax.func @cumsum_static(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[5], i32>) {
  %r0 = relax.cumsum %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.cumsum %x {axis = 1 : i64} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.cumsum %y {axis = -1 : i64} : (!relax.tensor<[5], i32>) -> !relax.tensor<*, i32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @cumsum_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t], f32>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = cumsum %[[X]] : (!relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = cumsum %[[X]] {axis = -1 : i64} : (!relax.tensor<[b, t], f32>) -> !relax.tensor<[b, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = cumsum %[[U]] {axis = 3 : i64} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
// CHECK-NEXT: return
relax.func @cumsum_symbolic(%x: !relax.tensor<[b, t], f32>, %u: !relax.tensor<*, f32>) {
  %r0 = relax.cumsum %x : (!relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.cumsum %x {axis = -1 : i64} : (!relax.tensor<[b, t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.cumsum %u {axis = 3 : i64} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @cumsum_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 4, t], i64>
// CHECK-NEXT: %[[R0:[0-9]+]] = cumsum %[[X]] {axis = 1 : i64} : (!relax.tensor<[b, 4, t], i64>) -> !relax.tensor<[b, 4, t], i64>
// CHECK-NEXT: %[[R1:[0-9]+]] = cumsum %[[X]] {axis = -1 : i64} : (!relax.tensor<[b, 4, t], i64>) -> !relax.tensor<[b, 4, t], i64>
// CHECK-NEXT: return
relax.func @cumsum_mixed(%x: !relax.tensor<[b, 4, t], i64>) {
  %r0 = relax.cumsum %x {axis = 1 : i64} : (!relax.tensor<[b, 4, t], i64>) -> !relax.tensor<*, i64>
  %r1 = relax.cumsum %x {axis = -1 : i64} : (!relax.tensor<[b, 4, t], i64>) -> !relax.tensor<*, i64>
  relax.return
}

// -----

// rms_norm: the weight has the shape of the normalized axes (default: the
// last one); the result has the operand's type.
// CHECK-LABEL: relax.func @rms_norm_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 8], f32>
// CHECK-SAME: %[[W:arg1]]: !relax.tensor<[8], f32>
// CHECK-SAME: %[[W2:arg2]]: !relax.tensor<[3, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = rms_norm %[[X]], %[[W]] : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[2, 3, 8], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = rms_norm %[[X]], %[[W2]] {axes = array<i64: 1, 2>} : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[3, 8], f32>) -> !relax.tensor<[2, 3, 8], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = rms_norm %[[X]], %[[W2]] {axes = array<i64: -2, -1>, epsilon = 9.9999999999999995E-7 : f64} : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[3, 8], f32>) -> !relax.tensor<[2, 3, 8], f32>
// CHECK-NEXT: return
relax.func @rms_norm_static(%x: !relax.tensor<[2, 3, 8], f32>, %w: !relax.tensor<[8], f32>, %w2: !relax.tensor<[3, 8], f32>) {
  %r0 = relax.rms_norm %x, %w : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.rms_norm %x, %w2 {axes = array<i64: 1, 2>} : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[3, 8], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.rms_norm %x, %w2 {axes = array<i64: -2, -1>, epsilon = 9.9999999999999995E-7 : f64} : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[3, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A symbolic hidden size d against h becomes a run-time check; a `?` or
// unranked weight is not checked.
// CHECK-LABEL: relax.func @rms_norm_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f16>
// CHECK-SAME: %[[W:arg1]]: !relax.tensor<[h], f16>
// CHECK-SAME: %[[V:arg2]]: !relax.tensor<[d], f16>
// CHECK-SAME: %[[W2:arg3]]: !relax.tensor<[t, h], f16>
// CHECK-SAME: %[[W3:arg4]]: !relax.tensor<[?], f16>
// CHECK-SAME: %[[W4:arg5]]: !relax.tensor<*, f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = rms_norm %[[X]], %[[W]] : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[h], f16>) -> !relax.tensor<[b, t, h], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = rms_norm %[[X]], %[[W2]] {axes = array<i64: 1, 2>} : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[t, h], f16>) -> !relax.tensor<[b, t, h], f16>
// CHECK-NEXT: %[[R2:[0-9]+]] = rms_norm %[[X]], %[[W3]] : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[?], f16>) -> !relax.tensor<[b, t, h], f16>
// CHECK-NEXT: %[[R3:[0-9]+]] = rms_norm %[[X]], %[[W4]] : (!relax.tensor<[b, t, h], f16>, !relax.tensor<*, f16>) -> !relax.tensor<[b, t, h], f16>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [d]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.rms_norm: normalization parameter: operand #1 dim 0: expected d == h"} : !relax.shape<[d]> -> !relax.shape<[h]>
// CHECK-NEXT: %[[R4:[0-9]+]] = rms_norm %[[X]], %[[V]] : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[d], f16>) -> !relax.tensor<[b, t, h], f16>
// CHECK-NEXT: return
relax.func @rms_norm_symbolic(%x: !relax.tensor<[b, t, h], f16>, %w: !relax.tensor<[h], f16>, %v: !relax.tensor<[d], f16>, %w2: !relax.tensor<[t, h], f16>, %w3: !relax.tensor<[?], f16>, %w4: !relax.tensor<*, f16>) {
  %r0 = relax.rms_norm %x, %w : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[h], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.rms_norm %x, %w2 {axes = array<i64: 1, 2>} : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[t, h], f16>) -> !relax.tensor<*, f16>
  %r2 = relax.rms_norm %x, %w3 : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[?], f16>) -> !relax.tensor<*, f16>
  %r3 = relax.rms_norm %x, %w4 : (!relax.tensor<[b, t, h], f16>, !relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  %r4 = relax.rms_norm %x, %v : (!relax.tensor<[b, t, h], f16>, !relax.tensor<[d], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @rms_norm_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, s, 4096], bf16>
// CHECK-SAME: %[[W:arg1]]: !relax.tensor<[4096], bf16>
// CHECK-SAME: %[[W2:arg2]]: !relax.tensor<[s], bf16>
// CHECK-SAME: %[[U:arg3]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = rms_norm %[[X]], %[[W]] : (!relax.tensor<[b, s, 4096], bf16>, !relax.tensor<[4096], bf16>) -> !relax.tensor<[b, s, 4096], bf16>
// CHECK-NEXT: %[[R1:[0-9]+]] = rms_norm %[[X]], %[[W2]] {axes = array<i64: -2>} : (!relax.tensor<[b, s, 4096], bf16>, !relax.tensor<[s], bf16>) -> !relax.tensor<[b, s, 4096], bf16>
// CHECK-NEXT: %[[R2:[0-9]+]] = rms_norm %[[U]], %[[W]] : (!relax.tensor<*, bf16>, !relax.tensor<[4096], bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @rms_norm_mixed(%x: !relax.tensor<[b, s, 4096], bf16>, %w: !relax.tensor<[4096], bf16>, %w2: !relax.tensor<[s], bf16>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.rms_norm %x, %w : (!relax.tensor<[b, s, 4096], bf16>, !relax.tensor<[4096], bf16>) -> !relax.tensor<*, bf16>
  %r1 = relax.rms_norm %x, %w2 {axes = array<i64: -2>} : (!relax.tensor<[b, s, 4096], bf16>, !relax.tensor<[s], bf16>) -> !relax.tensor<*, bf16>
  %r2 = relax.rms_norm %u, %w : (!relax.tensor<*, bf16>, !relax.tensor<[4096], bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// layer_norm: gamma and beta have the shape of the normalized axes.
// CHECK-LABEL: relax.func @layer_norm_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3, 8], f32>
// CHECK-SAME: %[[G:arg1]]: !relax.tensor<[8], f32>
// CHECK-SAME: %[[BE:arg2]]: !relax.tensor<[8], f32>
// CHECK-SAME: %[[G2:arg3]]: !relax.tensor<[3, 8], f32>
// CHECK-SAME: %[[B2:arg4]]: !relax.tensor<[3, 8], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = layer_norm %[[X]], %[[G]], %[[BE]] : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[2, 3, 8], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = layer_norm %[[X]], %[[G2]], %[[B2]] {axes = array<i64: 1, 2>} : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[3, 8], f32>, !relax.tensor<[3, 8], f32>) -> !relax.tensor<[2, 3, 8], f32>
// CHECK-NEXT: return
relax.func @layer_norm_static(%x: !relax.tensor<[2, 3, 8], f32>, %g: !relax.tensor<[8], f32>, %be: !relax.tensor<[8], f32>, %g2: !relax.tensor<[3, 8], f32>, %b2: !relax.tensor<[3, 8], f32>) {
  %r0 = relax.layer_norm %x, %g, %be : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.layer_norm %x, %g2, %b2 {axes = array<i64: 1, 2>} : (!relax.tensor<[2, 3, 8], f32>, !relax.tensor<[3, 8], f32>, !relax.tensor<[3, 8], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Symbolic hidden sizes of gamma (operand #1) and beta (operand #2).
// CHECK-LABEL: relax.func @layer_norm_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, t, h], f32>
// CHECK-SAME: %[[G:arg1]]: !relax.tensor<[h], f32>
// CHECK-SAME: %[[BE:arg2]]: !relax.tensor<[h], f32>
// CHECK-SAME: %[[GD:arg3]]: !relax.tensor<[d], f32>
// CHECK-SAME: %[[BD:arg4]]: !relax.tensor<[e], f32>
// CHECK-SAME: %[[G2:arg5]]: !relax.tensor<[t, h], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = layer_norm %[[X]], %[[G]], %[[BE]] : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[h], f32>, !relax.tensor<[h], f32>) -> !relax.tensor<[b, t, h], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = layer_norm %[[X]], %[[G2]], %[[G2]] {axes = array<i64: -2, -1>} : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[t, h], f32>, !relax.tensor<[t, h], f32>) -> !relax.tensor<[b, t, h], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [e]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.layer_norm: normalization parameter: operand #2 dim 0: expected e == h"} : !relax.shape<[e]> -> !relax.shape<[h]>
// CHECK-NEXT: %[[R2:[0-9]+]] = layer_norm %[[X]], %[[G]], %[[BD]] : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[h], f32>, !relax.tensor<[e], f32>) -> !relax.tensor<[b, t, h], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [d]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.layer_norm: normalization parameter: operand #1 dim 0: expected d == h"} : !relax.shape<[d]> -> !relax.shape<[h]>
// CHECK-NEXT: %[[R3:[0-9]+]] = layer_norm %[[X]], %[[GD]], %[[BE]] : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[d], f32>, !relax.tensor<[h], f32>) -> !relax.tensor<[b, t, h], f32>
// CHECK-NEXT: return
relax.func @layer_norm_symbolic(%x: !relax.tensor<[b, t, h], f32>, %g: !relax.tensor<[h], f32>, %be: !relax.tensor<[h], f32>, %gd: !relax.tensor<[d], f32>, %bd: !relax.tensor<[e], f32>, %g2: !relax.tensor<[t, h], f32>) {
  %r0 = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[h], f32>, !relax.tensor<[h], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.layer_norm %x, %g2, %g2 {axes = array<i64: -2, -1>} : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[t, h], f32>, !relax.tensor<[t, h], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.layer_norm %x, %g, %bd : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[h], f32>, !relax.tensor<[e], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.layer_norm %x, %gd, %be : (!relax.tensor<[b, t, h], f32>, !relax.tensor<[d], f32>, !relax.tensor<[h], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @layer_norm_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, s, 768], f16>
// CHECK-SAME: %[[G:arg1]]: !relax.tensor<[768], f16>
// CHECK-SAME: %[[BE:arg2]]: !relax.tensor<[768], f16>
// CHECK-SAME: %[[G2:arg3]]: !relax.tensor<[s, 768], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = layer_norm %[[X]], %[[G]], %[[BE]] : (!relax.tensor<[b, s, 768], f16>, !relax.tensor<[768], f16>, !relax.tensor<[768], f16>) -> !relax.tensor<[b, s, 768], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = layer_norm %[[X]], %[[G2]], %[[G2]] {axes = array<i64: 1, 2>, epsilon = 9.9999999999999995E-7 : f64} : (!relax.tensor<[b, s, 768], f16>, !relax.tensor<[s, 768], f16>, !relax.tensor<[s, 768], f16>) -> !relax.tensor<[b, s, 768], f16>
// CHECK-NEXT: return
relax.func @layer_norm_mixed(%x: !relax.tensor<[b, s, 768], f16>, %g: !relax.tensor<[768], f16>, %be: !relax.tensor<[768], f16>, %g2: !relax.tensor<[s, 768], f16>) {
  %r0 = relax.layer_norm %x, %g, %be : (!relax.tensor<[b, s, 768], f16>, !relax.tensor<[768], f16>, !relax.tensor<[768], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.layer_norm %x, %g2, %g2 {axes = array<i64: 1, 2>, epsilon = 9.9999999999999995E-7 : f64} : (!relax.tensor<[b, s, 768], f16>, !relax.tensor<[s, 768], f16>, !relax.tensor<[s, 768], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// group_norm: the channel count is a multiple of num_groups; gamma and
// beta are per channel.
// CHECK-LABEL: relax.func @group_norm_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 6, 4, 4], f32>
// CHECK-SAME: %[[G:arg1]]: !relax.tensor<[6], f32>
// CHECK-SAME: %[[BE:arg2]]: !relax.tensor<[6], f32>
// CHECK-SAME: %[[Y:arg3]]: !relax.tensor<[2, 4, 4, 6], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = group_norm %[[X]], %[[G]], %[[BE]] {num_groups = 3 : i64} : (!relax.tensor<[2, 6, 4, 4], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<[2, 6, 4, 4], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = group_norm %[[X]], %[[G]], %[[BE]] {num_groups = 6 : i64} : (!relax.tensor<[2, 6, 4, 4], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<[2, 6, 4, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = group_norm %[[Y]], %[[G]], %[[BE]] {channel_axis = -1 : i64, num_groups = 2 : i64} : (!relax.tensor<[2, 4, 4, 6], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<[2, 4, 4, 6], f32>
// CHECK-NEXT: return
relax.func @group_norm_static(%x: !relax.tensor<[2, 6, 4, 4], f32>, %g: !relax.tensor<[6], f32>, %be: !relax.tensor<[6], f32>, %y: !relax.tensor<[2, 4, 4, 6], f32>) {
  %r0 = relax.group_norm %x, %g, %be {num_groups = 3 : i64} : (!relax.tensor<[2, 6, 4, 4], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.group_norm %x, %g, %be {num_groups = 6 : i64} : (!relax.tensor<[2, 6, 4, 4], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.group_norm %y, %g, %be {channel_axis = -1 : i64, num_groups = 2 : i64} : (!relax.tensor<[2, 4, 4, 6], f32>, !relax.tensor<[6], f32>, !relax.tensor<[6], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// A symbolic channel count that a #sym.divisible constraint makes a
// multiple of num_groups; a symbolic gamma size becomes a run-time check.
// CHECK-LABEL: relax.func @group_norm_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[n, c, h, w], f32>
// CHECK-SAME: %[[G:arg1]]: !relax.tensor<[c], f32>
// CHECK-SAME: %[[BE:arg2]]: !relax.tensor<[c], f32>
// CHECK-SAME: %[[GD:arg3]]: !relax.tensor<[d], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = group_norm %[[X]], %[[G]], %[[BE]] {num_groups = 4 : i64} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[c], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<[n, c, h, w], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = group_norm %[[X]], %[[G]], %[[BE]] {num_groups = 2 : i64} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[c], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<[n, c, h, w], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [d]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.group_norm: per-channel scale: operand #1 dim 0: expected d == c"} : !relax.shape<[d]> -> !relax.shape<[c]>
// CHECK-NEXT: %[[R2:[0-9]+]] = group_norm %[[X]], %[[GD]], %[[BE]] {num_groups = 4 : i64} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[d], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<[n, c, h, w], f32>
// CHECK-NEXT: return
relax.func @group_norm_symbolic(%x: !relax.tensor<[n, c, h, w], f32>, %g: !relax.tensor<[c], f32>, %be: !relax.tensor<[c], f32>, %gd: !relax.tensor<[d], f32>) attributes {sym.constraints = [#sym.divisible<c, 4>]} {
  %r0 = relax.group_norm %x, %g, %be {num_groups = 4 : i64} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[c], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.group_norm %x, %g, %be {num_groups = 2 : i64} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[c], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.group_norm %x, %gd, %be {num_groups = 4 : i64} : (!relax.tensor<[n, c, h, w], f32>, !relax.tensor<[d], f32>, !relax.tensor<[c], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// 2 * c is a multiple of 2 without a constraint.
// CHECK-LABEL: relax.func @group_norm_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[n, 32, h, w], f16>
// CHECK-SAME: %[[G:arg1]]: !relax.tensor<[32], f16>
// CHECK-SAME: %[[BE:arg2]]: !relax.tensor<[32], f16>
// CHECK-SAME: %[[Y:arg3]]: !relax.tensor<[n, 2 * c], f16>
// CHECK-SAME: %[[G2:arg4]]: !relax.tensor<[2 * c], f16>
// CHECK-SAME: %[[C0:arg5]]: !relax.tensor<[c], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = group_norm %[[X]], %[[G]], %[[BE]] {num_groups = 8 : i64} : (!relax.tensor<[n, 32, h, w], f16>, !relax.tensor<[32], f16>, !relax.tensor<[32], f16>) -> !relax.tensor<[n, 32, h, w], f16>
// CHECK-NEXT: %[[R1:[0-9]+]] = group_norm %[[Y]], %[[G2]], %[[G2]] {num_groups = 2 : i64} : (!relax.tensor<[n, 2 * c], f16>, !relax.tensor<[2 * c], f16>, !relax.tensor<[2 * c], f16>) -> !relax.tensor<[n, 2 * c], f16>
// CHECK-NEXT: return
relax.func @group_norm_mixed(%x: !relax.tensor<[n, 32, h, w], f16>, %g: !relax.tensor<[32], f16>, %be: !relax.tensor<[32], f16>, %y: !relax.tensor<[n, 2 * c], f16>, %g2: !relax.tensor<[2 * c], f16>, %c0: !relax.tensor<[c], f16>) {
  %r0 = relax.group_norm %x, %g, %be {num_groups = 8 : i64} : (!relax.tensor<[n, 32, h, w], f16>, !relax.tensor<[32], f16>, !relax.tensor<[32], f16>) -> !relax.tensor<*, f16>
  %r1 = relax.group_norm %y, %g2, %g2 {num_groups = 2 : i64} : (!relax.tensor<[n, 2 * c], f16>, !relax.tensor<[2 * c], f16>, !relax.tensor<[2 * c], f16>) -> !relax.tensor<*, f16>
  relax.return
}
