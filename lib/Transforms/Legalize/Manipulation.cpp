//===- Manipulation.cpp - Programs of shape manipulation and creation -----===//
//
// Layout ops become copies: a linalg.generic whose input map moves or
// broadcasts dims (permute_dims, broadcast_to), a generic that computes the
// source element of each destination element and reads it with
// tensor.extract (take), a linalg.copy of a tensor.extract_slice (split,
// strided_slice), or copies into slices of the destination (concat).
// reshape, expand_dims and squeeze need no program: they are views. Creation
// ops fill the destination (full, zeros, ones) or compute each element from
// its index (arange, tril, triu).
//
//===----------------------------------------------------------------------===//

#include "TensorUtils.h"

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;
using sym::SymExprKind;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static int64_t normalizeAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

static SmallVector<utils::IteratorType> parallelIterators(unsigned rank) {
  return SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
}

/// `ofr` as an index value.
static Value toIndexValue(OpBuilder &b, Location loc, OpFoldResult ofr) {
  if (auto value = dyn_cast<Value>(ofr))
    return value;
  return arith::ConstantIndexOp::create(
      b, loc, cast<IntegerAttr>(cast<Attribute>(ofr)).getInt());
}

/// `lhs + rhs`, folded when both are constants.
static OpFoldResult addIndex(OpBuilder &b, Location loc, OpFoldResult lhs,
                             OpFoldResult rhs) {
  std::optional<int64_t> l = getConstantIntValue(lhs);
  std::optional<int64_t> r = getConstantIntValue(rhs);
  if (l && r)
    return b.getIndexAttr(*l + *r);
  return arith::AddIOp::create(b, loc, toIndexValue(b, loc, lhs),
                               toIndexValue(b, loc, rhs))
      .getResult();
}

/// The `linalg.index` values of all dims of the enclosing generic.
static SmallVector<Value> loopIndices(OpBuilder &b, Location loc,
                                      unsigned rank) {
  SmallVector<Value> indices;
  for (unsigned i = 0; i < rank; ++i)
    indices.push_back(linalg::IndexOp::create(b, loc, i));
  return indices;
}

/// A generic that copies `input` into `output`, reading it with `inputMap`
/// (the output is written with the identity).
static Value copyGeneric(OpBuilder &b, Location loc, Value input, Value output,
                         AffineMap inputMap) {
  auto outType = cast<RankedTensorType>(output.getType());
  unsigned rank = outType.getRank();
  SmallVector<AffineMap> maps = {
      inputMap, AffineMap::getMultiDimIdentityMap(rank, b.getContext())};
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{input}, ValueRange{output},
             maps, parallelIterators(rank),
             [](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(nb, nloc, args[0]);
             })
      .getResult(0);
}

/// A generic over `output` that computes each element from the `linalg.index`
/// values of its dims.
static Value
indexGeneric(OpBuilder &b, Location loc, Value output,
             function_ref<Value(OpBuilder &, Location, ValueRange)> element) {
  auto outType = cast<RankedTensorType>(output.getType());
  unsigned rank = outType.getRank();
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{}, ValueRange{output},
             SmallVector<AffineMap>{
                 AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
             parallelIterators(rank),
             [&](OpBuilder &nb, Location nloc, ValueRange) {
               linalg::YieldOp::create(
                   nb, nloc, element(nb, nloc, loopIndices(nb, nloc, rank)));
             })
      .getResult(0);
}

namespace {
/// Materializes symbolic expressions of the op's call-site dims as index
/// values: an expression (or subexpression) that is a dim of an operand or
/// result is read with tensor.dim of the matching program argument, and a
/// variable no dim gives becomes a symbolic argument of the program.
class ExprMaterializer {
public:
  ExprMaterializer(Operation *op, ValueRange inputs, ValueRange outputs,
                   SymbolicArgs &symArgs)
      : symArgs(symArgs) {
    auto record = [&](TypeRange types, ValueRange args) {
      for (auto [type, arg] : llvm::zip(types, args)) {
        auto tensor = dyn_cast<RelaxTensorType>(type);
        if (!tensor || !tensor.hasKnownShape())
          continue;
        for (auto [i, dim] : llvm::enumerate(tensor.getDims()))
          if (dim && !dim.isConstant())
            dims.try_emplace(dim, arg, i);
      }
    };
    record(op->getOperandTypes(), inputs);
    record(op->getResultTypes(), outputs);
  }

