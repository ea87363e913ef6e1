//===- TileAndVectorize.cpp - Tile linalg ops and vectorize the tiles -----===//
//
// A CPU schedule for the linalg ops of tensor programs: parallel dims tiled
// with scf.forall, reduction dims with scf.for, and the innermost tile
// vectorized whole with masks, so that one schedule serves every value of
// the symbolic dims.
//
//===----------------------------------------------------------------------===//

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

namespace {
/// The tile of every loop dim of one op. The innermost tile is vectorized
/// whole, so these are also the vector sizes.
struct Schedule {
  SmallVector<int64_t> tiles;
  /// Order of the tile loops, outermost first (empty: the op's order).
  SmallVector<int64_t> order;
  bool isContraction = false;
};
} // namespace

/// Returns the register tile of a row-major contraction: `rows` along the
/// output's second-innermost dim (an `m` dim), `cols` along its innermost
/// one (the `n` dim, which must be innermost in the right operand too so
/// that its rows are read contiguously), 1 along every other dim.
static std::optional<SmallVector<int64_t>>
getContractionTiles(linalg::LinalgOp op, int64_t rows, int64_t cols,
                    SmallVectorImpl<int64_t> &order) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->n.size() != 1 || dims->m.empty() || dims->k.empty())
    return std::nullopt;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  AffineMap rhsMap = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
  unsigned n = dims->n.front();
  if (outMap.getNumResults() < 2 || rhsMap.getNumResults() == 0 ||
      !outMap.getResults().back().isFunctionOfDim(n) ||
      !rhsMap.getResults().back().isFunctionOfDim(n))
    return std::nullopt;
  auto mExpr =
      dyn_cast<AffineDimExpr>(outMap.getResult(outMap.getNumResults() - 2));
  if (!mExpr || !llvm::is_contained(dims->m, mExpr.getPosition()))
    return std::nullopt;
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  unsigned m = mExpr.getPosition();
  tiles[m] = rows;
  tiles[n] = cols;
  // Row tiles run innermost, so that the columns of the right operand one
  // tile reads stay in cache while every row tile of the left one passes.
  for (unsigned i = 0, e = op.getNumLoops(); i < e; ++i)
    if (i != m && i != n)
      order.push_back(i);
  order.push_back(n);
  order.push_back(m);
  return tiles;
}

static Schedule getSchedule(linalg::LinalgOp op, int64_t width, int64_t rows,
                            int64_t cols) {
  Schedule schedule;
  if (std::optional<SmallVector<int64_t>> tiles =
          getContractionTiles(op, rows, cols, schedule.order)) {
    schedule.tiles = std::move(*tiles);
    schedule.isContraction = true;
  } else {
    schedule.tiles.assign(op.getNumLoops(), 1);
    schedule.tiles.back() = width;
  }
  // A static dim smaller than its tile is taken whole.
  for (auto [tile, size] :
       llvm::zip_equal(schedule.tiles, op.getStaticLoopRanges()))
    if (!ShapedType::isDynamic(size))
      tile = std::min(tile, size);
  return schedule;
}

/// Tiles the dims of `op` whose iterator is `kind` with loops of `loopType`;
/// the others are left whole. Returns the tiled op (`op` itself when there is
/// nothing to tile).
static FailureOr<linalg::LinalgOp>
tileDims(RewriterBase &rewriter, linalg::LinalgOp op, ArrayRef<int64_t> tiles,
         ArrayRef<int64_t> order, utils::IteratorType kind,
         scf::SCFTilingOptions::LoopType loopType) {
  SmallVector<OpFoldResult> sizes;
  bool any = false;
  for (auto [tile, iterator] :
       llvm::zip_equal(tiles, op.getIteratorTypesArray())) {
    bool tiled = iterator == kind;
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

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    int64_t rows = 8, cols = 32;
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

    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : ops) {
      Schedule schedule = getSchedule(op, vectorWidth, rows, cols);
      if (schedule.isContraction)
        op = toContract(rewriter, op);
      FailureOr<linalg::LinalgOp> tiled =
          tileDims(rewriter, op, schedule.tiles, schedule.order,
                   utils::IteratorType::parallel,
                   scf::SCFTilingOptions::LoopType::ForallOp);
      if (succeeded(tiled))
        tiled = tileDims(rewriter, *tiled, schedule.tiles, /*order=*/{},
                         utils::IteratorType::reduction,
                         scf::SCFTilingOptions::LoopType::ForOp);
      if (failed(tiled)) {
        op.emitError("failed to tile");
        return signalPassFailure();
      }
      // Ops the vectorizer does not support stay scalar.
      // Vector types are uniqued with their scalable flags, so the flags are
      // spelled out: an empty list would make types that print alike but
      // differ from the ones the vector ops infer.
      SmallVector<bool> scalable(schedule.tiles.size(), false);
      if (failed(linalg::vectorizeOpPrecondition(*tiled, schedule.tiles,
                                                 scalable,
                                                 /*vectorizeNDExtract=*/true)))
        continue;
      rewriter.setInsertionPoint(*tiled);
      FailureOr<linalg::VectorizationResult> vectorized =
          linalg::vectorize(rewriter, *tiled, schedule.tiles, scalable,
                            /*vectorizeNDExtract=*/true,
                            /*flatten1DDepthwiseConv=*/false,
                            /*assumeDynamicDimsMatchVecSizes=*/false,
                            /*createNamedContraction=*/schedule.isContraction);
      if (failed(vectorized))
        continue;
      if (tiled->getOperation()->getNumResults() == 0)
        rewriter.eraseOp(*tiled);
      else
        rewriter.replaceOp(*tiled, vectorized->replacements);
    }

    // Masked transfers become transfers with a mask operand, so that the
    // accumulator of a contraction can be hoisted out of its reduction loop
    // and stays in registers.
    {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
      // Math functions LLVM would scalarize into libm calls (exp, tanh, erf,
      // log, ...) become polynomial approximations on whole vectors.
      populateMathPolynomialApproximationPatterns(patterns);
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
