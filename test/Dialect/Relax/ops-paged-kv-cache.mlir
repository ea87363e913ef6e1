// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s
// RUN: relax-opt %s -split-input-file --verify-roundtrip | FileCheck %s --check-prefix=ROUNDTRIP

// Shape rules of the paged KV cache ops: paged_kv_append gives the cache's
// type back; paged_attention gives the queries' type, with grouped heads
// and a page table whose rows and columns are symbols of their own.

// CHECK-LABEL: relax.func @append
// CHECK: paged_kv_append %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {layer = 1 : i64} : {{.*}} -> !relax.tensor<[2, n, 2, 4, 16, 64], f32>
// ROUNDTRIP-LABEL: relax.func @append
relax.func @append(%pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %k: !relax.tensor<[t, 4, 64], f32>, %v: !relax.tensor<[t, 4, 64], f32>, %slots: !relax.tensor<[t], i32>) -> !relax.tensor<*, f32> {
  %p = relax.paged_kv_append %pages, %k, %v, %slots {layer = 1 : i64} : (!relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @attention
// CHECK: paged_attention %{{.*}} {layer = 0 : i64} : {{.*}} -> !relax.tensor<[t, 8, 64], f32>
// CHECK: paged_attention %{{.*}} {layer = 1 : i64, scale = 1.250000e-01 : f64} : {{.*}} -> !relax.tensor<[t, 8, 64], f32>
// ROUNDTRIP-LABEL: relax.func @attention
relax.func @attention(%q: !relax.tensor<[t, 8, 64], f32>, %pages: !relax.tensor<[2, n, 2, 4, 16, 64], f32>, %table: !relax.tensor<[b, m], i32>, %seq: !relax.tensor<[t], i32>, %pos: !relax.tensor<[t], i64>) -> !relax.tensor<*, f32> {
  %o = relax.paged_attention %q, %pages, %table, %seq, %pos {layer = 0 : i64} : (!relax.tensor<[t, 8, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i64>) -> !relax.tensor<*, f32>
  %p = relax.paged_attention %o, %pages, %table, %seq, %pos {layer = 1 : i64, scale = 0.125 : f64} : (!relax.tensor<*, f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i64>) -> !relax.tensor<*, f32>
  relax.return %p : !relax.tensor<*, f32>
}
