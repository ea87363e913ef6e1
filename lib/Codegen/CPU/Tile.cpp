//===- Tile.cpp - Tile linalg ops by their CPU lowering configs -----------===//
//
// --relax-cpu-tile: every linalg op on tensors is tiled as its
// `#relax_codegen.cpu_config` says, register-tiled contractions through their
// elementwise epilogues, and each innermost tile is marked with the vector
// sizes that `--relax-cpu-vectorize` gives it.
//
//===----------------------------------------------------------------------===//

#include "TileUtils.h"

#include "Relax/Codegen/CPU/LoweringConfig.h"
#include "Relax/Codegen/IR/CodegenAttrs.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUTILEPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

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

/// The form in which the vectorizer is given a register-tiled contraction of
/// `kind`: a contraction tile as linalg.contract, one vector.contract of
/// rank-1 updates; a dot-product tile as linalg.generic, a broadcast multiply
/// and a reduction across lanes, which --relax-cpu-optimize-vector-tiles
/// defers out of the reduction loop (the legalizer writes every matmul as
/// linalg.contract, and a vector.contract whose reduction is innermost in
/// both operands lowers to a broadcast of every element of the tile: 3.5x
/// slower).
static linalg::LinalgOp toTileForm(RewriterBase &rewriter, linalg::LinalgOp op,
                                   CPUTileKind kind) {
  if (kind == CPUTileKind::Contraction)
    return toContract(rewriter, op);
  if (kind != CPUTileKind::Dot || !isa<linalg::ContractOp>(op.getOperation()))
    return op;
  rewriter.setInsertionPoint(op);
  FailureOr<linalg::GenericOp> generic = linalg::generalizeNamedOp(rewriter, op);
  return succeeded(generic) ? cast<linalg::LinalgOp>(generic->getOperation())
                            : op;
}

/// Rewrites a tile of a windowed contraction whose window loops have one
/// iteration, reading `stride * w + k` with `k` fixed, into a generic that
/// reads a strided slice of its input at `w`: every map becomes a projected
/// permutation, which the vectorizer takes. Its reduction loops (one
/// iteration each) go first, so that the vectors it is given have the
/// output's innermost dim innermost; `sizes`, the vector sizes by loop, are
/// permuted alike. Returns `op` unchanged when some window loop has more
/// than one iteration.
static linalg::LinalgOp
readWindowsAsStridedRows(RewriterBase &rewriter, linalg::LinalgOp op,
                         SmallVectorImpl<int64_t> &sizes) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic)
    return op;
  SmallVector<int64_t> staticRanges = op.getStaticLoopRanges();
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<Value> inputs = op.getDpsInputs();
  Location loc = op.getLoc();
  MLIRContext *ctx = op.getContext();
  rewriter.setInsertionPoint(op);
  SmallVector<Range> loopRanges = op.createLoopRanges(rewriter, loc);
  bool changed = false;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(operand);
    if (map.isProjectedPermutation())
      continue;
    SmallVector<AffineExpr> results;
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (AffineExpr result : map.getResults()) {
      offsets.push_back(rewriter.getIndexAttr(0));
      unsigned position, window;
      int64_t stride;
      if (auto dim = dyn_cast<AffineDimExpr>(result)) {
        position = dim.getPosition();
        stride = 1;
      } else if (!matchWindowExpr(result, position, stride, window) ||
                 staticRanges[window] != 1) {
        return op;
      }
      results.push_back(getAffineDimExpr(position, ctx));
      sizes.push_back(loopRanges[position].size);
      strides.push_back(rewriter.getIndexAttr(stride));
    }
    unsigned index = operand->getOperandNumber();
    inputs[index] = tensor::ExtractSliceOp::create(
        rewriter, loc, operand->get(), offsets, sizes, strides);
    maps[index] = AffineMap::get(map.getNumDims(), 0, results, ctx);
    changed = true;
  }
  if (!changed)
    return op;
  auto rows = linalg::GenericOp::create(rewriter, loc, generic.getResultTypes(),
                                        inputs, generic.getDpsInits(), maps,
                                        generic.getIteratorTypesArray());
  rewriter.inlineRegionBefore(generic.getRegion(), rows.getRegion(),
                              rows.getRegion().begin());
  rewriter.replaceOp(generic, rows->getResults());
  SmallVector<unsigned> order;
  SmallVector<utils::IteratorType> iterators = rows.getIteratorTypesArray();
  for (auto [dim, iterator] : llvm::enumerate(iterators))
    if (iterator != utils::IteratorType::parallel)
      order.push_back(dim);
  for (auto [dim, iterator] : llvm::enumerate(iterators))
    if (iterator == utils::IteratorType::parallel)
      order.push_back(dim);
  FailureOr<linalg::GenericOp> interchanged =
      linalg::interchangeGenericOp(rewriter, rows, order);
  if (failed(interchanged))
    return rows;
  SmallVector<int64_t> permuted;
  for (unsigned dim : order)
    permuted.push_back(sizes[dim]);
  sizes.assign(permuted.begin(), permuted.end());
  return *interchanged;
}

