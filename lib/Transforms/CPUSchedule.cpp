//===- CPUSchedule.cpp - Choosing the CPU schedule of a kernel ------------===//

#include "Relax/Transforms/CPUSchedule.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXCHOOSECPUSCHEDULEPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// Returns the register tile of a row-major contraction: `rows` along the
/// output's second-innermost dim (an `m` dim), `cols` along its innermost
/// one (the `n` dim, which must be innermost in the right operand too so
/// that its rows are read contiguously), 1 along every other dim.
static std::optional<SmallVector<int64_t>>
getContractionTiles(linalg::LinalgOp op, int64_t rows, int64_t cols,
                    SmallVectorImpl<int64_t> &order, int64_t &peeled) {
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
  // A row tile that is only partly inside reads its left operand one masked
  // element at a time: peel the last one.
  peeled = m;
  return tiles;
}

/// Returns the register tile of a contraction whose single reduction dim is
/// innermost in both operands (`C[m, n] += A[m, k] * B[n, k]`): `rows` x
/// `cols` along the output's two innermost dims (an `m` and the `n` dim),
/// `width` along the reduction dim, 1 along every other dim. Rows run
/// innermost and are peeled, as in `getContractionTiles`.
static std::optional<SmallVector<int64_t>>
getDotTiles(linalg::LinalgOp op, int64_t rows, int64_t cols, int64_t width,
            SmallVectorImpl<int64_t> &order, int64_t &peeled) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->n.size() != 1 || dims->m.empty() ||
      dims->k.size() != 1)
    return std::nullopt;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  AffineMap lhsMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap rhsMap = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
  unsigned n = dims->n.front(), k = dims->k.front();
  auto isDim = [](AffineExpr expr, unsigned dim) {
    auto dimExpr = dyn_cast<AffineDimExpr>(expr);
    return dimExpr && dimExpr.getPosition() == dim;
  };
  if (outMap.getNumResults() < 2 || lhsMap.getNumResults() == 0 ||
      rhsMap.getNumResults() == 0 || !isDim(outMap.getResults().back(), n) ||
      !isDim(lhsMap.getResults().back(), k) ||
      !isDim(rhsMap.getResults().back(), k))
    return std::nullopt;
  auto mExpr =
      dyn_cast<AffineDimExpr>(outMap.getResult(outMap.getNumResults() - 2));
  if (!mExpr || !llvm::is_contained(dims->m, mExpr.getPosition()))
    return std::nullopt;
  unsigned m = mExpr.getPosition();
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  tiles[m] = rows;
  tiles[n] = cols;
  tiles[k] = width;
  for (unsigned i = 0, e = op.getNumLoops(); i < e; ++i)
    if (i != m && i != n)
      order.push_back(i);
  order.push_back(n);
  order.push_back(m);
  peeled = m;
  return tiles;
}

bool relax::matchWindowExpr(AffineExpr expr, unsigned &position,
                            int64_t &stride, unsigned &window) {
  auto sum = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!sum || sum.getKind() != AffineExprKind::Add)
    return false;
  AffineExpr lhs = sum.getLHS(), rhs = sum.getRHS();
  if (!isa<AffineDimExpr>(rhs))
    std::swap(lhs, rhs);
  auto windowDim = dyn_cast<AffineDimExpr>(rhs);
  stride = 1;
  if (auto product = dyn_cast<AffineBinaryOpExpr>(lhs);
      product && product.getKind() == AffineExprKind::Mul) {
    auto constant = dyn_cast<AffineConstantExpr>(product.getRHS());
    if (!constant)
      return false;
    stride = constant.getValue();
    lhs = product.getLHS();
  }
  auto positionDim = dyn_cast<AffineDimExpr>(lhs);
  if (!windowDim || !positionDim || stride <= 0)
    return false;
  position = positionDim.getPosition();
  window = windowDim.getPosition();
  return true;
}

