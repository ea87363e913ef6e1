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
static std::string upstreamPipeline(bool parallel) {
  std::string pipeline =
      "one-shot-bufferize{bufferize-function-boundaries=1 "
      "function-boundary-type-conversion=identity-layout-map},"
      "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
      "canonicalize,";
  // Parallel dims become OpenMP worksharing loops. The alloca scopes that
  // scf-to-openmp creates are lowered before scf-to-cf splits their bodies
  // into several blocks.
  if (parallel)
    pipeline += "func.func(convert-linalg-to-parallel-loops),"
                "convert-scf-to-openmp,expand-strided-metadata,lower-affine,"
                "finalize-memref-to-llvm,convert-scf-to-cf,";
  else
    pipeline += "func.func(convert-linalg-to-loops),expand-strided-metadata,"
                "lower-affine,convert-scf-to-cf,finalize-memref-to-llvm,";
  pipeline += "convert-math-to-llvm,convert-math-to-libm,convert-arith-to-llvm,"
              "convert-index-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,";
  if (parallel)
    pipeline += "convert-openmp-to-llvm,";
  pipeline += "reconcile-unrealized-casts";
  return pipeline;
}

LogicalResult mlir::relax::buildRelaxLowerToCPUPipeline(OpPassManager &pm,
                                                        bool parallel) {
  pm.addPass(createRelaxLegalizePass());
  pm.addPass(createRelaxToNonDataflowPass());
  pm.addPass(createRelaxToFuncPass());
  return parsePassPipeline(upstreamPipeline(parallel), pm, llvm::errs());
}

namespace {
struct CPUPipelineOptions : PassPipelineOptions<CPUPipelineOptions> {
  Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run parallel loops on all cores with OpenMP (the "
                     "program then needs libomp)"),
      llvm::cl::init(false)};
};
} // namespace

void mlir::relax::registerRelaxLowerToCPUPipeline() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "relax-lower-to-cpu",
      "Lower graph functions and tensor programs to the llvm dialect for "
      "the CPU",
      [](OpPassManager &pm, const CPUPipelineOptions &options) {
        (void)buildRelaxLowerToCPUPipeline(pm, options.parallel);
      });
}
