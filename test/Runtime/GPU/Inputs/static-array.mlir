// A kernel on a statically sized memref (an OpTypeArray) and an f32 scalar,
// as convert-gpu-to-spirv lowers memref<16xi32> and f32 arguments.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @fixed_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.array<16 x i32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @fixed_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
  spirv.func @fixed() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @fixed
  spirv.ExecutionMode @fixed "LocalSize", 16, 2, 1
}
