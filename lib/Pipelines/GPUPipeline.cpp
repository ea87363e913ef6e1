//===- GPUPipeline.cpp - The GPU lowering pipeline ------------------------===//

#include "Relax/Pipelines/Pipelines.h"

#include "PipelineStages.h"

#include "Relax/Codegen/Passes.h"
#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::relax;

#ifndef RELAX_CUDA_TOOLKIT_PATH
#define RELAX_CUDA_TOOLKIT_PATH ""
#endif
#ifndef RELAX_ROCM_TOOLKIT_PATH
#define RELAX_ROCM_TOOLKIT_PATH ""
#endif

/// The target's name, as the `target` option spells it.
static StringRef getTargetName(GPUTarget target) {
  switch (target) {
  case GPUTarget::CUDA:
    return "cuda";
  case GPUTarget::ROCm:
    return "rocm";
  case GPUTarget::Vulkan:
    return "vulkan";
  case GPUTarget::WebGPU:
    return "webgpu";
  }
  llvm_unreachable("unknown GPU target");
}

int64_t GPUPipelineOptions::getBlockSize() const {
  if (blockSize > 0)
    return blockSize;
  bool spirv = target == GPUTarget::Vulkan || target == GPUTarget::WebGPU;
  return spirv ? 128 : 256;
}

std::string GPUPipelineOptions::getChip() const {
  if (!chip.empty())
    return chip;
  return target == GPUTarget::ROCm ? "gfx90a" : "sm_80";
}

/// The offset alignment of the storage buffers kernels bind (views into
/// the arena): at most 256 bytes on Vulkan, and WebGPU's default
/// minStorageBufferOffsetAlignment.
static constexpr int64_t kStorageBufferAlignment = 256;

/// Kernels' schedules chosen on tensors, then kernels on buffers and the
/// graph's memory planned with their scratch.
static void buildKernelPipeline(OpPassManager &pm,
                                const GPUPipelineOptions &options,
                                bool recordPlan) {
  // The schedules are chosen on tensors, like the CPU's; bufferization keeps
  // the configs on the ops.
  codegen::RelaxGPUSelectLoweringConfigPassOptions select;
  select.workgroupSize = options.getBlockSize();
  select.force = options.schedule;
  pm.nest<tprog::FuncOp>().addPass(
      codegen::createRelaxGPUSelectLoweringConfigPass(select));
  pm.nest<tprog::FuncOp>().addPass(codegen::createRelaxGPUTileToBlocksPass());
  pm.nest<tprog::FuncOp>().addPass(codegen::createRelaxGPUTileToThreadsPass());
  pm.addPass(createRelaxKernelsToFuncPass());
  addKernelCleanupStage(pm);
  // Memory is planned once the kernels are bufferized, with the scratch
  // buffers they allocate: each would otherwise be a device allocation in
  // every call.
  if (options.hoistKernelScratch) {
    // Kernels bind the scratch buffers as views of the arena.
    RelaxHoistKernelScratchPassOptions hoist;
    hoist.alignment = kStorageBufferAlignment;
    pm.addPass(createRelaxHoistKernelScratchPass(hoist));
  }
  if (options.planMemory) {
    RelaxPlanMemoryPassOptions plan;
    plan.record = recordPlan;
    pm.addPass(createRelaxPlanMemoryPass(plan));
  }
}

/// Host functions on memrefs in device memory, then the kernels' loops on
/// blocks and threads, outlined into gpu.modules.
static void buildHostPipeline(OpPassManager &pm,
                              const GPUPipelineOptions &options) {
  addHostStage(pm, HostTarget::GPU);

  codegen::RelaxMapKernelsToGPUPassOptions map;
  map.blockSize = options.getBlockSize();
  map.vectorWidth = options.vectorWidth;
  bool spirv = options.target == GPUTarget::Vulkan ||
               options.target == GPUTarget::WebGPU;
  map.maxVectorWidth = spirv ? 4 : 16;
  pm.addPass(codegen::createRelaxMapKernelsToGPUPass(map));
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(codegen::createRelaxSinkKernelConstantsPass());
  pm.addPass(createCanonicalizerPass());
}

