// RUN: relax-opt %s --split-input-file --inline | FileCheck %s

// A graph function whose types are all static is inlined by upstream's
// --inline; one whose types use symbolic variables is not (its variables
// would need renaming into the caller's).

// CHECK-LABEL: relax.func @caller
// CHECK-NOT: call @double
// CHECK: %[[S:.*]] = add %{{.*}}, %{{.*}}
// CHECK: call @symbolic
// CHECK: return %[[S]]
relax.func private @double(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> {
  %y = relax.add %x, %x : (!relax.tensor<[4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
  relax.return %y : !relax.tensor<[4], f32>
}
relax.func private @symbolic(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %y = relax.add %x, %x : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %y : !relax.tensor<[n], f32>
}
relax.func @caller(%x: !relax.tensor<[4], f32>, %z: !relax.tensor<[m], f32>) -> (!relax.tensor<[4], f32>, !relax.tensor<[m], f32>) {
  %y = relax.call @double(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
  %w = relax.call @symbolic(%z) : (!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>
  relax.return %y, %w : !relax.tensor<[4], f32>, !relax.tensor<[m], f32>
}

// -----

// Calls of tensor programs are call sites in the call graph, but a tensor
// program is never inlined into a graph function.
tprog.func private @exp(%x: tensor<4xf32>, %out: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %x : tensor<4xf32>
}

// CHECK-LABEL: relax.func @program_call
relax.func @program_call(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> {
  // CHECK: call_tir @exp
  %y = relax.call_tir @exp(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
  relax.return %y : !relax.tensor<[4], f32>
}
