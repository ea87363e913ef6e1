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
#include "Relax/Transforms/VectorTilePatterns.h"

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
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXTILEANDVECTORIZEPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// Marks an innermost tile with its vector sizes between tiling and
/// vectorization.
static constexpr StringLiteral kVectorSizes = "relax.vector_sizes";

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

/// The loops over parallel tiles of `op`: `scf.forall`, or `scf.for` inside
/// a tile that already runs in parallel (a row tile of a softmax), since
/// nested parallel loops would only be serialized at a cost.
static scf::SCFTilingOptions::LoopType getParallelLoopType(Operation *op) {
  return op->getParentOfType<scf::ForallOp>()
             ? scf::SCFTilingOptions::LoopType::ForOp
             : scf::SCFTilingOptions::LoopType::ForallOp;
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

/// The elementwise op that is the only user of `op`'s result and computes
/// over `op`'s output space (reading it elementwise): `op`'s epilogue, which
/// is tiled together with it. Null when there is none.
static linalg::GenericOp getEpilogue(linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || !op->getResult(0).hasOneUse())
    return {};
  auto epilogue =
      dyn_cast<linalg::GenericOp>(*op->getResult(0).getUsers().begin());
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!epilogue || !type || epilogue->getBlock() != op->getBlock() ||
      !epilogue.hasPureTensorSemantics() ||
      epilogue.getNumReductionLoops() != 0 || epilogue.getNumDpsInits() != 1 ||
      epilogue.getNumLoops() != static_cast<unsigned>(type.getRank()))
    return {};
  for (OpOperand &operand : epilogue->getOpOperands())
    if ((operand.get() == op->getResult(0) || epilogue.isDpsInit(&operand)) &&
        !epilogue.getMatchingIndexingMap(&operand).isIdentity())
      return {};
  // The output map of `op` names the loop of `op` each epilogue loop is.
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!outMap.isProjectedPermutation())
    return {};
  return epilogue;
}

/// Whether `op` is a contraction: a multiply-accumulate over one reduction
/// dim with projected-permutation maps (a generic or a named matmul).
static bool isSingleReductionContraction(linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() && op.getNumDpsInputs() == 2 &&
         op.getNumDpsInits() == 1 && op.getNumReductionLoops() == 1 &&
         linalg::isaContractionOpInterface(op) &&
         llvm::all_of(op.getIndexingMapsArray(), [](AffineMap map) {
           return map.isProjectedPermutation();
         });
}

/// Whether `op` reduces over trailing dims only (a row of a norm or a
/// softmax): its output map keeps its leading loops in order.
static bool isRowReduction(linalg::LinalgOp op) {
  if (!op.hasPureTensorSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0 || linalg::isaContractionOpInterface(op))
    return false;
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  unsigned kept = out.getNumResults();
  if (kept == 0 || out != AffineMap::getMultiDimIdentityMap(op.getNumLoops(),
                                                            op.getContext())
                              .getMajorSubMap(kept))
    return false;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (unsigned dim = 0, e = op.getNumLoops(); dim < e; ++dim)
    if ((dim < kept) != (iterators[dim] == utils::IteratorType::parallel))
      return false;
  return true;
}

/// Whether contraction `op` has a batch dim (one that both operands and the
/// output use): the second operand of a tile of its rows is then a slice of
/// the whole, like the values of one attention head.
static bool hasBatchDim(linalg::LinalgOp op) {
  AffineMap lhs = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap rhs = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
  AffineMap out = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  for (unsigned dim = 0, e = op.getNumLoops(); dim < e; ++dim)
    if (lhs.isFunctionOfDim(dim) && rhs.isFunctionOfDim(dim) &&
        out.isFunctionOfDim(dim))
      return true;
  return false;
}

/// Tiles `root` by `sizes` (0: whole) with loops of `loopType` and fuses
/// the producers that `fuse` accepts into the tile, replacing `root`.
/// Returns whether it did.
static bool tileAndFuseProducers(RewriterBase &rewriter, TilingInterface root,
                                 ArrayRef<int64_t> sizes,
                                 scf::SCFTilingOptions::LoopType loopType,
                                 function_ref<bool(linalg::LinalgOp)> fuse) {
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions
      .setTileSizes(llvm::map_to_vector(
          sizes,
          [&](int64_t t) -> OpFoldResult { return rewriter.getIndexAttr(t); }))
      .setLoopType(loopType);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        auto op = dyn_cast<linalg::LinalgOp>(producer.getOwner());
        if (!op || !fuse(op))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> result =
      scf::tileConsumerAndFuseProducersUsingSCF(rewriter, root, options);
  if (failed(result))
    return false;
  for (OpResult value : root->getResults())
    rewriter.replaceAllUsesWith(value, result->replacements.lookup(value));
  rewriter.eraseOp(root);
  return true;
}

