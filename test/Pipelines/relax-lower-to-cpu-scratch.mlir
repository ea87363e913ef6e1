// RUN: relax-opt %s --relax-lower-to-cpu="to-llvm=0" | FileCheck %s
// RUN: relax-opt %s --relax-lower-to-cpu="to-llvm=0 plan-memory=0" | FileCheck %s --check-prefix=UNPLANNED

// A fused norm and matmul keeps the normalized rows and the rows' scales in
// buffers of the kernel; the CPU pipeline makes them scratch destinations
// that the memory plan places in the arena with the graph's tensors: the
// call allocates the returned tensor and one arena, the kernel nothing.

// CHECK-LABEL: func.func private @fused_rms_norm_matmul_relu_exp_kernel(
// CHECK-SAME:    %{{.*}}: memref<?xi8>)
// CHECK-NOT:     memref.alloc
// CHECK:         memref.view
// CHECK-NOT:     memref.alloc
// CHECK:         return
// CHECK-LABEL: func.func @main(
// CHECK:         %[[ARENA:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// CHECK:         memref.alloc(
// CHECK-NOT:     memref.alloc
// CHECK:         %[[SCRATCH:.*]] = memref.view %[[ARENA]][{{.*}} to memref<?xi8>
// CHECK:         %[[SCRATCH2:.*]] = memref.view %[[ARENA]][{{.*}} to memref<?xi8>
// CHECK:         call @fused_rms_norm_matmul_relu_exp_kernel(%{{.*}}, %[[SCRATCH]], %[[SCRATCH2]])
// CHECK:         memref.dealloc %[[ARENA]]
// CHECK:         return

// Without planning, each scratch is an allocation of the caller per call.
// UNPLANNED-LABEL: func.func @main(
// UNPLANNED:       memref.alloc
// UNPLANNED:       %[[S:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// UNPLANNED:       %[[SCRATCH:.*]] = memref.view %[[S]]{{.*}} to memref<?xi8>
// UNPLANNED:       %[[S2:.*]] = memref.alloc(%{{.*}}) {alignment = 64 : i64} : memref<?xi8>
// UNPLANNED:       %[[SCRATCH2:.*]] = memref.view %[[S2]]{{.*}} to memref<?xi8>
// UNPLANNED:       call @fused_rms_norm_matmul_relu_exp_kernel(%{{.*}}, %[[SCRATCH]], %[[SCRATCH2]])
// UNPLANNED:       memref.dealloc %[[S]]
// UNPLANNED:       memref.dealloc %[[S2]]
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