  /// Returns null for an unknown (null) expression.
  Value materialize(OpBuilder &b, Location loc, SymExprAttr expr) {
    if (!expr)
      return {};
    if (std::optional<int64_t> value = expr.getConstantValue())
      return arith::ConstantIndexOp::create(b, loc, *value);
    auto it = dims.find(expr);
    if (it != dims.end())
      return tensor::DimOp::create(b, loc, it->second.first, it->second.second);
    SmallVector<Value> operands;
    for (SymExprAttr operand : expr.getOperands()) {
      Value value = materialize(b, loc, operand);
      if (!value)
        return {};
      operands.push_back(value);
    }
    auto fold = [&](auto create) -> Value {
      if (operands.empty())
        return {};
      Value result = operands.front();
      for (Value operand : ArrayRef<Value>(operands).drop_front())
        result = create(result, operand);
      return result;
    };
    switch (expr.getKind()) {
    case SymExprKind::Constant:
      return {};
    case SymExprKind::Var:
      return symArgs.get(expr);
    case SymExprKind::Add:
      return fold([&](Value x, Value y) -> Value {
        return arith::AddIOp::create(b, loc, x, y);
      });
    case SymExprKind::Mul:
      return fold([&](Value x, Value y) -> Value {
        return arith::MulIOp::create(b, loc, x, y);
      });
    case SymExprKind::Min:
      return fold([&](Value x, Value y) -> Value {
        return arith::MinSIOp::create(b, loc, x, y);
      });
    case SymExprKind::Max:
      return fold([&](Value x, Value y) -> Value {
        return arith::MaxSIOp::create(b, loc, x, y);
      });
    case SymExprKind::FloorDiv:
      return arith::FloorDivSIOp::create(b, loc, operands[0], operands[1]);
    case SymExprKind::Mod: {
      // Rounds toward negative infinity: x - (x floordiv y) * y.
      Value quotient =
          arith::FloorDivSIOp::create(b, loc, operands[0], operands[1]);
      return arith::SubIOp::create(
          b, loc, operands[0],
          arith::MulIOp::create(b, loc, quotient, operands[1]));
    }
    }
    return {};
  }

private:
  SymbolicArgs &symArgs;
  llvm::DenseMap<SymExprAttr, std::pair<Value, int64_t>> dims;
};
} // namespace

//===----------------------------------------------------------------------===//
// Layout ops
//===----------------------------------------------------------------------===//

/// Result dim `i` is operand dim `axes[i]`: the input is read at
/// `(d[inv[0]], d[inv[1]], ...)`.
static Value buildPermuteDims(OpBuilder &b, Location loc, PermuteDimsOp op,
                              Value x, Value out) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<int64_t> order;
  if (std::optional<ArrayRef<int64_t>> axes = op.getAxes())
    for (int64_t axis : *axes)
      order.push_back(normalizeAxis(axis, rank));
  else
    for (int64_t i = rank - 1; i >= 0; --i)
      order.push_back(i);
  SmallVector<AffineExpr> exprs(rank);
  for (auto [i, axis] : llvm::enumerate(order))
    exprs[axis] = getAffineDimExpr(i, ctx);
  return copyGeneric(b, loc, x, out, AffineMap::get(rank, 0, exprs, ctx));
}

