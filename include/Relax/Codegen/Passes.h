//===- Passes.h - Relax codegen passes --------------------------*- C++ -*-===//

#ifndef RELAX_CODEGEN_PASSES_H
#define RELAX_CODEGEN_PASSES_H

#include "Relax/Codegen/IR/CodegenDialect.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::relax::codegen {

#define GEN_PASS_DECL
#include "Relax/Codegen/Passes.h.inc"

/// The options of the CPU codegen passes, as a mixin over a pass pipeline
/// options struct `Base`: `--relax-tile-and-vectorize` takes them alone and
/// `--relax-lower-to-cpu` with its own, declared once.
template <typename Base>
struct CPUCodegenOptionsMixin : Base {
  template <typename T>
  using Option = ::mlir::detail::PassOptions::Option<T>;
  template <typename T>
  using ListOption = ::mlir::detail::PassOptions::ListOption<T>;

  Option<std::string> cpu{
      *this, "cpu",
      llvm::cl::desc("The CPU the kernels' tiles are chosen for: host (the "
                     "machine compiling), or an LLVM CPU name such as znver3 "
                     "or skylake-avx512"),
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
  ListOption<int64_t> dotTile{
      *this, "dot-tile",
      llvm::cl::desc("Rows and columns of the register tile of a "
                     "contraction by a transposed matrix (default: from the "
                     "target)")};
  Option<int64_t> attentionRows{
      *this, "attention-rows",
      llvm::cl::desc("Compute back-to-back contractions (attention) in tiles "
                     "of this many rows; 0 disables"),
      llvm::cl::init(24)};
  Option<int64_t> reductionRows{
      *this, "reduction-rows",
      llvm::cl::desc("Compute softmax and norms in tiles of this many rows, "
                     "their reductions fused into the tiles; 0 disables"),
      llvm::cl::init(0)};
  Option<bool> reductionBlocks{
      *this, "reduction-blocks",
      llvm::cl::desc("Block the reduction of dot-product tiles whose "
                     "operand rows L1 does not hold"),
      llvm::cl::init(true)};
  Option<bool> fuseEpilogues{
      *this, "fuse-epilogues",
      llvm::cl::desc("Tile a contraction together with its elementwise "
                     "epilogue"),
      llvm::cl::init(true)};
};

/// Options of the CPU codegen pipeline (`--relax-tile-and-vectorize`).
struct CPUCodegenOptions
    : CPUCodegenOptionsMixin<PassPipelineOptions<CPUCodegenOptions>> {};

/// Adds the CPU codegen passes, anchored on a function on tensors, with the
/// options of each pass (see the overload below).
void buildCPUCodegenPipeline(
    OpPassManager &pm, const RelaxCPUSelectLoweringConfigPassOptions &select,
    const RelaxCPUTileRowsPassOptions &rows,
    const RelaxCPUTilePassOptions &tile);

/// Adds the CPU codegen passes, anchored on a function on tensors: choose
/// the lowering configs, fold copies into contractions, tile rows of
/// attention and reductions, choose the configs of the ops the row tiles
/// made, tile, vectorize and keep accumulators in registers.
template <typename Base>
void buildCPUCodegenPipeline(OpPassManager &pm,
                             const CPUCodegenOptionsMixin<Base> &options) {
  RelaxCPUSelectLoweringConfigPassOptions select;
  select.cpu = options.cpu;
  select.vectorWidth = options.vectorWidth;
  select.contractionTile = llvm::to_vector(options.contractionTile);
  select.dotTile = llvm::to_vector(options.dotTile);
  select.reductionBlocks = options.reductionBlocks;
  RelaxCPUTileRowsPassOptions rows;
  rows.attentionRows = options.attentionRows;
  rows.reductionRows = options.reductionRows;
  RelaxCPUTilePassOptions tile;
  tile.fuseEpilogues = options.fuseEpilogues;
  buildCPUCodegenPipeline(pm, select, rows, tile);
}

/// Registers `--relax-tile-and-vectorize`.
void registerRelaxCodegenPipelines();

#define GEN_PASS_REGISTRATION
#include "Relax/Codegen/Passes.h.inc"

} // namespace mlir::relax::codegen

#endif // RELAX_CODEGEN_PASSES_H
