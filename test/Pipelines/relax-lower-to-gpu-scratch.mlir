// RUN: relax-opt %s --relax-lower-to-gpu="target=vulkan to-llvm=0 to-binary=0" | FileCheck %s
// RUN: relax-opt %s --relax-lower-to-gpu="target=vulkan to-llvm=0 to-binary=0 hoist-kernel-scratch=0" | FileCheck %s --check-prefix=KERNEL

// The GPU pipeline plans memory after the kernels are bufferized, as the CPU
// pipeline does: the fused norm and matmul's buffers (the normalized rows,
// the rows' scales) are scratch destinations that the plan places in the
// device arena with the graph's tensors, at offsets that are multiples of
// 256 bytes (a storage buffer binding's alignment). A call allocates the
// returned tensor and one arena on the device; the kernel allocates nothing.

// CHECK-LABEL: func.func private @fused_rms_norm_matmul_relu_exp_kernel(
// CHECK-SAME:    %{{.*}}: memref<?xi8>, %{{.*}}: memref<?xi8>, %{{.*}}: memref<?xi8>)
// CHECK-NOT:     gpu.alloc
// CHECK:         gpu.launch_func
// CHECK-NOT:     gpu.alloc
// CHECK:         return
// CHECK-LABEL: func.func @main_device(
// CHECK:         %[[ARENA:.*]] = gpu.alloc  (%{{.*}}) : memref<?xi8>
// CHECK:         %[[AT256:.*]] = arith.muli %{{.*}}, %c256 : index
// CHECK:         gpu.alloc  (%[[AT256]]) : memref<?xi8>
// CHECK-NOT:     gpu.alloc
// CHECK:         memref.view %[[ARENA]][%c0][%[[AT256]]]
// CHECK:         %[[AT512:.*]] = arith.muli %{{.*}}, %c512 : index
// CHECK:         memref.view %[[ARENA]][%[[AT512]]]
// CHECK:         memref.view %[[ARENA]][%[[AT256]]]
// CHECK:         call @fused_rms_norm_matmul_relu_exp_kernel(
// CHECK:         gpu.dealloc %[[ARENA]]

// Without hoisting, the kernel allocates its buffers on the device in every
// call.
// KERNEL-LABEL: func.func private @fused_rms_norm_matmul_relu_exp_kernel(
// KERNEL:         gpu.alloc
// KERNEL:         gpu.dealloc
relax.func @main(%x: !relax.tensor<[n, 64], f32>, %g: !relax.tensor<[64], f32>, %w: !relax.tensor<[64, 64], f32>) -> !relax.tensor<[n, 64], f32> {
  %y = relax.dataflow -> !relax.tensor<[n, 64], f32> {
    %h = relax.rms_norm %x, %g : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32>
    %m = relax.matmul %h, %w : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 64], f32>) -> !relax.tensor<[n, 64], f32>
    %r = relax.relu %m : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
    %e = relax.exp %r : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
    relax.output %e : !relax.tensor<[n, 64], f32>
  }
  relax.return %y : !relax.tensor<[n, 64], f32>
}