/// Each input is copied into its slice of the destination along the axis
/// (`linalg.copy` into a `tensor.extract_slice` of the destination, inserted
/// back with `tensor.insert_slice`). The copies bufferize to writes into
/// views of the destination; in a fused program an elementwise producer of an
/// input is fused into its copy (the rotary embedding of the new keys of a KV
/// cache), so it writes its result straight into the concatenation.
static Value buildConcat(OpBuilder &b, Location loc, ConcatOp op,
                         ValueRange inputs, Value out) {
  int64_t rank = cast<RankedTensorType>(out.getType()).getRank();
  int64_t axis = normalizeAxis(static_cast<int64_t>(op.getAxis()), rank);
  SmallVector<OpFoldResult> strides(rank, b.getIndexAttr(1));
  OpFoldResult offset = b.getIndexAttr(0);
  Value result = out;
  for (auto [k, input] : llvm::enumerate(inputs)) {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    offsets[axis] = offset;
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, input);
    Value slot =
        tensor::ExtractSliceOp::create(b, loc, result, offsets, sizes, strides);
    Value copy = linalg::CopyOp::create(b, loc, input, slot).getResult(0);
    result = tensor::InsertSliceOp::create(b, loc, copy, result, offsets, sizes,
                                           strides);
    if (k + 1 < inputs.size())
      offset = addIndex(b, loc, offset, sizes[axis]);
  }
  return result;
}

/// Copies the elements `offsets + i * strides` of `x` into the destination:
/// a tensor.extract_slice of `x` (a strided view once bufferized) copied into
/// `out`.
static Value copySlice(OpBuilder &b, Location loc, Value x, Value out,
                       ArrayRef<OpFoldResult> offsets,
                       ArrayRef<int64_t> strides) {
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, out);
  Value slice = tensor::ExtractSliceOp::create(
      b, loc, x, offsets, sizes,
      getAsIndexOpFoldResult(b.getContext(), strides));
  return linalg::CopyOp::create(b, loc, slice, out).getResult(0);
}

/// Part `k` starts at the sum of the sizes of the parts before it.
static void buildSplit(OpBuilder &b, Location loc, SplitOp op, Value x,
                       ValueRange outputs, SmallVectorImpl<Value> &results) {
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  int64_t axis = normalizeAxis(static_cast<int64_t>(op.getAxis()), rank);
  SmallVector<int64_t> strides(rank, 1);
  OpFoldResult offset = b.getIndexAttr(0);
  for (auto [i, out] : llvm::enumerate(outputs)) {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    offsets[axis] = offset;
    results.push_back(copySlice(b, loc, x, out, offsets, strides));
    if (i + 1 < outputs.size())
      offset =
          addIndex(b, loc, offset, tensor::getMixedSize(b, loc, out, axis));
  }
}

/// The slice starts at `begin` (materialized from the call-site dims) with
/// the destination's sizes and the op's strides.
static LogicalResult buildStridedSlice(TensorProgramBody &body,
                                       StridedSliceOp op,
                                       ExprMaterializer &exprs) {
  OpBuilder &b = body.builder;
  Location loc = body.loc;
  Value x = body.inputs.front(), out = body.outputs.front();
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
  SmallVector<int64_t> strides(rank, 1);
  std::optional<ArrayRef<int64_t>> opStrides = op.getStrides();
  for (auto [i, axis] : llvm::enumerate(op.getAxes())) {
    int64_t dim = normalizeAxis(axis, rank);
    SymExprAttr begin = op.getBegin().getDims()[i];
    if (std::optional<int64_t> constant =
            begin ? begin.getConstantValue() : std::nullopt) {
      offsets[dim] = b.getIndexAttr(*constant);
    } else {
      Value value = exprs.materialize(b, loc, begin);
      if (!value)
        return body.fail(
            llvm::formatv("the begin along axis {0} is unknown", axis));
      offsets[dim] = value;
    }
    if (opStrides)
      strides[dim] = (*opStrides)[i];
  }
  body.results.push_back(copySlice(b, loc, x, out, offsets, strides));
  return success();
}

