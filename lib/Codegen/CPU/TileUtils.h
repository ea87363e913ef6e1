//===- TileUtils.h - Helpers of the CPU tiling passes -----------*- C++ -*-===//

#ifndef RELAX_LIB_CODEGEN_CPU_TILEUTILS_H
#define RELAX_LIB_CODEGEN_CPU_TILEUTILS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::relax::codegen {

/// Tiles the dims of `op` that `selected` accepts with loops of `loopType`;
/// the others are left whole. Returns the tiled op (`op` itself when there is
/// nothing to tile) and sets `loops` to the tile loops.
FailureOr<linalg::LinalgOp>
tileDims(RewriterBase &rewriter, linalg::LinalgOp op, ArrayRef<int64_t> tiles,
         ArrayRef<int64_t> order, function_ref<bool(unsigned)> selected,
         scf::SCFTilingOptions::LoopType loopType,
         SmallVectorImpl<LoopLikeOpInterface> *loops = nullptr);

/// The elementwise op that is the only user of `op`'s result and computes
/// over `op`'s output space (reading it elementwise): `op`'s epilogue, which
/// is tiled together with it. Null when there is none.
linalg::GenericOp getEpilogue(linalg::LinalgOp op);

} // namespace mlir::relax::codegen

#endif // RELAX_LIB_CODEGEN_CPU_TILEUTILS_H
