//===- SelectLoweringConfig.cpp - Choosing the CPU schedule of a kernel ---===//
//
// --relax-cpu-select-lowering-config: records on every linalg op of a tensor
// program the config the CPU heuristic chooses for the target description.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/CPU/LoweringConfig.h"
#include "Relax/Codegen/CPU/TargetDescription.h"
#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUSELECTLOWERINGCONFIGPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
/// A config being chosen.
struct CPUTile {
  SmallVector<int64_t> tiles, order;
  int64_t peeled = -1;
  CPUTileKind kind = CPUTileKind::None;
  int64_t reductionBlock = 0;
};
} // namespace

/// The loops a register tile of a contraction spans: `n`, the output's
/// innermost dim, `m`, the next one inward that is not an `n` dim, and the
/// reduction dims; `panels` when another `n` dim lies between them (the
/// panel index of a product by packed weights).
struct TileLoops {
  unsigned m, n;
  SmallVector<unsigned> k;
  bool panels = false;
};

/// The loops of `op`'s register tile, when it is a contraction of two
/// operands whose output ends in an `m` and its `n` dim.
static std::optional<TileLoops> getTileLoops(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->n.empty() || dims->m.empty() || dims->k.empty())
    return std::nullopt;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (outMap.getNumResults() < 2)
    return std::nullopt;
  auto nExpr = dyn_cast<AffineDimExpr>(outMap.getResults().back());
  if (!nExpr || !llvm::is_contained(dims->n, nExpr.getPosition()))
    return std::nullopt;
  // `m` is the innermost `m` dim of the output that has more than one
  // element: past the other `n` dims (the panel index of a product by packed
  // weights), which are tiled by 1, and past batch dims and dims of one
  // element (in attention, the heads and the group of query heads that
  // share a key head; a row tile would not fill the group).
  bool panels = false;
  std::optional<unsigned> m, unitM;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  for (AffineExpr expr : llvm::reverse(outMap.getResults().drop_back())) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim)
      return std::nullopt;
    unsigned position = dim.getPosition();
    if (llvm::is_contained(dims->n, position))
      panels = true;
    else if (!llvm::is_contained(dims->m, position))
      continue;
    else if (ranges[position] != 1 && !m)
      m = position;
    else if (!unitM)
      unitM = position;
  }
  if (!m)
    m = unitM;
  if (!m)
    return std::nullopt;
  return TileLoops{*m, nExpr.getPosition(), llvm::to_vector(dims->k), panels};
}

/// Whether the innermost dim of operand `operand` of `op` is loop `dim`.
static bool isInnermost(linalg::LinalgOp op, unsigned operand, unsigned dim) {
  AffineMap map = op.getMatchingIndexingMap(&op->getOpOperand(operand));
  if (map.getNumResults() == 0)
    return false;
  auto expr = dyn_cast<AffineDimExpr>(map.getResults().back());
  return expr && expr.getPosition() == dim;
}

