//===- VectorTilePatterns.cpp - Rewrites of vectorized register tiles ----===//
//
// Vector-level rewrites that --relax-tile-and-vectorize applies to its
// vectorized tiles: reductions across lanes deferred out of the loops that
// accumulate them and summed by trees of shuffles, and the masked transfers
// and whole slices of tiles with symbolic sizes forwarded, so that tiles
// stay in registers.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Common/VectorTilePatterns.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/VectorInterfaces.h"

using namespace mlir;
using namespace mlir::relax;

/// The arith reduction of a vector combining kind on `element`s, whose
/// identity arith knows; none for the bitwise kinds.
static std::optional<arith::AtomicRMWKind>
getAtomicKind(vector::CombiningKind kind, Type element) {
  using Kind = arith::AtomicRMWKind;
  bool isFloat = isa<FloatType>(element);
  switch (kind) {
  case vector::CombiningKind::ADD:
    return isFloat ? Kind::addf : Kind::addi;
  case vector::CombiningKind::MUL:
    return isFloat ? Kind::mulf : Kind::muli;
  case vector::CombiningKind::MAXIMUMF:
    return Kind::maximumf;
  case vector::CombiningKind::MINIMUMF:
    return Kind::minimumf;
  case vector::CombiningKind::MAXNUMF:
    return Kind::maxnumf;
  case vector::CombiningKind::MINNUMF:
    return Kind::minnumf;
  case vector::CombiningKind::MAXSI:
    return Kind::maxs;
  case vector::CombiningKind::MINSI:
    return Kind::mins;
  case vector::CombiningKind::MAXUI:
    return Kind::maxu;
  case vector::CombiningKind::MINUI:
    return Kind::minu;
  default:
    return std::nullopt;
  }
}

/// A vector of `type` filled with the neutral element of `kind`, or null
/// when the kind has none that arith knows.
static Value getNeutralValue(OpBuilder &b, Location loc,
                             vector::CombiningKind kind, VectorType type) {
  Type element = type.getElementType();
  std::optional<arith::AtomicRMWKind> atomic = getAtomicKind(kind, element);
  if (!atomic)
    return {};
  TypedAttr value = arith::getIdentityValueAttr(*atomic, element, b, loc);
  return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(type, value));
}

/// The size of dim `dim` of tensor `value` as written where it was made, when
/// that is plain to see: a static size, the size of the slice it was
/// extracted as, or the size of the destination it was written into.
static OpFoldResult getKnownSize(Value value, int64_t dim) {
  auto type = cast<RankedTensorType>(value.getType());
  if (!type.isDynamicDim(dim))
    return IntegerAttr::get(IndexType::get(value.getContext()),
                            type.getDimSize(dim));
  Operation *op = value.getDefiningOp();
  if (auto write = dyn_cast_or_null<vector::TransferWriteOp>(op))
    return getKnownSize(write.getBase(), dim);
  if (auto insert = dyn_cast_or_null<tensor::InsertSliceOp>(op))
    return getKnownSize(insert.getDest(), dim);
  if (auto extract = dyn_cast_or_null<tensor::ExtractSliceOp>(op))
    if (extract.getSourceType().getRank() == type.getRank())
      return extract.getMixedSizes()[dim];
  if (auto empty = dyn_cast_or_null<tensor::EmptyOp>(op))
    return empty.getMixedSizes()[dim];
  return {};
}

/// Whether two sizes are the same: equal constants, the same value, or a
/// `tensor.dim` of a tensor whose size at that dim is known to be the other.
static bool isSameSize(OpFoldResult a, OpFoldResult b) {
  std::function<OpFoldResult(OpFoldResult)> resolve =
      [&](OpFoldResult size) -> OpFoldResult {
    auto value = dyn_cast<Value>(size);
    if (!value)
      return size;
    if (auto dim = value.getDefiningOp<tensor::DimOp>())
      if (std::optional<int64_t> index = dim.getConstantIndex())
        if (OpFoldResult known = getKnownSize(dim.getSource(), *index))
          return resolve(known);
    return getAsOpFoldResult(value);
  };
  a = resolve(a);
  b = resolve(b);
  std::optional<int64_t> constA = getConstantIntValue(a);
  std::optional<int64_t> constB = getConstantIntValue(b);
  if (constA || constB)
    return constA == constB;
  return a == b;
}

