//===- TileAndVectorize.cpp - Tile linalg ops and vectorize the tiles -----===//
//
// A CPU schedule for the linalg ops of tensor programs: parallel dims tiled
// with scf.forall, reduction dims with scf.for, and the innermost tile
// vectorized whole with masks, so that one schedule serves every value of
// the symbolic dims.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/CPUSchedule.h"
#include "Relax/Transforms/MathApproximations.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXTILEANDVECTORIZEPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// Tiles the dims of `op` that `selected` accepts with loops of `loopType`;
/// the others are left whole. Returns the tiled op (`op` itself when there is
/// nothing to tile) and sets `loops` to the tile loops.
static FailureOr<linalg::LinalgOp>
tileDims(RewriterBase &rewriter, linalg::LinalgOp op, ArrayRef<int64_t> tiles,
         ArrayRef<int64_t> order, function_ref<bool(unsigned)> selected,
         scf::SCFTilingOptions::LoopType loopType,
         SmallVectorImpl<LoopLikeOpInterface> *loops = nullptr) {
  SmallVector<OpFoldResult> sizes;
  bool any = false;
  for (auto [dim, tile] : llvm::enumerate(tiles)) {
    bool tiled = selected(dim);
    any |= tiled;
    sizes.push_back(rewriter.getIndexAttr(tiled ? tile : 0));
  }
  if (!any)
    return op;
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes).setLoopType(loopType).setInterchange(order);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
      rewriter, cast<TilingInterface>(op.getOperation()), options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  if (loops)
    llvm::append_range(*loops, result->loops);
  return cast<linalg::LinalgOp>(result->tiledOps.back());
}

/// Rewrites a contraction written as a linalg.generic into linalg.contract,
/// which the vectorizer turns into one vector.contract reading each operand
/// in its own layout (a generic reads them broadcast to the whole iteration
/// space). Only plain multiply-accumulate bodies on one element type qualify.
static linalg::LinalgOp toContract(RewriterBase &rewriter,
                                   linalg::LinalgOp op) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic)
    return op;
  Type element = getElementTypeOrSelf(generic.getResult(0).getType());
  if (llvm::any_of(generic.getOperandTypes(), [&](Type type) {
        return getElementTypeOrSelf(type) != element;
      }))
    return op;
  rewriter.setInsertionPoint(generic);
  auto contract = linalg::ContractOp::create(
      rewriter, generic.getLoc(), generic.getResultTypes(),
      generic.getDpsInputs(), generic.getDpsInits(), generic.getIndexingMaps());
  rewriter.replaceOp(generic, contract->getResults());
  return contract;
}

namespace {
struct RelaxTileAndVectorizePass
    : relax::impl::RelaxTileAndVectorizePassBase<RelaxTileAndVectorizePass> {
  using Base::Base;

  /// Marks an innermost tile with its vector sizes between tiling and
  /// vectorization.
  static constexpr StringLiteral kVectorSizes = "relax.vector_sizes";

  /// Tiles `op` by its schedule and marks the innermost tiles.
  LogicalResult tile(RewriterBase &rewriter, linalg::LinalgOp op,
                     const CPUScheduleOptions &options) {
    // A recorded schedule is applied; otherwise one is chosen here.
    CPUSchedule schedule;
    if (auto recorded =
            op->getAttrOfType<DictionaryAttr>(kCPUScheduleAttrName)) {
      FailureOr<CPUSchedule> parsed = CPUSchedule::fromAttr(op, recorded);
      if (failed(parsed))
        return failure();
      schedule = *parsed;
      op->removeAttr(kCPUScheduleAttrName);
    } else {
      schedule = chooseCPUSchedule(op, options);
    }
    if (schedule.isContraction)
      op = toContract(rewriter, op);
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    auto isParallel = [&](unsigned dim) {
      return iterators[dim] == utils::IteratorType::parallel;
    };
    FailureOr<linalg::LinalgOp> tiled = tileDims(
        rewriter, op, schedule.tiles, schedule.order,
        [&](unsigned dim) {
          return isParallel(dim) && int64_t(dim) != schedule.peeled;
        },
        scf::SCFTilingOptions::LoopType::ForallOp);
    if (failed(tiled))
      return op.emitError("failed to tile");

    // The peeled dim: a loop of full tiles, then one partial tile.
    SmallVector<linalg::LinalgOp> tiles = {*tiled};
    if (schedule.peeled >= 0) {
      SmallVector<LoopLikeOpInterface> loops;
      tiled = tileDims(
          rewriter, *tiled, schedule.tiles, /*order=*/{},
          [&](unsigned dim) { return int64_t(dim) == schedule.peeled; },
          scf::SCFTilingOptions::LoopType::ForOp, &loops);
      if (failed(tiled))
        return op.emitError("failed to tile");
      tiles = {*tiled};
      auto loop = loops.empty()
                      ? scf::ForOp()
                      : dyn_cast<scf::ForOp>(loops.front().getOperation());
      scf::ForOp partial;
      if (loop &&
          succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)))
        partial.walk([&](linalg::LinalgOp clone) { tiles.push_back(clone); });
    }