/// The SPIR-V target environment of a Vulkan or WebGPU kernel.
static GpuSPIRVAttachTargetOptions
getSPIRVTarget(const GPUPipelineOptions &options) {
  GPUTarget target = options.target;
  GpuSPIRVAttachTargetOptions spirv;
  spirv.spirvVersion = "v1.3";
  spirv.clientApi = target == GPUTarget::WebGPU ? "WebGPU" : "Vulkan";
  spirv.spirvCapabilities = {"Shader"};
  spirv.spirvExtensions = {"SPV_KHR_storage_buffer_storage_class"};
  if (target == GPUTarget::Vulkan) {
    // What every Vulkan 1.1 driver with the 8- and 16-bit storage features
    // and f32 NaN preservation (lavapipe and desktop GPUs) accepts;
    // --spirv-update-vce then keeps what a kernel uses.
    spirv.spirvCapabilities.append(
        {"Int64", "Int16", "Int8", "Float16", "StorageBuffer16BitAccess",
         "StorageBuffer8BitAccess", "SignedZeroInfNanPreserve"});
    spirv.spirvExtensions.append({"SPV_KHR_16bit_storage",
                                  "SPV_KHR_8bit_storage",
                                  "SPV_KHR_float_controls"});
    if (options.subgroups)
      spirv.spirvCapabilities.append(
          {"GroupNonUniform", "GroupNonUniformArithmetic"});
  }
  // f16 kernels are SPIR-V with 16-bit storage either way: their WGSL
  // computes in f16 with `shader-f16` and in f32 on packed storage without
  // (--relax-spirv-to-wgsl).
  if (target == GPUTarget::WebGPU) {
    spirv.spirvCapabilities.append({"Float16", "StorageBuffer16BitAccess"});
    spirv.spirvExtensions.append({"SPV_KHR_16bit_storage"});
  }
  return spirv;
}

