// A kernel whose argument is bound in descriptor set 1, which the runtime
// refuses: kernel arguments are bindings of set 0.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @set1_arg_0 bind(1, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @set1() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @set1
  spirv.ExecutionMode @set1 "LocalSize", 1, 1, 1
}