/// Whether a slice at `offsets`, `sizes` and `strides` covers all of
/// `whole`.
static bool isWholeSlice(Value whole, ArrayRef<OpFoldResult> offsets,
                         ArrayRef<OpFoldResult> sizes,
                         ArrayRef<OpFoldResult> strides) {
  for (auto [dim, size] : llvm::enumerate(sizes)) {
    OpFoldResult known = getKnownSize(whole, dim);
    if (!known || !isConstantIntValue(offsets[dim], 0) ||
        !isConstantIntValue(strides[dim], 1) || !isSameSize(known, size))
      return false;
  }
  return true;
}

/// Whether two masks are the same value or made alike by `vector.create_mask`.
static bool isSameMask(Value a, Value b) {
  if (a == b)
    return true;
  auto createA = a.getDefiningOp<vector::CreateMaskOp>();
  auto createB = b.getDefiningOp<vector::CreateMaskOp>();
  return createA && createB && createA.getType() == createB.getType() &&
         llvm::all_of_zip(createA.getOperands(), createB.getOperands(),
                          [](Value x, Value y) { return isSameSize(x, y); });
}

/// Sums each of `rows`, vectors of as many lanes as there are rows, into one
/// vector whose lane `i` is the sum of row `i`: a tree of two-source
/// shuffles and adds (log2 of the lanes levels, 2 shuffles and 1 add per
/// pair), instead of one reduction across lanes per row.
static Value sumRowsByTree(OpBuilder &b, Location loc, ArrayRef<Value> rows) {
  int64_t lanes = rows.size();
  SmallVector<Value> level(rows);
  // Each vector of a level holds `sources` rows' partial sums, each in a
  // block of `block` lanes; a pair of vectors becomes one vector of twice
  // the rows in blocks of half the size, the two halves of each block
  // added.
  for (int64_t sources = 1, block = lanes; level.size() > 1;
       sources *= 2, block /= 2) {
    int64_t half = block / 2;
    SmallVector<int64_t> low, high;
    for (int64_t lane = 0; lane < lanes; ++lane) {
      int64_t source = lane / half, offset = lane % half;
      int64_t base = source < sources ? source * block
                                      : lanes + (source - sources) * block;
      low.push_back(base + offset);
      high.push_back(base + half + offset);
    }
    SmallVector<Value> next;
    for (size_t pair = 0; pair + 1 < level.size(); pair += 2) {
      Value lowHalves = vector::ShuffleOp::create(
          b, loc, level[pair], level[pair + 1], b.getDenseI64ArrayAttr(low));
      Value highHalves = vector::ShuffleOp::create(
          b, loc, level[pair], level[pair + 1], b.getDenseI64ArrayAttr(high));
      next.push_back(arith::AddFOp::create(b, loc, lowHalves, highHalves));
    }
    level = std::move(next);
  }
  return level.front();
}

/// Rewrites a floating-point sum over the innermost dim of a vector whose
/// row count is a multiple of its lane count (the 4 x 4 elements of 16
/// partial sums of a dot-product tile) into trees of shuffles
/// (`sumRowsByTree`), each giving a whole vector of sums. `mask`, when the
/// reduction is masked, zeroes the lanes it leaves out first.
static LogicalResult sumByTree(PatternRewriter &rewriter,
                               vector::MultiDimReductionOp reduction,
                               Value mask, Operation *root) {
  VectorType type = reduction.getSourceVectorType();
  auto elementType = dyn_cast<FloatType>(type.getElementType());
  auto resultType = dyn_cast<VectorType>(reduction.getDestType());
  if (reduction.getKind() != vector::CombiningKind::ADD || !elementType ||
      !resultType || type.isScalable() || type.getRank() < 2)
    return failure();
  SmallVector<bool> reduced = reduction.getReductionMask();
  if (!reduced.back() || llvm::count(reduced, true) != 1)
    return failure();
  int64_t lanes = type.getShape().back();
  int64_t rows = type.getNumElements() / lanes;
  if (lanes < 2 || !llvm::isPowerOf2_64(lanes) || rows % lanes != 0)
    return failure();
  Location loc = reduction.getLoc();
  rewriter.setInsertionPoint(root);
  Value source = reduction.getSource();
  if (mask) {
    Value zeros = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(type, rewriter.getFloatAttr(elementType, 0.0)));
    source = arith::SelectOp::create(rewriter, loc, mask, source, zeros);
  }
  Value matrix = vector::ShapeCastOp::create(
      rewriter, loc, VectorType::get({rows, lanes}, elementType), source);
  auto sumsType = VectorType::get({rows / lanes, lanes}, elementType);
  Value sums = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(sumsType,
                             rewriter.getFloatAttr(elementType, 0.0)));
  for (int64_t group = 0; group < rows / lanes; ++group) {
    SmallVector<Value> groupRows;
    for (int64_t row = 0; row < lanes; ++row)
      groupRows.push_back(vector::ExtractOp::create(rewriter, loc, matrix,
                                                    group * lanes + row));
    sums = vector::InsertOp::create(
        rewriter, loc, sumRowsByTree(rewriter, loc, groupRows), sums, group);
  }
  Value shaped = vector::ShapeCastOp::create(rewriter, loc, resultType, sums);
  rewriter.replaceOp(
      root, arith::AddFOp::create(rewriter, loc, shaped, reduction.getAcc()));
  return success();
}

