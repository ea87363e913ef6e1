// The headline command: fusion, then the GPU pipeline with its defaults
// (CUDA, sm_80), down to the llvm dialect with the kernels as cubins.
// RUN: relax-opt %s --relax-fuse --relax-lower-to-gpu | FileCheck %s
// RUN: relax-opt %s --relax-lower-to-gpu="target=vulkan to-binary=false" | FileCheck %s --check-prefix=VULKAN
// RUN: relax-opt %s --relax-lower-to-gpu="target=rocm chip=gfx942 to-binary=false" | FileCheck %s --check-prefix=ROCM
// RUN: relax-opt %s --relax-lower-to-gpu="target=cuda block-size=64 format=isa" | FileCheck %s --check-prefix=PTX

// The fused kernel's launcher: a one-dimensional grid from the symbolic
// element count at run time (a ceiling division by the block size, at most
// 65535 blocks), launched on a stream of the runtime.
// CHECK-LABEL: llvm.func @fused_multiply_exp_kernel(
// CHECK:         %[[MAX:.*]] = llvm.mlir.constant(65535 : index) : i64
// CHECK:         %[[STREAM:.*]] = llvm.call @mgpuStreamCreate()
// CHECK:         gpu.launch_func <%[[STREAM]] : !llvm.ptr> @fused_multiply_exp_kernel_kernel::@fused_multiply_exp_kernel_kernel blocks in (%[[BLOCKS:.*]], %[[ONE:.*]], %[[ONE]]) threads in (%[[BLOCK:.*]], %[[ONE]], %[[ONE]]) : i64
// CHECK:         llvm.call @mgpuStreamSynchronize(%[[STREAM]])
// CHECK:       gpu.binary @fused_multiply_exp_kernel_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80">, {{.*}}bin = "\7FELF
// The entry copies its arguments to device memory and its result back.
// CHECK-LABEL: llvm.func @main(
// CHECK:         llvm.call @mgpuMemAlloc(
// CHECK:         llvm.call @mgpuMemcpy(
// CHECK:         llvm.call @main_device(
// CHECK:         llvm.call @malloc(
// CHECK:         llvm.call @mgpuMemcpy(
// CHECK:         llvm.call @mgpuMemFree(
// CHECK-LABEL: llvm.func @_mlir_ciface_main(

// VULKAN-LABEL: func.func private @fused_multiply_exp_kernel(
// VULKAN:         gpu.launch_func @fused_multiply_exp_kernel_kernel::@fused_multiply_exp_kernel_kernel blocks in (%{{.*}}, %c1, %c1) threads in (%c128, %c1, %c1)
// VULKAN:       gpu.module @fused_multiply_exp_kernel_kernel [#spirv.target_env<#spirv.vce<v1.3, [Shader, Int64, Int16, Int8, Float16, StorageBuffer16BitAccess, StorageBuffer8BitAccess, SignedZeroInfNanPreserve, GroupNonUniform, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_16bit_storage, SPV_KHR_8bit_storage, SPV_KHR_float_controls]>, api=Vulkan
// VULKAN:         spirv.module @__spv__fused_multiply_exp_kernel_kernel Logical GLSL450
// VULKAN:           spirv.GlobalVariable @{{.*}} bind(0, 0)
// VULKAN:           spirv.func @fused_multiply_exp_kernel_kernel()
// VULKAN:             spirv.GL.Exp
// VULKAN:           spirv.EntryPoint "GLCompute" @fused_multiply_exp_kernel_kernel
// VULKAN:           spirv.ExecutionMode @fused_multiply_exp_kernel_kernel "SignedZeroInfNanPreserve", 32
// VULKAN:           spirv.ExecutionMode @fused_multiply_exp_kernel_kernel "LocalSize", 128, 1, 1
// VULKAN-LABEL: func.func @main(
// VULKAN:         gpu.alloc
// VULKAN:         gpu.memcpy

// ROCM:         gpu.module @fused_multiply_exp_kernel_kernel [#rocdl.target<O = 3, chip = "gfx942">]
// ROCM:           llvm.func @fused_multiply_exp_kernel_kernel(
// ROCM-SAME:        rocdl.kernel
// ROCM:             rocdl.workgroup.id.x
// ROCM:             rocdl.workitem.id.x
// ROCM:             llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr -> vector<4xf32>
// ROCM:             llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr

// PTX:          gpu.launch_func {{.*}} threads in (%{{.*}}, %{{.*}}, %{{.*}})
// PTX:          gpu.binary @fused_multiply_exp_kernel_kernel [#gpu.object<#nvvm.target<O = 3, chip = "sm_80">, {{.*}}assembly = "{{.*}}.target sm_80
// PTX-SAME:       .maxntid 64, 1, 1
// Each thread loads and stores 4 elements at a time (the rows are 64 wide).
// PTX-SAME:       ld.global.v4.b32
// PTX-SAME:       ld.global.v4.b32
// The exponential comes from libdevice, linked from the CUDA toolkit.
// PTX-SAME:       ex2.approx
// PTX-SAME:       st.global.v4.b32
relax.func @main(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32> {
  %y = relax.dataflow -> !relax.tensor<[n, 64], f32> {
    %a = relax.multiply %x, %w : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[n, 64], f32>
    %b = relax.exp %a : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 64], f32>
    relax.output %b : !relax.tensor<[n, 64], f32>
  }
  relax.return %y : !relax.tensor<[n, 64], f32>
}
