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
