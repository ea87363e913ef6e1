// A match_cast from a value typed of unknown rank: by the host lowering
// every value's rank is known (shape inference gives the op's result its
// rank), so the cast checks only the dims, at run time, and binds the
// variables it introduces; a rank that cannot match is an error at its
// location when compiling, never a wrong program.

// RUN: relax-run %s --size n=3 | FileCheck %s
// CHECK: @main: result #0 shape [4]

// RUN: not relax-run %s --size n=3 --entry dims 2>&1 | FileCheck %s --check-prefix=DIMS
// DIMS: error: run-time check failed: {{.*}}dim 0 must be 8

// RUN: not relax-run %s --size n=3 --entry rank 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: match-cast-unranked.mlir":[[# @LINE + 19]]:8): error: 'relax.match_cast' op can never succeed: rank 2 can never match rank 1
// RANK-NOT: Stack dump

relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[4], f32> {
  %y = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  %z = relax.match_cast %y : !relax.tensor<*, f32> -> !relax.tensor<[m, 4], f32>
  %s = relax.sum %z {axes = array<i64: 0>} : (!relax.tensor<[m, 4], f32>) -> !relax.tensor<[4], f32>
  relax.return %s : !relax.tensor<[4], f32>
}

relax.func @dims(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[4], f32> {
  %y = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  %z = relax.match_cast %y : !relax.tensor<*, f32> -> !relax.tensor<[8, 4], f32>
  %s = relax.sum %z {axes = array<i64: 0>} : (!relax.tensor<[8, 4], f32>) -> !relax.tensor<[4], f32>
  relax.return %s : !relax.tensor<[4], f32>
}

relax.func @rank(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[], f32> {
  %y = relax.exp %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<*, f32>
  %z = relax.match_cast %y : !relax.tensor<*, f32> -> !relax.tensor<[m], f32>
  %s = relax.sum %z {axes = array<i64: 0>} : (!relax.tensor<[m], f32>) -> !relax.tensor<[], f32>
  relax.return %s : !relax.tensor<[], f32>
}
