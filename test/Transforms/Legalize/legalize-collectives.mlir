// RUN: relax-opt %s --relax-legalize -split-input-file | FileCheck %s

// Collectives become calls of the runtime's functions by name, one per
// collective, reduction kind and element type: no tensor program.

// CHECK-LABEL: relax.func @collectives
// CHECK-NOT: tprog.func
// CHECK: call_library "relax.ccl.allreduce_sum_f32"(%{{.*}}) : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
// CHECK: call_library "relax.ccl.allreduce_max_f16"(%{{.*}}) : (!relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
// CHECK: call_library "relax.ccl.allgather_f32"(%{{.*}}) : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 128], f32>
// CHECK: call_library "relax.ccl.broadcast_i32"(%{{.*}}) : (!relax.tensor<[n], i32>) -> !relax.tensor<[n], i32>
relax.func @collectives(%x: !relax.tensor<[n, 64], f32>, %h: !relax.tensor<[n], f16>, %ids: !relax.tensor<[n], i32>)
    -> (!relax.tensor<[n, 64], f32>, !relax.tensor<[n], f16>, !relax.tensor<[n, 128], f32>, !relax.tensor<[n], i32>) {
  %a = relax.ccl.allreduce %x : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
  %b = relax.ccl.allreduce %h {kind = #relax.reduction_kind<max>} : (!relax.tensor<[n], f16>) -> !relax.tensor<[n], f16>
  %c = relax.ccl.allgather %x {axis = 1 : i64, num_ranks = 2 : i64} : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 128], f32>
  %d = relax.ccl.broadcast %ids : (!relax.tensor<[n], i32>) -> !relax.tensor<[n], i32>
  relax.return %a, %b, %c, %d : !relax.tensor<[n, 64], f32>, !relax.tensor<[n], f16>, !relax.tensor<[n, 128], f32>, !relax.tensor<[n], i32>
}
