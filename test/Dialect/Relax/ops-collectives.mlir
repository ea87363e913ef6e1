// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s
// RUN: relax-opt %s -split-input-file --verify-roundtrip | FileCheck %s --check-prefix=ROUNDTRIP

// Shape rules of the collectives: an all-reduce and a broadcast keep the
// operand's type, an all-gather multiplies its axis by the ranks.

// CHECK-LABEL: relax.func @allreduce
// CHECK: relax.ccl.allreduce %{{.*}} : {{.*}} -> !relax.tensor<[b, s, 512], f32>
// CHECK: relax.ccl.allreduce %{{.*}} {kind = #relax.reduction_kind<max>} : {{.*}} -> !relax.tensor<[b, s, 512], f32>
// ROUNDTRIP-LABEL: relax.func @allreduce
relax.func @allreduce(%x: !relax.tensor<[b, s, 512], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>) {
  %y = relax.ccl.allreduce %x : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<*, f32>
  %z = relax.ccl.allreduce %x {kind = #relax.reduction_kind<max>} : (!relax.tensor<[b, s, 512], f32>) -> !relax.tensor<*, f32>
  relax.return %y, %z : !relax.tensor<*, f32>, !relax.tensor<*, f32>
}

// -----

// CHECK-LABEL: relax.func @allgather
// CHECK: relax.ccl.allgather %{{.*}} {axis = 2 : i64, num_ranks = 4 : i64} : {{.*}} -> !relax.tensor<[b, t, 8, 64], f16>
// CHECK: relax.ccl.allgather %{{.*}} {axis = -1 : i64, num_ranks = 2 : i64} : {{.*}} -> !relax.tensor<[b, t, 2, 128], f16>
// ROUNDTRIP-LABEL: relax.func @allgather
relax.func @allgather(%x: !relax.tensor<[b, t, 2, 64], f16>) -> (!relax.tensor<*, f16>, !relax.tensor<*, f16>) {
  %y = relax.ccl.allgather %x {axis = 2 : i64, num_ranks = 4 : i64} : (!relax.tensor<[b, t, 2, 64], f16>) -> !relax.tensor<*, f16>
  %z = relax.ccl.allgather %x {axis = -1 : i64, num_ranks = 2 : i64} : (!relax.tensor<[b, t, 2, 64], f16>) -> !relax.tensor<*, f16>
  relax.return %y, %z : !relax.tensor<*, f16>, !relax.tensor<*, f16>
}

// -----

// CHECK-LABEL: relax.func @broadcast
// CHECK: relax.ccl.broadcast %{{.*}} : {{.*}} -> !relax.tensor<[b], i32>
// ROUNDTRIP-LABEL: relax.func @broadcast
relax.func @broadcast(%ids: !relax.tensor<[b], i32>) -> !relax.tensor<*, i32> {
  %y = relax.ccl.broadcast %ids : (!relax.tensor<[b], i32>) -> !relax.tensor<*, i32>
  relax.return %y : !relax.tensor<*, i32>
}

// -----

// Annotations: a grid, split parameters (one in segments), a declared
// split result, and the partitioned form.

// CHECK-LABEL: shard.grid @tp(shape = 2)
// CHECK: relax.func @annotated
// CHECK-SAME: {relax.split_axes = #shard<axisarray{{\[\[\], \[0\]\]}}>, relax.split_segments = array<i64: 8, 8, 8>}
// CHECK-SAME: {relax.param_name = "v", relax.split_axes = #shard<axisarray{{\[\[0\]\]}}>}
// CHECK-SAME: -> (!relax.tensor<[n, 8, 4], f32> {relax.split_axes = #shard<axisarray{{\[\[\], \[0\]\]}}>})
// CHECK-SAME: relax.grid = @tp
// CHECK-LABEL: relax.func @local
// CHECK-SAME: relax.partitioned = @tp
// ROUNDTRIP-LABEL: relax.func @annotated
shard.grid @tp(shape = 2)
relax.func @annotated(%w: !relax.tensor<[16, 24], f32> {relax.split_axes = #shard<axisarray[[], [0]]>, relax.split_segments = array<i64: 8, 8, 8>},
                      %v: !relax.tensor<[8, 16], f32> {relax.split_axes = #shard<axisarray[[0]]>, relax.param_name = "v"},
                      %x: !relax.tensor<[n, 8, 4], f32>)
    -> (!relax.tensor<[n, 8, 4], f32> {relax.split_axes = #shard<axisarray[[], [0]]>})
    attributes {relax.grid = @tp} {
  relax.return %x : !relax.tensor<[n, 8, 4], f32>
}
relax.func @local(%w: !relax.tensor<[16, 12], f32> {relax.split_axes = #shard<axisarray[[], [0]]>, relax.split_segments = array<i64: 8, 8, 8>})
    -> !relax.tensor<[16, 12], f32> attributes {relax.partitioned = @tp} {
  relax.return %w : !relax.tensor<[16, 12], f32>
}
