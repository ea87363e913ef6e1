// The CPU pipeline is registered once: as a flag, inside a pass-pipeline
// string with its options, and it runs shape inference itself.

// RUN: relax-opt %s --relax-lower-to-cpu="cpu=skylake-avx512" | FileCheck %s
// RUN: relax-opt %s --pass-pipeline="builtin.module(relax-lower-to-cpu{cpu=skylake-avx512 vector-width=8})" | FileCheck %s --check-prefix=WIDTH8
// RUN: relax-opt %s --pass-pipeline="builtin.module(relax-lower-to-cpu{parallel=1 runtime=openmp})" | FileCheck %s --check-prefix=OMP
// RUN: relax-opt %s --relax-lower-to-cpu="to-llvm=0" | FileCheck %s --check-prefix=HOST

// Kernels reach LLVM as `noinline`: inlined, hundreds of loop nests in one
// host function make LLVM's loop passes superlinear.
// CHECK-LABEL: llvm.func @exp_kernel
// CHECK-SAME: passthrough = ["noinline"]
// CHECK: llvm.intr.masked.load {{.*}} -> vector<16xf32>
// CHECK-LABEL: llvm.func @main
// CHECK: llvm.call @exp_kernel
// CHECK: llvm.call @free
// CHECK-LABEL: llvm.func @_mlir_ciface_main
// WIDTH8: vector<8xf32>
// WIDTH8-NOT: vector<16xf32>
// OMP: omp.wsloop
// HOST-LABEL: func.func private @exp_kernel
// HOST-SAME: attributes {no_inline, passthrough = ["noinline"]} {
// HOST-LABEL: func.func @main
// HOST-SAME: (%[[X:.*]]: memref<?x?xf32>) -> memref<?x?xf32>
// HOST: %[[S0:.*]] = memref.alloc
// HOST: call @exp_kernel(%[[X]], %{{.*}})
// HOST: call @exp_kernel
// HOST: memref.dealloc %[[S0]]
// HOST-NOT: memref.dealloc
// HOST: return
relax.func @main(%x: !relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32> {
  %y = relax.exp %x : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  %z = relax.exp %y : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