/// The cache block of a dot tile's reduction of static `size`: the largest
/// multiple of the vector width that divides it and spans at most
/// `dotReductionSpan` elements, when the whole reduction spans more (0
/// otherwise: a dynamic or short reduction, or one no such block divides).
static int64_t getReductionBlock(int64_t size, const CPUTileSizes &options) {
  int64_t span = options.dotReductionSpan, width = options.vectorWidth;
  if (ShapedType::isDynamic(size) || span < width || size <= span)
    return 0;
  for (int64_t block = span - span % width; block >= 4 * width; block -= width)
    if (size % block == 0)
      return block;
  return 0;
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
/// Records register tile `tiles` of `kind` over loops `m` (rows) and `n`
/// (columns): every other loop first, then `n`, then `m`, innermost and
/// peeled.
static void setTileOrder(CPUTile &schedule, SmallVector<int64_t> tiles,
                         CPUTileKind kind, unsigned m, unsigned n) {
  unsigned numLoops = tiles.size();
  schedule.tiles = std::move(tiles);
  schedule.kind = kind;
  for (unsigned i = 0; i < numLoops; ++i)
    if (i != m && i != n)
      schedule.order.push_back(i);
  schedule.order.push_back(n);
  schedule.order.push_back(m);
  schedule.peeled = m;
}

static bool setRegisterTile(linalg::LinalgOp op, const CPUTileSizes &options,
                            CPUTile &schedule) {
  std::optional<TileLoops> loops = getTileLoops(op);
  if (!loops)
    return false;
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  CPUTileKind kind;
  if (isInnermost(op, 1, loops->n)) {
    tiles[loops->m] = options.contractionRows;
    tiles[loops->n] = options.contractionCols;
    kind = CPUTileKind::Contraction;
    if (loops->panels)
      tiles[loops->m] = options.panelRows;
  } else if (loops->k.size() == 1 && isInnermost(op, 0, loops->k.front()) &&
             isInnermost(op, 1, loops->k.front())) {
    tiles[loops->m] = options.dotRows;
    tiles[loops->n] = options.dotCols;
    tiles[loops->k.front()] = options.vectorWidth;
    kind = CPUTileKind::Dot;
    schedule.reductionBlock = getReductionBlock(
        op.getStaticLoopRanges()[loops->k.front()], options);
  } else {
    return false;
  }
  setTileOrder(schedule, std::move(tiles), kind, loops->m, loops->n);
  return true;
}

/// Sets the dot-product register tile of a reduction whose body unpacks
/// one of its operands (a product by dequantized weights: packed data and
/// scales read along loops of their own, the unpacking in the body): like a
/// matmul by a transposed matrix, `dotRows` x `dotCols` vectors of partial
/// sums over the innermost loop, which must be a reduction innermost in the
/// left operand (input 0, which does not read `n`) and in an operand that
/// does not read `m` (the packed weights); 1 along every other reduction.
static bool setUnpackingDotTile(linalg::LinalgOp op,
                                const CPUTileSizes &options,
                                CPUTile &schedule) {
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic || op.getNumDpsInits() != 1 || op.getNumDpsInputs() < 2 ||
      op.getNumReductionLoops() == 0 ||
      !isa<FloatType>(getElementTypeOrSelf(op->getResult(0).getType())))
    return false;
  AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (!outMap.isProjectedPermutation() || outMap.getNumResults() < 2)
    return false;
  unsigned n = outMap.getDimPosition(outMap.getNumResults() - 1);
  unsigned m = outMap.getDimPosition(outMap.getNumResults() - 2);
  unsigned k = op.getNumLoops() - 1;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators[k] != utils::IteratorType::reduction)
    return false;
  AffineMap lhsMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  if (!lhsMap.isProjectedPermutation() || lhsMap.isFunctionOfDim(n) ||
      !isInnermost(op, 0, k))
    return false;
  // Some other operand holds the weights: integers read along `n` and `k`,
  // not `m`.
  bool unpacks = llvm::any_of(
      llvm::drop_begin(op.getDpsInputOperands()), [&](OpOperand *input) {
        AffineMap map = op.getMatchingIndexingMap(input);
        return isa<IntegerType>(getElementTypeOrSelf(input->get())) &&
               map.isProjectedPermutation() && !map.isFunctionOfDim(m) &&
               map.isFunctionOfDim(n) &&
               isInnermost(op, input->getOperandNumber(), k);
      });
  if (!unpacks)
    return false;
  SmallVector<int64_t> tiles(op.getNumLoops(), 1);
  tiles[m] = options.dotRows;
  tiles[n] = options.dotCols;
  tiles[k] = options.vectorWidth;
  setTileOrder(schedule, std::move(tiles), CPUTileKind::Dot, m, n);
  return true;
}

