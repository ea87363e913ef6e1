// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(relax-lower-gpu-workgroup-ops{subgroup-reduce=true}))' | FileCheck %s

// A block-wide sum with subgroup operations: each subgroup reduces its
// values, its first lane stores the result at the subgroup's id in a
// workgroup buffer (room for subgroups of one thread), and after a barrier
// every thread combines the subgroups' results from the first; a last
// barrier frees the buffer. No halving steps.

// CHECK-LABEL: gpu.func @sum
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<6xf32, 3>
// CHECK:         %[[V:.*]] = arith.sitofp
// CHECK:         %[[PART:.*]] = gpu.subgroup_reduce add %[[V]] : (f32) -> f32
// CHECK-DAG:     %[[LANE:.*]] = gpu.lane_id
// CHECK-DAG:     %[[SG:.*]] = gpu.subgroup_id : index
// CHECK-DAG:     %[[NSG:.*]] = gpu.num_subgroups : index
// CHECK:         %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %c0
// CHECK:         scf.if %[[FIRST]] {
// CHECK:           memref.store %[[PART]], %[[BUF]][%[[SG]]]
// CHECK:         gpu.barrier
// CHECK:         %[[START:.*]] = memref.load %[[BUF]][%c0]
// CHECK:         %[[TOTAL:.*]] = scf.for %[[I:.*]] = %c1 to %[[NSG]] step %c1 iter_args(%[[ACC:.*]] = %[[START]]) -> (f32) {
// CHECK:           %[[X:.*]] = memref.load %[[BUF]][%[[I]]]
// CHECK:           %[[SUM:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK:           scf.yield %[[SUM]]
// CHECK:         gpu.barrier
// CHECK:         memref.store %[[TOTAL]]
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

// A maximum: the subgroups' results combine with the same operation.

// CHECK-LABEL: gpu.func @max
// CHECK:         gpu.subgroup_reduce maxnumf
// CHECK:         scf.for
// CHECK:           arith.maxnumf
// CHECK-NOT:     gpu.all_reduce
gpu.module @kernels {
  gpu.func @max(%x: f32, %out: memref<1xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %r = gpu.all_reduce maxnumf %x uniform {} : (f32) -> f32
    memref.store %r, %out[%c0] : memref<1xf32>
    gpu.return
  }
}