/// Computes each back-to-back pair of contractions of `func` (attention:
/// `P = softmax(Q K^T)`, then `P V`) in tiles of `rows` rows of the first
/// one's output, with everything between them. A batched contraction whose
/// first operand comes from a row reduction (a softmax computed in the
/// kernel of `P V`) is tiled the same way. The consumer `P V` (and its
/// elementwise epilogue) is tiled along its batch dims by 1 and its rows by
/// `rows`, and the ops producing `P` are fused into the tile, so that `P`
/// (`[.., s, p + s]` for attention) exists one tile of rows at a time
/// instead of whole. Copies (the transposed keys) stay outside: their tile
/// does not depend on the rows. The tile loop is sequential: the ops in a
/// tile keep their own parallel tiles, and parallel loops nested in parallel
/// loops deadlocked the async runtime.
static void tileBackToBackContractions(RewriterBase &rewriter,
                                       FunctionOpInterface func, int64_t rows) {
  SmallVector<linalg::LinalgOp> roots;
  func.walk([&](linalg::LinalgOp op) {
    if (!isSingleReductionContraction(op))
      return;
    // The first operand of `op` is computed from a contraction through
    // elementwise ops and reductions over its rows.
    linalg::LinalgOp producer =
        op.getDpsInputOperand(0)->get().getDefiningOp<linalg::LinalgOp>();
    llvm::SmallPtrSet<Operation *, 8> seen;
    SmallVector<linalg::LinalgOp> worklist;
    if (producer)
      worklist.push_back(producer);
    bool found = false;
    while (!worklist.empty() && !found) {
      linalg::LinalgOp next = worklist.pop_back_val();
      if (!seen.insert(next).second || !next.hasPureTensorSemantics())
        continue;
      if (isSingleReductionContraction(next) ||
          (hasBatchDim(op) && isRowReduction(next))) {
        found = true;
        break;
      }
      for (OpOperand *input : next.getDpsInputOperands())
        if (auto def = input->get().getDefiningOp<linalg::LinalgOp>())
          worklist.push_back(def);
      for (OpOperand &init : next.getDpsInitsMutable())
        if (auto def = init.get().getDefiningOp<linalg::LinalgOp>())
          worklist.push_back(def);
    }
    if (found)
      roots.push_back(op);
  });

  for (linalg::LinalgOp second : roots) {
    // Loop roles of the second contraction: rows appear in its first
    // operand and its output but not in its second operand; columns in the
    // second operand and the output only; batch dims everywhere.
    AffineMap lhs = second.getMatchingIndexingMap(second.getDpsInputOperand(0));
    AffineMap rhs = second.getMatchingIndexingMap(second.getDpsInputOperand(1));
    AffineMap out = second.getMatchingIndexingMap(second.getDpsInitOperand(0));
    auto uses = [](AffineMap map, unsigned dim) {
      return map.isFunctionOfDim(dim);
    };
    SmallVector<int64_t> sizes(second.getNumLoops(), 0);
    bool hasRows = false;
    for (unsigned dim = 0, e = second.getNumLoops(); dim < e; ++dim) {
      if (!uses(out, dim))
        continue; // The reduction.
      if (uses(lhs, dim) && uses(rhs, dim))
        sizes[dim] = 1;
      else if (uses(lhs, dim)) {
        sizes[dim] = rows;
        hasRows = true;
      }
    }
    if (!hasRows)
      continue;
    // The epilogue, if any, is the root, its loops named by the output map.
    TilingInterface root = cast<TilingInterface>(second.getOperation());
    SmallVector<int64_t> rootSizes = sizes;
    if (linalg::GenericOp epilogue = getEpilogue(second)) {
      root = cast<TilingInterface>(epilogue.getOperation());
      rootSizes.clear();
      for (unsigned j = 0, e = out.getNumResults(); j < e; ++j)
        rootSizes.push_back(sizes[out.getDimPosition(j)]);
    }
    (void)tileAndFuseProducers(
        rewriter, root, rootSizes, scf::SCFTilingOptions::LoopType::ForOp,
        [](linalg::LinalgOp op) {
          auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
          return !(generic && generic.getNumDpsInputs() == 1 &&
                   generic.getNumReductionLoops() == 0 &&
                   isa<BlockArgument>(
                       generic.getBody()->getTerminator()->getOperand(0)));
        });
  }
}

