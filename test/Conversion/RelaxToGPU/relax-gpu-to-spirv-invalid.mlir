// RUN: relax-opt %s -split-input-file --relax-gpu-to-spirv -verify-diagnostics
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
