//===- Passes.h - Relax conversion passes -------------------------*- C++
//-*-===//

#ifndef RELAX_CONVERSION_PASSES_H
#define RELAX_CONVERSION_PASSES_H

#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/TProg/IR/TProgDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::relax {

#define GEN_PASS_DECL
#include "Relax/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Relax/Conversion/Passes.h.inc"

/// How the loops over the tiles of parallel dims run.
enum class CPUParallelism {
  /// On the calling thread.
  None,
  /// As OpenMP worksharing loops (the program needs libomp).
  OpenMP,
  /// As tasks of MLIR's async runtime (the program needs
  /// libmlir_async_runtime).
  Async,
};

/// Adds the CPU pipeline to `pm`: legalization, host conversion, tiling and
/// vectorization, bufferization and lowering to the llvm dialect. With
/// `library`, matmuls go to the CPU runtime library first
/// (`--relax-dispatch-library`), and the program then needs it. The
/// upstream passes it uses must be registered (relax::registerAllPasses
/// does); fails otherwise.
LogicalResult
buildRelaxLowerToCPUPipeline(OpPassManager &pm,
                             CPUParallelism parallelism = CPUParallelism::None,
                             bool library = false);

/// Registers `--relax-lower-to-cpu`.
void registerRelaxLowerToCPUPipeline();

} // namespace mlir::relax

#endif // RELAX_CONVERSION_PASSES_H
