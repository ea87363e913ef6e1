// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(relax-lower-gpu-workgroup-ops))' | FileCheck %s

// A block-wide sum over 6 threads (not a power of two): the values go to a
// workgroup buffer, the excess 2 fold onto the front, then halving steps,
// each followed by a barrier; every thread reads the result.

// CHECK-LABEL: gpu.func @sum
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<6xf32, 3>
// CHECK:         gpu.thread_id x
// CHECK:         %[[TID:.*]] = gpu.thread_id x
// CHECK:         memref.store %{{.*}}, %[[BUF]][%[[TID]]]
// CHECK:         gpu.barrier
// CHECK:         arith.cmpi ult, %[[TID]], %c2
// CHECK:         arith.addf
// CHECK:         gpu.barrier
// CHECK:         arith.cmpi ult, %[[TID]], %c2
// CHECK:         gpu.barrier
// CHECK:         arith.cmpi ult, %[[TID]], %c1
// CHECK:         gpu.barrier
// CHECK:         %[[R:.*]] = memref.load %[[BUF]][%c0]
// CHECK:         gpu.barrier
// CHECK:         memref.store %[[R]]
// CHECK-NOT:     gpu.all_reduce
gpu.module @kernels {
  gpu.func @sum(%out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 6, 1, 1>} {
    %tid = gpu.thread_id x
    %v = arith.index_cast %tid : index to i32
    %f = arith.sitofp %v : i32 to f32
    %r = gpu.all_reduce add %f uniform {} : (f32) -> f32
    memref.store %r, %out[%tid] : memref<?xf32>
    gpu.return
  }
}

// -----

// Workgroup attributions become workgroup allocations at the entry, in
// memory space 3, which the SPIR-V conversion maps to Workgroup.

// CHECK-LABEL: gpu.func @tiles
// CHECK-SAME:    (%[[OUT:.*]]: memref<?xf32>) kernel
// CHECK:         %[[TILE:.*]] = memref.alloc() : memref<16xf32, 3>
// CHECK:         memref.load %[[TILE]]
gpu.module @kernels {
  gpu.func @tiles(%out: memref<?xf32>) workgroup(%tile : memref<16xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %tid = gpu.thread_id x
    %v = memref.load %tile[%tid] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%tid] : memref<?xf32>
    gpu.return
  }
}
