// RUN: relax-opt %s --pass-pipeline="builtin.module(relax-lower-to-cpu{parallel=1 runtime=openmp})" | FileCheck %s --check-prefix=OMP
// RUN: relax-opt %s --relax-lower-to-cpu | FileCheck %s --check-prefix=SERIAL

// A failed index check inside a kernel's loop reports and goes on (a
// parallel loop cannot branch out); the graph function then looks at the
// recorded error after the kernel and frees the result it allocated before
// it returns, with parallel loops as without.

// OMP-LABEL: llvm.func @take_kernel
//       OMP:   omp.parallel
//       OMP:     llvm.call @__relax_check
// OMP-LABEL: llvm.func @main
//       OMP:   %[[BUF:.+]] = llvm.call @malloc
//       OMP:   llvm.call @take_kernel({{.*}}) {relax.errors_released}
//  OMP-NEXT:   %[[ERROR:.+]] = llvm.call @relaxGetError()
//  OMP-NEXT:   %[[FAILED:.+]] = llvm.icmp "ne" %[[ERROR]]
//  OMP-NEXT:   llvm.cond_br %[[FAILED]], ^[[RELEASE:[a-z0-9]+]], ^[[DONE:[a-z0-9]+]]
//       OMP: ^[[RELEASE]]:
//  OMP-NEXT:   llvm.call @free(%[[BUF]])

// SERIAL-LABEL: llvm.func @main
//       SERIAL:   %[[BUF:.+]] = llvm.call @malloc
//       SERIAL:   llvm.call @take_kernel({{.*}}) {relax.errors_released}
//  SERIAL-NEXT:   llvm.call @relaxGetError()
//       SERIAL:   llvm.call @free(%[[BUF]])
relax.func @main(%w: !relax.tensor<[v, 4], f32>, %i: !relax.tensor<[s], i64>) -> !relax.tensor<*, f32> {
  %r = relax.take %w, %i : (!relax.tensor<[v, 4], f32>, !relax.tensor<[s], i64>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}
