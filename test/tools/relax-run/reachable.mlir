// relax-run compiles only the graph functions and tensor programs that
// --entry reaches: a function elsewhere in the module that the lowering
// rejects does not stop the run.

// RUN: not relax-opt %s --relax-lower-to-cpu 2>&1 | FileCheck %s --check-prefix=REJECTED
// REJECTED: error:

// RUN: relax-run %s --size n=3 | FileCheck %s
// CHECK: @main: result #0 shape [3]

// RUN: relax-run %s --entry helper --size n=3 | FileCheck %s --check-prefix=HELPER
// HELPER: @helper: result #0 shape [3]

relax.func @main(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %y = relax.call @helper(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %y : !relax.tensor<[n], f32>
}

relax.func @helper(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %y = relax.call_tir @double(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %y : !relax.tensor<[n], f32>
}

tprog.func @double(%a: tensor<?xf32> {sym.shape = #sym.shape<[m]>},
                   %out: tensor<?xf32> {sym.shape = #sym.shape<[m]>, tprog.output}) -> tensor<?xf32> {
  %r = linalg.add ins(%a, %a : tensor<?xf32>, tensor<?xf32>) outs(%out : tensor<?xf32>) -> tensor<?xf32>
  tprog.return %r : tensor<?xf32>
}

// The host lowering rejects tensors of unknown rank.
relax.func @unranked(%x: !relax.tensor<*, f32>) -> !relax.tensor<*, f32> {
  relax.return %x : !relax.tensor<*, f32>
}
