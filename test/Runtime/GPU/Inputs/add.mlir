// c = a + b over the first n elements, on workgroups of 64.
// Generated from the gpu.module below by
//   mlir-opt --convert-gpu-to-spirv='use-64bit-index=false'
//   mlir-opt --pass-pipeline='builtin.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce))'
// (MLIR 22), which is how compiled code's kernels are lowered; the tests
// serialize it with mlir-translate --serialize-spirv.
//
// gpu.module @kernels {
//   gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
//     %bid = gpu.block_id x
//     %tid = gpu.thread_id x
//     %bd = gpu.block_dim x
//     %t = arith.muli %bid, %bd : index
//     %i = arith.addi %t, %tid : index
//     %ok = arith.cmpi slt, %i, %n : index
//     scf.if %ok {
//       %x = memref.load %a[%i] : memref<?xf32>
//       %y = memref.load %b[%i] : memref<?xf32>
//       %z = arith.addf %x, %y : f32
//       memref.store %z, %c[%i] : memref<?xf32>
//     }
//     gpu.return
//   }
// }

spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__LocalInvocationId__ built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @__builtin__WorkgroupId__ built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @add_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @add_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @add_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @add_arg_3 bind(0, 3) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
  spirv.func @add() "None" attributes {workgroup_attributions = 0 : i64} {
    %add_arg_0_addr = spirv.mlir.addressof @add_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %add_arg_1_addr = spirv.mlir.addressof @add_arg_1 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %add_arg_2_addr = spirv.mlir.addressof @add_arg_2 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %add_arg_3_addr = spirv.mlir.addressof @add_arg_3 : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
    %cst0_i32 = spirv.Constant 0 : i32
    %0 = spirv.AccessChain %add_arg_3_addr[%cst0_i32] : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %1 = spirv.Load "StorageBuffer" %0 : i32
    %__builtin__WorkgroupId___addr = spirv.mlir.addressof @__builtin__WorkgroupId__ : !spirv.ptr<vector<3xi32>, Input>
    %2 = spirv.Load "Input" %__builtin__WorkgroupId___addr : vector<3xi32>
    %3 = spirv.CompositeExtract %2[0 : i32] : vector<3xi32>
    %__builtin__LocalInvocationId___addr = spirv.mlir.addressof @__builtin__LocalInvocationId__ : !spirv.ptr<vector<3xi32>, Input>
    %4 = spirv.Load "Input" %__builtin__LocalInvocationId___addr : vector<3xi32>
    %5 = spirv.CompositeExtract %4[0 : i32] : vector<3xi32>
    %cst64_i32 = spirv.Constant 64 : i32
    %6 = spirv.IMul %3, %cst64_i32 : i32
    %7 = spirv.IAdd %6, %5 : i32
    %8 = spirv.SLessThan %7, %1 : i32
    spirv.mlir.selection {
      spirv.BranchConditional %8, ^bb1, ^bb2
    ^bb1:  // pred: ^bb0
      %cst0_i32_0 = spirv.Constant 0 : i32
      %cst0_i32_1 = spirv.Constant 0 : i32
      %cst1_i32 = spirv.Constant 1 : i32
      %9 = spirv.AccessChain %add_arg_0_addr[%cst0_i32_0, %7] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      %10 = spirv.Load "StorageBuffer" %9 : f32
      %cst0_i32_2 = spirv.Constant 0 : i32
      %cst0_i32_3 = spirv.Constant 0 : i32
      %cst1_i32_4 = spirv.Constant 1 : i32
      %11 = spirv.AccessChain %add_arg_1_addr[%cst0_i32_2, %7] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      %12 = spirv.Load "StorageBuffer" %11 : f32
      %13 = spirv.FAdd %10, %12 : f32
      %cst0_i32_5 = spirv.Constant 0 : i32
      %cst0_i32_6 = spirv.Constant 0 : i32
      %cst1_i32_7 = spirv.Constant 1 : i32
      %14 = spirv.AccessChain %add_arg_2_addr[%cst0_i32_5, %7] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      spirv.Store "StorageBuffer" %14, %13 : f32
      spirv.Branch ^bb2
    ^bb2:  // 2 preds: ^bb0, ^bb1
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @add, @__builtin__WorkgroupId__, @__builtin__LocalInvocationId__
  spirv.ExecutionMode @add "LocalSize", 64, 1, 1
}
