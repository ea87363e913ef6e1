//===- TensorUtils.cpp - Helpers shared by the program builders -----------===//

#include "TensorUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::relax;

Value lowering::scalarConstant(OpBuilder &b, Location loc, Type type,
                               double value) {
  if (isa<FloatType>(type))
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
  return arith::ConstantOp::create(
      b, loc, type, b.getIntegerAttr(type, static_cast<int64_t>(value)));
}

/// An index value converted to a scalar of float or integer `type`.
Value lowering::indexTo(OpBuilder &b, Location loc, Value index, Type type) {
  if (isa<FloatType>(type)) {
    Value asInt = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
    return arith::SIToFPOp::create(b, loc, type, asInt);
  }
  return arith::IndexCastOp::create(b, loc, type, index);
}

/// Size of dim `i` of `tensor` as an index value.
Value lowering::dimSize(OpBuilder &b, Location loc, Value tensor, int64_t i) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (!type.isDynamicDim(i))
    return arith::ConstantIndexOp::create(b, loc, type.getDimSize(i));
  return tensor::DimOp::create(b, loc, tensor, i);
}

/// An empty tensor of `element` whose dims are the dims `(source, i)`.
Value lowering::emptyOf(OpBuilder &b, Location loc,
                        ArrayRef<std::pair<Value, int64_t>> dims,
                        Type element) {
  SmallVector<int64_t> shape;
  SmallVector<Value> dynamic;
  for (auto [source, i] : dims) {
    auto type = cast<RankedTensorType>(source.getType());
    shape.push_back(type.getDimSize(i));
    if (type.isDynamicDim(i))
      dynamic.push_back(tensor::DimOp::create(b, loc, source, i));
  }
  return tensor::EmptyOp::create(b, loc, shape, element, dynamic);
}

/// An empty tensor shaped like `source`, of `element` (default: the same).
Value lowering::emptyLike(OpBuilder &b, Location loc, Value source,
                          Type element) {
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<std::pair<Value, int64_t>> dims;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i)
    dims.push_back({source, i});
  return emptyOf(b, loc, dims, element ? element : type.getElementType());
}

/// An empty tensor holding the dims of `source` not in `axes`.
Value lowering::emptyWithout(OpBuilder &b, Location loc, Value source,
                             ArrayRef<int64_t> axes, Type element) {
  auto type = cast<RankedTensorType>(source.getType());
  SmallVector<std::pair<Value, int64_t>> dims;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i)
    if (!llvm::is_contained(axes, i))
      dims.push_back({source, i});
  return emptyOf(b, loc, dims, element ? element : type.getElementType());
}

/// The product of the sizes of `axes` of `x`, as a scalar of `type`.
Value lowering::countAlong(OpBuilder &b, Location loc, Value x,
                           ArrayRef<int64_t> axes, Type type, int64_t factor) {
  Value count = arith::ConstantIndexOp::create(b, loc, factor);
  for (int64_t axis : axes)
    count = arith::MulIOp::create(b, loc, count, dimSize(b, loc, x, axis));
  return indexTo(b, loc, count, type);
}

SmallVector<AffineExpr>
lowering::getBroadcastExprs(MLIRContext *ctx, ArrayRef<int64_t> shape,
                            unsigned firstDim, ArrayRef<int64_t> outputShape) {
  SmallVector<AffineExpr> exprs;
  for (auto [i, size] : llvm::enumerate(shape)) {
    unsigned dim = firstDim + i;
    // A literal 1 against a larger output dim is read at index 0.
    if (size == 1 && outputShape[dim] != 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(dim, ctx));
  }
  return exprs;
}

AffineMap lowering::getBroadcastMap(MLIRContext *ctx, Type type,
                                    unsigned numDims,
                                    ArrayRef<int64_t> outputShape) {
  ArrayRef<int64_t> shape = cast<ShapedType>(type).getShape();
  return AffineMap::get(
      numDims, 0,
      getBroadcastExprs(ctx, shape, numDims - shape.size(), outputShape), ctx);
}

std::optional<SmallVector<ReassociationIndices>>
lowering::collapseKeptDims(OpBuilder &b, Location loc, Value &out,
                           ArrayRef<int64_t> axes, bool keepdims) {
  if (!keepdims || axes.empty())
    return std::nullopt;
  int64_t rank = cast<RankedTensorType>(out.getType()).getRank();
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t i = 0; i < rank; ++i) {
    pending.push_back(i);
    if (!llvm::is_contained(axes, i)) {
      groups.push_back(pending);
      pending.clear();
    }
  }
  if (!groups.empty())
    llvm::append_range(groups.back(), pending);
  out = tensor::CollapseShapeOp::create(b, loc, out, groups);
  return groups;
}

Value lowering::expandKeptDims(
    OpBuilder &b, Location loc, Value result, RankedTensorType type,
    const std::optional<SmallVector<ReassociationIndices>> &groups) {
  if (!groups)
    return result;
  return tensor::ExpandShapeOp::create(b, loc, type, result, *groups);
}

Value lowering::zeroOf(OpBuilder &b, Location loc, Type type) {
  return scalarConstant(b, loc, type, 0.0);
}

Value lowering::lowestOf(OpBuilder &b, Location loc, Type type) {
  return arith::getIdentityValue(isa<FloatType>(type)
                                     ? arith::AtomicRMWKind::maximumf
                                     : arith::AtomicRMWKind::maxs,
                                 type, b, loc);
}

Value lowering::fill(OpBuilder &b, Location loc, Value dest, Value scalar) {
  return linalg::FillOp::create(b, loc, scalar, dest).getResult(0);
}

Value lowering::generic(OpBuilder &b, Location loc, ValueRange ins, Value out,
                        ArrayRef<AffineMap> maps,
                        ArrayRef<utils::IteratorType> iterators,
                        GenericBody body) {
  return linalg::GenericOp::create(
             b, loc, TypeRange{out.getType()}, ins, ValueRange{out}, maps,
             iterators,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(nb, nloc, body(nb, nloc, args));
             })
      .getResult(0);
}

SmallVector<utils::IteratorType>
lowering::iteratorsFor(unsigned numDims, ArrayRef<int64_t> reduced) {
  SmallVector<utils::IteratorType> iterators(numDims,
                                             utils::IteratorType::parallel);
  for (int64_t dim : reduced)
    iterators[dim] = utils::IteratorType::reduction;
  return iterators;
}