/// Tiles the reduction dims of the tile `op` by `sizes` with `scf.for`
/// loops (a windowed tile then reads strided rows) and marks what is left
/// with its vector sizes.
static LogicalResult tileReductions(RewriterBase &rewriter, linalg::LinalgOp op,
                                    ArrayRef<int64_t> sizes,
                                    CPULoweringConfigAttr config) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  FailureOr<linalg::LinalgOp> inner = tileDims(
      rewriter, op, sizes, /*order=*/{},
      [&](unsigned dim) {
        return iterators[dim] != utils::IteratorType::parallel;
      },
      scf::SCFTilingOptions::LoopType::ForOp);
  if (failed(inner))
    return op.emitError("failed to tile");
  linalg::LinalgOp innermost = *inner;
  SmallVector<int64_t> vectorSizes(sizes);
  if (config.getKind() == CPUTileKind::Windowed)
    innermost = readWindowsAsStridedRows(rewriter, innermost, vectorSizes);
  innermost->setAttr(RelaxCodegenDialect::getVectorSizesAttrName(),
                     rewriter.getDenseI64ArrayAttr(vectorSizes));
  return success();
}

/// Whether a partial row tile of several rows is taken whole under masks
/// rather than one row at a time. A contraction tile (rank-1 updates) reads
/// each row of its right operand once for all its rows: taken whole, a
/// partial tile reads the right operand once, where one row at a time reads
/// it once per row (a product of few rows, a decode step, is bound by those
/// reads), and its masks cost only the broadcasts of the left operand's
/// elements. A dot-product tile computes every row it holds in full, so a
/// masked partial one would cost a whole tile of multiply-adds; its rows,
/// and those of windowed tiles, always go one at a time.
static bool masksPartialRows(CPULoweringConfigAttr config) {
  return config.getKind() == CPUTileKind::Contraction;
}

/// Versions `partial`, the loop of the one partial row tile, on its row
/// count: a copy runs when there is a single row, the loop itself when there
/// are more. Returns the copy. A single row with static shapes does an
/// eighth of the work of a masked tile of 8, which counts where the operands
/// are in cache.
static scf::ForOp versionSingleRow(RewriterBase &rewriter, scf::ForOp partial) {
  Location loc = partial.getLoc();
  rewriter.setInsertionPoint(partial);
  Value rows = arith::SubIOp::create(rewriter, loc, partial.getUpperBound(),
                                     partial.getLowerBound());
  Value isOne = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, rows,
      arith::ConstantIndexOp::create(rewriter, loc, 1));
  auto branch = scf::IfOp::create(rewriter, loc, partial.getResultTypes(),
                                  isOne, /*withElseRegion=*/true);
  rewriter.replaceAllUsesWith(partial.getResults(), branch.getResults());
  rewriter.setInsertionPointToStart(branch.thenBlock());
  auto copy = cast<scf::ForOp>(rewriter.clone(*partial));
  scf::YieldOp::create(rewriter, loc, copy.getResults());
  rewriter.setInsertionPointToStart(branch.elseBlock());
  auto yield = scf::YieldOp::create(rewriter, loc, partial.getResults());
  rewriter.moveOpBefore(partial, yield);
  return copy;
}

/// Splits dot-product contraction `op`, whose config blocks its reduction
/// dim, into a product over every block but the last, computed a block at a
/// time (an `scf.for` over the blocks around one block's product), and a
/// product over the last block that accumulates onto it and replaces `op`,
/// so that an epilogue is still fused with it. Sets `blockOp` and `last` to
/// the two products, or leaves them null when the reduction is dynamic or
/// one block.
static LogicalResult splitReduction(RewriterBase &rewriter,
                                    linalg::LinalgOp op, int64_t block,
                                    linalg::LinalgOp &blockOp,
                                    linalg::LinalgOp &last) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  unsigned k = llvm::find(iterators, utils::IteratorType::reduction) -
               iterators.begin();
  int64_t size = op.getStaticLoopRanges()[k];
  if (ShapedType::isDynamic(size) || size <= block || size % block != 0)
    return success();
  auto tilingOp = cast<TilingInterface>(op.getOperation());
  rewriter.setInsertionPoint(op);
  SmallVector<Range> domain = tilingOp.getIterationDomain(rewriter);
  auto part = [&](int64_t offset, int64_t length) -> FailureOr<Operation *> {
    SmallVector<OpFoldResult> offsets, sizes;
    for (auto [dim, range] : llvm::enumerate(domain)) {
      offsets.push_back(dim == k ? rewriter.getIndexAttr(offset)
                                 : range.offset);
      sizes.push_back(dim == k ? rewriter.getIndexAttr(length) : range.size);
    }
    FailureOr<TilingResult> tiled =
        tilingOp.getTiledImplementation(rewriter, offsets, sizes);
    if (failed(tiled) || tiled->tiledOps.size() != 1)
      return failure();
    return tiled->tiledOps.front();
  };
  FailureOr<Operation *> head = part(0, size - block);
  FailureOr<Operation *> tail = part(size - block, block);
  if (failed(head) || failed(tail))
    return op.emitError("failed to split the reduction into blocks");
  Value headResult = (*head)->getResult(0), tailResult = (*tail)->getResult(0);
  if (headResult.getType() != op->getResult(0).getType() ||
      tailResult.getType() != op->getResult(0).getType())
    return op.emitError("failed to split the reduction into blocks");
  last = cast<linalg::LinalgOp>(*tail);
  rewriter.modifyOpInPlace(
      last, [&] { last.getDpsInitOperand(0)->set(headResult); });
  rewriter.replaceOp(op, tailResult);

  SmallVector<int64_t> tiles(iterators.size(), 0);
  tiles[k] = block;
  FailureOr<linalg::LinalgOp> blocked = tileDims(
      rewriter, cast<linalg::LinalgOp>(*head), tiles, /*order=*/{},
      [&](unsigned dim) { return dim == k; },
      scf::SCFTilingOptions::LoopType::ForOp);
  if (failed(blocked))
    return op.emitError("failed to split the reduction into blocks");
  blockOp = *blocked;
  return success();
}

