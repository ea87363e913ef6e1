// scale2d.mlir with its three scalar arguments packed into one binding, as
// --relax-gpu-to-spirv binds them: a storage buffer holding a struct of an
// i32 at byte 0, an i32 at byte 4 and an f32 at byte 8, bound after the
// buffers. The launch parameters are the same as scale2d's.

spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__LocalInvocationId__ built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @__builtin__WorkgroupId__ built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @scale2d_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @scale2d_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @scale2d_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], f32 [8])>, StorageBuffer>
  spirv.func @scale2d() "None" attributes {workgroup_attributions = 0 : i64} {
    %scale2d_arg_0_addr = spirv.mlir.addressof @scale2d_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %scale2d_arg_1_addr = spirv.mlir.addressof @scale2d_arg_1 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %scale2d_arg_2_addr = spirv.mlir.addressof @scale2d_arg_2 : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], f32 [8])>, StorageBuffer>
    %cst0_i32 = spirv.Constant 0 : i32
    %cst1_i32_s = spirv.Constant 1 : i32
    %cst2_i32_s = spirv.Constant 2 : i32
    %0 = spirv.AccessChain %scale2d_arg_2_addr[%cst0_i32] : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], f32 [8])>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %1 = spirv.Load "StorageBuffer" %0 : i32
    %2 = spirv.AccessChain %scale2d_arg_2_addr[%cst1_i32_s] : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], f32 [8])>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %3 = spirv.Load "StorageBuffer" %2 : i32
    %4 = spirv.AccessChain %scale2d_arg_2_addr[%cst2_i32_s] : !spirv.ptr<!spirv.struct<(i32 [0], i32 [4], f32 [8])>, StorageBuffer>, i32 -> !spirv.ptr<f32, StorageBuffer>
    %5 = spirv.Load "StorageBuffer" %4 : f32
    %__builtin__WorkgroupId___addr = spirv.mlir.addressof @__builtin__WorkgroupId__ : !spirv.ptr<vector<3xi32>, Input>
    %6 = spirv.Load "Input" %__builtin__WorkgroupId___addr : vector<3xi32>
    %7 = spirv.CompositeExtract %6[0 : i32] : vector<3xi32>
    %__builtin__WorkgroupId___addr_2 = spirv.mlir.addressof @__builtin__WorkgroupId__ : !spirv.ptr<vector<3xi32>, Input>
    %8 = spirv.Load "Input" %__builtin__WorkgroupId___addr_2 : vector<3xi32>
    %9 = spirv.CompositeExtract %8[1 : i32] : vector<3xi32>
    %__builtin__LocalInvocationId___addr = spirv.mlir.addressof @__builtin__LocalInvocationId__ : !spirv.ptr<vector<3xi32>, Input>
    %10 = spirv.Load "Input" %__builtin__LocalInvocationId___addr : vector<3xi32>
    %11 = spirv.CompositeExtract %10[0 : i32] : vector<3xi32>
    %__builtin__LocalInvocationId___addr_3 = spirv.mlir.addressof @__builtin__LocalInvocationId__ : !spirv.ptr<vector<3xi32>, Input>
    %12 = spirv.Load "Input" %__builtin__LocalInvocationId___addr_3 : vector<3xi32>
    %13 = spirv.CompositeExtract %12[1 : i32] : vector<3xi32>
    %cst8_i32 = spirv.Constant 8 : i32
    %14 = spirv.IMul %7, %cst8_i32 : i32
    %15 = spirv.IAdd %14, %11 : i32
    %16 = spirv.IMul %9, %cst8_i32 : i32
    %17 = spirv.IAdd %16, %13 : i32
    %18 = spirv.SLessThan %17, %1 : i32
    %19 = spirv.SLessThan %15, %3 : i32
    %20 = spirv.LogicalAnd %18, %19 : i1
    spirv.mlir.selection {
      spirv.BranchConditional %20, ^bb1, ^bb2
    ^bb1:  // pred: ^bb0
      %21 = spirv.IMul %17, %3 : i32
      %22 = spirv.IAdd %21, %15 : i32
      %cst0_i32_4 = spirv.Constant 0 : i32
      %cst0_i32_5 = spirv.Constant 0 : i32
      %cst1_i32 = spirv.Constant 1 : i32
      %23 = spirv.AccessChain %scale2d_arg_0_addr[%cst0_i32_4, %22] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      %24 = spirv.Load "StorageBuffer" %23 : f32
      %25 = spirv.FMul %24, %5 : f32
      %26 = spirv.ConvertSToF %17 : i32 to f32
      %27 = spirv.FAdd %25, %26 : f32
      %cst0_i32_6 = spirv.Constant 0 : i32
      %cst0_i32_7 = spirv.Constant 0 : i32
      %cst1_i32_8 = spirv.Constant 1 : i32
      %28 = spirv.AccessChain %scale2d_arg_1_addr[%cst0_i32_6, %22] : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>, i32, i32 -> !spirv.ptr<f32, StorageBuffer>
      spirv.Store "StorageBuffer" %28, %27 : f32
      spirv.Branch ^bb2
    ^bb2:  // 2 preds: ^bb0, ^bb1
      spirv.mlir.merge
    }
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @scale2d, @__builtin__WorkgroupId__, @__builtin__LocalInvocationId__
  spirv.ExecutionMode @scale2d "LocalSize", 8, 8, 1
}
