// The GPU schedules chosen on tensors reach the kernels: the headline
// command maps a matmul of symbolic rows with the tiled matmul (two chunks
// of 64 x 16 in workgroup memory, barriers), a one-row matmul with the GEMV
// (256 partial sums in workgroup memory, one per thread of the block) and a
// row sum with the row reduction (each thread's partial sum in its slot of
// workgroup memory, then a warp shuffle); each is one launch, the
// fill of its output fused into the blocks' tiles; `schedule=generic` maps
// them one thread per output, with no workgroup memory.
// RUN: relax-opt %s --relax-fuse --relax-lower-to-gpu="to-binary=0" | FileCheck %s
// RUN: relax-opt %s --relax-fuse --relax-lower-to-gpu="to-binary=0 schedule=generic" | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: gpu.module @matmul_kernel_kernel [
// CHECK-DAG:     llvm.mlir.global internal @{{.*}}() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
// CHECK-DAG:     llvm.mlir.global internal @{{.*}}() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
// CHECK:         nvvm.barrier0
// CHECK-NOT:   gpu.module @matmul_kernel_kernel
// CHECK-LABEL: gpu.module @matmul_0_kernel_kernel [
// CHECK:         llvm.mlir.global internal @{{.*}}() {addr_space = 3 : i32} : !llvm.array<256 x f32>
// CHECK:         nvvm.barrier0
// CHECK-NOT:   gpu.module @matmul_0_kernel_kernel
// CHECK-LABEL: gpu.module @sum_kernel_kernel [
// CHECK:         llvm.mlir.global internal @{{.*}}() {addr_space = 3 : i32} : !llvm.array<256 x f32>
// CHECK:         nvvm.shfl.sync bfly
// CHECK-NOT:   gpu.module @sum_kernel_kernel

// GENERIC-NOT: addr_space = 3
// GENERIC-NOT: nvvm.shfl.sync
relax.func @main(%a: !relax.tensor<[n, 64], f32>, %b: !relax.tensor<[64, 128], f32>, %v: !relax.tensor<[1, 64], f32>) -> (!relax.tensor<[n, 128], f32>, !relax.tensor<[1, 128], f32>, !relax.tensor<[n], f32>) {
  %c = relax.matmul %a, %b : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 128], f32>) -> !relax.tensor<[n, 128], f32>
  %d = relax.matmul %v, %b : (!relax.tensor<[1, 64], f32>, !relax.tensor<[64, 128], f32>) -> !relax.tensor<[1, 128], f32>
  %s = relax.sum %a {axes = array<i64: 1>} : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n], f32>
  relax.return %c, %d, %s : !relax.tensor<[n, 128], f32>, !relax.tensor<[1, 128], f32>, !relax.tensor<[n], f32>
}
