// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s

// Shape and dtype rules of the creation ops (full, zeros, ones, arange) and of
// tril / triu. Every op result is written as `*` and --relax-infer-shapes
// fills it in; each op has a static, a fully symbolic and a mixed case.

// CHECK-LABEL: relax.func @full_static(
// CHECK-SAME: ) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = full %arg0 {{.*}} -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = full %arg0 {{.*}} -> !relax.tensor<[], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[2, 3], f32>
relax.func @full_static(%v: !relax.tensor<[], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.full %v {shape = #sym.shape<[2, 3]>} : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  %1 = relax.full %v {shape = #sym.shape<[]>} : (!relax.tensor<[], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @full_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b * s, s + 1], i32>
// CHECK-NEXT: %[[V0:[0-9]+]] = full %arg0 {{.*}} -> !relax.tensor<[b, s], i32>
// CHECK-NEXT: %[[V1:[0-9]+]] = full %arg0 {{.*}} -> !relax.tensor<[b * s, s + 1], i32>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[b * s, s + 1], i32>
relax.func @full_symbolic(%v: !relax.tensor<[], i32>, %x: !relax.tensor<[b, s], f32>) -> !relax.tensor<*, i32> {
  %0 = relax.full %v {shape = #sym.shape<[b, s]>} : (!relax.tensor<[], i32>) -> !relax.tensor<*, i32>
  %1 = relax.full %v {shape = #sym.shape<[b * s, s + 1]>} : (!relax.tensor<[], i32>) -> !relax.tensor<*, i32>
  relax.return %1 : !relax.tensor<*, i32>
}

// -----

// CHECK-LABEL: relax.func @full_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, 8, s, 64], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = full %arg0 {{.*}} -> !relax.tensor<[b, 8, s, 64], f16>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, 8, s, 64], f16>
relax.func @full_mixed(%v: !relax.tensor<*, f16>, %x: !relax.tensor<[b, s], f32>) -> !relax.tensor<*, f16> {
  %0 = relax.full %v {shape = #sym.shape<[b, 8, s, 64]>} : (!relax.tensor<*, f16>) -> !relax.tensor<*, f16>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @zeros_ones_static(
// CHECK-SAME: ) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = zeros {{.*}} -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = ones {{.*}} -> !relax.tensor<[4], i64>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[2, 3], f32>
relax.func @zeros_ones_static() -> !relax.tensor<*, f32> {
  %0 = relax.zeros {shape = #sym.shape<[2, 3]>, dtype = f32} : () -> !relax.tensor<*, f32>
  %1 = relax.ones {shape = #sym.shape<[4]>, dtype = i64} : () -> !relax.tensor<*, i64>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @zeros_ones_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[b, s], f16>
// CHECK-NEXT: %[[V0:[0-9]+]] = zeros {{.*}} -> !relax.tensor<[b, s], f16>
// CHECK-NEXT: %[[V1:[0-9]+]] = ones {{.*}} -> !relax.tensor<[s, s], i1>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, s], f16>
relax.func @zeros_ones_symbolic(%x: !relax.tensor<[b, s], f32>) -> !relax.tensor<*, f16> {
  %0 = relax.zeros {shape = #sym.shape<[b, s]>, dtype = f16} : () -> !relax.tensor<*, f16>
  %1 = relax.ones {shape = #sym.shape<[s, s]>, dtype = i1} : () -> !relax.tensor<*, i1>
  relax.return %0 : !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @zeros_ones_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, 32, s, 128], bf16>
// CHECK-NEXT: %[[V0:[0-9]+]] = zeros {{.*}} -> !relax.tensor<[b, 32, s, 128], bf16>
// CHECK-NEXT: %[[V1:[0-9]+]] = ones {{.*}} -> !relax.tensor<[1, 1, s, s + 16], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, 32, s, 128], bf16>
relax.func @zeros_ones_mixed(%x: !relax.tensor<[b, s], f32>) -> !relax.tensor<*, bf16> {
  %0 = relax.zeros {shape = #sym.shape<[b, 32, s, 128]>, dtype = bf16} : () -> !relax.tensor<*, bf16>
  %1 = relax.ones {shape = #sym.shape<[1, 1, s, s + 16]>, dtype = f32} : () -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, bf16>
}

// -----

// CHECK-LABEL: relax.func @arange_static(
// CHECK-SAME: ) -> !relax.tensor<[10], i64>
// CHECK-NEXT: %[[V0:[0-9]+]] = arange {{.*}} -> !relax.tensor<[10], i64>
// CHECK-NEXT: %[[V1:[0-9]+]] = arange {{.*}} -> !relax.tensor<[3], f32>
// CHECK-NEXT: %[[V2:[0-9]+]] = arange {{.*}} -> !relax.tensor<[0], i32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[10], i64>
relax.func @arange_static() -> !relax.tensor<*, i64> {
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<10>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<*, i64>
  %1 = relax.arange {start = #sym.expr<1>, end = #sym.expr<10>, step = #sym.expr<3>, dtype = f32} : () -> !relax.tensor<*, f32>
  %2 = relax.arange {start = #sym.expr<5>, end = #sym.expr<2>, step = #sym.expr<1>, dtype = i32} : () -> !relax.tensor<*, i32>
  relax.return %0 : !relax.tensor<*, i64>
}

// -----

// CHECK-LABEL: relax.func @arange_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[s], i64>
// CHECK-NEXT: %[[V0:[0-9]+]] = arange {{.*}} -> !relax.tensor<[s], i64>
// CHECK-NEXT: %[[V1:[0-9]+]] = arange {{.*}} -> !relax.tensor<[s], i64>
// CHECK-NEXT: %[[V2:[0-9]+]] = arange {{.*}} -> !relax.tensor<[max(0, -p + s)], i64>
// CHECK-NEXT: %[[V3:[0-9]+]] = arange {{.*}} -> !relax.tensor<[?], i64>
// CHECK-NEXT: return %[[V1]] : !relax.tensor<[s], i64>
relax.func @arange_symbolic(%x: !relax.tensor<[p, s], f32>) -> !relax.tensor<*, i64> {
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<s>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<*, i64>
  %1 = relax.arange {start = #sym.expr<p>, end = #sym.expr<p + s>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<*, i64>
  %2 = relax.arange {start = #sym.expr<p>, end = #sym.expr<s>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<*, i64>
  %3 = relax.arange {start = #sym.expr<0>, end = #sym.expr<s>, step = #sym.expr<p>, dtype = i64} : () -> !relax.tensor<*, i64>
  relax.return %1 : !relax.tensor<*, i64>
}

// -----

// CHECK-LABEL: relax.func @arange_mixed(
// CHECK-SAME: ) -> !relax.tensor<[(d + 1) floordiv 2], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = arange {{.*}} -> !relax.tensor<[(d + 1) floordiv 2], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = arange {{.*}} -> !relax.tensor<[d], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[(d + 1) floordiv 2], f32>
relax.func @arange_mixed(%x: !relax.tensor<[d], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.arange {start = #sym.expr<0>, end = #sym.expr<d>, step = #sym.expr<2>, dtype = f32} : () -> !relax.tensor<*, f32>
  %1 = relax.arange {start = #sym.expr<1>, end = #sym.expr<2 * d + 1>, step = #sym.expr<2>, dtype = f32} : () -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @tril_triu_static(
// CHECK-SAME: ) -> !relax.tensor<[4, 4], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = tril %arg0 {{.*}} -> !relax.tensor<[4, 4], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = triu %arg1 {{.*}} -> !relax.tensor<[2, 3, 5], i1>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[4, 4], f32>
relax.func @tril_triu_static(%x: !relax.tensor<[4, 4], f32>, %y: !relax.tensor<[2, 3, 5], i1>) -> !relax.tensor<*, f32> {
  %0 = relax.tril %x : (!relax.tensor<[4, 4], f32>) -> !relax.tensor<*, f32>
  %1 = relax.triu %y {k = 1} : (!relax.tensor<[2, 3, 5], i1>) -> !relax.tensor<*, i1>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @tril_triu_symbolic(
// CHECK-SAME: ) -> !relax.tensor<[s, t], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = tril %arg0 {{.*}} -> !relax.tensor<[s, t], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = triu %arg0 {{.*}} -> !relax.tensor<[s, t], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[s, t], f32>
relax.func @tril_triu_symbolic(%x: !relax.tensor<[s, t], f32>) -> !relax.tensor<*, f32> {
  %0 = relax.tril %x {k = -1} : (!relax.tensor<[s, t], f32>) -> !relax.tensor<*, f32>
  %1 = relax.triu %x : (!relax.tensor<[s, t], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @tril_triu_mixed(
// CHECK-SAME: ) -> !relax.tensor<[b, 1, s, p + s], f32>
// CHECK-NEXT: %[[V0:[0-9]+]] = tril %arg0 {{.*}} -> !relax.tensor<[b, 1, s, p + s], f32>
// CHECK-NEXT: %[[V1:[0-9]+]] = triu %arg0 {{.*}} -> !relax.tensor<[b, 1, s, p + s], f32>
// CHECK-NEXT: return %[[V0]] : !relax.tensor<[b, 1, s, p + s], f32>
relax.func @tril_triu_mixed(%x: !relax.tensor<[b, 1, s, p + s], f32>, %p: !relax.shape<[p]>) -> !relax.tensor<*, f32> {
  %0 = relax.tril %x : (!relax.tensor<[b, 1, s, p + s], f32>) -> !relax.tensor<*, f32>
  %1 = relax.triu %x {k = 5} : (!relax.tensor<[b, 1, s, p + s], f32>) -> !relax.tensor<*, f32>
  relax.return %0 : !relax.tensor<*, f32>
}