/// Returns the register tile of a windowed contraction (a convolution: a
/// multiply-add body whose first input reads `stride * w + k` along some
/// dims, `w` a parallel and `k` a reduction loop): `width` along the
/// output's innermost dim `w`, `rows` along its second-innermost dim when
/// that is a parallel loop the windowed input does not read (the output
/// channels), 1 along every other dim. Each tile step is then one strided
/// row of the input against `rows` weights.
static std::optional<SmallVector<int64_t>> getWindowedTiles(linalg::LinalgOp op,
                                                            int64_t rows,
                                                            int64_t width,
                                                            int64_t &peeled) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0 ||
      !linalg::detail::isContractionBody(
          *generic.getBlock(), [](Operation *first, Operation *second) {
            return (isa<arith::MulFOp>(first) && isa<arith::AddFOp>(second)) ||
                   (isa<arith::MulIOp>(first) && isa<arith::AddIOp>(second));
          }))
    return std::nullopt;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  AffineMap inMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap weightMap = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
  if (!outMap.isProjectedPermutation() || outMap.getNumResults() < 1 ||
      !weightMap.isProjectedPermutation() || inMap.isProjectedPermutation())
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  // Every result of the windowed input is a loop, or `stride * w + k` with
  // `w` parallel and `k` a reduction loop.
  for (AffineExpr result : inMap.getResults()) {
    if (isa<AffineDimExpr>(result))
      continue;
    unsigned position, window;
    int64_t stride;
    if (!matchWindowExpr(result, position, stride, window) ||
        iterators[position] != utils::IteratorType::parallel ||
        iterators[window] != utils::IteratorType::reduction)
      return std::nullopt;
  }
  unsigned w = cast<AffineDimExpr>(outMap.getResults().back()).getPosition();
  if (!inMap.isFunctionOfDim(w) || weightMap.isFunctionOfDim(w))
    return std::nullopt;
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  tiles[w] = width;
  if (outMap.getNumResults() >= 2) {
    unsigned f =
        cast<AffineDimExpr>(outMap.getResult(outMap.getNumResults() - 2))
            .getPosition();
    if (!inMap.isFunctionOfDim(f) && weightMap.isFunctionOfDim(f)) {
      tiles[f] = rows;
      peeled = f;
    }
  }
  return tiles;
}

CPUSchedule relax::chooseCPUSchedule(linalg::LinalgOp op,
                                     const CPUScheduleOptions &options) {
  CPUSchedule schedule;
  if (std::optional<SmallVector<int64_t>> tiles = getContractionTiles(
          op, options.contractionRows, options.contractionCols, schedule.order,
          schedule.peeled)) {
    schedule.tiles = std::move(*tiles);
    schedule.isContraction = true;
  } else if (std::optional<SmallVector<int64_t>> tiles = getDotTiles(
                 op, options.dotRows, options.dotCols, options.vectorWidth,
                 schedule.order, schedule.peeled)) {
    schedule.tiles = std::move(*tiles);
    schedule.isDot = true;
  } else if (std::optional<SmallVector<int64_t>> tiles =
                 getWindowedTiles(op, options.contractionRows,
                                  options.vectorWidth, schedule.peeled)) {
    schedule.tiles = std::move(*tiles);
    schedule.isWindowed = true;
  } else {
    schedule.tiles.assign(op.getNumLoops(), 1);
    schedule.tiles.back() = options.vectorWidth;
  }
  // A static dim smaller than its tile is taken whole.
  for (auto [tile, size] :
       llvm::zip_equal(schedule.tiles, op.getStaticLoopRanges()))
    if (!ShapedType::isDynamic(size))
      tile = std::min(tile, size);
  return schedule;
}

DictionaryAttr CPUSchedule::toAttr(MLIRContext *context) const {
  Builder b(context);
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr("tiles", b.getDenseI64ArrayAttr(tiles))};
  if (!order.empty())
    entries.push_back(b.getNamedAttr("order", b.getDenseI64ArrayAttr(order)));
  if (peeled >= 0)
    entries.push_back(b.getNamedAttr("peeled", b.getI64IntegerAttr(peeled)));
  if (isContraction)
    entries.push_back(b.getNamedAttr("contraction", b.getUnitAttr()));
  if (isDot)
    entries.push_back(b.getNamedAttr("dot", b.getUnitAttr()));
  if (isWindowed)
    entries.push_back(b.getNamedAttr("windowed", b.getUnitAttr()));
  return b.getDictionaryAttr(entries);
}

