//===- TileRows.cpp - Attention and row reductions in tiles of rows -------===//
//
// --relax-cpu-tile-rows: back-to-back contractions, and with
// `reduction-rows` softmaxes and norms, computed in tiles of rows with what
// lies between them fused into the tiles.
//
//===----------------------------------------------------------------------===//

#include "TileUtils.h"

#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUTILEROWSPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

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
/// does not depend on the rows. The tile loop is an `scf.forall` over the
/// batch dims and the tiles of rows (heads x tiles of queries): one parallel
/// region per attention, where a sequential loop of tiles made the loops of
/// each op in a tile a parallel region of their own. Those loops run
/// sequentially (--relax-cpu-sequential-inner-foralls).
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
        rewriter, root, rootSizes, scf::SCFTilingOptions::LoopType::ForallOp,
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
/// The tile loop is an `scf.forall`; the loops of the ops in it run
/// sequentially (--relax-cpu-sequential-inner-foralls). Contractions stay
/// outside the tile.
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

namespace {
struct RelaxCPUTileRowsPass
    : codegen::impl::RelaxCPUTileRowsPassBase<RelaxCPUTileRowsPass> {
  using Base::Base;
  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    if (attentionRows < 0 || reductionRows < 0) {
      func.emitError("attention-rows and reduction-rows must not be negative");
      return signalPassFailure();
    }
    if (attentionRows == 0 && reductionRows == 0)
      return;
    IRRewriter rewriter(&getContext());
    if (attentionRows > 0)
      tileBackToBackContractions(rewriter, func, attentionRows);
    if (reductionRows > 0)
      tileRowReductions(rewriter, func, reductionRows);
    // The tiles of an intermediate are slices of its whole empty tensor:
    // each becomes an empty tensor of its own, so that only a tile is
    // allocated. The sizes of the slices are read from the inputs, so that
    // the slices of one value, taken for two consumers, are the same.
    RewritePatternSet patterns(&getContext());
    tensor::populateFoldTensorEmptyPatterns(patterns);
    memref::populateResolveRankedShapedTypeResultDimsPatterns(patterns);
    (void)applyPatternsGreedily(func, std::move(patterns));
    // A producer that two fused ops read (the scores of a softmax, read by
    // its maximum and by its exponentials; the maximum, by the exponentials
    // and the sum) is fused into the tile once for each; the copies become
    // one.
    DominanceInfo dominance(func);
    eliminateCommonSubExpressions(rewriter, dominance, func);
  }
};
} // namespace
