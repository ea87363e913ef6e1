//===- CPUPipeline.cpp - The CPU lowering pipeline ------------------------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

/// Upstream part of the pipeline: bufferize whole modules (host functions
/// allocate with tensor.empty), insert deallocations (ownership-based; the
/// caller owns returned buffers), lower linalg to loops, and everything to the
/// llvm dialect. `lower-affine` runs after `expand-strided-metadata`, which
/// creates affine.apply ops of its own, and handles the strided and floordiv
/// maps of convolutions and grouped heads. Math ops without an LLVM
/// intrinsic (erf) become libm calls.
static constexpr llvm::StringLiteral kUpstreamPipeline =
    "one-shot-bufferize{bufferize-function-boundaries=1 "
    "function-boundary-type-conversion=identity-layout-map},"
    "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
    "canonicalize,func.func(convert-linalg-to-loops),expand-strided-metadata,"
    "lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,"
    "convert-math-to-llvm,convert-math-to-libm,convert-arith-to-llvm,"
    "convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,"
    "reconcile-unrealized-casts";

LogicalResult mlir::relax::buildRelaxLowerToCPUPipeline(OpPassManager &pm) {
  pm.addPass(createRelaxLegalizePass());
  pm.addPass(createRelaxToNonDataflowPass());
  pm.addPass(createRelaxToFuncPass());
  return parsePassPipeline(kUpstreamPipeline, pm, llvm::errs());
}

void mlir::relax::registerRelaxLowerToCPUPipeline() {
  PassPipelineRegistration<>(
      "relax-lower-to-cpu",
      "Lower legalized graph functions and tensor programs to the llvm "
      "dialect for the CPU",
      [](OpPassManager &pm) { (void)buildRelaxLowerToCPUPipeline(pm); });
}
