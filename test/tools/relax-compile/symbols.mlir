// A library defines its entry points, its kernels and its metadata: each
// graph function is compiled once, inlined into its entry point, not again
// for itself or for its C interface.

// RUN: relax-compile %s -o %t.so | FileCheck %s --check-prefix=BUDGET
// RUN: llvm-nm --defined-only --just-symbol-name %t.so | FileCheck %s --implicit-check-not=main --implicit-check-not=kernel

// BUDGET: @main: scratch 64 * n bytes

// CHECK-DAG: {{^}}exp_kernel{{$}}
// CHECK-DAG: {{^}}matmul_kernel{{$}}
// CHECK-DAG: {{^}}relax_call_main{{$}}
// CHECK-DAG: {{^}}relax_library_metadata{{$}}
// CHECK-DAG: {{^}}relax_library_version{{$}}

relax.func @main(%x: !relax.tensor<[n, 8], f32>, %w: !relax.tensor<[8, 8], f32>) -> !relax.tensor<[n, 8], f32> {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 8], f32>) -> !relax.tensor<[n, 8], f32>
  %z = relax.exp %y : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32>
  relax.return %z : !relax.tensor<[n, 8], f32>
}
