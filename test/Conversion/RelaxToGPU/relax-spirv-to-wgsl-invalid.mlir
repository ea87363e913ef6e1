// RUN: relax-opt %s -split-input-file -verify-diagnostics --pass-pipeline="builtin.module(relax-gpu-to-spirv{webgpu=1},gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce)),relax-spirv-to-wgsl)"

// What WebGPU does not have or guarantee is an error at the kernel or op
// that needs it.

module attributes {gpu.container_module} {
  gpu.module @wide [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    // expected-error @+1 {{WebGPU has no 64-bit integers (a kernel argument of type 'memref<?xi64>')}}
    gpu.func @wide(%out: memref<?xi64>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @double [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    gpu.func @double(%in: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %in[%c0] : memref<?xf32>
      // expected-error @+1 {{WebGPU has no 64-bit floats ('f64')}}
      %y = arith.extf %x : f32 to f64
      %z = arith.truncf %y : f64 to f32
      memref.store %z, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @half [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    // expected-error @+1 {{WebGPU has no bf16 (a kernel argument of type 'memref<?xbf16>')}}
    gpu.func @half(%out: memref<?xbf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @big [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    // expected-error @+1 {{the kernel uses 32768 bytes of workgroup memory, more than the 16384 WebGPU guarantees (maxComputeWorkgroupStorageSize)}}
    gpu.func @big(%out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tile = memref.alloc() : memref<8192xf32, 3>
      %c0 = arith.constant 0 : index
      %x = memref.load %tile[%c0] : memref<8192xf32, 3>
      memref.store %x, %out[%c0] : memref<?xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @wide_block [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    // expected-error @+1 {{workgroup size (512, 1, 1) exceeds WebGPU's limits (512 invocations; at most 256, x and y at most 256, z at most 64)}}
    gpu.func @wide_block(%out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 512, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @many [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=WebGPU, #spirv.resource_limits<>>] {
    // expected-error @+1 {{kernel binds 9 storage buffers, more than the 8 a shader stage may bind on WebGPU (maxStorageBuffersPerShaderStage)}}
    gpu.func @many(%a0: memref<?xf32>, %a1: memref<?xf32>, %a2: memref<?xf32>, %a3: memref<?xf32>, %a4: memref<?xf32>, %a5: memref<?xf32>, %a6: memref<?xf32>, %a7: memref<?xf32>, %out: memref<?xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}
