//===- TileAndFuseFills.h - Tiling with fused fills -------------*- C++ -*-===//
//
// The tiling that the GPU's block and thread levels share, private to the
// GPU codegen library.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_CODEGEN_GPU_TILEANDFUSEFILLS_H
#define RELAX_LIB_CODEGEN_GPU_TILEANDFUSEFILLS_H

#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"

namespace mlir::relax::codegen {

/// Tiles `op` (on tensors) as `options` say, fusing into the tiles the
/// `linalg.fill`s that produce its operands (the fills of its outputs, so
/// that they are no kernels or loops of their own), and replaces it with
/// the tiled result. Fails, changing nothing, when tiling fails.
LogicalResult tileAndFuseFills(RewriterBase &rewriter, TilingInterface op,
                               const scf::SCFTilingOptions &options);

} // namespace mlir::relax::codegen

#endif // RELAX_LIB_CODEGEN_GPU_TILEANDFUSEFILLS_H