/// Whether two masked transfers move the same elements under the same mask:
/// vector type, indices, permutation map and in-bounds flags alike.
static bool isSameMaskedSlot(VectorTransferOpInterface a,
                             VectorTransferOpInterface b) {
  return a.getMask() && b.getMask() && isSameMask(a.getMask(), b.getMask()) &&
         a.getVectorType() == b.getVectorType() &&
         a.getIndices() == b.getIndices() &&
         a.getPermutationMap() == b.getPermutationMap() &&
         a.getInBoundsValues() == b.getInBoundsValues();
}

namespace {
struct SumRowsByTree : OpRewritePattern<vector::MultiDimReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::MultiDimReductionOp reduction,
                                PatternRewriter &rewriter) const override {
    if (isa<vector::MaskOp>(reduction->getParentOp()))
      return failure();
    return sumByTree(rewriter, reduction, /*mask=*/Value(), reduction);
  }
};
struct SumMaskedRowsByTree : OpRewritePattern<vector::MaskOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::MaskOp mask,
                                PatternRewriter &rewriter) const override {
    auto reduction =
        dyn_cast_or_null<vector::MultiDimReductionOp>(mask.getMaskableOp());
    if (!reduction || mask.getPassthru())
      return failure();
    return sumByTree(rewriter, reduction, mask.getMask(), mask);
  }
};

/// Forwards the vector a masked `vector.transfer_write` on a tensor wrote to
/// a `vector.transfer_read` of the same elements under the same mask whose
/// padding is poison: the lanes the mask leaves out may read anything.
/// Upstream's folder forwards only unmasked transfers; a tile whose columns
/// are symbolic writes its product under a mask and reads it back for its
/// epilogue, a round trip through memory once bufferized.
struct ForwardMaskedWrite : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    auto write = read.getBase().getDefiningOp<vector::TransferWriteOp>();
    if (!write || !read.hasPureTensorSemantics() ||
        !read.getPadding().getDefiningOp<ub::PoisonOp>() ||
        !isSameMaskedSlot(read, write))
      return failure();
    rewriter.replaceOp(read, write.getVector());
    return success();
  }
};

/// Drops a masked `vector.transfer_write` on a tensor that the next write
/// overwrites: the same elements under the same mask.
struct DropOverwrittenWrite : OpRewritePattern<vector::TransferWriteOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::TransferWriteOp write,
                                PatternRewriter &rewriter) const override {
    auto earlier = write.getBase().getDefiningOp<vector::TransferWriteOp>();
    if (!earlier || !write.hasPureTensorSemantics() || !earlier->hasOneUse() ||
        !isSameMaskedSlot(write, earlier))
      return failure();
    rewriter.modifyOpInPlace(
        write, [&] { write.getBaseMutable().assign(earlier.getBase()); });
    return success();
  }
};

/// Folds an extract_slice of a whole tensor to the tensor, and an
/// insert_slice that overwrites a whole tensor to what it inserts, where the
/// sizes are symbolic but plainly those of the tensor (upstream's folders
/// compare static sizes only). Tiles with symbolic columns slice their
/// destination whole this way around each register tile.
struct FoldWholeExtractSlice : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSourceType() != op.getType() ||
        !isWholeSlice(op.getSource(), op.getMixedOffsets(), op.getMixedSizes(),
                      op.getMixedStrides()))
      return failure();
    rewriter.replaceOp(op, op.getSource());
    return success();
  }
};
struct FoldWholeInsertSlice : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getSourceType() != op.getType() ||
        !isWholeSlice(op.getDest(), op.getMixedOffsets(), op.getMixedSizes(),
                      op.getMixedStrides()))
      return failure();
    rewriter.replaceOp(op, op.getSource());
    return success();
  }
};

