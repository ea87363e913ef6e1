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

/// The loops a register tile of a contraction spans: `m` and `n`, the
/// output's second-innermost and innermost dims, and the reduction dims.
struct TileLoops {
  unsigned m, n;
  SmallVector<unsigned> k;
};

/// The loops of `op`'s register tile, when it is a contraction of two
/// operands whose output ends in an `m` and its `n` dim.
static std::optional<TileLoops> getTileLoops(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->n.size() != 1 || dims->m.empty() || dims->k.empty())
    return std::nullopt;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outMap.getNumResults() < 2)
    return std::nullopt;
  auto nExpr = dyn_cast<AffineDimExpr>(outMap.getResults().back());
  auto mExpr =
      dyn_cast<AffineDimExpr>(outMap.getResult(outMap.getNumResults() - 2));
  if (!nExpr || nExpr.getPosition() != dims->n.front() || !mExpr ||
      !llvm::is_contained(dims->m, mExpr.getPosition()))
    return std::nullopt;
  return TileLoops{mExpr.getPosition(), nExpr.getPosition(),
                   llvm::to_vector(dims->k)};
}

/// Whether the innermost dim of operand `operand` of `op` is loop `dim`.
static bool isInnermost(linalg::LinalgOp op, unsigned operand, unsigned dim) {
  AffineMap map = op.getMatchingIndexingMap(&op->getOpOperand(operand));
  if (map.getNumResults() == 0)
    return false;
  auto expr = dyn_cast<AffineDimExpr>(map.getResults().back());
  return expr && expr.getPosition() == dim;
}

/// Sets the register tile of a contraction, if it has one:
/// `contractionRows` x `contractionCols` over a reduction step of 1 when `n`
/// is innermost in the right operand too (a row-major matmul: each step a
/// rank-1 update); `dotRows` x `dotCols` vectors of `vectorWidth` partial
/// sums when the single reduction dim is innermost in both operands (a
/// matmul by a transposed matrix); 1 along every other dim. Row tiles run
/// innermost, so that the columns of the right operand one tile reads stay
/// in cache while every row tile of the left one passes, and are peeled: a
/// row tile only partly inside would read its left operand one masked
/// element at a time.
static bool setRegisterTile(linalg::LinalgOp op,
                            const CPUScheduleOptions &options,
                            CPUSchedule &schedule) {
  std::optional<TileLoops> loops = getTileLoops(op);
  if (!loops)
    return false;
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  if (isInnermost(op, 1, loops->n)) {
    tiles[loops->m] = options.contractionRows;
    tiles[loops->n] = options.contractionCols;
    schedule.isContraction = true;
  } else if (loops->k.size() == 1 && isInnermost(op, 0, loops->k.front()) &&
             isInnermost(op, 1, loops->k.front())) {
    tiles[loops->m] = options.dotRows;
    tiles[loops->n] = options.dotCols;
    tiles[loops->k.front()] = options.vectorWidth;
    schedule.isDot = true;
  } else {
    return false;
  }
  schedule.tiles = std::move(tiles);
  for (unsigned i = 0, e = op.getNumLoops(); i < e; ++i)
    if (i != loops->m && i != loops->n)
      schedule.order.push_back(i);
  schedule.order.push_back(loops->n);
  schedule.order.push_back(loops->m);
  schedule.peeled = loops->m;
  return true;
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
  if (setRegisterTile(op, options, schedule)) {
    // A contraction's register tile.
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
