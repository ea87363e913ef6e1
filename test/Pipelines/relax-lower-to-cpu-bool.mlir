// RUN: relax-opt %s --relax-lower-to-cpu="cpu=skylake-avx512" | FileCheck %s

// A boolean input read by a vectorized where: 16 booleans are one vector
// load of 16 bytes (masked for the tail), compared with zero; the view of the
// i1 buffer as bytes leaves no cast behind.

// CHECK-LABEL: llvm.func @where_kernel(
// CHECK:         llvm.load %{{.*}} {{.*}}: !llvm.ptr -> vector<16xi8>
// CHECK:         llvm.icmp "ne" %{{.*}}, %{{.*}} : vector<16xi8>
// CHECK:         llvm.select %{{.*}}, %{{.*}}, %{{.*}} : vector<16xi1>, vector<16xf32>
// CHECK-NOT:   builtin.unrealized_conversion_cast
relax.func @main(%c: !relax.tensor<[n, 64], i1>, %a: !relax.tensor<[n, 64], f32>, %b: !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32> {
  %r = relax.where %c, %a, %b : (!relax.tensor<[n, 64], i1>, !relax.tensor<[n, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32>
  relax.return %r : !relax.tensor<[n, 64], f32>
}
