// RUN: relax-opt %s --pass-pipeline="builtin.module(relax-lower-to-cpu{parallel=1 runtime=openmp})" | FileCheck %s

// With OpenMP, attention is two parallel regions: the copy of the keys
// transposed, then one loop over the tiles of rows of every head, inside
// which each op's loops (scores, softmax, the product by the values) run
// sequentially. A sequential loop over the tiles would make every op of
// every tile a region of its own.

// CHECK-LABEL: llvm.func @attention_kernel(
// CHECK-COUNT-2: omp.parallel
// CHECK-NOT:     omp.parallel
// CHECK:       llvm.func @main(
relax.func @main(%q: !relax.tensor<[b, s, 4, 16], f32>, %k: !relax.tensor<[b, s, 4, 16], f32>, %v: !relax.tensor<[b, s, 4, 16], f32>) -> !relax.tensor<*, f32> {
  %r = relax.attention %q, %k, %v {causal = true} : (!relax.tensor<[b, s, 4, 16], f32>, !relax.tensor<[b, s, 4, 16], f32>, !relax.tensor<[b, s, 4, 16], f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}