    for (linalg::LinalgOp tileOp : tiles) {
      FailureOr<linalg::LinalgOp> inner = tileDims(
          rewriter, tileOp, schedule.tiles, /*order=*/{},
          [&](unsigned dim) { return !isParallel(dim); },
          scf::SCFTilingOptions::LoopType::ForOp);
      if (failed(inner))
        return op.emitError("failed to tile");
      (*inner)->setAttr(kVectorSizes,
                        rewriter.getDenseI64ArrayAttr(schedule.tiles));
    }
    return success();
  }

  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    CPUScheduleOptions options;
    options.vectorWidth = vectorWidth;
    int64_t &rows = options.contractionRows, &cols = options.contractionCols;
    if (!contractionTile.empty()) {
      if (contractionTile.size() != 2 || contractionTile[0] <= 0 ||
          contractionTile[1] <= 0) {
        func.emitError("contraction-tile takes two positive sizes");
        return signalPassFailure();
      }
      rows = contractionTile[0];
      cols = contractionTile[1];
    }
    if (vectorWidth <= 0) {
      func.emitError("vector-width must be positive");
      return signalPassFailure();
    }

    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && op.getNumLoops() > 0)
        ops.push_back(op);
    });

    // Tile every op, marking the innermost tiles with their vector sizes.
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops)
      if (failed(tile(rewriter, op, options)))
        return signalPassFailure();

    // Peeled loops have constant tile sizes now; fold them into the types of
    // the tiles so that their vectors need no mask.
    {
      MLIRContext *ctx = &getContext();
      RewritePatternSet patterns(ctx);
      for (Dialect *dialect : ctx->getLoadedDialects())
        dialect->getCanonicalizationPatterns(patterns);
      for (RegisteredOperationName name : ctx->getRegisteredOperations())
        name.getCanonicalizationPatterns(patterns, ctx);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }

    // Vectorize the marked tiles. Ops the vectorizer does not support stay
    // scalar.
    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(kVectorSizes))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      ArrayRef<int64_t> sizes =
          op->getAttrOfType<DenseI64ArrayAttr>(kVectorSizes).asArrayRef();
      bool isContraction = isa<linalg::ContractOp>(op.getOperation());
      op->removeAttr(kVectorSizes);
      // Vector types are uniqued with their scalable flags, so the flags are
      // spelled out: an empty list would make types that print alike but
      // differ from the ones the vector ops infer.
      SmallVector<bool> scalable(sizes.size(), false);
      if (failed(linalg::vectorizeOpPrecondition(op, sizes, scalable,
                                                 /*vectorizeNDExtract=*/true)))
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> vectorized =
          linalg::vectorize(rewriter, op, sizes, scalable,
                            /*vectorizeNDExtract=*/true,
                            /*flatten1DDepthwiseConv=*/false,
                            /*assumeDynamicDimsMatchVecSizes=*/false,
                            /*createNamedContraction=*/isContraction);
      if (failed(vectorized))
        continue;
      if (op->getNumResults() == 0)
        rewriter.eraseOp(op);
      else
        rewriter.replaceOp(op, vectorized->replacements);
    }

    // Masked transfers become transfers with a mask operand, so that the
    // accumulator of a contraction can be hoisted out of its reduction loop
    // and stays in registers.
    {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
      // Math functions LLVM would scalarize into libm calls (exp, tanh, erf,
      // log, ...) become polynomial approximations on whole vectors. sin and
      // cos take ours, which reduce large arguments exactly, ahead of the
      // upstream ones.
      populateMathPolynomialApproximationPatterns(patterns);
      populateSinCosApproximationPatterns(patterns, /*benefit=*/2);
      vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                          &getContext());
      vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                           &getContext());
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
    SmallVector<scf::ForOp> loops;
    func.walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      // The masks are loop invariant; they go first.
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      (void)hoistLoopInvariantSubsets(rewriter, loop);
    }
  }
};
} // namespace
