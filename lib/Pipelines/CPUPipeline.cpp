//===- CPUPipeline.cpp - The CPU lowering pipeline ------------------------===//

#include "Relax/Pipelines/Pipelines.h"

#include "PipelineStages.h"

#include "Relax/Codegen/Passes.h"
#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::relax;

/// Kernels: the CPU schedule on tensors, then buffers written in place.
static void buildKernelPipeline(OpPassManager &pm,
                                const CPUPipelineOptions &options) {
  // The lowering configs are chosen for the target, recorded on each linalg
  // op, then applied.
  OpPassManager &programs = pm.nest<tprog::FuncOp>();
  codegen::buildCPUCodegenPipeline(programs, options);
  programs.addPass(createCanonicalizerPass());
  programs.addPass(createCSEPass());
  pm.addPass(createRelaxKernelsToFuncPass());
  addKernelCleanupStage(pm);
}

/// Both to the llvm dialect: loops over tiles of parallel dims become
/// OpenMP worksharing loops or async tasks (ops left unvectorized are tiles
/// inside them and become plain loops); vector ops are lowered with
/// contractions as rank-1 updates; `lower-affine` runs after
/// `expand-strided-metadata`, which creates affine.apply ops of its own.
static void buildLLVMPipeline(OpPassManager &pm, CPUParallelism parallelism) {
  bool parallel = parallelism != CPUParallelism::None;
  if (parallel) {
    pm.nest<func::FuncOp>().addPass(
        codegen::createRelaxCPUSequentialInnerForallsPass());
    pm.addPass(createForallToParallelLoopPass());
  } else {
    pm.addPass(createForallToForLoopPass());
  }
  pm.nest<func::FuncOp>().addPass(createConvertLinalgToLoopsPass());
  if (parallelism == CPUParallelism::OpenMP)
    pm.addPass(createConvertSCFToOpenMPPass());
  if (parallelism == CPUParallelism::Async) {
    AsyncParallelForPassOptions async;
    async.numWorkerThreads = -1;
    async.minTaskSize = 1;
    pm.addPass(createAsyncParallelForPass(async));
    pm.addPass(createAsyncToAsyncRuntimePass());
    pm.addPass(createAsyncRuntimeRefCountingPass());
    pm.addPass(createAsyncRuntimeRefCountingOptPass());
    pm.addPass(createConvertAsyncToLLVMPass());
  }
  OpPassManager &funcs = pm.nest<func::FuncOp>();
  funcs.addPass(vector::createLowerVectorMaskPass());
  funcs.addPass(createRelaxLowerI1TransfersPass());
  funcs.addPass(codegen::createRelaxCPULowerStridedGathersPass());
  funcs.addPass(vector::createLowerVectorMultiReductionPass());
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.nest<func::FuncOp>().addPass(createRelaxCheckAllocationsPass());
  // A failed check branches to freeing what its function owns: on control
  // flow graphs where it can; a check in a parallel loop, after the loop.
  // The alloca scopes that scf-to-openmp creates are lowered before
  // scf-to-cf splits their bodies into several blocks.
  if (parallelism == CPUParallelism::OpenMP) {
    pm.addPass(createRelaxReleaseOnCheckFailurePass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
    pm.addPass(createSCFToControlFlowPass());
  } else {
    pm.addPass(createSCFToControlFlowPass());
    pm.addPass(createRelaxReleaseOnCheckFailurePass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  }
  // Math ops without an LLVM intrinsic become libm calls per lane, through
  // vector ops, so they go before the vector conversion.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  ConvertVectorToLLVMPassOptions toLLVM;
  toLLVM.vectorContractLowering = vector::VectorContractLowering::OuterProduct;
  toLLVM.reassociateFPReductions = true;
  pm.addPass(createConvertVectorToLLVMPass(toLLVM));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createRelaxLowerChecksPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  if (parallelism == CPUParallelism::OpenMP)
    pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void relax::buildRelaxCPUPlanningStages(OpPassManager &pm,
                                        const CPUPipelineOptions &options,
                                        bool recordPlan) {
  // Memory is planned once the kernels are bufferized, so that the scratch
  // buffers they allocate are planned with the graph's tensors.
  addGraphStage(pm, options.inferShapes, options.library ? "cpu" : "",
                options.quantizedKernels, options.fuse,
                /*planMemory=*/false, /*alignment=*/64, options.pagedAttention);
  buildKernelPipeline(pm, options);
  if (options.hoistKernelScratch)
    pm.addPass(createRelaxHoistKernelScratchPass());
  if (options.planMemory) {
    RelaxPlanMemoryPassOptions planOptions;
    planOptions.planResults = options.planResults;
    planOptions.record = recordPlan;
    pm.addPass(createRelaxPlanMemoryPass(planOptions));
  }
}

void relax::buildRelaxCPUHostStages(OpPassManager &pm,
                                    const CPUPipelineOptions &options) {
  addHostStage(pm, HostTarget::CPU);
  if (options.toLLVM)
    buildLLVMPipeline(pm, options.getParallelism());
}

void relax::buildRelaxLowerToCPUPipeline(OpPassManager &pm,
                                         const CPUPipelineOptions &options) {
  buildRelaxCPUPlanningStages(pm, options);
  buildRelaxCPUHostStages(pm, options);
}

void relax::buildRelaxLowerToCPUPipeline(OpPassManager &pm,
                                         CPUParallelism parallelism,
                                         bool library) {
  CPUPipelineOptions options;
  options.parallel = parallelism != CPUParallelism::None;
  if (options.parallel)
    options.runtime = parallelism;
  options.library = library;
  buildRelaxLowerToCPUPipeline(pm, options);
}

void relax::registerRelaxPipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "relax-lower-to-cpu",
      "Compile graph functions and tensor programs to the llvm dialect for "
      "the CPU",
      [](OpPassManager &pm, const CPUPipelineOptions &options) {
        buildRelaxLowerToCPUPipeline(pm, options);
      });
  PassPipelineRegistration<GPUPipelineOptions>(
      "relax-lower-to-gpu",
      "Compile graph functions and tensor programs for a GPU: kernels in "
      "gpu.modules compiled to the target's binary, host code in the llvm "
      "dialect calling the GPU runtime",
      [](OpPassManager &pm, const GPUPipelineOptions &options) {
        buildRelaxLowerToGPUPipeline(pm, options);
      });
}
