//===- Passes.h - Relax codegen passes --------------------------*- C++ -*-===//

#ifndef RELAX_CODEGEN_PASSES_H
#define RELAX_CODEGEN_PASSES_H

#include "Relax/Codegen/IR/CodegenDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::relax::codegen {

#define GEN_PASS_DECL
#include "Relax/Codegen/Passes.h.inc"

/// Options of the CPU codegen pipeline (`--relax-tile-and-vectorize`).
struct CPUCodegenOptions : PassPipelineOptions<CPUCodegenOptions> {
  Option<std::string> cpu{
      *this, "cpu",
      llvm::cl::desc("The CPU to choose tiles for: host, or an LLVM CPU name "
                     "(znver3, skylake-avx512)"),
      llvm::cl::init("host")};
  Option<int64_t> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("Elements per vector along the innermost dim (0: one "
                     "vector register of the target)"),
      llvm::cl::init(0)};
  ListOption<int64_t> contractionTile{
      *this, "contraction-tile",
      llvm::cl::desc("Rows and columns of the register tile of a "
                     "contraction (default: from the target)")};
  Option<int64_t> attentionRows{
      *this, "attention-rows",
      llvm::cl::desc("Compute back-to-back contractions (attention) in tiles "
                     "of this many rows; 0 disables"),
      llvm::cl::init(16)};
  Option<int64_t> reductionRows{
      *this, "reduction-rows",
      llvm::cl::desc("Compute softmax and norms in tiles of this many rows, "
                     "their reductions fused into the tiles; 0 disables"),
      llvm::cl::init(0)};
  Option<bool> fuseEpilogues{
      *this, "fuse-epilogues",
      llvm::cl::desc("Tile a contraction together with its elementwise "
                     "epilogue"),
      llvm::cl::init(true)};
};

/// Adds the CPU codegen passes, anchored on a function on tensors: choose
/// the lowering configs, fold copies into contractions, tile rows of
/// attention and reductions, choose the configs of the ops the row tiles
/// made, tile, vectorize and keep accumulators in registers.
void buildCPUCodegenPipeline(OpPassManager &pm,
                             const CPUCodegenOptions &options);

/// Registers `--relax-tile-and-vectorize`.
void registerRelaxCodegenPipelines();

#define GEN_PASS_REGISTRATION
#include "Relax/Codegen/Passes.h.inc"

} // namespace mlir::relax::codegen

#endif // RELAX_CODEGEN_PASSES_H
