// RUN: relax-opt %s --relax-sink-kernel-constants --canonicalize | FileCheck %s

// A constant that every launch of a kernel passes as the same argument (a
// splat an elementwise kernel broadcasts, a scalar) moves into the kernel;
// an argument that differs between launches stays.

// CHECK-LABEL: gpu.module @kernels
// CHECK:         gpu.func @scale(%[[X:.*]]: memref<?xf32>, %[[K:.*]]: f32) kernel
// CHECK-DAG:       %[[TWO:.*]] = arith.constant dense<2.000000e+00> : vector<4xf32>
// CHECK-DAG:       %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK:           vector.load %[[X]]
// CHECK:           arith.mulf %{{.*}}, %[[TWO]]
// CHECK:           arith.addf %[[K]], %[[ONE]]
// CHECK-LABEL: func.func private @twice(
// CHECK-SAME:    %[[B:.*]]: memref<?xf32>)
// CHECK:         gpu.launch_func @kernels::@scale {{.*}} args(%[[B]] : memref<?xf32>, %{{.*}} : f32)
// CHECK:         gpu.launch_func @kernels::@scale {{.*}} args(%[[B]] : memref<?xf32>, %{{.*}} : f32)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%x: memref<?xf32>, %two: vector<4xf32>, %one: f32, %k: f32) kernel {
      %c0 = arith.constant 0 : index
      %v = vector.load %x[%c0] : memref<?xf32>, vector<4xf32>
      %w = arith.mulf %v, %two : vector<4xf32>
      vector.store %w, %x[%c0] : memref<?xf32>, vector<4xf32>
      %s = arith.addf %one, %k : f32
      memref.store %s, %x[%c0] : memref<?xf32>
      gpu.return
    }
  }
  func.func private @twice(%x: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %two = arith.constant dense<2.0> : vector<4xf32>
    %one = arith.constant 1.0 : f32
    %k1 = arith.constant 3.0 : f32
    %k2 = arith.constant 4.0 : f32
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<?xf32>, %two : vector<4xf32>, %one : f32, %k1 : f32)
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<?xf32>, %two : vector<4xf32>, %one : f32, %k2 : f32)
    return
  }
}