/// Defers a reduction across lanes out of the loop that accumulates it: an
/// `scf.for` whose vector iter_arg only a `vector.multi_reduction` (maybe
/// masked) reads, as its accumulator, to yield its result, instead carries
/// the unreduced vector of partial results, combined lane by lane, and
/// reduces it across lanes once after the loop. A dot-product tile then
/// costs one multiply-add per lane and step, and one reduction at the end;
/// so does a long row reduction.
///
///   %r = scf.for ... iter_args(%acc = %init) {
///     %red = vector.multi_reduction <add>, %v, %acc [2]
///         : vector<4x4x16xf32> to vector<4x4xf32>
///     scf.yield %red
///   }
///
/// becomes
///
///   %p = scf.for ... iter_args(%part = %zero) {
///     %sum = arith.addf %v, %part : vector<4x4x16xf32>
///     scf.yield %sum
///   }
///   %r = vector.multi_reduction <add>, %p, %init [2]
struct DeferLoopReduction : OpRewritePattern<scf::ForOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    for (unsigned index = 0, e = loop.getNumRegionIterArgs(); index < e;
         ++index) {
      BlockArgument arg = loop.getRegionIterArgs()[index];
      if (!isa<VectorType>(arg.getType()) || !arg.hasOneUse())
        continue;
      Operation *root = yield.getOperand(index).getDefiningOp();
      auto mask = dyn_cast_or_null<vector::MaskOp>(root);
      auto reduction = dyn_cast_or_null<vector::MultiDimReductionOp>(
          mask ? mask.getMaskableOp() : root);
      if (!reduction || reduction.getAcc() != arg ||
          (mask && (mask.getPassthru() || mask->getBlock() != loop.getBody())))
        continue;
      if (!mask && reduction->getBlock() != loop.getBody())
        continue;
      vector::CombiningKind kind = reduction.getKind();
      VectorType partType = reduction.getSourceVectorType();
      rewriter.setInsertionPoint(loop);
      Value neutral = getNeutralValue(rewriter, loop.getLoc(), kind, partType);
      if (!neutral)
        continue;
      Value source = reduction.getSource();
      Value maskValue = mask ? mask.getMask() : Value();
      SmallVector<bool> reducedDims = reduction.getReductionMask();
      Operation *anchor = root;
      FailureOr<LoopLikeOpInterface> replaced =
          cast<LoopLikeOpInterface>(loop.getOperation())
              .replaceWithAdditionalYields(
                  rewriter, neutral, /*replaceInitOperandUsesInLoop=*/false,
                  [&](OpBuilder &b, Location loc,
                      ArrayRef<BlockArgument> newArgs) -> SmallVector<Value> {
                    b.setInsertionPoint(anchor);
                    Value part = newArgs.front();
                    Value combined;
                    auto product = source.getDefiningOp<arith::MulFOp>();
                    if (kind == vector::CombiningKind::ADD && product &&
                        product->hasOneUse())
                      combined = vector::FMAOp::create(b, loc, product.getLhs(),
                                                       product.getRhs(), part);
                    else
                      combined = vector::makeArithReduction(b, loc, kind,
                                                            source, part);
                    if (maskValue)
                      combined = arith::SelectOp::create(b, loc, maskValue,
                                                         combined, part);
                    return {combined};
                  });
      if (failed(replaced))
        return failure();
      auto newLoop = cast<scf::ForOp>(replaced->getOperation());
      auto newYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
      // The accumulator passes through the loop unchanged now.
      rewriter.modifyOpInPlace(newYield, [&] {
        newYield->setOperand(index, newLoop.getRegionIterArgs()[index]);
      });
      rewriter.eraseOp(root);
      rewriter.setInsertionPointAfter(newLoop);
      Value result = newLoop.getResult(index);
      auto reduced = vector::MultiDimReductionOp::create(
          rewriter, newLoop.getLoc(), newLoop.getResults().back(), result,
          reducedDims, kind);
      rewriter.replaceAllUsesExcept(result, reduced.getResult(), reduced);
      return success();
    }
    return failure();
  }
};
} // namespace

void relax::populateDeferLoopReductionPatterns(RewritePatternSet &patterns) {
  patterns.add<DeferLoopReduction>(patterns.getContext());
}

void relax::populateForwardMaskedTilePatterns(RewritePatternSet &patterns) {
  patterns.add<ForwardMaskedWrite, DropOverwrittenWrite, FoldWholeExtractSlice,
               FoldWholeInsertSlice>(patterns.getContext());
}

void relax::populateSumRowsByTreePatterns(RewritePatternSet &patterns) {
  patterns.add<SumRowsByTree, SumMaskedRowsByTree>(patterns.getContext());
}
