//===- OptimizeVectorTiles.cpp - Accumulators kept in registers ---------- ===//
//
// --relax-cpu-optimize-vector-tiles: hoisting, deferred reductions across
// lanes, forwarded tiles and tree sums, after vectorization.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Common/VectorTilePatterns.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUOPTIMIZEVECTORTILESPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
struct RelaxCPUOptimizeVectorTilesPass
    : codegen::impl::RelaxCPUOptimizeVectorTilesPassBase<
          RelaxCPUOptimizeVectorTilesPass> {
  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    IRRewriter rewriter(&getContext());
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      // The masks are loop invariant; they go first.
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    }
    {
      RewritePatternSet patterns(&getContext());
      populateDeferLoopReductionPatterns(patterns);
      populateForwardMaskedTilePatterns(patterns);
      tensor::DimOp::getCanonicalizationPatterns(patterns, &getContext());
      vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                          &getContext());
      vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                           &getContext());
      scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
    // Sums of whole vectors of rows reduce by trees of shuffles.
    {
      RewritePatternSet patterns(&getContext());
      populateSumRowsByTreePatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
  }
};
} // namespace