/// The kernels in the target's dialect, then as binaries.
static void buildDevicePipeline(OpPassManager &pm,
                                const GPUPipelineOptions &options) {
  // SPIR-V has no lowering of block-wide reductions or workgroup
  // attributions; ROCm's needs the device libraries; CUDA lowers both.
  if (options.target != GPUTarget::CUDA) {
    codegen::RelaxLowerGPUWorkgroupOpsPassOptions workgroup;
    workgroup.attributionsToAllocs = options.target != GPUTarget::ROCm;
    // WebGPU has subgroups only as an optional feature.
    workgroup.subgroupReduce =
        options.target == GPUTarget::Vulkan && options.subgroups;
    pm.nest<gpu::GPUModuleOp>().addPass(
        codegen::createRelaxLowerGPUWorkgroupOpsPass(workgroup));
  }
  codegen::RelaxExpandGPUMathPassOptions math;
  math.target = options.target == GPUTarget::CUDA   ? "cuda"
                : options.target == GPUTarget::ROCm ? "rocm"
                                                    : "spirv";
  pm.nest<gpu::GPUModuleOp>().addPass(
      codegen::createRelaxExpandGPUMathPass(math));
  switch (options.target) {
  case GPUTarget::CUDA: {
    GpuNVVMAttachTargetOptions nvvm;
    nvvm.chip = options.getChip();
    nvvm.optLevel = 3;
    pm.addPass(createGpuNVVMAttachTarget(nvvm));
    OpPassManager &modules = pm.nest<gpu::GPUModuleOp>();
    modules.addPass(createSCFToControlFlowPass());
    modules.addPass(createConvertGpuOpsToNVVMOps());
    modules.addPass(createCanonicalizerPass());
    modules.addPass(createReconcileUnrealizedCastsPass());
    break;
  }
  case GPUTarget::ROCm: {
    GpuROCDLAttachTargetOptions rocdl;
    rocdl.chip = options.getChip();
    rocdl.optLevel = 3;
    pm.addPass(createGpuROCDLAttachTarget(rocdl));
    OpPassManager &modules = pm.nest<gpu::GPUModuleOp>();
    modules.addPass(createSCFToControlFlowPass());
    ConvertGpuOpsToROCDLOpsOptions toROCDL;
    toROCDL.chipset = options.getChip();
    toROCDL.runtime = gpu::amd::Runtime::HIP;
    modules.addPass(createConvertGpuOpsToROCDLOps(toROCDL));
    modules.addPass(createCanonicalizerPass());
    modules.addPass(createReconcileUnrealizedCastsPass());
    break;
  }
  case GPUTarget::Vulkan:
  case GPUTarget::WebGPU: {
    // SPIR-V shaders keep structured control flow: scf becomes
    // spirv.mlir.selection and spirv.mlir.loop.
    pm.addPass(createGpuSPIRVAttachTarget(getSPIRVTarget(options)));
    RelaxGPUToSPIRVPassOptions toSPIRV;
    toSPIRV.webgpu = options.target == GPUTarget::WebGPU;
    // WebGPU's default maxStorageBuffersPerShaderStage.
    if (toSPIRV.webgpu)
      toSPIRV.maxStorageBuffers = 8;
    pm.addPass(createRelaxGPUToSPIRVPass(toSPIRV));
    OpPassManager &spirv =
        pm.nest<gpu::GPUModuleOp>().nest<spirv::ModuleOp>();
    spirv.addPass(spirv::createSPIRVLowerABIAttributesPass());
    if (options.target == GPUTarget::Vulkan)
      spirv.addPass(createRelaxSPIRVPreserveNonFinitePass());
    spirv.addPass(spirv::createSPIRVUpdateVCEPass());
    break;
  }
  }
  if (!options.toBinary)
    return;
  // Browsers take WGSL, printed from the SPIR-V in the tree.
  if (options.target == GPUTarget::WebGPU) {
    RelaxSPIRVToWGSLPassOptions toWGSL;
    toWGSL.shaderF16 = options.shaderF16;
    pm.addPass(createRelaxSPIRVToWGSLPass(toWGSL));
    return;
  }
  GpuModuleToBinaryPassOptions binary;
  switch (options.format) {
  case GPUBinaryFormat::Binary:
    binary.compilationTarget = "bin";
    break;
  case GPUBinaryFormat::Assembly:
    binary.compilationTarget = "isa";
    break;
  case GPUBinaryFormat::Offload:
    binary.compilationTarget = "llvm";
    break;
  }
  binary.toolkitPath = options.toolkit;
  if (binary.toolkitPath.empty() && options.target == GPUTarget::CUDA)
    binary.toolkitPath = RELAX_CUDA_TOOLKIT_PATH;
  if (binary.toolkitPath.empty() && options.target == GPUTarget::ROCm)
    binary.toolkitPath = RELAX_ROCM_TOOLKIT_PATH;
  pm.addPass(createGpuModuleToBinaryPass(binary));
}

/// The host code to the llvm dialect: GPU ops become calls of the runtime's
/// mgpu* functions, in a stream per function.
static void buildHostLLVMPipeline(OpPassManager &pm) {
  pm.nest<func::FuncOp>().addPass(createGpuAsyncRegionPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // On control flow graphs, where a failed check can branch to freeing the
  // host and device buffers its function owns.
  pm.addPass(createRelaxReleaseOnCheckFailurePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createRelaxLowerChecksPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void relax::buildRelaxGPUPlanningStages(OpPassManager &pm,
                                        const GPUPipelineOptions &options,
                                        bool recordPlan) {
  // The library of the target's name: --relax-dispatch-library has cuda
  // and rocm, and reports the others as having none.
  StringRef library = options.library ? getTargetName(options.target) : "";
  addGraphStage(pm, options.inferShapes, library,
                /*quantizedKernels=*/false, options.fuse,
                /*planMemory=*/false, kStorageBufferAlignment);
  buildKernelPipeline(pm, options, recordPlan);
}

void relax::buildRelaxGPUHostStages(OpPassManager &pm,
                                    const GPUPipelineOptions &options) {
  buildHostPipeline(pm, options);
  buildDevicePipeline(pm, options);
  if (options.toBinary && options.toLLVM)
    buildHostLLVMPipeline(pm);
}

void relax::buildRelaxLowerToGPUPipeline(OpPassManager &pm,
                                         const GPUPipelineOptions &options) {
  buildRelaxGPUPlanningStages(pm, options);
  buildRelaxGPUHostStages(pm, options);
}
