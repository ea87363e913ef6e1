//===- CPUPipeline.cpp - The CPU lowering pipeline ------------------------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

/// Kernel part of the pipeline, from functions on tensors: tile and vectorize
/// the linalg ops, bufferize whole modules (host functions allocate with
/// tensor.empty), insert deallocations (ownership-based; the caller owns
/// returned buffers), lower what was left unvectorized to loops, and
/// everything to the llvm dialect. `lower-affine` runs after
/// `expand-strided-metadata`, which creates affine.apply ops of its own, and
/// handles the strided and floordiv maps of convolutions.
static std::string upstreamPipeline(relax::CPUParallelism parallelism) {
  using relax::CPUParallelism;
  std::string pipeline =
      "func.func(relax-tile-and-vectorize),canonicalize,cse,"
      "one-shot-bufferize{bufferize-function-boundaries=1 "
      "function-boundary-type-conversion=identity-layout-map},"
      "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
      "canonicalize,";
  // Loops over the tiles of parallel dims become OpenMP worksharing loops or
  // async tasks. Ops left unvectorized are tiles inside them and become
  // plain loops, as a nested parallel region would only be serialized at a
  // cost. The alloca scopes that scf-to-openmp creates are lowered before
  // scf-to-cf splits their bodies into several blocks. Async tasks are
  // blocks of tiles, as many as the runtime has workers.
  bool parallel = parallelism != CPUParallelism::None;
  pipeline += parallel ? "scf-forall-to-parallel," : "scf-forall-to-for,";
  pipeline += "func.func(convert-linalg-to-loops),";
  if (parallelism == CPUParallelism::OpenMP)
    pipeline += "convert-scf-to-openmp,";
  if (parallelism == CPUParallelism::Async)
    pipeline += "async-parallel-for{num-workers=-1 min-task-size=1},"
                "async-to-async-runtime,async-runtime-ref-counting,"
                "async-runtime-ref-counting-opt,convert-async-to-llvm,";
  // Vector ops: masks and multi-dim transfers first, then contractions as
  // rank-1 updates (one FMA per row of a register tile).
  pipeline += "func.func(lower-vector-mask,lower-vector-multi-reduction),"
              "convert-vector-to-scf{full-unroll=1},"
              "expand-strided-metadata,lower-affine,";
  if (parallelism == CPUParallelism::OpenMP)
    pipeline += "finalize-memref-to-llvm,convert-scf-to-cf,";
  else
    pipeline += "convert-scf-to-cf,finalize-memref-to-llvm,";
  // Math ops without an LLVM intrinsic become libm calls per lane, through
  // vector ops, so they go before the vector conversion.
  pipeline += "convert-math-to-llvm,convert-math-to-libm,"
              "convert-vector-to-llvm{vector-contract-lowering=outerproduct "
              "reassociate-fp-reductions=1},"
              "convert-arith-to-llvm,"
              "convert-index-to-llvm,convert-ub-to-llvm,convert-cf-to-llvm,"
              "convert-func-to-llvm,";
  if (parallelism == CPUParallelism::OpenMP)
    pipeline += "convert-openmp-to-llvm,";
  pipeline += "reconcile-unrealized-casts";
  return pipeline;
}

LogicalResult mlir::relax::buildRelaxLowerToCPUPipeline(
    OpPassManager &pm, CPUParallelism parallelism, bool library) {
  if (library)
    pm.addPass(createRelaxDispatchLibraryPass());
  pm.addPass(createRelaxLegalizePass());
  pm.addPass(createRelaxToNonDataflowPass());
  pm.addPass(createRelaxToFuncPass());
  return parsePassPipeline(upstreamPipeline(parallelism), pm, llvm::errs());
}

namespace {
struct CPUPipelineOptions : PassPipelineOptions<CPUPipelineOptions> {
  Option<bool> parallel{
      *this, "parallel",
      llvm::cl::desc("Run the loops over tiles of parallel dims on all cores"),
      llvm::cl::init(false)};
  Option<relax::CPUParallelism> runtime{
      *this, "runtime", llvm::cl::desc("Runtime of the parallel loops"),
      llvm::cl::init(relax::CPUParallelism::OpenMP),
      llvm::cl::values(
          clEnumValN(relax::CPUParallelism::OpenMP, "openmp",
                     "OpenMP worksharing loops (the program needs libomp)"),
          clEnumValN(relax::CPUParallelism::Async, "async",
                     "Tasks of MLIR's async runtime (the program needs "
                     "libmlir_async_runtime)"))};
  Option<bool> library{
      *this, "library",
      llvm::cl::desc("Offload matmuls to the CPU runtime library (OpenBLAS; "
                     "the program then needs librelax_cpu_runtime)"),
      llvm::cl::init(false)};
};
} // namespace

void mlir::relax::registerRelaxLowerToCPUPipeline() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "relax-lower-to-cpu",
      "Lower graph functions and tensor programs to the llvm dialect for "
      "the CPU",
      [](OpPassManager &pm, const CPUPipelineOptions &options) {
        (void)buildRelaxLowerToCPUPipeline(pm,
                                           options.parallel
                                               ? options.runtime.getValue()
                                               : relax::CPUParallelism::None,
                                           options.library);
      });
}
