// RUN: relax-opt %s --relax-lower-to-cpu="to-llvm=false" | FileCheck %s --check-prefix=CPU
// RUN: relax-opt %s --relax-lower-to-gpu="target=vulkan to-llvm=false" | FileCheck %s --check-prefix=GPU
// RUN: relax-opt %s --relax-fuse --relax-lower-to-gpu=target=cuda -o /dev/null

// The pipelines partition a function written for a grid of ranks (the
// column- and row-split MLP of Megatron-LM) and call the runtime's
// all-reduce on each rank's partial sums: on the CPU on the planned
// buffers, on a GPU through host copies of the device buffers (MPI moves
// host memory). The grid itself is gone from the host code.

// CPU-NOT: shard.grid
// CPU: func.func private @relax_ccl_allreduce_sum_f32(memref<*xf32>, memref<*xf32>) attributes {llvm.emit_c_interface}
// CPU-LABEL: func.func @mlp(
// CPU-SAME: memref<64x64xf32>
// CPU-SAME: memref<64x64xf32>
// CPU: %[[IN:.*]] = memref.cast %{{.*}} : memref<?x64xf32> to memref<*xf32>
// CPU: %[[OUT:.*]] = memref.cast %{{.*}} : memref<?x64xf32> to memref<*xf32>
// CPU: call @relax_ccl_allreduce_sum_f32(%[[IN]], %[[OUT]])

// GPU-NOT: shard.grid
// GPU-LABEL: func.func @mlp_device(
// GPU: %[[HOST_IN:.*]] = memref.alloc(%{{.*}}) : memref<?x64xf32>
// GPU: gpu.memcpy
// GPU: %[[HOST_OUT:.*]] = memref.alloc(%{{.*}}) : memref<?x64xf32>
// GPU: call @relax_ccl_allreduce_sum_f32(
// GPU: gpu.memcpy
// GPU: memref.dealloc %[[HOST_IN]]
// GPU: memref.dealloc %[[HOST_OUT]]

shard.grid @tp(shape = 2)
relax.func @mlp(%x: !relax.tensor<[n, 64], f32>,
                %w_up: !relax.tensor<[64, 128], f32> {relax.split_axes = #shard<axisarray[[], [0]]>},
                %w_down: !relax.tensor<[128, 64], f32> {relax.split_axes = #shard<axisarray[[0]]>})
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  %h = relax.matmul %x, %w_up : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 128], f32>) -> !relax.tensor<*, f32>
  %a = relax.relu %h : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  %y = relax.matmul %a, %w_down : (!relax.tensor<*, f32>, !relax.tensor<[128, 64], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}
