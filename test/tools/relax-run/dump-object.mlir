// --dump-object writes the code relax-run compiled. Only the packed wrapper
// that relax-run calls and the kernels are defined in it: the graph function
// is inlined into its C wrapper, the C wrapper into the packed one, and the
// wrappers nothing calls are not compiled.

// RUN: relax-run %s --size n=3 --dump-object %t.o | FileCheck %s --check-prefix=OUT
// RUN: llvm-nm --defined-only --just-symbol-name %t.o | FileCheck %s --implicit-check-not=main --implicit-check-not=kernel
// RUN: not relax-run %s --size n=3 --dump-object %t.missing/x.o 2>&1 | FileCheck %s --check-prefix=MISSING

// OUT: @main: result #0 shape [3, 8]

// CHECK: {{^}}_mlir__mlir_ciface_main{{$}}
// CHECK-NEXT: {{^}}divide_kernel{{$}}
// CHECK-NEXT: {{^}}exp_kernel{{$}}
// CHECK-NEXT: {{^}}matmul_kernel{{$}}
// CHECK-NEXT: {{^}}sum_kernel{{$}}

// MISSING: relax-run: error: cannot write {{.*}}x.o

relax.func @main(%x: !relax.tensor<[n, 8], f32>, %w: !relax.tensor<[8, 8], f32>) -> !relax.tensor<[n, 8], f32> {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8, 8], f32>) -> !relax.tensor<[n, 8], f32>
  %z = relax.exp %y : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32>
  %s = relax.sum %z {axes = array<i64: 1>, keepdims = true} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 1], f32>
  %r = relax.divide %z, %s : (!relax.tensor<[n, 8], f32>, !relax.tensor<[n, 1], f32>) -> !relax.tensor<[n, 8], f32>
  relax.return %r : !relax.tensor<[n, 8], f32>
}