/// Rows from which a dot tile's reduction is blocked. A product of fewer
/// rows (a decode step's) streams its right operand once whatever the
/// order, and blocking only adds a reduction across lanes and a store per
/// block: measured on a [t, 2048] x [5632, 2048]^T product (AVX-512), t = 1
/// and 4 ran 17-25% slower blocked, t = 32, 128 and 512 10%, 15% and 22%
/// faster.
static constexpr int64_t kMinBlockedRows = 16;

/// `config` without its reduction block.
static CPULoweringConfigAttr withoutReductionBlock(CPULoweringConfigAttr config) {
  return CPULoweringConfigAttr::get(config.getContext(), config.getTiles(),
                                    config.getOrder(), config.getPeeled(),
                                    config.getKind(), /*reductionBlock=*/0);
}

/// Blocks the reductions of `products`, dot-product contractions whose
/// configs block them, when they have at least kMinBlockedRows rows; when
/// the row count is dynamic, `group` (the products, their fills and their
/// common epilogue, in order, the last op the only one read outside) is
/// versioned on it, blocked in one branch and not in the other. Every
/// product is left with a config without a block.
static LogicalResult blockGroupReductions(RewriterBase &rewriter,
                                          ArrayRef<linalg::LinalgOp> products,
                                          ArrayRef<Operation *> group) {
  StringRef name = RelaxCodegenDialect::getLoweringConfigAttrName();
  auto configOf = [&](Operation *op) {
    return op->getAttrOfType<CPULoweringConfigAttr>(name);
  };
  auto apply = [&](Operation *op, bool blocked) -> LogicalResult {
    auto product = cast<linalg::LinalgOp>(op);
    CPULoweringConfigAttr config = configOf(product);
    CPULoweringConfigAttr unblocked = withoutReductionBlock(config);
    product->setAttr(name, unblocked);
    if (!blocked)
      return success();
    linalg::LinalgOp blockOp, last;
    if (failed(splitReduction(rewriter, product, config.getReductionBlock(),
                              blockOp, last)))
      return failure();
    if (last) {
      blockOp->setAttr(name, unblocked);
      last->setAttr(name, unblocked);
    }
    return success();
  };

  linalg::LinalgOp first = products.front();
  int64_t m = configOf(first).getPeeled();
  int64_t rows = m < 0 ? ShapedType::kDynamic : first.getStaticLoopRanges()[m];
  if (m < 0 || !ShapedType::isDynamic(rows)) {
    for (linalg::LinalgOp product : products)
      if (failed(apply(product, m < 0 || rows >= kMinBlockedRows)))
        return failure();
    return success();
  }

  Operation *lastOp = group.back();
  Location loc = lastOp->getLoc();
  rewriter.setInsertionPoint(lastOp);
  // The rows from an input that reads them (the destination may be a fill
  // of the group, which moves into the branches).
  Value numRows;
  for (OpOperand *input : first.getDpsInputOperands())
    if (std::optional<unsigned> position =
            first.getMatchingIndexingMap(input).getResultPosition(
                rewriter.getAffineDimExpr(m))) {
      numRows = tensor::DimOp::create(rewriter, loc, input->get(), *position);
      break;
    }
  if (!numRows)
    return first.emitError("failed to find the row count of the product");
  Value enough = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::sge, numRows,
      arith::ConstantIndexOp::create(rewriter, loc, kMinBlockedRows));
  auto branch = scf::IfOp::create(rewriter, loc, lastOp->getResultTypes(),
                                  enough, /*withElseRegion=*/true);
  for (auto [block, blocked] : {std::pair(branch.thenBlock(), true),
                                std::pair(branch.elseBlock(), false)}) {
    rewriter.setInsertionPointToStart(block);
    IRMapping mapping;
    SmallVector<Operation *> clones;
    for (Operation *op : group)
      clones.push_back(rewriter.clone(*op, mapping));
    scf::YieldOp::create(rewriter, loc, clones.back()->getResults());
    for (linalg::LinalgOp product : products)
      if (failed(apply(mapping.lookup(product.getOperation()), blocked)))
        return failure();
  }
  rewriter.replaceOp(lastOp, branch.getResults());
  for (Operation *op : llvm::reverse(group.drop_back()))
    rewriter.eraseOp(op);
  return success();
}

/// Replaces each op whose iteration space is statically empty (a loop of no
/// iterations: a slice of nothing) by its destinations, which it returns
/// unchanged: there is nothing to tile, and tiling a loop of no iterations
/// is not defined upstream.
static void dropEmptyOps(RewriterBase &rewriter, FunctionOpInterface func) {
  SmallVector<linalg::LinalgOp> empty;
  func.walk([&](linalg::LinalgOp op) {
    if (op.hasPureTensorSemantics() &&
        llvm::is_contained(op.getStaticLoopRanges(), 0))
      empty.push_back(op);
  });
  for (linalg::LinalgOp op : empty) {
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, op.getDpsInits());
  }
}

