// RUN: relax-opt %s -split-input-file --pass-pipeline="builtin.module(relax-gpu-to-spirv{webgpu=1},gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce)),relax-spirv-to-wgsl)" | FileCheck %s

// The gpu.module becomes a gpu.binary of the same name whose object is the
// WGSL text, starting with the header line (quotes escaped as \22 in MLIR).

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-NOT:     gpu.module
// CHECK:         gpu.binary @scale  [#gpu.object<#spirv.target_env<{{.*}}api=WebGPU{{.*}}>, bin = "// relax.webgpu.kernel {\22kernel\22: \22scale\22, \22entry\22: \22scale\22, \22workgroup_size\22: [64, 1, 1]
// CHECK-SAME:      var<storage, read> arg0
// CHECK-SAME:      var<storage, read_write> arg1
// CHECK-SAME:      var<uniform> arg2
// CHECK-SAME:      @compute @workgroup_size(64, 1, 1)
// CHECK-SAME:      fn scale(
module attributes {gpu.container_module} {
  gpu.module @scale [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    gpu.func @scale(%in: memref<?xf32>, %out: memref<?xf32>, %s: f32) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %in[%i] : memref<?xf32>
      %y = arith.mulf %x, %s : f32
      memref.store %y, %out[%i] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

// A buffer the kernel only reads is still bound read_write where a launch
// passes it a view of the allocation that another of its arguments, which
// the kernel writes, views: WebGPU forbids a read-only and a writable
// binding of one buffer in a dispatch. A launch whose input is a buffer of
// its own keeps it read-only.

// CHECK-LABEL: gpu.binary @shift
// CHECK-SAME:    \22access\22: \22read_write\22
// CHECK-SAME:    \22access\22: \22read_write\22
// CHECK-SAME:    var<storage, read_write> arg0
// CHECK-SAME:    var<storage, read_write> arg1
// CHECK-LABEL: gpu.binary @copy
// CHECK-SAME:    var<storage, read> arg0
// CHECK-SAME:    var<storage, read_write> arg1
module attributes {gpu.container_module} {
  func.func @host(%arena: memref<1024xf32>, %other: memref<?xf32>) {
    %c1 = arith.constant 1 : index
    %c512 = arith.constant 512 : index
    %c64 = arith.constant 64 : index
    %lo = memref.subview %arena[0] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1]>>
    %hi = memref.subview %arena[512] [512] [1] : memref<1024xf32> to memref<512xf32, strided<[1], offset: 512>>
    %a = memref.cast %lo : memref<512xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
    %b = memref.cast %hi : memref<512xf32, strided<[1], offset: 512>> to memref<?xf32, strided<[1], offset: ?>>
    %fa = memref.reinterpret_cast %a to offset: [0], sizes: [512], strides: [1] : memref<?xf32, strided<[1]>> to memref<?xf32>
    %fb = memref.reinterpret_cast %b to offset: [0], sizes: [512], strides: [1] : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32>
    gpu.launch_func @shift::@shift blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%fa : memref<?xf32>, %fb : memref<?xf32>)
    gpu.launch_func @copy::@copy blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%other : memref<?xf32>, %fb : memref<?xf32>)
    return
  }
  gpu.module @shift [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    gpu.func @shift(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %out[%i] : memref<?xf32>
      gpu.return
    }
  }
  gpu.module @copy [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    gpu.func @copy(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %i = gpu.thread_id x
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %out[%i] : memref<?xf32>
      gpu.return
    }
  }
}
