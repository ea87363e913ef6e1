// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-choose-cpu-schedule))" | FileCheck %s --check-prefix=CHOOSE
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-choose-cpu-schedule{vector-width=8 contraction-tile=4,16}))" | FileCheck %s --check-prefix=OPTIONS
// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize,canonicalize,cse))" | FileCheck %s --check-prefix=APPLY

// Choosing records the schedule: 16 lanes along the innermost loop, or an
// 8 x 32 register tile with peeled rows for a row-major contraction.

// CHOOSE-LABEL: func.func @chosen
// CHOOSE: linalg.exp {relax.cpu_schedule = {tiles = array<i64: 1, 16>}}
// CHOOSE: linalg.matmul {relax.cpu_schedule = {contraction, order = array<i64: 2, 1, 0>, peeled = 0 : i64, tiles = array<i64: 8, 32, 1>}}
// OPTIONS-LABEL: func.func @chosen
// OPTIONS: linalg.exp {relax.cpu_schedule = {tiles = array<i64: 1, 8>}}
// OPTIONS: linalg.matmul {{.*}} tiles = array<i64: 4, 16, 1>
func.func @chosen(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>, %a: tensor<?x64xf32>, %b: tensor<64x128xf32>, %c: tensor<?x128xf32>) -> (tensor<?x?xf32>, tensor<?x128xf32>) {
  %e = linalg.exp ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  %m = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %e, %m : tensor<?x?xf32>, tensor<?x128xf32>
}

// -----

// Applying follows a recorded schedule, here written by hand: 4 lanes.

// APPLY-LABEL: func.func @applied
// APPLY: scf.forall {{.*}} step (1, 4)
// APPLY: vector.transfer_read {{.*}} vector<1x4xf32>
// APPLY-NOT: relax.cpu_schedule
func.func @applied(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %e = linalg.exp {relax.cpu_schedule = {tiles = array<i64: 1, 4>}} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}