/// The `affine.min` in the body of `forall` that clips its tiles along one
/// dim, `min(step, ub - iv)`, with that dim; or null when no dim, or more
/// than one, is clipped so, or the clipped dim does not start at 0.
static std::pair<affine::AffineMinOp, unsigned>
getClippedTileSize(scf::ForallOp forall) {
  std::pair<affine::AffineMinOp, unsigned> clipped = {nullptr, 0};
  SmallVector<OpFoldResult> lbs = forall.getMixedLowerBound();
  SmallVector<OpFoldResult> ubs = forall.getMixedUpperBound();
  SmallVector<OpFoldResult> steps = forall.getMixedStep();
  for (auto min : forall.getBody()->getOps<affine::AffineMinOp>()) {
    AffineMap map = min.getMap();
    if (map.getNumResults() != 2 || map.getNumDims() != 1 ||
        min.getOperands().size() > 2)
      continue;
    auto iv = dyn_cast<BlockArgument>(min.getOperand(0));
    if (!iv || iv.getOwner() != forall.getBody() ||
        iv.getArgNumber() >= forall.getRank())
      continue;
    unsigned dim = iv.getArgNumber();
    std::optional<int64_t> step = getConstantIntValue(steps[dim]);
    if (!step || !isZeroInteger(lbs[dim]))
      continue;
    // A static dim of at most one tile is not clipped: its one tile is the
    // whole dim.
    if (std::optional<int64_t> size = getConstantIntValue(ubs[dim]);
        size && *size <= *step)
      continue;
    // The bound as the map sees it: a symbol bound to the loop's dynamic
    // upper bound, or the static one.
    AffineExpr ub;
    if (auto value = dyn_cast<Value>(ubs[dim])) {
      if (map.getNumSymbols() != 1 || min.getNumOperands() != 2 ||
          min.getOperand(1) != value)
        continue;
      ub = getAffineSymbolExpr(0, forall.getContext());
    } else {
      if (map.getNumSymbols() != 0)
        continue;
      ub = getAffineConstantExpr(*getConstantIntValue(ubs[dim]),
                                 forall.getContext());
    }
    AffineExpr left = ub - getAffineDimExpr(0, forall.getContext());
    auto isLeft = [&](AffineExpr expr) {
      return simplifyAffineExpr(expr - left, 1, map.getNumSymbols()) ==
             getAffineConstantExpr(0, forall.getContext());
    };
    AffineExpr a = map.getResult(0), b = map.getResult(1);
    auto constant = getAffineConstantExpr(*step, forall.getContext());
    if (!((a == constant && isLeft(b)) || (b == constant && isLeft(a))))
      continue;
    if (clipped.first)
      return {nullptr, 0};
    clipped = {min, dim};
  }
  return clipped;
}

/// A copy of `forall` over `lbs` to `ubs` whose shared outputs are
/// `outputs`, with `mapping` applied to its body. An op whose result
/// `mapping` already maps (the clipped tile size, made a constant) is not
/// copied.
static scf::ForallOp cloneForall(RewriterBase &rewriter, scf::ForallOp forall,
                                 ArrayRef<OpFoldResult> lbs,
                                 ArrayRef<OpFoldResult> ubs, ValueRange outputs,
                                 IRMapping &mapping) {
  auto copy = scf::ForallOp::create(rewriter, forall.getLoc(), lbs, ubs,
                                    forall.getMixedStep(), outputs,
                                    forall.getMapping());
  for (auto [from, to] : llvm::zip(forall.getBody()->getArguments(),
                                   copy.getBody()->getArguments()))
    mapping.map(from, to);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(copy.getTerminator());
  for (Operation &op : forall.getBody()->without_terminator())
    if (op.getNumResults() == 0 || !mapping.contains(op.getResult(0)))
      rewriter.clone(op, mapping);
  rewriter.setInsertionPointToStart(copy.getTerminator().getBody());
  for (Operation &op : forall.getTerminator().getYieldingOps())
    rewriter.clone(op, mapping);
  return copy;
}

/// Peels the last tile off `forall`, a loop over tiles clipped along one dim
/// by its bound: a loop over the whole tiles, whose size is a constant
/// there (the vectorizer masks nothing), then a loop over what is left, at
/// most one tile, whose size is clipped as before. Masks would cost every
/// tile of a contraction a blend per multiply-add and registers that the
/// tile needs (the keys of attention are a dynamic dim).
static void peelWholeTiles(RewriterBase &rewriter, scf::ForallOp forall) {
  auto [min, dim] = getClippedTileSize(forall);
  if (!min || forall.getNumResults() == 0)
    return;
  int64_t step = *getConstantIntValue(forall.getMixedStep()[dim]);
  Location loc = forall.getLoc();
  rewriter.setInsertionPoint(forall);
  SmallVector<OpFoldResult> lbs = forall.getMixedLowerBound();
  SmallVector<OpFoldResult> ubs = forall.getMixedUpperBound();
  AffineExpr s0 = rewriter.getAffineSymbolExpr(0);
  OpFoldResult split = affine::makeComposedFoldedAffineApply(
      rewriter, loc, s0.floorDiv(step) * step, {ubs[dim]});
  std::optional<int64_t> staticSplit = getConstantIntValue(split);
  if (staticSplit &&
      (*staticSplit == 0 || staticSplit == getConstantIntValue(ubs[dim])))
    return; // No whole tile, or no partial one.

  IRMapping wholeMapping;
  wholeMapping.map(min.getResult(),
                   arith::ConstantIndexOp::create(rewriter, loc, step));
  SmallVector<OpFoldResult> wholeUbs = ubs;
  wholeUbs[dim] = split;
  scf::ForallOp whole = cloneForall(rewriter, forall, lbs, wholeUbs,
                                    forall.getOutputs(), wholeMapping);
  IRMapping restMapping;
  SmallVector<OpFoldResult> restLbs = lbs;
  restLbs[dim] = split;
  scf::ForallOp rest = cloneForall(rewriter, forall, restLbs, ubs,
                                   whole.getResults(), restMapping);
  rewriter.replaceOp(forall, rest.getResults());
}