bool codegen::matchWindowExpr(AffineExpr expr, unsigned &position,
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

/// Sets the contraction tile of `sizes` to `rows` x `cols`, and that of a
/// product by packed panels to the largest power of two of rows at most
/// `rows`: sequence lengths are mostly multiples of one, which leaves no
/// partial row tile, and a partial one is masked in vectors of a power of
/// two of lanes (on AVX2, [t, 768] x [3072, 768] packed products took 2.76
/// and 7.85 ms at t = 32 and 128 in tiles of 6 rows, 1.79 and 7.00 ms in
/// tiles of 4).
static void setContractionTile(CPUTileSizes &sizes, int64_t rows,
                               int64_t cols) {
  sizes.contractionRows = rows;
  sizes.contractionCols = cols;
  sizes.panelRows = llvm::bit_floor(static_cast<uint64_t>(rows));
}

/// Sets the dot tile of `sizes` to `rows` x `cols` vectors and its
/// reduction span: the rows of both operands a dot tile reads, in half of L1,
/// the other half for the next row tile's rows, which stream in.
static void setDotTile(CPUTileSizes &sizes, CPUTargetAttr target,
                       unsigned elementBits, int64_t rows, int64_t cols) {
  sizes.dotRows = rows;
  sizes.dotCols = cols;
  sizes.dotReductionSpan =
      target.getL1d() / 2 / ((rows + cols) * (elementBits / 8));
}

CPUTileSizes codegen::getCPUTileSizes(CPUTargetAttr target,
                                      unsigned elementBits) {
  CPUTileSizes sizes;
  int64_t lanes = target.getLanes(elementBits);
  int64_t registers = target.getVectorRegisters();
  sizes.vectorWidth = lanes;
  // Two column vectors per row; a register for each and one for the
  // broadcast element of the left operand.
  setContractionTile(sizes,
                     std::clamp<int64_t>((registers - 3) / 2, 1, /*most=*/8),
                     2 * lanes);
  int64_t dotCols = 4;
  setDotTile(sizes, target, elementBits,
             std::clamp<int64_t>((registers - dotCols - 1) / dotCols, 1,
                                 /*most=*/4),
             dotCols);
  return sizes;
}

FailureOr<int64_t>
codegen::getWeightPanelWidth(MLIRContext *context, StringRef cpu,
                             ArrayRef<int64_t> contractionTile,
                             std::string &error) {
  if (contractionTile.size() == 2)
    return contractionTile[1];
  context->getOrLoadDialect<RelaxCodegenDialect>();
  FailureOr<CPUTargetAttr> target = getCPUTarget(context, cpu, error);
  if (failed(target))
    return failure();
  return getCPUTileSizes(*target, /*elementBits=*/32).contractionCols;
}

unsigned codegen::getWidestElementBits(linalg::LinalgOp op) {
  unsigned bits = 32;
  for (Value value : llvm::concat<Value>(op->getOperands(), op->getResults())) {
    Type element = getElementTypeOrSelf(value.getType());
    if (element.isIntOrFloat())
      bits = std::max(bits, element.getIntOrFloatBitWidth());
  }
  return bits;
}

CPULoweringConfigAttr codegen::chooseCPULoweringConfig(
    linalg::LinalgOp op, function_ref<CPUTileSizes(unsigned)> sizesFor) {
  CPUTileSizes options = sizesFor(getWidestElementBits(op));
  CPUTile schedule;
  if (setRegisterTile(op, options, schedule) ||
      setUnpackingDotTile(op, options, schedule)) {
    // A contraction's register tile.
  } else if (std::optional<SmallVector<int64_t>> tiles =
                 getWindowedTiles(op, options.contractionRows,
                                  options.vectorWidth, schedule.peeled)) {
    schedule.tiles = std::move(*tiles);
    schedule.kind = CPUTileKind::Windowed;
  } else {
    schedule.tiles.assign(op.getNumLoops(), 1);
    schedule.tiles.back() = options.vectorWidth;
  }
  // A static dim smaller than its tile is taken whole.
  for (auto [tile, size] :
       llvm::zip_equal(schedule.tiles, op.getStaticLoopRanges()))
    if (!ShapedType::isDynamic(size))
      tile = std::min(tile, size);
  return CPULoweringConfigAttr::get(op.getContext(), schedule.tiles,
                                    schedule.order, schedule.peeled,
                                    schedule.kind, schedule.reductionBlock);
}

namespace {
struct RelaxCPUSelectLoweringConfigPass
    : codegen::impl::RelaxCPUSelectLoweringConfigPassBase<
          RelaxCPUSelectLoweringConfigPass> {
  using Base::Base;
  /// Bounds of the size options: a register tile of more vectors than
  /// registers, or vectors wider than 64 lanes (512 bits of bytes), only
  /// spill, and far larger ones make the vector lowering unroll for minutes.
  static constexpr int64_t kMaxContractionTile = 32;
  static constexpr int64_t kMaxVectorWidth = 64;
  CPUTargetAttr target;
  /// The options are checked once, before any function: an error names the
  /// option, not each function it would have been applied to.
  LogicalResult initialize(MLIRContext *ctx) override {
    std::string error;
    FailureOr<CPUTargetAttr> parsed = getCPUTarget(ctx, cpu, error);
    if (failed(parsed))
      return emitError(UnknownLoc::get(ctx)) << error;
    target = *parsed;
    if (!contractionTile.empty() &&
        (contractionTile.size() != 2 ||
         llvm::any_of(contractionTile, [](int64_t size) {
           return size <= 0 || size > kMaxContractionTile;
         })))
      return emitError(UnknownLoc::get(ctx))
             << "contraction-tile takes two sizes in [1, "
             << kMaxContractionTile << "]";
    if (!dotTile.empty() &&
        (dotTile.size() != 2 || llvm::any_of(dotTile, [](int64_t size) {
           return size <= 0 || size > kMaxContractionTile;
         })))
      return emitError(UnknownLoc::get(ctx))
             << "dot-tile takes two sizes in [1, " << kMaxContractionTile
             << "]";
    if (vectorWidth < 0 || vectorWidth > kMaxVectorWidth)
      return emitError(UnknownLoc::get(ctx))
             << "vector-width must be in [1, " << kMaxVectorWidth
             << "] (or 0: from the target), not "
             << static_cast<int64_t>(vectorWidth);
    return success();
  }

  void runOnOperation() override {
    auto sizesFor = [&](unsigned bits) {
      CPUTileSizes sizes = getCPUTileSizes(target, bits);
      if (vectorWidth > 0)
        sizes.vectorWidth = vectorWidth;
      if (!contractionTile.empty()) {
        setContractionTile(sizes, contractionTile[0], contractionTile[1]);
        sizes.panelRows = contractionTile[0];
      }
      if (!dotTile.empty())
        setDotTile(sizes, target, bits, dotTile[0], dotTile[1]);
      if (!reductionBlocks)
        sizes.dotReductionSpan = 0;
      return sizes;
    };
    StringRef name = RelaxCodegenDialect::getLoweringConfigAttrName();
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics() && op.getNumLoops() > 0 &&
          !op->hasAttr(name))
        op->setAttr(name, chooseCPULoweringConfig(op, sizesFor));
    });
  }
};
} // namespace
