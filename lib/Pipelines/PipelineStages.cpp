//===- PipelineStages.cpp - Stages the lowering pipelines share -----------===//

#include "PipelineStages.h"

#include "Relax/Conversion/Passes.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::relax;

void relax::addGraphStage(OpPassManager &pm, bool inferShapes,
                          StringRef library, bool quantizedKernels, bool fuse,
                          bool planMemory, int64_t alignment,
                          PagedAttentionForm pagedAttention) {
  if (inferShapes)
    pm.addPass(createRelaxInferShapesPass());
  // A function written for a grid of ranks becomes each rank's.
  pm.addPass(createRelaxTensorParallelPass());
  if (!library.empty() || quantizedKernels) {
    RelaxDispatchLibraryPassOptions options;
    options.target = library.empty() ? "cpu" : library.str();
    options.blas = !library.empty();
    options.quantized = quantizedKernels;
    pm.addPass(createRelaxDispatchLibraryPass(options));
  }
  if (fuse)
    pm.addPass(createRelaxFusePass());
  RelaxLegalizePassOptions legalize;
  legalize.pagedAttention = pagedAttention;
  pm.addPass(createRelaxLegalizePass(legalize));
  pm.addPass(createRelaxInlineConstantArgumentsPass());
  pm.addPass(createRelaxToNonDataflowPass());
  RelaxExplicitAllocPassOptions alloc;
  alloc.alignment = alignment;
  pm.addPass(createRelaxExplicitAllocPass(alloc));
  if (planMemory)
    pm.addPass(createRelaxPlanMemoryPass());
}

void relax::addKernelCleanupStage(OpPassManager &pm) {
  // Host functions free their buffers themselves, after last use.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createConvertBufferizationToMemRefPass());
  // Bufferizing a kernel on its own leaves copies of a subview onto an
  // identical one inside tile loops (each a generic memrefCopy per element
  // once sizes are dynamic): CSE makes the two subviews one, and the copy of
  // a buffer onto itself folds away.
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
}

void relax::addHostStage(OpPassManager &pm, HostTarget target) {
  RelaxToFuncPassOptions toFunc;
  toFunc.target = target;
  pm.addPass(createRelaxToFuncPass(toFunc));
  pm.addPass(createRelaxLimitCallDepthPass());
  ConvertSymToArithPassOptions keepAssumes;
  keepAssumes.lowerAssumes = false;
  pm.addPass(createConvertSymToArithPass(keepAssumes));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(arith::createIntRangeOptimizationsPass());
  pm.addPass(createConvertSymToArithPass());
}