FailureOr<CPUSchedule> CPUSchedule::fromAttr(linalg::LinalgOp op,
                                             DictionaryAttr attr) {
  CPUSchedule schedule;
  int64_t loops = op.getNumLoops();
  auto tiles = attr.getAs<DenseI64ArrayAttr>("tiles");
  if (!tiles || static_cast<int64_t>(tiles.size()) != loops ||
      llvm::any_of(tiles.asArrayRef(), [](int64_t t) { return t <= 0; }))
    return op.emitOpError("'")
           << kCPUScheduleAttrName << "' needs `tiles`, one positive size per "
           << "loop (" << loops << ")";
  schedule.tiles = llvm::to_vector(tiles.asArrayRef());
  if (auto order = attr.getAs<DenseI64ArrayAttr>("order")) {
    SmallVector<int64_t> sorted = llvm::to_vector(order.asArrayRef());
    llvm::sort(sorted);
    if (sorted != llvm::to_vector(llvm::seq<int64_t>(0, loops)))
      return op.emitOpError("'")
             << kCPUScheduleAttrName << "' has an `order` that is not a "
             << "permutation of the " << loops << " loops";
    schedule.order = llvm::to_vector(order.asArrayRef());
  }
  if (auto peeled = attr.getAs<IntegerAttr>("peeled")) {
    schedule.peeled = peeled.getInt();
    if (schedule.peeled < 0 || schedule.peeled >= loops ||
        op.getIteratorTypesArray()[schedule.peeled] !=
            utils::IteratorType::parallel)
      return op.emitOpError("'")
             << kCPUScheduleAttrName << "' peels " << schedule.peeled
             << ", which is not a parallel loop";
  }
  schedule.isContraction = static_cast<bool>(attr.get("contraction"));
  if (schedule.isContraction && !linalg::isaContractionOpInterface(op))
    return op.emitOpError("'")
           << kCPUScheduleAttrName << "' schedules a contraction, but the op "
           << "is not one";
  schedule.isWindowed = static_cast<bool>(attr.get("windowed"));
  if (schedule.isWindowed &&
      (attr.get("contraction") || attr.get("dot") ||
       op.getNumReductionLoops() == 0 || op.getNumDpsInputs() == 0))
    return op.emitOpError("'")
           << kCPUScheduleAttrName << "' schedules a windowed contraction, "
           << "but the op is not one (an op with inputs and reduction loops, "
           << "and no other kind)";
  schedule.isDot = static_cast<bool>(attr.get("dot"));
  if (schedule.isDot &&
      (schedule.isContraction || !linalg::isaContractionOpInterface(op) ||
       op.getNumReductionLoops() != 1))
    return op.emitOpError("'")
           << kCPUScheduleAttrName << "' schedules a dot-product contraction, "
           << "but the op is not a contraction over one reduction dim";
  return schedule;
}

namespace {
struct RelaxChooseCPUSchedulePass
    : relax::impl::RelaxChooseCPUSchedulePassBase<RelaxChooseCPUSchedulePass> {
  using Base::Base;
  void runOnOperation() override {
    CPUScheduleOptions options;
    options.vectorWidth = vectorWidth;
    if (!contractionTile.empty()) {
      if (contractionTile.size() != 2 || contractionTile[0] <= 0 ||
          contractionTile[1] <= 0) {
        getOperation().emitError("contraction-tile takes two positive sizes");
        return signalPassFailure();
      }
      options.contractionRows = contractionTile[0];
      options.contractionCols = contractionTile[1];
    }
    if (vectorWidth <= 0) {
      getOperation().emitError("vector-width must be positive");
      return signalPassFailure();
    }
    MLIRContext *ctx = &getContext();
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && op.getNumLoops() > 0 &&
          !op->hasAttr(kCPUScheduleAttrName))
        op->setAttr(kCPUScheduleAttrName,
                    chooseCPUSchedule(op, options).toAttr(ctx));
    });
  }
};
} // namespace