/// `x[..., indices[j...], ...]`: the indices are a generic input read at the
/// dims they cover, the data is read with tensor.extract. By the op's mode,
/// an index outside `[0, size)` of the axis is a run-time error (`check`, a
/// `cf.assert` naming the op), clamped (`clip`) or taken modulo the size
/// (`wrap`, where an empty axis is the error). The element is always read at
/// an index clamped to the axis, so that nothing outside `x` is read while
/// an error returns.
static Value buildTake(OpBuilder &b, Location loc, TakeOp op, Value x,
                       Value indices, Value out) {
  MLIRContext *ctx = b.getContext();
  int64_t xRank = cast<RankedTensorType>(x.getType()).getRank();
  int64_t idxRank = cast<RankedTensorType>(indices.getType()).getRank();
  auto outType = cast<RankedTensorType>(out.getType());
  unsigned rank = outType.getRank();
  int64_t axis = normalizeAxis(static_cast<int64_t>(op.getAxis()), xRank);
  SmallVector<AffineExpr> idxExprs;
  for (int64_t i = 0; i < idxRank; ++i)
    idxExprs.push_back(getAffineDimExpr(axis + i, ctx));
  SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, idxExprs, ctx),
                                 AffineMap::getMultiDimIdentityMap(rank, ctx)};
  std::string message =
      llvm::formatv("relax.take at {0} (axis {1})", getCheckLocationText(loc), axis)
          .str();
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{indices}, ValueRange{out},
             maps, parallelIterators(rank),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               SmallVector<Value> loops = loopIndices(nb, nloc, rank);
               // Checked, clipped and wrapped in the indices' own type: an
               // index is narrower on some targets (32 bits on GPUs), and a
               // large index cast first would pass the check truncated.
               Value index = args[0];
               Type indexType = index.getType();
               Value size = tensor::DimOp::create(nb, nloc, x, axis);
               if (!indexType.isIndex())
                 size = arith::IndexCastOp::create(nb, nloc, indexType, size);
               Value zero = arith::ConstantOp::create(
                   nb, nloc, nb.getIntegerAttr(indexType, 0));
               Value valid, one = arith::ConstantOp::create(
                                nb, nloc, nb.getIntegerAttr(indexType, 1));
               switch (op.getMode()) {
               case IndexMode::Check:
                 valid = arith::AndIOp::create(
                     nb, nloc,
                     arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge,
                                           index, zero),
                     arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt,
                                           index, size));
                 break;
               case IndexMode::Clip:
                 break;
               case IndexMode::Wrap: {
                 // index mod size, in [0, size), dividing by 1 when the
                 // axis is empty (then the check fails).
                 valid = arith::CmpIOp::create(
                     nb, nloc, arith::CmpIPredicate::sgt, size, zero);
                 Value divisor = arith::MaxSIOp::create(nb, nloc, size, one);
                 Value rem = arith::RemSIOp::create(nb, nloc, index, divisor);
                 Value negative = arith::CmpIOp::create(
                     nb, nloc, arith::CmpIPredicate::slt, rem, zero);
                 index = arith::SelectOp::create(
                     nb, nloc, negative,
                     arith::AddIOp::create(nb, nloc, rem, divisor), rem);
                 break;
               }
               }
               // The check needs the cf dialect, which --relax-legalize
               // loads; a pass that reuses the patterns without it gets
               // the clamping alone.
               if (valid &&
                   nb.getContext()->getLoadedDialect<cf::ControlFlowDialect>())
                 cf::AssertOp::create(nb, nloc, valid,
                                      message +
                                          (op.getMode() == IndexMode::Wrap
                                               ? ": an index into an empty axis"
                                               : ": an index is out of range"));
               // An empty axis with indices: every index is out of range
               // and the read goes to element 0 of a tensor with none; the
               // destination is empty only when the indices are too.
               Value last = arith::SubIOp::create(nb, nloc, size, one);
               Value clamped = arith::MaxSIOp::create(
                   nb, nloc, arith::MinSIOp::create(nb, nloc, index, last),
                   zero);
               if (!indexType.isIndex())
                 clamped = arith::IndexCastOp::create(nb, nloc,
                                                      nb.getIndexType(), clamped);
               SmallVector<Value> source(loops.begin(), loops.begin() + axis);
               source.push_back(clamped);
               source.append(loops.begin() + axis + idxRank, loops.end());
               linalg::YieldOp::create(
                   nb, nloc,
                   tensor::ExtractOp::create(nb, nloc, x, source).getResult());
             })
      .getResult(0);
}

