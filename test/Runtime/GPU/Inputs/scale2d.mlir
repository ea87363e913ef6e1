// out[r * cols + c] = in[r * cols + c] * s + r on a 2-D grid of 8x8 workgroups.
// Generated from the gpu.module below by
//   mlir-opt --convert-gpu-to-spirv='use-64bit-index=false'
//   mlir-opt --pass-pipeline='builtin.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce))'
// (MLIR 22), which is how compiled code's kernels are lowered; the tests
// serialize it with mlir-translate --serialize-spirv.
//
// gpu.module @kernels {
//   gpu.func @scale2d(%in: memref<?xf32>, %out: memref<?xf32>, %rows: index, %cols: index, %s: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 8, 1]>} {
//     %bx = gpu.block_id x
//     %by = gpu.block_id y
//     %tx = gpu.thread_id x
//     %ty = gpu.thread_id y
//     %c8 = arith.constant 8 : index
//     %x0 = arith.muli %bx, %c8 : index
//     %col = arith.addi %x0, %tx : index
//     %y0 = arith.muli %by, %c8 : index
//     %row = arith.addi %y0, %ty : index
//     %okr = arith.cmpi slt, %row, %rows : index
//     %okc = arith.cmpi slt, %col, %cols : index
//     %ok = arith.andi %okr, %okc : i1
//     scf.if %ok {
//       %r = arith.muli %row, %cols : index
//       %i = arith.addi %r, %col : index
//       %x = memref.load %in[%i] : memref<?xf32>
//       %y = arith.mulf %x, %s : f32
//       %ri = arith.index_cast %row : index to i32
//       %rf = arith.sitofp %ri : i32 to f32
//       %z = arith.addf %y, %rf : f32
//       memref.store %z, %out[%i] : memref<?xf32>
//     }
//     gpu.return
//   }
// }

spirv.module @__spv__kernels Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @__builtin__LocalInvocationId__ built_in("LocalInvocationId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @__builtin__WorkgroupId__ built_in("WorkgroupId") : !spirv.ptr<vector<3xi32>, Input>
  spirv.GlobalVariable @scale2d_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @scale2d_arg_1 bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
  spirv.GlobalVariable @scale2d_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
  spirv.GlobalVariable @scale2d_arg_3 bind(0, 3) : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
  spirv.GlobalVariable @scale2d_arg_4 bind(0, 4) : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
  spirv.func @scale2d() "None" attributes {workgroup_attributions = 0 : i64} {
    %scale2d_arg_0_addr = spirv.mlir.addressof @scale2d_arg_0 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %scale2d_arg_1_addr = spirv.mlir.addressof @scale2d_arg_1 : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
    %scale2d_arg_2_addr = spirv.mlir.addressof @scale2d_arg_2 : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
    %cst0_i32 = spirv.Constant 0 : i32
    %0 = spirv.AccessChain %scale2d_arg_2_addr[%cst0_i32] : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %1 = spirv.Load "StorageBuffer" %0 : i32
    %scale2d_arg_3_addr = spirv.mlir.addressof @scale2d_arg_3 : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>
    %cst0_i32_0 = spirv.Constant 0 : i32
    %2 = spirv.AccessChain %scale2d_arg_3_addr[%cst0_i32_0] : !spirv.ptr<!spirv.struct<(i32 [0])>, StorageBuffer>, i32 -> !spirv.ptr<i32, StorageBuffer>
    %3 = spirv.Load "StorageBuffer" %2 : i32
    %scale2d_arg_4_addr = spirv.mlir.addressof @scale2d_arg_4 : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>
    %cst0_i32_1 = spirv.Constant 0 : i32
    %4 = spirv.AccessChain %scale2d_arg_4_addr[%cst0_i32_1] : !spirv.ptr<!spirv.struct<(f32 [0])>, StorageBuffer>, i32 -> !spirv.ptr<f32, StorageBuffer>
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