/// Computes each elementwise op of `func` that reads the result of a row
/// reduction (the last op of a softmax or a norm) in tiles of `rows` rows,
/// with the reductions and elementwise ops it is computed from fused into
/// the tile: a row is read by every pass over it (maximum, sum, result)
/// while it is in cache, instead of once per pass over the whole tensor.
/// The tile loop is an `scf.forall`; the ops in it tile their own parallel
/// dims with sequential loops. Contractions stay outside the tile.
static void tileRowReductions(RewriterBase &rewriter, FunctionOpInterface func,
                              int64_t rows) {
  // Each root with its rows: the leading loops that the map of a
  // reduction's result keeps.
  SmallVector<std::pair<linalg::GenericOp, unsigned>> roots;
  for (Block &block : func.getFunctionBody())
    for (auto op : block.getOps<linalg::GenericOp>()) {
      if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0 ||
          op.getNumDpsInits() != 1 || op.getNumLoops() < 2)
        continue;
      unsigned kept = 0;
      bool contraction = false;
      AffineMap id =
          AffineMap::getMultiDimIdentityMap(op.getNumLoops(), op.getContext());
      for (OpOperand *input : op.getDpsInputOperands()) {
        auto producer = input->get().getDefiningOp<linalg::LinalgOp>();
        if (!producer)
          continue;
        contraction |= linalg::isaContractionOpInterface(producer);
        AffineMap map = op.getMatchingIndexingMap(input);
        unsigned n = map.getNumResults();
        if (isRowReduction(producer) && n > 0 && n < op.getNumLoops() &&
            map == id.getMajorSubMap(n))
          kept = std::max(kept, n);
      }
      if (kept != 0 && !contraction)
        roots.push_back({op, kept});
    }

  for (auto [root, kept] : roots) {
    SmallVector<int64_t> sizes;
    for (unsigned dim = 0, e = root.getNumLoops(); dim < e; ++dim)
      sizes.push_back(dim + 1 < kept ? 1 : (dim + 1 == kept ? rows : 0));
    Block *block = root->getBlock();
    (void)tileAndFuseProducers(
        rewriter, cast<TilingInterface>(root.getOperation()), sizes,
        scf::SCFTilingOptions::LoopType::ForallOp, [&](linalg::LinalgOp op) {
          return op->getBlock() == block &&
                 !linalg::isaContractionOpInterface(op);
        });
  }
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

/// Whether `op` only copies its one input to its output with the innermost
/// dim kept innermost (a transpose of outer dims, a broadcast): read through
/// a composed map, such a copy costs its consumer no contiguity.
static bool isInnermostKeepingCopy(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 0 || !op.hasPureTensorSemantics())
    return false;
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (body.getOperations().size() != 1 ||
      yield.getOperand(0) != body.getArgument(0))
    return false;
  AffineMap inputMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  // A broadcast through a constant index (`(d0, 0, d2)`) would leave the
  // consumer's map with one, which no contraction has.
  return inputMap.getNumResults() != 0 && outputMap.getNumResults() != 0 &&
         inputMap.isProjectedPermutation() && outputMap.isPermutation() &&
         inputMap.getResults().back() == outputMap.getResults().back();
}

/// Reads the copies that contractions take as operands (the transposed
/// queries and keys of attention) through the copies' maps instead, so that
/// the copies are never materialized in a temporary of the kernel.
static void foldCopiesIntoContractions(RewriterBase &rewriter,
                                       FunctionOpInterface func) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<linalg::GenericOp> consumers;
    func.walk([&](linalg::GenericOp op) {
      if (op.hasPureTensorSemantics() && linalg::isaContractionOpInterface(op))
        consumers.push_back(op);
    });
    for (linalg::GenericOp consumer : consumers) {
      for (OpOperand *operand : consumer.getDpsInputOperands()) {
        // A copy with other users would stay a result of the fused op, which
        // would then not be a contraction.
        auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
        if (!producer || !producer->hasOneUse() ||
            !isInnermostKeepingCopy(producer) ||
            !linalg::areElementwiseOpsFusable(operand))
          continue;
        Attribute schedule = consumer->getAttr(kCPUScheduleAttrName);
        rewriter.setInsertionPoint(consumer);
        FailureOr<linalg::ElementwiseOpFusionResult> fused =
            linalg::fuseElementwiseOps(rewriter, operand);
        if (failed(fused))
          continue;
        if (schedule)
          fused->fusedOp->setAttr(kCPUScheduleAttrName, schedule);
        for (OpResult result : consumer->getResults())
          rewriter.replaceAllUsesWith(result,
                                      fused->replacements.lookup(result));
        rewriter.eraseOp(consumer);
        if (producer->use_empty())
          rewriter.eraseOp(producer);
        changed = true;
        break;
      }
      if (changed)
        break;
    }
  }
}