/// Keeps `x[..., r, c]` when `c - r <= k` (tril) or `c - r >= k` (triu).
static Value buildTriangle(OpBuilder &b, Location loc, Value x, Value out,
                           int64_t k, bool lower) {
  MLIRContext *ctx = b.getContext();
  auto outType = cast<RankedTensorType>(out.getType());
  unsigned rank = outType.getRank();
  Type element = outType.getElementType();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  return linalg::GenericOp::create(
             b, loc, TypeRange{outType}, ValueRange{x}, ValueRange{out},
             SmallVector<AffineMap>{id, id}, parallelIterators(rank),
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               Value row = linalg::IndexOp::create(nb, nloc, rank - 2);
               Value col = linalg::IndexOp::create(nb, nloc, rank - 1);
               Value bound = arith::AddIOp::create(
                   nb, nloc, row, arith::ConstantIndexOp::create(nb, nloc, k));
               Value keep =
                   arith::CmpIOp::create(nb, nloc,
                                         lower ? arith::CmpIPredicate::sle
                                               : arith::CmpIPredicate::sge,
                                         col, bound);
               Value zero = lowering::scalarConstant(nb, nloc, element, 0);
               linalg::YieldOp::create(nb, nloc,
                                       ValueRange{arith::SelectOp::create(
                                           nb, nloc, keep, args[0], zero)});
             })
      .getResult(0);
}

//===----------------------------------------------------------------------===//
// Creation ops
//===----------------------------------------------------------------------===//

/// `start + i * step` converted to the element type.
static LogicalResult buildArange(TensorProgramBody &body, ArangeOp op,
                                 ExprMaterializer &exprs) {
  OpBuilder &b = body.builder;
  Location loc = body.loc;
  Value out = body.outputs.front();
  Value start = exprs.materialize(b, loc, op.getStart());
  Value step = exprs.materialize(b, loc, op.getStep());
  if (!start || !step)
    return body.fail("its start or step cannot be computed");
  Type element = cast<RankedTensorType>(out.getType()).getElementType();
  if (!element.isIntOrFloat())
    return body.fail(llvm::formatv("cannot produce {0} elements", element));
  body.results.push_back(indexGeneric(
      b, loc, out, [&](OpBuilder &nb, Location nloc, ValueRange indices) {
        Value value = arith::AddIOp::create(
            nb, nloc, start, arith::MulIOp::create(nb, nloc, indices[0], step));
        if (isa<IntegerType>(element))
          return arith::IndexCastOp::create(nb, nloc, element, value)
              .getResult();
        Value asInt =
            arith::IndexCastOp::create(nb, nloc, nb.getI64Type(), value);
        return arith::SIToFPOp::create(nb, nloc, element, asInt).getResult();
      }));
  return success();
}

static Value fillWith(OpBuilder &b, Location loc, Value value, Value out) {
  return linalg::FillOp::create(b, loc, value, out).getResult(0);
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
struct PermuteDimsOpLowering final : TensorProgramPattern<PermuteDimsOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(PermuteDimsOp op,
                          TensorProgramBody &body) const override {
    body.results.push_back(buildPermuteDims(body.builder, body.loc, op,
                                            body.inputs[0], body.outputs[0]));
    return success();
  }
};

