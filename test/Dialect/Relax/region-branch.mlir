// relax.if and relax.dataflow implement RegionBranchOpInterface, so that
// upstream control-flow passes understand them: --control-flow-sink moves a
// pure op used by one branch only into that branch.

// RUN: relax-opt %s --split-input-file --control-flow-sink | FileCheck %s

tprog.func private @exp(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// CHECK-LABEL: relax.func @sink
// CHECK-NEXT: if
// CHECK-NEXT: call_tir @exp
// CHECK-NEXT: yield
// CHECK: } else {
// CHECK-NEXT: yield
relax.func @sink(%c: i1, %x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %e = relax.call_tir @exp(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %r = relax.if %c : i1 -> !relax.tensor<[n], f32> {
    relax.yield %e : !relax.tensor<[n], f32>
  } else {
    relax.yield %x : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<[n], f32>
}
