//===- LoweringConfig.h - Choosing the CPU schedule of a kernel -*- C++ -*-===//
//
// Choosing a schedule is separate from applying it:
// `chooseCPULoweringConfig` decides the tiles of one linalg op from a target
// description, `--relax-cpu-select-lowering-config` records the choice on the
// op as a `#relax_codegen.cpu_config`, and the CPU codegen passes apply a
// recorded config, whoever wrote it.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_CPU_LOWERINGCONFIG_H
#define RELAX_CODEGEN_CPU_LOWERINGCONFIG_H

#include "Relax/Codegen/IR/CodegenAttrs.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::relax::codegen {

/// The sizes the chooser gives register tiles and vectors.
struct CPUTileSizes {
  /// Elements per vector along the innermost dim.
  int64_t vectorWidth = 16;
  /// Rows and columns of the register tile of a contraction.
  int64_t contractionRows = 8;
  int64_t contractionCols = 32;
  /// Rows and columns of the register tile of a dot-product contraction
  /// (the reduction dim innermost in both operands); each element of the
  /// tile is a vector of `vectorWidth` partial sums.
  int64_t dotRows = 4;
  int64_t dotCols = 4;
  /// The most elements of the reduction dim a dot tile's operand rows may
  /// span and stay in half the L1 data cache together (0: no blocking).
  int64_t dotReductionSpan = 0;
  /// Rows of the register tile of a product by packed panels, whose
  /// columns are `contractionCols`.
  int64_t panelRows = 8;
};

/// The sizes that fit `target`'s vector registers for elements of
/// `elementBits` bits: vectors of one register, a contraction tile of two
/// registers per row and as many rows (at most 8) as leave a register for
/// each column vector and the broadcast operand, a dot tile of 4 columns and
/// as many rows (at most 4) as the registers hold.
CPUTileSizes getCPUTileSizes(CPUTargetAttr target, unsigned elementBits);

/// The columns of the panels that f32 weights are packed in for the CPU
/// named `cpu` (`--relax-lift-transform-params=pack-weights`): the columns
/// of its contraction tile, or of `contractionTile` (rows, columns) when
/// given. Fails, with `error` set, when `cpu` names no known CPU.
FailureOr<int64_t> getWeightPanelWidth(MLIRContext *context, StringRef cpu,
                                       ArrayRef<int64_t> contractionTile,
                                       std::string &error);

/// The config this project's CPU heuristic chooses for `op`, with the sizes
/// `sizesFor` gives the op's widest element type (in bits, at least 32): a
/// register tile of `contractionRows` x `contractionCols` over a reduction
/// step of 1 for a row-major contraction (rows innermost and peeled), a
/// register tile of `dotRows` x `dotCols` vectors of partial sums over a
/// reduction step of `vectorWidth` for a contraction by a transposed matrix,
/// a tile of `vectorWidth` along the innermost loop for everything else; a
/// static dim smaller than its tile is taken whole.
CPULoweringConfigAttr
chooseCPULoweringConfig(linalg::LinalgOp op,
                        function_ref<CPUTileSizes(unsigned)> sizesFor);

/// The bits of `op`'s widest element type, at least 32.
unsigned getWidestElementBits(linalg::LinalgOp op);

/// Splits a window expression `stride * w + k` (or `w + k`) of an indexing
/// map into the position loop `w`, the stride and the window loop `k`;
/// false for any other expression.
bool matchWindowExpr(AffineExpr expr, unsigned &position, int64_t &stride,
                     unsigned &window);

} // namespace mlir::relax::codegen

#endif // RELAX_CODEGEN_CPU_LOWERINGCONFIG_H
