// Library offload on the GPU: with library=1 a matmul becomes a call of the
// target runtime's BLAS function on device memory (cuBLAS on CUDA, hipBLAS
// on ROCm), after a synchronization of the work before it, and the rest of
// the graph stays kernels. Vulkan and WebGPU have no library.
// RUN: relax-opt %s --relax-lower-to-gpu="library=1" | FileCheck %s
// RUN: relax-opt %s --relax-lower-to-gpu="library=1 target=rocm to-llvm=0 to-binary=0" | FileCheck %s --check-prefix=ROCM
// RUN: not relax-opt %s --relax-lower-to-gpu="library=1 target=vulkan" 2>&1 | FileCheck %s --check-prefix=VULKAN

// CHECK:       llvm.func @_mlir_ciface_relax_cuda_sgemm_nt(!llvm.ptr, !llvm.ptr, !llvm.ptr)
// CHECK-LABEL: llvm.func @main_device(
// CHECK:         llvm.call @mgpuStreamSynchronize(
// CHECK:         llvm.call @relax_cuda_sgemm_nt(
// CHECK:         llvm.call @exp_kernel(

// ROCM-LABEL: func.func @main_device(
// ROCM:         %[[A:.*]] = memref.cast %{{.*}} : memref<?x64xf32> to memref<*xf32>
// ROCM:         %[[B:.*]] = memref.cast %{{.*}} : memref<32x64xf32> to memref<*xf32>
// ROCM:         %[[C:.*]] = memref.cast %{{.*}} : memref<?x32xf32> to memref<*xf32>
// ROCM:         call @relax_rocm_sgemm_nt(%[[A]], %[[B]], %[[C]])

// VULKAN: error: no library for target 'vulkan' (libraries: cpu, cuda, rocm)
relax.func @main(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[32, 64], f32>) -> !relax.tensor<*, f32> {
  %r = relax.dataflow -> !relax.tensor<*, f32> {
    %y = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[n, 64], f32>, !relax.tensor<[32, 64], f32>) -> !relax.tensor<*, f32>
    %z = relax.exp %y : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
    relax.output %z : !relax.tensor<*, f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}