namespace {
struct RelaxCPUTilePass
    : codegen::impl::RelaxCPUTilePassBase<RelaxCPUTilePass> {
  using Base::Base;

  /// Tiles contraction `op` through its elementwise `epilogue`: the
  /// epilogue is tiled by the contraction's register tile, and the
  /// contraction (with the fill of its destination) is computed tile by tile
  /// inside its loops, so that the epilogue reads each tile right after it
  /// is computed, from registers once vectorized.
  LogicalResult tileWithEpilogue(RewriterBase &rewriter,
                                 ArrayRef<linalg::LinalgOp> contractions,
                                 linalg::GenericOp epilogue,
                                 CPULoweringConfigAttr config) {
    // Only the contractions and the fills of their destinations are computed
    // in the epilogue's tiles; other producers stay where they are.
    llvm::SmallPtrSet<Operation *, 8> fusable;
    llvm::SetVector<Operation *> originals;
    for (linalg::LinalgOp contraction : contractions) {
      linalg::LinalgOp op =
          toTileForm(rewriter, contraction, config.getKind());
      fusable.insert(op);
      originals.insert(op);
      if (Operation *init = op.getDpsInitOperand(0)->get().getDefiningOp())
        if (isa<linalg::FillOp>(init)) {
          fusable.insert(init);
          originals.insert(init);
        }
    }
    linalg::LinalgOp op = cast<linalg::LinalgOp>(originals.front());
    epilogue->removeAttr(RelaxCodegenDialect::getLoweringConfigAttrName());
    // Loops over the rows of a partial row tile.
    llvm::SmallPtrSet<Operation *, 2> rowLoops;
    AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    // Epilogue loop `j` is loop `outMap.getDimPosition(j)` of `op`.
    SmallVector<int64_t> tiles, order;
    int64_t peeled = -1;
    for (unsigned j = 0, e = outMap.getNumResults(); j < e; ++j) {
      int64_t dim = outMap.getDimPosition(j);
      tiles.push_back(config.getTiles()[dim]);
      if (dim == config.getPeeled())
        peeled = j;
    }
    for (int64_t dim : config.getOrder())
      if (std::optional<unsigned> j = outMap.getResultPosition(
              getAffineDimExpr(dim, rewriter.getContext())))
        order.push_back(*j);

    auto tileAndFuse = [&](TilingInterface consumer, ArrayRef<int64_t> sizes,
                           ArrayRef<int64_t> interchange,
                           scf::SCFTilingOptions::LoopType loopType,
                           function_ref<bool(Operation *)> isFusable)
        -> FailureOr<scf::SCFTileAndFuseResult> {
      scf::SCFTileAndFuseOptions options;
      options.setFusionControlFn(
          [&](tensor::ExtractSliceOp, OpResult producer, bool)
              -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
            if (!isFusable(producer.getOwner()))
              return std::nullopt;
            return scf::SCFTileAndFuseOptions::ControlFnResult{};
          });
      options.tilingOptions
          .setTileSizes(llvm::map_to_vector(sizes,
                                            [&](int64_t t) -> OpFoldResult {
                                              return rewriter.getIndexAttr(t);
                                            }))
          .setLoopType(loopType)
          .setInterchange(interchange);
      rewriter.setInsertionPoint(consumer);
      FailureOr<scf::SCFTileAndFuseResult> result =
          scf::tileConsumerAndFuseProducersUsingSCF(rewriter, consumer,
                                                    options);
      if (failed(result))
        return failure();
      for (OpResult value : consumer->getResults())
        rewriter.replaceAllUsesWith(value, result->replacements.lookup(value));
      return result;
    };

    // Parallel tiles, the peeled dim whole.
    SmallVector<int64_t> forallTiles(tiles);
    if (peeled >= 0)
      forallTiles[peeled] = 0;
    FailureOr<scf::SCFTileAndFuseResult> outer = tileAndFuse(
        cast<TilingInterface>(epilogue.getOperation()), forallTiles, order,
        scf::SCFTilingOptions::LoopType::ForallOp,
        [&](Operation *producer) { return fusable.contains(producer); });
    if (failed(outer))
      return epilogue.emitError("failed to tile with its producer");
    Operation *root = outer->loops.empty()
                          ? outer->tiledAndFusedOps.front()->getParentOp()
                          : outer->loops.front().getOperation();

    // The peeled dim: a loop of full tiles, then one partial tile.
    if (peeled >= 0) {
      SmallVector<int64_t> peelTiles(tiles.size(), 0);
      peelTiles[peeled] = tiles[peeled];
      auto tiledEpilogue =
          cast<TilingInterface>(outer->tiledAndFusedOps.front());
      FailureOr<scf::SCFTileAndFuseResult> inner = tileAndFuse(
          tiledEpilogue, peelTiles, /*interchange=*/{},
          scf::SCFTilingOptions::LoopType::ForOp, [&](Operation *producer) {
            return outer->tiledAndFusedOps.contains(producer);
          });
      if (failed(inner))
        return epilogue.emitError("failed to tile with its producer");
      for (Operation *deadTile : llvm::reverse(outer->tiledAndFusedOps))
        if (deadTile->use_empty())
          rewriter.eraseOp(deadTile);
      if (!inner->loops.empty()) {
        auto loop = cast<scf::ForOp>(inner->loops.front().getOperation());
        scf::ForOp partial;
        if (succeeded(
                scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)) &&
            partial) {
          // The rows of the partial tile, one at a time: a tile of one row
          // has static shapes, where a partial tile of several is masked
          // throughout. A contraction's partial tile of several rows is
          // taken whole.
          if (masksPartialRows(config))
            partial = versionSingleRow(rewriter, partial);
          linalg::LinalgOp last;
          partial.getBody()->walk(
              [&](linalg::LinalgOp tileOp) { last = tileOp; });
          if (last) {
            SmallVector<int64_t> oneRow(tiles.size(), 0);
            oneRow[peeled] = 1;
            FailureOr<scf::SCFTileAndFuseResult> rows = tileAndFuse(
                cast<TilingInterface>(last.getOperation()), oneRow,
                /*interchange=*/{}, scf::SCFTilingOptions::LoopType::ForOp,
                [&](Operation *producer) {
                  return partial->isProperAncestor(producer);
                });
            if (failed(rows))
              return epilogue.emitError("failed to tile with its producer");
            SmallVector<Operation *> clones;
            partial.getBody()->walk([&](linalg::LinalgOp tileOp) {
              if (!rows->tiledAndFusedOps.contains(tileOp))
                clones.push_back(tileOp);
            });
            for (Operation *clone : llvm::reverse(clones))
              if (clone->use_empty())
                rewriter.eraseOp(clone);
            if (!rows->loops.empty())
              rowLoops.insert(rows->loops.front().getOperation());
          }
        }
      }
    }
    // The originals are dead now.
    SmallVector<Operation *> dead = {epilogue};
    llvm::append_range(dead, originals);
    for (Operation *deadOp : dead)
      if (deadOp->use_empty())
        rewriter.eraseOp(deadOp);

