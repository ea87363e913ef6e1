//===- Quantize.cpp - Programs of the quantization ops --------------------===//
//
// `dequantize` becomes one elementwise linalg.generic over the weights seen
// in groups: `[..., G, 2, 16]` for q4_0 (which nibble, which byte),
// `[..., G, 32]` for q8_0 and `[..., G, 4, 8]` for q4f16_1 / q4f32_1 (which
// word, which nibble). Every operand is then read along dims of the loops
// alone (the packed data without the nibble dim, the scales per group), so
// fusion can put the generic into the product that reads the weights, and
// the vectorizer reads its operands as vectors; the nibble comes from
// `linalg.index`.
//
//===----------------------------------------------------------------------===//

#include "TensorUtils.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Transforms/Legalize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::lowering;

namespace {
/// What differs between the block layouts: the inner dims of a group of the
/// packed data and of the weights, and the loop (if any) that selects a
/// nibble.
struct GroupLayout {
  /// Packed elements per group.
  int64_t packed;
  /// The group's weights as loops: `{2, 16}`, `{32}` or `{4, 8}`.
  SmallVector<int64_t> weights;
  /// The loop after the group dim that reads no packed element: the nibble
  /// index (-1: every loop reads one).
  int64_t nibbleLoop;
  /// The value of a nibble that is zero.
  int64_t zeroPoint;
};
} // namespace

static GroupLayout getGroupLayout(QuantFormat format) {
  switch (format) {
  case QuantFormat::Q4_0:
    // Byte j holds weights j (low nibble) and j + 16 (high nibble).
    return {16, {2, 16}, /*nibbleLoop=*/0, /*zeroPoint=*/8};
  case QuantFormat::Q8_0:
    return {32, {32}, /*nibbleLoop=*/-1, /*zeroPoint=*/0};
  case QuantFormat::Q4F16_1:
  case QuantFormat::Q4F32_1:
    // Word w holds weights 8 w + j in bits 4 j.
    return {4, {4, 8}, /*nibbleLoop=*/1, /*zeroPoint=*/7};
  }
  llvm_unreachable("unknown quantization format");
}

/// `source` (`[..., G * inner]`) viewed as `[..., G] + inner`, `groups` the
/// value of `G`.
static Value expandLastDim(OpBuilder &b, Location loc, Value source,
                           OpFoldResult groups, ArrayRef<int64_t> inner) {
  auto type = cast<RankedTensorType>(source.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> shape;
  SmallVector<int64_t> staticShape;
  SmallVector<ReassociationIndices> reassociation;
  for (int64_t i = 0; i + 1 < rank; ++i) {
    shape.push_back(tensor::getMixedSize(b, loc, source, i));
    staticShape.push_back(type.getDimSize(i));
    reassociation.push_back({i});
  }
  ReassociationIndices last;
  std::optional<int64_t> staticGroups = getConstantIntValue(groups);
  shape.push_back(groups);
  staticShape.push_back(staticGroups ? *staticGroups : ShapedType::kDynamic);
  last.push_back(rank - 1);
  for (int64_t size : inner) {
    shape.push_back(b.getIndexAttr(size));
    staticShape.push_back(size);
    last.push_back(last.back() + 1);
  }
  reassociation.push_back(last);
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(staticShape, type.getElementType()), source,
      reassociation, shape);
}

namespace {
struct DequantizeOpLowering final : TensorProgramPattern<DequantizeOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(DequantizeOp op,
                          TensorProgramBody &body) const override {
    OpBuilder &b = body.builder;
    Location loc = body.loc;
    MLIRContext *ctx = b.getContext();
    GroupLayout layout = getGroupLayout(op.getFormat());
    Value data = body.inputs[0], scale = body.inputs[1], out = body.outputs[0];
    auto outType = cast<RankedTensorType>(out.getType());
    int64_t lead = outType.getRank() - 1;
    OpFoldResult groups = tensor::getMixedSize(b, loc, scale, lead);
    Value packed = expandLastDim(b, loc, data, groups, {layout.packed});
    Value weights = expandLastDim(b, loc, out, groups, layout.weights);

    // Loops: the leading dims, the group, then the group's weights.
    unsigned numLoops = lead + 1 + layout.weights.size();
    SmallVector<AffineExpr> groupDims, packedDims;
    for (unsigned i = 0; i <= lead; ++i)
      groupDims.push_back(getAffineDimExpr(i, ctx));
    packedDims = groupDims;
    for (unsigned i = 0, e = layout.weights.size(); i < e; ++i)
      if (static_cast<int64_t>(i) != layout.nibbleLoop)
        packedDims.push_back(getAffineDimExpr(lead + 1 + i, ctx));
    SmallVector<AffineMap> maps = {
        AffineMap::get(numLoops, 0, packedDims, ctx),
        AffineMap::get(numLoops, 0, groupDims, ctx),
        AffineMap::getMultiDimIdentityMap(numLoops, ctx)};
    Type element = outType.getElementType();
    Value unpacked = generic(
        b, loc, {packed, scale}, weights, maps, iteratorsFor(numLoops, {}),
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          Value q = args[0];
          if (layout.nibbleLoop >= 0) {
            // (q >> 4 * nibble) & 15 in 32 bits: vector ISAs shift 32-bit
            // lanes by a variable amount (x86 shifts no bytes at all).
            Type word = nb.getI32Type();
            if (q.getType() != word)
              q = arith::ExtUIOp::create(nb, nloc, word, q);
            Value nibble = arith::IndexCastUIOp::create(
                nb, nloc, word,
                linalg::IndexOp::create(nb, nloc,
                                        lead + 1 + layout.nibbleLoop));
            Value shift = arith::MulIOp::create(
                nb, nloc, nibble,
                arith::ConstantIntOp::create(nb, nloc, word, 4));
            q = arith::AndIOp::create(
                nb, nloc, arith::ShRUIOp::create(nb, nloc, q, shift),
                arith::ConstantIntOp::create(nb, nloc, word, 15));
          }
          Value d = args[1];
          if (d.getType() != element)
            d = arith::ExtFOp::create(nb, nloc, element, d);
          int64_t zero = layout.zeroPoint;
          if (zero != 0 && llvm::isPowerOf2_64(zero)) {
            // (q - z) * d as fma(q, d, -z * d): -z * d is exact for a power
            // of two, so the single rounding of the fma gives the product's
            // bits, one instruction fewer per weight.
            Value negZ = arith::ConstantOp::create(
                nb, nloc, FloatAttr::get(element, -static_cast<double>(zero)));
            return math::FmaOp::create(
                nb, nloc, arith::UIToFPOp::create(nb, nloc, element, q), d,
                arith::MulFOp::create(nb, nloc, negZ, d));
          }
          if (zero != 0)
            q = arith::SubIOp::create(
                nb, nloc, q,
                arith::ConstantIntOp::create(nb, nloc, q.getType(), zero));
          Value value = arith::SIToFPOp::create(nb, nloc, element, q);
          return arith::MulFOp::create(nb, nloc, value, d);
        });
    SmallVector<ReassociationIndices> reassociation =
        cast<tensor::ExpandShapeOp>(weights.getDefiningOp())
            .getReassociationIndices();
    body.results.push_back(tensor::CollapseShapeOp::create(
        b, loc, outType, unpacked, reassociation));
    return success();
  }
};
} // namespace

void mlir::relax::populateRelaxQuantizeLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  patterns.add<DequantizeOpLowering>(patterns.getContext(), cache);
}