/// Tiles the reduction dims of the tile `op` by `sizes` with `scf.for`
/// loops (a windowed tile then reads strided rows) and marks what is left
/// with its vector sizes.
static LogicalResult tileReductions(RewriterBase &rewriter, linalg::LinalgOp op,
                                    ArrayRef<int64_t> sizes,
                                    const CPUSchedule &schedule) {
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
  if (schedule.isWindowed)
    innermost = readWindowsAsStridedRows(rewriter, innermost, vectorSizes);
  innermost->setAttr(kVectorSizes, rewriter.getDenseI64ArrayAttr(vectorSizes));
  return success();
}

namespace {
struct RelaxTileAndVectorizePass
    : relax::impl::RelaxTileAndVectorizePassBase<RelaxTileAndVectorizePass> {
  using Base::Base;

  /// Tiles contraction `op` through its elementwise `epilogue`: the
  /// epilogue is tiled by the contraction's register tile, and the
  /// contraction (with the fill of its destination) is computed tile by tile
  /// inside its loops, so that the epilogue reads each tile right after it
  /// is computed, from registers once vectorized.
  LogicalResult tileWithEpilogue(RewriterBase &rewriter,
                                 ArrayRef<linalg::LinalgOp> contractions,
                                 linalg::GenericOp epilogue,
                                 CPUSchedule schedule) {
    // Only the contractions and the fills of their destinations are computed
    // in the epilogue's tiles; other producers stay where they are.
    llvm::SmallPtrSet<Operation *, 8> fusable;
    llvm::SetVector<Operation *> originals;
    for (linalg::LinalgOp contraction : contractions) {
      linalg::LinalgOp op = schedule.isContraction
                                ? toContract(rewriter, contraction)
                                : contraction;
      fusable.insert(op);
      originals.insert(op);
      if (Operation *init = op.getDpsInitOperand(0)->get().getDefiningOp())
        if (isa<linalg::FillOp>(init)) {
          fusable.insert(init);
          originals.insert(init);
        }
    }
    linalg::LinalgOp op = cast<linalg::LinalgOp>(originals.front());
    epilogue->removeAttr(kCPUScheduleAttrName);
    // Loops over the rows of a partial row tile.
    llvm::SmallPtrSet<Operation *, 2> rowLoops;
    AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    // Epilogue loop `j` is loop `outMap.getDimPosition(j)` of `op`.
    SmallVector<int64_t> tiles, order;
    int64_t peeled = -1;
    for (unsigned j = 0, e = outMap.getNumResults(); j < e; ++j) {
      int64_t dim = outMap.getDimPosition(j);
      tiles.push_back(schedule.tiles[dim]);
      if (dim == schedule.peeled)
        peeled = j;
    }
    for (int64_t dim : schedule.order)
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
        getParallelLoopType(epilogue),
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
          // has static shapes, where a partial tile of several would be
          // masked throughout.
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
    SmallVector<int64_t> rowTiles(tiles), rowScheduleTiles(schedule.tiles);
    if (peeled >= 0) {
      rowTiles[peeled] = 1;
      rowScheduleTiles[schedule.peeled] = 1;
    }
    for (linalg::LinalgOp tileOp : tileOps) {
      bool oneRow = llvm::any_of(rowLoops, [&](Operation *loop) {
        return loop->isProperAncestor(tileOp);
      });
      if (tileOp.getNumReductionLoops() == 0) {
        tileOp->setAttr(kVectorSizes, rewriter.getDenseI64ArrayAttr(
                                          oneRow ? rowTiles : tiles));
        continue;
      }
      if (failed(tileReductions(rewriter, tileOp,
                                oneRow ? rowScheduleTiles : schedule.tiles,
                                schedule)))
        return failure();
    }
    return success();
  }

  /// Tiles `op` by its schedule and marks the innermost tiles.
  LogicalResult tile(RewriterBase &rewriter, linalg::LinalgOp op,
                     CPUSchedule schedule) {
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
        getParallelLoopType(op));
    if (failed(tiled))
      return op.emitError("failed to tile");

    // The peeled dim: a loop of full tiles, then one partial tile, whose
    // rows go one at a time (a tile of one row has static shapes, where a
    // partial tile of several would be masked throughout).
    SmallVector<int64_t> rowTiles(schedule.tiles);
    SmallVector<std::pair<linalg::LinalgOp, ArrayRef<int64_t>>> tiles = {
        {*tiled, schedule.tiles}};
    if (schedule.peeled >= 0) {
      rowTiles[schedule.peeled] = 1;
      SmallVector<LoopLikeOpInterface> loops;
      tiled = tileDims(
          rewriter, *tiled, schedule.tiles, /*order=*/{},
          [&](unsigned dim) { return int64_t(dim) == schedule.peeled; },
          scf::SCFTilingOptions::LoopType::ForOp, &loops);
      if (failed(tiled))
        return op.emitError("failed to tile");
      tiles = {{*tiled, schedule.tiles}};
      auto loop = loops.empty()
                      ? scf::ForOp()
                      : dyn_cast<scf::ForOp>(loops.front().getOperation());
      scf::ForOp partial;
      if (loop && succeeded(scf::peelForLoopAndSimplifyBounds(rewriter, loop,
                                                              partial))) {
        SmallVector<linalg::LinalgOp> clones;
        partial.walk([&](linalg::LinalgOp clone) { clones.push_back(clone); });
        for (linalg::LinalgOp clone : clones) {
          FailureOr<linalg::LinalgOp> row = tileDims(
              rewriter, clone, rowTiles, /*order=*/{},
              [&](unsigned dim) { return int64_t(dim) == schedule.peeled; },
              scf::SCFTilingOptions::LoopType::ForOp);
          if (failed(row))
            return op.emitError("failed to tile");
          tiles.push_back({*row, rowTiles});
        }
      }
    }

    for (auto [tileOp, sizes] : tiles)
      if (failed(tileReductions(rewriter, tileOp, sizes, schedule)))
        return failure();
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

    IRRewriter rewriter(&getContext());
    foldCopiesIntoContractions(rewriter, func);
    if (attentionRows > 0)
      tileBackToBackContractions(rewriter, func, attentionRows);
    if (reductionRows > 0)
      tileRowReductions(rewriter, func, reductionRows);
    if (attentionRows > 0 || reductionRows > 0) {
      // The tiles of an intermediate are slices of its whole empty tensor:
      // each becomes an empty tensor of its own, so that only a tile is
      // allocated.
      RewritePatternSet patterns(&getContext());
      tensor::populateFoldTensorEmptyPatterns(patterns);
      (void)applyPatternsGreedily(func, std::move(patterns));
      // A reduction that two fused ops read (the maximum of a softmax, by
      // the sum and by the result) is fused into the tile once for each;
      // the copies become one.
      DominanceInfo dominance(func);
      eliminateCommonSubExpressions(rewriter, dominance, func);
    }

    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && op.getNumLoops() > 0)
        ops.push_back(op);
    });

    // A recorded schedule is applied; otherwise one is chosen here.
    llvm::DenseMap<Operation *, CPUSchedule> schedules;
    for (linalg::LinalgOp op : ops) {
      if (auto recorded =
              op->getAttrOfType<DictionaryAttr>(kCPUScheduleAttrName)) {
        FailureOr<CPUSchedule> parsed = CPUSchedule::fromAttr(op, recorded);
        if (failed(parsed))
          return signalPassFailure();
        schedules[op] = *parsed;
        op->removeAttr(kCPUScheduleAttrName);
      } else {
        schedules[op] = chooseCPUSchedule(op, options);
      }
    }

    // Contractions with an elementwise epilogue are tiled with it, and with
    // the fill of their destination.
    // An epilogue that reads several contractions of the same loops (the
    // gate and up projections of SwiGLU) takes them all.
    llvm::MapVector<Operation *, SmallVector<linalg::LinalgOp>> epilogues;
    llvm::SmallPtrSet<Operation *, 8> fused;
    if (fuseEpilogues)
      for (linalg::LinalgOp op : ops) {
        if (!schedules[op].hasRegisterTile())
          continue;
        linalg::GenericOp epilogue = getEpilogue(op);
        if (!epilogue || !schedules.count(epilogue))
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
      if (failed(tile(rewriter, op, schedules[op])))
        return signalPassFailure();
    }
    for (auto &[epilogue, contractions] : epilogues)
      if (failed(tileWithEpilogue(rewriter, contractions,
                                  cast<linalg::GenericOp>(epilogue),
                                  schedules[contractions.front()])))
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
      // MLIR 22's vectorizer reduces only values read from inputs: a
      // reduction whose body reads none (a sum of ones, after fusion folded
      // a fill into it) would add its value once instead of once per
      // element. Such ops stay scalar.
      if (op.getNumReductionLoops() != 0 &&
          llvm::none_of(op.getDpsInputOperands(), [&](OpOperand *input) {
            return op.payloadUsesValueFromOperand(input);
          }))
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
