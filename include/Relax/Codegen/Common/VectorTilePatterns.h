//===- VectorTilePatterns.h - Rewrites of vector tiles ----------*- C++ -*-===//
//
// Vector-level rewrites of the tiles --relax-tile-and-vectorize vectorizes.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_COMMON_VECTORTILEPATTERNS_H
#define RELAX_CODEGEN_COMMON_VECTORTILEPATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::relax {

/// Adds a pattern that defers a reduction across lanes out of the `scf.for`
/// that accumulates it: a vector iter_arg that only a
/// `vector.multi_reduction` (maybe masked) reads, as its accumulator, to
/// yield its result, becomes the unreduced vector of partial results,
/// combined lane by lane (an FMA for a sum of products; masked lanes keep
/// theirs), reduced across lanes once after the loop.
void populateDeferLoopReductionPatterns(RewritePatternSet &patterns);

/// Adds patterns that keep a tile with symbolic sizes in registers on
/// tensors: a masked `vector.transfer_write` is forwarded to a read of the
/// same elements under the same mask with poison padding, a masked write the
/// next one overwrites is dropped, and `tensor.extract_slice` and
/// `tensor.insert_slice` of a whole tensor whose sizes are symbolic but
/// plainly those of the tensor fold away.
void populateForwardMaskedTilePatterns(RewritePatternSet &patterns);

/// Adds patterns that turn a floating-point sum over the innermost dim of a
/// vector whose row count is a multiple of its lane count into trees of
/// two-source shuffles, each leaving a whole vector of row sums.
void populateSumRowsByTreePatterns(RewritePatternSet &patterns);

} // namespace mlir::relax

#endif // RELAX_CODEGEN_COMMON_VECTORTILEPATTERNS_H
