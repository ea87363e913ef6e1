// A module with two entry points, which the runtime refuses.
// Generated from the gpu.module below by
//   mlir-opt --convert-gpu-to-spirv='use-64bit-index=false'
//   mlir-opt --pass-pipeline='builtin.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce))'
// (MLIR 22), which is how compiled code's kernels are lowered; the tests
// serialize it with mlir-translate --serialize-spirv.
//
// gpu.module @kernels {
//   gpu.func @first(%a: memref<?xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
//     gpu.return
//   }
//   gpu.func @second(%a: memref<?xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
//     gpu.return
//   }
// }

spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @first_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @first() "None" attributes {workgroup_attributions = 0 : i64} {
    %first_arg_0_addr = spirv.mlir.addressof @first_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    spirv.Return
  }
  spirv.GlobalVariable @second_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.func @second() "None" attributes {workgroup_attributions = 0 : i64} {
    %second_arg_0_addr = spirv.mlir.addressof @second_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @first
  spirv.ExecutionMode @first "LocalSize", 1, 1, 1
  spirv.EntryPoint "GLCompute" @second
  spirv.ExecutionMode @second "LocalSize", 1, 1, 1
}