    // Inside the tiles: the contraction steps through its reduction dims;
    // everything is marked with its vector sizes.
    SmallVector<linalg::LinalgOp> tileOps;
    root->walk([&](linalg::LinalgOp tileOp) { tileOps.push_back(tileOp); });
    DominanceInfo dominance(root);
    // One contraction tile accumulates in the epilogue tile's destination,
    // which the epilogue then overwrites in place, so that no temporary holds
    // the product (a tile that is not forwarded in registers, the partial
    // one, would be stored there).
    for (linalg::LinalgOp tileOp : tileOps) {
      auto generic = dyn_cast<linalg::GenericOp>(tileOp.getOperation());
      if (!generic || generic.getNumReductionLoops() != 0 ||
          generic.getNumDpsInits() != 1)
        continue;
      OpOperand *init = generic.getDpsInitOperand(0);
      if (generic.payloadUsesValueFromOperand(init))
        continue;
      for (OpOperand *input : generic.getDpsInputOperands()) {
        auto producer = input->get().getDefiningOp<linalg::LinalgOp>();
        if (!producer || producer.getNumReductionLoops() == 0 ||
            !producer->hasOneUse() ||
            input->get().getType() != init->get().getType() ||
            !generic.getMatchingIndexingMap(input).isIdentity())
          continue;
        auto tileFill = producer.getDpsInitOperand(0)
                            ->get()
                            .getDefiningOp<linalg::FillOp>();
        if (!tileFill)
          continue;
        // The destination tile is usually sliced right before the epilogue:
        // it moves up to the fill when what it is computed from allows.
        Operation *slice = init->get().getDefiningOp();
        if (slice && !dominance.properlyDominates(slice, tileFill)) {
          if (slice->getBlock() != tileFill->getBlock() ||
              slice->getNumRegions() != 0 ||
              !llvm::all_of(slice->getOperands(), [&](Value operand) {
                return dominance.properlyDominates(operand, tileFill);
              }))
            continue;
          rewriter.moveOpBefore(slice, tileFill);
        }
        rewriter.setInsertionPoint(tileFill);
        auto own = linalg::FillOp::create(rewriter, tileFill.getLoc(),
                                          tileFill.getInputs(),
                                          ValueRange{init->get()});
        rewriter.modifyOpInPlace(producer, [&] {
          producer.getDpsInitOperand(0)->set(own.getResult(0));
        });
        rewriter.modifyOpInPlace(generic, [&] { init->set(input->get()); });
        if (tileFill->use_empty())
          rewriter.eraseOp(tileFill);
        break;
      }
    }
    tileOps.clear();
    root->walk([&](linalg::LinalgOp tileOp) { tileOps.push_back(tileOp); });
    // Tiles of one row take vectors of one row.
    SmallVector<int64_t> rowTiles(tiles), rowScheduleTiles(config.getTiles());
    if (peeled >= 0) {
      rowTiles[peeled] = 1;
      rowScheduleTiles[config.getPeeled()] = 1;
    }
    for (linalg::LinalgOp tileOp : tileOps) {
      bool oneRow = llvm::any_of(rowLoops, [&](Operation *loop) {
        return loop->isProperAncestor(tileOp);
      });
      if (tileOp.getNumReductionLoops() == 0) {
        tileOp->setAttr(
            RelaxCodegenDialect::getVectorSizesAttrName(),
            rewriter.getDenseI64ArrayAttr(oneRow ? rowTiles : tiles));
        continue;
      }
      if (failed(tileReductions(rewriter, tileOp,
                                oneRow ? ArrayRef<int64_t>(rowScheduleTiles)
                                       : config.getTiles(),
                                config)))
        return failure();
    }
    return success();
  }

  /// Tiles `op` by its config and marks the innermost tiles.
  LogicalResult tile(RewriterBase &rewriter, linalg::LinalgOp op,
                     CPULoweringConfigAttr config) {
    op = toTileForm(rewriter, op, config.getKind());
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    auto isParallel = [&](unsigned dim) {
      return iterators[dim] == utils::IteratorType::parallel;
    };
    // A static parallel dim that its tile does not divide is split first:
    // the full tiles, and the rest as one tile of its own size. Tiled
    // whole, every tile's size would be a min with the bound, and every
    // vector masked (a product by GPT-2's 50257 embeddings ran 27% slower
    // than by 50256).
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    for (auto [dim, tileSize] : llvm::enumerate(config.getTiles())) {
      int64_t size = ranges[dim];
      if (!isParallel(dim) || int64_t(dim) == config.getPeeled() ||
          ShapedType::isDynamic(size) || tileSize <= 1 || size <= tileSize ||
          size % tileSize == 0)
        continue;
      rewriter.setInsertionPoint(op);
      auto [full, rest] = linalg::splitOp(
          rewriter, cast<TilingInterface>(op.getOperation()), dim,
          rewriter.getIndexAttr(size - size % tileSize));
      if (!full || !rest)
        break;
      SmallVector<int64_t> restTiles(config.getTiles());
      restTiles[dim] = size % tileSize;
      auto restConfig = CPULoweringConfigAttr::get(
          op.getContext(), restTiles, config.getOrder(), config.getPeeled(),
          config.getKind(), config.getReductionBlock());
      if (failed(tile(rewriter, cast<linalg::LinalgOp>(full.getOperation()),
                      config)) ||
          failed(tile(rewriter, cast<linalg::LinalgOp>(rest.getOperation()),
                      restConfig)))
        return failure();
      return success();
    }
    FailureOr<linalg::LinalgOp> tiled = tileDims(
        rewriter, op, config.getTiles(), config.getOrder(),
        [&](unsigned dim) {
          return isParallel(dim) && int64_t(dim) != config.getPeeled();
        },
        scf::SCFTilingOptions::LoopType::ForallOp);
    if (failed(tiled))
      return op.emitError("failed to tile");

    // The peeled dim: a loop of full tiles, then one partial tile, whose
    // rows go one at a time (a tile of one row has static shapes, where a
    // partial tile of several is masked throughout), or, for a contraction
    // of several partial rows, taken whole.
    SmallVector<int64_t> rowTiles(config.getTiles());
    SmallVector<std::pair<linalg::LinalgOp, ArrayRef<int64_t>>> tiles = {
        {*tiled, config.getTiles()}};
    if (config.getPeeled() >= 0) {
      rowTiles[config.getPeeled()] = 1;
      SmallVector<LoopLikeOpInterface> loops;
      tiled = tileDims(
          rewriter, *tiled, config.getTiles(), /*order=*/{},
          [&](unsigned dim) { return int64_t(dim) == config.getPeeled(); },
          scf::SCFTilingOptions::LoopType::ForOp, &loops);
      if (failed(tiled))
        return op.emitError("failed to tile");
      tiles = {{*tiled, config.getTiles()}};
      auto loop = loops.empty()
                      ? scf::ForOp()
                      : dyn_cast<scf::ForOp>(loops.front().getOperation());
      scf::ForOp partial;
      if (loop && succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, loop,
                                                              partial))) {
        // A contraction's partial tile of several rows is taken whole.
        if (masksPartialRows(config) && partial) {
          scf::ForOp single = versionSingleRow(rewriter, partial);
          partial.walk([&](linalg::LinalgOp clone) {
            tiles.push_back({clone, config.getTiles()});
          });
          partial = single;
        }
        SmallVector<linalg::LinalgOp> clones;
        partial.walk([&](linalg::LinalgOp clone) { clones.push_back(clone); });
        for (linalg::LinalgOp clone : clones) {
          FailureOr<linalg::LinalgOp> row = tileDims(
              rewriter, clone, rowTiles, /*order=*/{},
              [&](unsigned dim) { return int64_t(dim) == config.getPeeled(); },
              scf::SCFTilingOptions::LoopType::ForOp);
          if (failed(row))
            return op.emitError("failed to tile");
          tiles.push_back({*row, rowTiles});
        }
      }
    }

    for (auto [tileOp, sizes] : tiles)
      if (failed(tileReductions(rewriter, tileOp, sizes, config)))
        return failure();
    return success();
  }

  /// Blocks the reductions of the dot-product contractions whose configs
  /// ask for it, with the contractions their epilogue also reads and the
  /// fills of their destinations, as one group.
  LogicalResult blockReductions(RewriterBase &rewriter,
                                FunctionOpInterface func) {
    StringRef name = RelaxCodegenDialect::getLoweringConfigAttrName();
    auto isBlocked = [&](Operation *op) {
      auto config = op->getAttrOfType<CPULoweringConfigAttr>(name);
      return config && config.getReductionBlock() > 0;
    };
    SmallVector<linalg::LinalgOp> blocked;
    func.walk([&](linalg::LinalgOp op) {
      if (isBlocked(op) && op.hasPureTensorSemantics())
        blocked.push_back(op);
    });
    llvm::SmallPtrSet<Operation *, 8> done;
    for (linalg::LinalgOp op : blocked) {
      if (done.contains(op))
        continue;
      linalg::GenericOp epilogue = fuseEpilogues ? getEpilogue(op) : nullptr;
      SmallVector<linalg::LinalgOp> products = {op};
      if (epilogue)
        for (Value input : epilogue.getDpsInputs()) {
          auto other = input.getDefiningOp<linalg::LinalgOp>();
          if (other && other != op && isBlocked(other) &&
              !done.contains(other) && getEpilogue(other) == epilogue &&
              other->getBlock() == op->getBlock())
            products.push_back(other);
        }
      SmallVector<Operation *> group;
      for (linalg::LinalgOp product : products) {
        done.insert(product);
        group.push_back(product);
        Operation *init = product.getDpsInitOperand(0)->get().getDefiningOp();
        if (init && isa<linalg::FillOp>(init) && init->hasOneUse() &&
            init->getBlock() == product->getBlock())
          group.push_back(init);
      }
      if (epilogue)
        group.push_back(epilogue);
      llvm::sort(group, [](Operation *a, Operation *b) {
        return a->isBeforeInBlock(b);
      });
      if (failed(blockGroupReductions(rewriter, products, group)))
        return failure();
    }
    return success();
  }

  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    IRRewriter rewriter(&getContext());
    dropEmptyOps(rewriter, func);
    if (failed(blockReductions(rewriter, func)))
      return signalPassFailure();
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && op.getNumLoops() > 0)
        ops.push_back(op);
    });

    // Every op is tiled as its recorded config says.
    StringRef configName = RelaxCodegenDialect::getLoweringConfigAttrName();
    llvm::DenseMap<Operation *, CPULoweringConfigAttr> configs;
    for (linalg::LinalgOp op : ops) {
      auto config = op->getAttrOfType<CPULoweringConfigAttr>(configName);
      if (!config) {
        op.emitOpError("has no CPU lowering config ('")
            << configName
            << "' = #relax_codegen.cpu_config) to tile with (run "
               "--relax-cpu-select-lowering-config first)";
        return signalPassFailure();
      }
      if (failed(config.verifyFor(op)))
        return signalPassFailure();
      configs.try_emplace(op, config);
      op->removeAttr(configName);
    }


    // Contractions with an elementwise epilogue are tiled with it, and with
    // the fill of their destination.
    // An epilogue that reads several contractions of the same loops (the
    // gate and up projections of SwiGLU) takes them all.
    llvm::MapVector<Operation *, SmallVector<linalg::LinalgOp>> epilogues;
    llvm::SmallPtrSet<Operation *, 8> fused;
    if (fuseEpilogues)
      for (linalg::LinalgOp op : ops) {
        if (!configs.at(op).hasRegisterTile())
          continue;
        linalg::GenericOp epilogue = getEpilogue(op);
        if (!epilogue || !configs.count(epilogue))
          continue;
        SmallVector<linalg::LinalgOp> &group = epilogues[epilogue];
        if (!group.empty()) {
          linalg::LinalgOp first = group.front();
          if (first.getNumLoops() != op.getNumLoops() ||
              first.getIndexingMapsArray() != op.getIndexingMapsArray())
            continue;
        }
        group.push_back(op);
        fused.insert(op);
        fused.insert(epilogue);
      }
    // A fill only those contractions read is computed in their tiles too.
    for (linalg::LinalgOp op : ops)
      if (isa<linalg::FillOp>(op.getOperation()) &&
          llvm::all_of(op->getUsers(),
                       [&](Operation *user) { return fused.contains(user); }))
        fused.insert(op);

    // Tile every op, marking the innermost tiles with their vector sizes.
    for (linalg::LinalgOp op : ops) {
      if (fused.contains(op))
        continue;
      if (failed(tile(rewriter, op, configs.at(op))))
        return signalPassFailure();
    }
    for (auto &[epilogue, contractions] : epilogues)
      if (failed(tileWithEpilogue(rewriter, contractions,
                                  cast<linalg::GenericOp>(epilogue),
                                  configs.at(contractions.front()))))
        return signalPassFailure();

    // Loops over tiles clipped by a bound run their whole tiles unmasked:
    // those of a contraction, and in a row tile (attention's: the loop over
    // tiles of rows that computes two contractions and the softmax between
    // them), every loop (its scores and softmax over the keys, a dynamic
    // dim). The row tile keeps its partial tile of rows, which its inner
    // loops peel; peeling it too would copy the whole attention (compile
    // time). Other elementwise loops keep their masked tail: their masks
    // cost only the loads and stores of a tile, and a second copy of each
    // loop costs compile time (GPT-2 small compiled 0.5 s slower, no
    // faster).
    // The loops whose tiles compute a contraction (the innermost forall
    // around it), and the row tiles around such loops.
    llvm::SmallPtrSet<Operation *, 16> contractionLoops, rowTiles;
    func.walk([&](linalg::LinalgOp op) {
      if (!linalg::isaContractionOpInterface(op))
        return;
      auto loop = op->getParentOfType<scf::ForallOp>();
      if (!loop)
        return;
      contractionLoops.insert(loop);
      for (auto tile = loop->getParentOfType<scf::ForallOp>(); tile;
           tile = tile->getParentOfType<scf::ForallOp>())
        rowTiles.insert(tile);
    });
    SmallVector<scf::ForallOp> foralls;
    func.walk([&](scf::ForallOp forall) {
      if (rowTiles.contains(forall))
        return;
      auto parent = forall->getParentOfType<scf::ForallOp>();
      if (contractionLoops.contains(forall) ||
          (parent && rowTiles.contains(parent)))
        foralls.push_back(forall);
    });
    for (scf::ForallOp forall : foralls)
      peelWholeTiles(rewriter, forall);
  }
};
} // namespace
