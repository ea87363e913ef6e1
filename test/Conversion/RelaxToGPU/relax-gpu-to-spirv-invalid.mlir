// RUN: relax-opt %s -split-input-file --relax-gpu-to-spirv="max-storage-buffers=2" -verify-diagnostics
// RUN: not relax-opt %s -split-input-file --pass-pipeline='builtin.module(gpu.module(relax-expand-gpu-math{target=metal}))' 2>&1 | FileCheck %s --check-prefix=TARGET

// TARGET: error: unknown target 'metal' (spirv, cuda or rocm)

module attributes {gpu.container_module} {
  gpu.module @unsized [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>] {
    // expected-error @below {{has no known block size, which a SPIR-V entry point needs as its workgroup size}}
    gpu.func @k(%x: memref<?xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// Three buffers are more storage buffers than the 2 allowed (the scalars
// would share one more).
module attributes {gpu.container_module} {
  gpu.module @wide [#spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>] {
    // expected-error @below {{kernel binds 4 storage buffers, more than the 2 a shader stage may bind on this target (maxStorageBuffersPerShaderStage)}}
    gpu.func @k(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