struct BroadcastToOpLowering final : TensorProgramPattern<BroadcastToOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(BroadcastToOp,
                          TensorProgramBody &body) const override {
    OpBuilder &b = body.builder;
    Value x = body.inputs[0], out = body.outputs[0];
    auto outType = cast<RankedTensorType>(out.getType());
    body.results.push_back(copyGeneric(
        b, body.loc, x, out,
        lowering::getBroadcastMap(b.getContext(), x.getType(),
                                  outType.getRank(), outType.getShape())));
    return success();
  }
};

struct ConcatOpLowering final : TensorProgramPattern<ConcatOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(ConcatOp op, TensorProgramBody &body) const override {
    body.results.push_back(
        buildConcat(body.builder, body.loc, op, body.inputs, body.outputs[0]));
    return success();
  }
};

struct SplitOpLowering final : TensorProgramPattern<SplitOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(SplitOp op, TensorProgramBody &body) const override {
    buildSplit(body.builder, body.loc, op, body.inputs[0], body.outputs,
               body.results);
    return success();
  }
};

struct StridedSliceOpLowering final : TensorProgramPattern<StridedSliceOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(StridedSliceOp op,
                          TensorProgramBody &body) const override {
    ExprMaterializer exprs(op, body.inputs, body.outputs, body.symArgs);
    return buildStridedSlice(body, op, exprs);
  }
};

struct TakeOpLowering final : TensorProgramPattern<TakeOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(TakeOp op, TensorProgramBody &body) const override {
    body.results.push_back(buildTake(body.builder, body.loc, op, body.inputs[0],
                                     body.inputs[1], body.outputs[0]));
    return success();
  }
};

/// tril (`lower`) and triu.
template <typename OpTy, bool lower>
struct TrianglePattern final : TensorProgramPattern<OpTy> {
  using TensorProgramPattern<OpTy>::TensorProgramPattern;

  LogicalResult buildBody(OpTy op, TensorProgramBody &body) const override {
    body.results.push_back(
        buildTriangle(body.builder, body.loc, body.inputs[0], body.outputs[0],
                      static_cast<int64_t>(op.getK()), lower));
    return success();
  }
};

/// full: the destination filled with the element of the rank-0 operand.
struct FullOpLowering final : TensorProgramPattern<FullOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(FullOp, TensorProgramBody &body) const override {
    Value value = tensor::ExtractOp::create(body.builder, body.loc,
                                            body.inputs[0], ValueRange{});
    body.results.push_back(
        fillWith(body.builder, body.loc, value, body.outputs[0]));
    return success();
  }
};

/// zeros and ones: the destination filled with `value`.
template <typename OpTy, int64_t value>
struct FillPattern final : TensorProgramPattern<OpTy> {
  using TensorProgramPattern<OpTy>::TensorProgramPattern;

  LogicalResult buildBody(OpTy, TensorProgramBody &body) const override {
    Value out = body.outputs[0];
    Type element = cast<RankedTensorType>(out.getType()).getElementType();
    body.results.push_back(
        fillWith(body.builder, body.loc,
                 lowering::scalarConstant(body.builder, body.loc, element,
                                          value),
                 out));
    return success();
  }
};

struct ArangeOpLowering final : TensorProgramPattern<ArangeOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(ArangeOp op, TensorProgramBody &body) const override {
    ExprMaterializer exprs(op, body.inputs, body.outputs, body.symArgs);
    return buildArange(body, op, exprs);
  }
};
} // namespace

void mlir::relax::populateRelaxManipulationLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<PermuteDimsOpLowering, BroadcastToOpLowering, ConcatOpLowering,
               SplitOpLowering, StridedSliceOpLowering, TakeOpLowering,
               TrianglePattern<TrilOp, /*lower=*/true>,
               TrianglePattern<TriuOp, /*lower=*/false>>(ctx, cache);
  patterns.add<FullOpLowering, FillPattern<ZerosOp, 0>, FillPattern<OnesOp, 1>,
               ArangeOpLowering>(ctx, cache);
}
