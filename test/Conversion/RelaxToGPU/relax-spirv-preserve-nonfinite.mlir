// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(spirv.module(relax-spirv-preserve-nonfinite))' | FileCheck %s
// RUN: relax-opt %s -split-input-file --pass-pipeline='builtin.module(spirv.module(relax-spirv-preserve-nonfinite,spirv-update-vce))' | FileCheck %s --check-prefix=VCE

// Every entry point declares SignedZeroInfNanPreserve for f32 (once), so
// that a Vulkan driver keeps NaN and infinities; --spirv-update-vce then
// requires the capability and the extension.

// CHECK-LABEL: spirv.module
// CHECK:         spirv.EntryPoint "GLCompute" @k
// CHECK-NEXT:    spirv.ExecutionMode @k "SignedZeroInfNanPreserve", 32
// CHECK-NOT:     "SignedZeroInfNanPreserve"
// CHECK:         spirv.ExecutionMode @k "LocalSize"
// VCE: requires #spirv.vce<v1.0, [Shader, SignedZeroInfNanPreserve{{.*}}], [SPV_KHR_float_controls]>
spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, SignedZeroInfNanPreserve], [SPV_KHR_float_controls]>, #spirv.resource_limits<>>} {
  spirv.func @k() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "LocalSize", 1, 1, 1
}

// -----

// Declared already: left as it is.

// CHECK-LABEL: spirv.module
// CHECK:         spirv.ExecutionMode @k "SignedZeroInfNanPreserve", 32
// CHECK-NOT:     "SignedZeroInfNanPreserve"
spirv.module Logical GLSL450 attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, SignedZeroInfNanPreserve], [SPV_KHR_float_controls]>, #spirv.resource_limits<>>} {
  spirv.func @k() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @k
  spirv.ExecutionMode @k "SignedZeroInfNanPreserve", 32
}
