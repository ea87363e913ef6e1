//===- NeuralNetwork.cpp - Programs of normalization, attention and conv --===//
//
// Bodies of the programs of the neural-network ops: normalizations,
// variance, argmax, cumsum, rotary embedding, attention, convolution and
// pooling. Each is a short chain of linalg.generic ops; temporaries are
// tensor.empty ops sized by tensor.dim of the program's operands.
//
//===----------------------------------------------------------------------===//

#include "TensorUtils.h"

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <cmath>
#include <numeric>

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::lowering;

using Iterator = utils::IteratorType;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static Value add(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(x.getType()))
    return arith::AddFOp::create(b, loc, x, y);
  return arith::AddIOp::create(b, loc, x, y);
}

static Value mul(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(x.getType()))
    return arith::MulFOp::create(b, loc, x, y);
  return arith::MulIOp::create(b, loc, x, y);
}

static Value maximum(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(x.getType()))
    return arith::MaximumFOp::create(b, loc, x, y);
  return arith::MaxSIOp::create(b, loc, x, y);
}

/// The map `(d0, ..., dn-1) -> (d_dims[0], d_dims[1], ...)`.
static AffineMap selectDims(MLIRContext *ctx, unsigned numDims,
                            ArrayRef<int64_t> dims) {
  SmallVector<AffineExpr> exprs;
  for (int64_t dim : dims)
    exprs.push_back(getAffineDimExpr(dim, ctx));
  return AffineMap::get(numDims, 0, exprs, ctx);
}

/// The map from a rank-`rank` space to its dims not in `axes`; with
/// `keepdims` those read index 0 instead of being dropped.
static AffineMap reducedMap(MLIRContext *ctx, unsigned rank,
                            ArrayRef<int64_t> axes, bool keepdims = false) {
  SmallVector<AffineExpr> exprs;
  for (unsigned i = 0; i < rank; ++i) {
    if (!llvm::is_contained(axes, i))
      exprs.push_back(getAffineDimExpr(i, ctx));
    else if (keepdims)
      exprs.push_back(getAffineConstantExpr(0, ctx));
  }
  return AffineMap::get(rank, 0, exprs, ctx);
}

/// Normalized axes, in the given order; `fallback` when absent.
static SmallVector<int64_t> normalizeAxes(std::optional<ArrayRef<int64_t>> axes,
                                          int64_t rank,
                                          ArrayRef<int64_t> fallback) {
  SmallVector<int64_t> result;
  for (int64_t axis : axes ? *axes : fallback)
    result.push_back(axis < 0 ? axis + rank : axis);
  return result;
}

/// Sums `x` (mapped by `value` first) into a zero-filled `init` over the
/// space of `x`, writing through `outMap`; `extra` inputs are read with
/// `extraMaps` and passed to `value` after the element.
static Value sumInto(
    OpBuilder &b, Location loc, Value x, Value init, AffineMap outMap,
    ArrayRef<Iterator> iterators, ValueRange extra = {},
    ArrayRef<AffineMap> extraMaps = {},
    function_ref<Value(OpBuilder &, Location, ValueRange)> value = nullptr) {
  MLIRContext *ctx = b.getContext();
  unsigned rank = cast<RankedTensorType>(x.getType()).getRank();
  SmallVector<Value> ins = {x};
  ins.append(extra.begin(), extra.end());
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx)};
  maps.append(extraMaps.begin(), extraMaps.end());
  maps.push_back(outMap);
  Type element = cast<ShapedType>(init.getType()).getElementType();
  Value zeroed = fill(b, loc, init, zeroOf(b, loc, element));
  return generic(b, loc, ins, zeroed, maps, iterators,
                 [&](OpBuilder &nb, Location nloc, ValueRange args) {
                   Value v =
                       value ? value(nb, nloc, args.drop_back()) : args.front();
                   return add(nb, nloc, args.back(), v);
                 });
}

/// Divides each element of `t` by the scalar `divisor`, in place.
static Value divideBy(OpBuilder &b, Location loc, Value t, Value divisor) {
  MLIRContext *ctx = b.getContext();
  unsigned rank = cast<RankedTensorType>(t.getType()).getRank();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  return generic(b, loc, ValueRange{}, t, {id},
                 SmallVector<Iterator>(rank, Iterator::parallel),
                 [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                   return arith::DivFOp::create(nb, nloc, args[0], divisor);
                 });
}

//===----------------------------------------------------------------------===//
// Normalization and statistics
//===----------------------------------------------------------------------===//

/// rms_norm and layer_norm over `axes`; `params` are the weight (and bias),
/// indexed by the normalized axes in their given order.
static LogicalResult buildNorm(OpBuilder &b, Location loc, Value x,
                               ValueRange params, Value out,
                               ArrayRef<int64_t> axes, double epsilon,
                               bool centered, SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  unsigned rank = type.getRank();
  Type element = type.getElementType();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap stats = reducedMap(ctx, rank, axes);
  AffineMap param = selectDims(ctx, rank, axes);
  SmallVector<Iterator> reduce = iteratorsFor(rank, axes);
  SmallVector<Iterator> parallel(rank, Iterator::parallel);
  Value count = countAlong(b, loc, x, axes, element);

  Value mean;
  if (centered)
    mean = divideBy(
        b, loc,
        sumInto(b, loc, x, emptyWithout(b, loc, x, axes), stats, reduce),
        count);
  // Mean of squares (of deviations for layer_norm).
  Value squares = sumInto(
      b, loc, x, emptyWithout(b, loc, x, axes), stats, reduce,
      centered ? ValueRange{mean} : ValueRange{},
      centered ? ArrayRef<AffineMap>{stats} : ArrayRef<AffineMap>{},
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value v = centered
                      ? Value(arith::SubFOp::create(nb, nloc, args[0], args[1]))
                      : args[0];
        return arith::MulFOp::create(nb, nloc, v, v);
      });
  Value eps = scalarConstant(b, loc, element, epsilon);
  // 1 / sqrt(mean + eps), once per normalized slice.
  AffineMap statsId =
      AffineMap::getMultiDimIdentityMap(rank - axes.size(), ctx);
  Value inv =
      generic(b, loc, ValueRange{}, squares, {statsId},
              SmallVector<Iterator>(rank - axes.size(), Iterator::parallel),
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                Value m = arith::DivFOp::create(nb, nloc, args[0], count);
                return math::RsqrtOp::create(
                    nb, nloc, arith::AddFOp::create(nb, nloc, m, eps));
              });

  SmallVector<Value> ins = {x, inv};
  SmallVector<AffineMap> maps = {id, stats};
  if (centered) {
    ins.push_back(mean);
    maps.push_back(stats);
  }
  for (Value p : params) {
    ins.push_back(p);
    maps.push_back(param);
  }
  maps.push_back(id);
  results.push_back(
      generic(b, loc, ins, out, maps, parallel,
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                unsigned next = 2;
                Value v = args[0];
                if (centered)
                  v = arith::SubFOp::create(nb, nloc, v, args[next++]);
                v = arith::MulFOp::create(nb, nloc, v, args[1]);
                v = arith::MulFOp::create(nb, nloc, v, args[next++]);
                if (centered)
                  v = arith::AddFOp::create(nb, nloc, v, args[next++]);
                return v;
              }));
  return success();
}

/// Splits `axis` of `value` into `[groups, size / groups]`, and the
/// reassociation that joins them back.
static Value splitAxis(OpBuilder &b, Location loc, Value value, int64_t axis,
                       int64_t groups,
                       SmallVectorImpl<ReassociationIndices> &reassociation) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> shape;
  SmallVector<OpFoldResult> sizes;
  reassociation.clear();
  for (int64_t i = 0, next = 0, e = type.getRank(); i < e; ++i) {
    OpFoldResult size = tensor::getMixedSize(b, loc, value, i);
    if (i != axis) {
      shape.push_back(type.getDimSize(i));
      sizes.push_back(size);
      reassociation.push_back({next++});
      continue;
    }
    Value perGroup =
        arith::DivUIOp::create(b, loc, dimSize(b, loc, value, i),
                               arith::ConstantIndexOp::create(b, loc, groups));
    shape.append({groups, ShapedType::kDynamic});
    sizes.append({b.getIndexAttr(groups), perGroup});
    reassociation.push_back({next, next + 1});
    next += 2;
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, type.getElementType()), value,
      reassociation, sizes);
}

/// The group_norm computation once the statistics' layout is known: `x` is
/// read through `stats` (to the [batch, groups] statistics, reducing
/// `reducedAxes` over `count` elements) and `channel` (to gamma and beta),
/// and normalized into `out`.
static Value normalizeByGroups(OpBuilder &b, Location loc, GroupNormOp op,
                               Value x, Value gamma, Value beta, Value out,
                               AffineMap stats, AffineMap channel,
                               ArrayRef<int64_t> reducedAxes, Value count) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  Type element = type.getElementType();
  int64_t groups = static_cast<int64_t>(op.getNumGroups());
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  SmallVector<Iterator> reduce = iteratorsFor(rank, reducedAxes);
  auto statsEmpty = [&] {
    SmallVector<Value> dynamic;
    if (type.isDynamicDim(0))
      dynamic.push_back(dimSize(b, loc, x, 0));
    return tensor::EmptyOp::create(
        b, loc, ArrayRef<int64_t>{type.getDimSize(0), groups}, element,
        dynamic);
  };
  Value mean =
      divideBy(b, loc, sumInto(b, loc, x, statsEmpty(), stats, reduce), count);
  Value var = divideBy(
      b, loc,
      sumInto(b, loc, x, statsEmpty(), stats, reduce, ValueRange{mean}, {stats},
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                Value d = arith::SubFOp::create(nb, nloc, args[0], args[1]);
                return arith::MulFOp::create(nb, nloc, d, d);
              }),
      count);
  Value eps =
      scalarConstant(b, loc, element, op.getEpsilon().convertToDouble());
  return generic(b, loc, ValueRange{x, mean, var, gamma, beta}, out,
                 {id, stats, stats, channel, channel, id},
                 SmallVector<Iterator>(rank, Iterator::parallel),
                 [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                   Value d = arith::SubFOp::create(nb, nloc, args[0], args[1]);
                   Value inv = math::RsqrtOp::create(
                       nb, nloc, arith::AddFOp::create(nb, nloc, args[2], eps));
                   Value v = arith::MulFOp::create(
                       nb, nloc, arith::MulFOp::create(nb, nloc, d, inv),
                       args[3]);
                   return arith::AddFOp::create(nb, nloc, v, args[4]);
                 });
}

/// group_norm: statistics per (batch, group), batch being dim 0. With a
/// static channel count the group of channel c is `c floordiv (channels /
/// groups)`. With a symbolic one the channel axis is split into
/// `[groups, channels / groups]` (one dynamic dim per group, which
/// `tensor.expand_shape` lowers well), so that the group is a dim of its own
/// and every map stays affine; the result is joined back into `out`.
static LogicalResult buildGroupNorm(TensorProgramBody &body, GroupNormOp op) {
  OpBuilder &b = body.builder;
  Location loc = body.loc;
  Value x = body.inputs[0], gamma = body.inputs[1], beta = body.inputs[2];
  Value out = body.outputs[0];
  SmallVectorImpl<Value> &results = body.results;
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  Type element = type.getElementType();
  int64_t channelAxis = static_cast<int64_t>(op.getChannelAxis());
  if (channelAxis < 0)
    channelAxis += rank;
  int64_t groups = static_cast<int64_t>(op.getNumGroups());
  // Statistics are per (batch, group), batch being dim 0.
  if (channelAxis == 0)
    return body.fail("its channel axis is the batch axis 0");

  if (type.isDynamicDim(channelAxis)) {
    SmallVector<ReassociationIndices> split, paramSplit;
    Value xs = splitAxis(b, loc, x, channelAxis, groups, split);
    Value outs = splitAxis(b, loc, out, channelAxis, groups, split);
    Value gammas = splitAxis(b, loc, gamma, 0, groups, paramSplit);
    Value betas = splitAxis(b, loc, beta, 0, groups, paramSplit);
    int64_t splitRank = rank + 1, group = channelAxis, inner = channelAxis + 1;
    SmallVector<int64_t> reducedAxes;
    for (int64_t i = 1; i < splitRank; ++i)
      if (i != group)
        reducedAxes.push_back(i);
    Value normalized = normalizeByGroups(
        b, loc, op, xs, gammas, betas, outs,
        selectDims(ctx, splitRank, {0, group}),
        selectDims(ctx, splitRank, {group, inner}), reducedAxes,
        countAlong(b, loc, xs, reducedAxes, element));
    results.push_back(tensor::CollapseShapeOp::create(b, loc, out.getType(),
                                                      normalized, split));
    return success();
  }

  int64_t perGroup = type.getDimSize(channelAxis) / groups;
  AffineExpr group = getAffineDimExpr(channelAxis, ctx).floorDiv(perGroup);
  // The channel axis is reduced within each group, unless each group is
  // one channel (an instance norm): then the statistics are indexed by it
  // alone, and it is parallel.
  SmallVector<int64_t> reducedAxes, otherAxes;
  for (int64_t i = 1; i < rank; ++i) {
    if (i != channelAxis || perGroup > 1)
      reducedAxes.push_back(i);
    if (i != channelAxis)
      otherAxes.push_back(i);
  }
  results.push_back(normalizeByGroups(
      b, loc, op, x, gamma, beta, out,
      AffineMap::get(rank, 0, {getAffineDimExpr(0, ctx), group}, ctx),
      selectDims(ctx, rank, {channelAxis}), reducedAxes,
      countAlong(b, loc, x, otherAxes, element, perGroup)));
  return success();
}

/// variance: the mean of squared deviations from the mean along `axes`.
static LogicalResult buildVariance(OpBuilder &b, Location loc, VarianceOp op,
                                   Value x, Value out,
                                   SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  SmallVector<int64_t> axes = normalizeAxes(op.getAxes(), rank, all);
  auto outType = cast<RankedTensorType>(out.getType());
  std::optional<SmallVector<ReassociationIndices>> groups =
      collapseKeptDims(b, loc, out, axes, op.getKeepdims());
  AffineMap stats = reducedMap(ctx, rank, axes, op.getKeepdims() && !groups);
  SmallVector<Iterator> reduce = iteratorsFor(rank, axes);
  Value count = countAlong(b, loc, x, axes, type.getElementType());
  Value mean = divideBy(
      b, loc, sumInto(b, loc, x, emptyLike(b, loc, out), stats, reduce), count);
  Value var =
      sumInto(b, loc, x, out, stats, reduce, ValueRange{mean}, {stats},
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                Value d = arith::SubFOp::create(nb, nloc, args[0], args[1]);
                return arith::MulFOp::create(nb, nloc, d, d);
              });
  results.push_back(
      expandKeptDims(b, loc, divideBy(b, loc, var, count), outType, groups));
  return success();
}

/// argmax: a two-result reduction carrying the running maximum and its
/// index (the first one on ties, the first NaN if any). Without an axis the
/// index is into the row-major flattened tensor.
static LogicalResult buildArgmax(OpBuilder &b, Location loc, ArgmaxOp op,
                                 Value x, Value out,
                                 SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  Type element = type.getElementType();
  SmallVector<int64_t> axes;
  if (std::optional<uint64_t> axis = op.getAxis())
    axes =
        normalizeAxes(ArrayRef<int64_t>{static_cast<int64_t>(*axis)}, rank, {});
  else
    axes = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  // Row-major strides of the reduced axes, for the flattened index.
  SmallVector<Value> strides(rank);
  Value stride = arith::ConstantIndexOp::create(b, loc, 1);
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (!llvm::is_contained(axes, i))
      continue;
    strides[i] = stride;
    stride = arith::MulIOp::create(b, loc, stride, dimSize(b, loc, x, i));
  }
  auto outType = cast<RankedTensorType>(out.getType());
  std::optional<SmallVector<ReassociationIndices>> groups =
      collapseKeptDims(b, loc, out, axes, op.getKeepdims());
  AffineMap outMap = reducedMap(ctx, rank, axes, op.getKeepdims() && !groups);
  Value maxInit =
      fill(b, loc, emptyLike(b, loc, out, element), lowestOf(b, loc, element));
  Value indexInit = fill(b, loc, out, zeroOf(b, loc, b.getI64Type()));
  auto argmax = linalg::GenericOp::create(
      b, loc, TypeRange{maxInit.getType(), indexInit.getType()}, ValueRange{x},
      ValueRange{maxInit, indexInit},
      {AffineMap::getMultiDimIdentityMap(rank, ctx), outMap, outMap},
      iteratorsFor(rank, axes),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value flat = arith::ConstantIndexOp::create(nb, nloc, 0);
        for (int64_t axis : axes)
          flat = arith::AddIOp::create(
              nb, nloc, flat,
              arith::MulIOp::create(nb, nloc,
                                    linalg::IndexOp::create(nb, nloc, axis),
                                    strides[axis]));
        Value index =
            arith::IndexCastOp::create(nb, nloc, nb.getI64Type(), flat);
        Value greater;
        if (isa<FloatType>(element)) {
          // The first NaN wins, as max propagates it (numpy, torch): an
          // element is taken when it is greater, or NaN while the maximum
          // so far is not.
          greater = arith::OrIOp::create(
              nb, nloc,
              arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGT,
                                    args[0], args[1]),
              arith::AndIOp::create(
                  nb, nloc,
                  arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNO,
                                        args[0], args[0]),
                  arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::ORD,
                                        args[1], args[1])));
        } else {
          greater = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sgt,
                                          args[0], args[1]);
        }
        linalg::YieldOp::create(
            nb, nloc,
            ValueRange{
                arith::SelectOp::create(nb, nloc, greater, args[0], args[1]),
                arith::SelectOp::create(nb, nloc, greater, index, args[2])});
      });
  results.push_back(
      expandKeptDims(b, loc, argmax.getResult(1), outType, groups));
  return success();
}

/// cumsum: a scan along the axis, one step per position,
///   out[.., 0, ..] = x[.., 0, ..]
///   out[.., i, ..] = out[.., i - 1, ..] + x[.., i, ..]
/// as an scf.for over slices one position thick. Each step is an
/// elementwise program over the other dims, so the whole costs one pass
/// over the input.
static LogicalResult buildCumsum(OpBuilder &b, Location loc, CumsumOp op,
                                 Value x, Value out,
                                 SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  int64_t axis = static_cast<int64_t>(op.getAxis());
  if (axis < 0)
    axis += rank;
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  SmallVector<Iterator> parallel(rank, Iterator::parallel);
  Value copy = generic(
      b, loc, ValueRange{x}, out, {id, id}, parallel,
      [](OpBuilder &, Location, ValueRange args) -> Value { return args[0]; });

  // A slice one position thick at `position` along the axis.
  SmallVector<OpFoldResult> sizes, strides(rank, b.getIndexAttr(1));
  for (int64_t i = 0; i < rank; ++i)
    sizes.push_back(i == axis ? OpFoldResult(b.getIndexAttr(1))
                    : type.isDynamicDim(i)
                        ? OpFoldResult(dimSize(b, loc, x, i))
                        : OpFoldResult(b.getIndexAttr(type.getDimSize(i))));
  auto offsetsAt = [&](Value position) {
    SmallVector<OpFoldResult> offsets(rank, b.getIndexAttr(0));
    offsets[axis] = position;
    return offsets;
  };
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, one, dimSize(b, loc, x, axis), one, ValueRange{copy},
      [&](OpBuilder &nb, Location nloc, Value i, ValueRange iterArgs) {
        Value acc = iterArgs[0];
        Value previous = arith::SubIOp::create(nb, nloc, i, one);
        Value before = tensor::ExtractSliceOp::create(
            nb, nloc, acc, offsetsAt(previous), sizes, strides);
        Value current = tensor::ExtractSliceOp::create(
            nb, nloc, acc, offsetsAt(i), sizes, strides);
        Value sum =
            generic(nb, nloc, ValueRange{before}, current, {id, id}, parallel,
                    [](OpBuilder &bb, Location bloc, ValueRange args) -> Value {
                      return add(bb, bloc, args[1], args[0]);
                    });
        Value next = tensor::InsertSliceOp::create(
            nb, nloc, sum, acc, offsetsAt(i), sizes, strides);
        scf::YieldOp::create(nb, nloc, next);
      });
  results.push_back(loop.getResult(0));
  return success();
}

//===----------------------------------------------------------------------===//
// Transformer ops
//===----------------------------------------------------------------------===//

/// rotary_embedding: x * cos + rotate_half(x) * sin, reading the partner
/// element of each pair with tensor.extract.
static LogicalResult buildRotary(OpBuilder &b, Location loc, Value x, Value cos,
                                 Value sin, Value out,
                                 SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  AffineMap id = AffineMap::getMultiDimIdentityMap(4, ctx);
  AffineMap table = selectDims(ctx, 4, {1, 3});
  Value half = arith::DivUIOp::create(
      b, loc, dimSize(b, loc, x, 3), arith::ConstantIndexOp::create(b, loc, 2));
  results.push_back(generic(
      b, loc, ValueRange{x, cos, sin}, out, {id, table, table, id},
      SmallVector<Iterator>(4, Iterator::parallel),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        SmallVector<Value> indices;
        for (unsigned i = 0; i < 4; ++i)
          indices.push_back(linalg::IndexOp::create(nb, nloc, i));
        Value i = indices[3];
        Value low =
            arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult, i, half);
        indices[3] = arith::SelectOp::create(
            nb, nloc, low, arith::AddIOp::create(nb, nloc, i, half),
            arith::SubIOp::create(nb, nloc, i, half));
        Value partner = tensor::ExtractOp::create(nb, nloc, x, indices);
        Value rotated = arith::SelectOp::create(
            nb, nloc, low, arith::NegFOp::create(nb, nloc, partner), partner);
        return arith::AddFOp::create(
            nb, nloc, arith::MulFOp::create(nb, nloc, args[0], args[1]),
            arith::MulFOp::create(nb, nloc, rotated, args[2]));
      }));
  return success();
}

/// A mask of attention read in the space of scores whose dims are `space`
/// (each the dim of `[batch, heads, seq, kv_seq]` it stands for, the heads
/// possibly as `kv_head * group + g`): the mask and its indexing map, with
/// its dims of static size 1 read at 0.
struct AttentionMask {
  Value mask;
  AffineMap map;
};

static AttentionMask getAttentionMask(Value mask, ArrayRef<AffineExpr> space,
                                      unsigned numDims) {
  if (!mask)
    return {};
  auto type = cast<RankedTensorType>(mask.getType());
  MLIRContext *ctx = mask.getContext();
  SmallVector<AffineExpr> exprs;
  size_t offset = 4 - type.getRank();
  for (int64_t i = 0, e = type.getRank(); i < e; ++i)
    exprs.push_back(type.getDimSize(i) == 1 ? getAffineConstantExpr(0, ctx)
                                            : space[offset + i]);
  return {mask, AffineMap::get(numDims, 0, exprs, ctx)};
}

/// The softmax of attention scores whose last two dims are query i and key
/// j, unnormalized: scales the scores, masks keys j > offset + i when
/// `causal` (the offset is t - s, so that the last query sees every key)
/// and where `mask` says (i1: keeps the true ones; a float: is added),
/// and returns exp(x - max over j) and its sums over j, in tensors that
/// `rowEmpty` creates (the scores' dims but j).
static std::pair<Value, Value>
buildSoftmaxParts(OpBuilder &b, Location loc, Value scores, Value scale,
                  bool causal, Value offset, AttentionMask mask,
                  function_ref<Value()> rowEmpty) {
  MLIRContext *ctx = b.getContext();
  unsigned rank = cast<RankedTensorType>(scores.getType()).getRank();
  Type element = cast<RankedTensorType>(scores.getType()).getElementType();
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  SmallVector<Iterator> parallel(rank, Iterator::parallel);
  Value negInf = lowestOf(b, loc, element);
  SmallVector<Value> maskIns;
  SmallVector<AffineMap> maps;
  if (mask.mask) {
    maskIns.push_back(mask.mask);
    maps.push_back(mask.map);
  }
  maps.push_back(id);
  scores = generic(
      b, loc, maskIns, scores, maps, parallel,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value scaled = arith::MulFOp::create(nb, nloc, args.back(), scale);
        if (mask.mask) {
          Value m = args.front();
          scaled =
              m.getType().isInteger(1)
                  ? Value(arith::SelectOp::create(nb, nloc, m, scaled, negInf))
                  : Value(arith::AddFOp::create(nb, nloc, scaled, m));
        }
        if (!causal)
          return scaled;
        Value i = linalg::IndexOp::create(nb, nloc, rank - 2);
        Value j = linalg::IndexOp::create(nb, nloc, rank - 1);
        Value last = arith::AddIOp::create(nb, nloc, offset, i);
        Value allowed =
            arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sle, j, last);
        return arith::SelectOp::create(nb, nloc, allowed, scaled, negInf);
      });

  // Softmax over j: max, exp(x - max), sum.
  AffineMap rows = id.getMajorSubMap(rank - 1);
  SmallVector<Iterator> overKeys = iteratorsFor(rank, {rank - 1});
  Value max = generic(
      b, loc, ValueRange{scores}, fill(b, loc, rowEmpty(), negInf), {id, rows},
      overKeys, [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        return arith::MaximumFOp::create(nb, nloc, args[1], args[0]);
      });
  Value probs = generic(
      b, loc, ValueRange{max}, scores, {rows, id}, parallel,
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        return math::ExpOp::create(
            nb, nloc, arith::SubFOp::create(nb, nloc, args[1], args[0]));
      });
  return {probs, sumInto(b, loc, probs, rowEmpty(), rows, overKeys)};
}

/// Views heads [b, s, H, D] as [b, s, H / group, group, D].
static Value splitHeads(OpBuilder &b, Location loc, Value t,
                        int64_t groupSize) {
  auto type = cast<RankedTensorType>(t.getType());
  ArrayRef<int64_t> shape = type.getShape();
  auto size = [&](int64_t i) -> OpFoldResult {
    if (type.isDynamicDim(i))
      return dimSize(b, loc, t, i);
    return b.getIndexAttr(shape[i]);
  };
  bool dynamicHeads = type.isDynamicDim(2);
  int64_t kvHeads = dynamicHeads ? ShapedType::kDynamic : shape[2] / groupSize;
  auto splitType =
      RankedTensorType::get({shape[0], shape[1], kvHeads, groupSize, shape[3]},
                            type.getElementType());
  SmallVector<OpFoldResult> sizes = {
      size(0), size(1), dynamicHeads ? size(2) : b.getIndexAttr(kvHeads),
      b.getIndexAttr(groupSize), size(3)};
  SmallVector<ReassociationIndices> groups = {{0}, {1}, {2, 3}, {4}};
  return tensor::ExpandShapeOp::create(b, loc, splitType, t, groups, sizes);
}

/// attention where every kv head serves a known number G of query heads.
/// Queries and the output are viewed as [b, s, KV, G, D], so every read is a
/// plain indexing map and both products are contractions the CPU schedule
/// vectorizes:
///   scores[b, c, g, i, j] = sum_e q[b, i, c, g, e] * k[b, j, c, e]
///   out[b, i, c, g, e] = sum_j probs[b, c, g, i, j] * v[b, j, c, e]
/// and the output is divided by the softmax sums at the end, which costs a
/// division per output element instead of one per score.
static LogicalResult buildGroupedAttention(OpBuilder &b, Location loc,
                                           bool causal, Value q, Value k,
                                           Value v, Value mask, Value out,
                                           Value scale, int64_t groupSize,
                                           SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto outType = cast<RankedTensorType>(out.getType());
  Type element = outType.getElementType();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto map = [&](unsigned numDims, ArrayRef<AffineExpr> exprs) {
    return AffineMap::get(numDims, 0, exprs, ctx);
  };
  Value qs = splitHeads(b, loc, q, groupSize);
  Value outs = splitHeads(b, loc, out, groupSize);

  // Keys transposed to [b, c, e, j], so that the scores read them along j,
  // the dim the scores are laid out along: a copy of one key per key
  // position buys a contraction with a contiguous right operand.
  Value keys = emptyOf(b, loc, {{k, 0}, {k, 2}, {k, 3}, {k, 1}}, element);
  keys = generic(
      b, loc, ValueRange{k}, keys,
      {map(4, {d(0), d(3), d(1), d(2)}),
       AffineMap::getMultiDimIdentityMap(4, ctx)},
      SmallVector<Iterator>(4, Iterator::parallel),
      [](OpBuilder &, Location, ValueRange args) -> Value { return args[0]; });

  // Space: (b, c, g, i, j, e).
  Value scores =
      emptyOf(b, loc, {{qs, 0}, {qs, 2}, {qs, 3}, {qs, 1}, {k, 1}}, element);
  scores = generic(b, loc, ValueRange{qs, keys},
                   fill(b, loc, scores, zeroOf(b, loc, element)),
                   {map(6, {d(0), d(3), d(1), d(2), d(5)}),
                    map(6, {d(0), d(1), d(5), d(4)}),
                    map(6, {d(0), d(1), d(2), d(3), d(4)})},
                   iteratorsFor(6, {5}),
                   [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                     return arith::AddFOp::create(
                         nb, nloc, args[2],
                         arith::MulFOp::create(nb, nloc, args[0], args[1]));
                   });

  Value offset = arith::SubIOp::create(b, loc, dimSize(b, loc, k, 1),
                                       dimSize(b, loc, q, 1));
  // The scores' space is (b, c, g, i, j); head h is c * group + g.
  AttentionMask scoresMask =
      getAttentionMask(mask, {d(0), d(1) * groupSize + d(2), d(3), d(4)}, 5);
  auto [probs, sum] =
      buildSoftmaxParts(b, loc, scores, scale, causal, offset, scoresMask, [&] {
        return emptyOf(b, loc, {{qs, 0}, {qs, 2}, {qs, 3}, {qs, 1}}, element);
      });
  AffineMap id5 = AffineMap::getMultiDimIdentityMap(5, ctx);
  SmallVector<Iterator> parallel5(5, Iterator::parallel);

  // Space: (b, c, g, i, e, j).
  Value weighted = generic(
      b, loc, ValueRange{probs, v}, fill(b, loc, outs, zeroOf(b, loc, element)),
      {map(6, {d(0), d(1), d(2), d(3), d(5)}), map(6, {d(0), d(5), d(1), d(4)}),
       map(6, {d(0), d(3), d(1), d(2), d(4)})},
      iteratorsFor(6, {5}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        return arith::AddFOp::create(
            nb, nloc, args[2],
            arith::MulFOp::create(nb, nloc, args[0], args[1]));
      });
  // Space of the output: (b, i, c, g, e).
  Value normalized =
      generic(b, loc, ValueRange{sum}, weighted,
              {map(5, {d(0), d(2), d(3), d(1)}), id5}, parallel5,
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                return arith::DivFOp::create(nb, nloc, args[1], args[0]);
              });
  SmallVector<ReassociationIndices> groups = {{0}, {1}, {2, 3}, {4}};
  results.push_back(
      tensor::CollapseShapeOp::create(b, loc, outType, normalized, groups));
  return success();
}

/// attention: scores [b, h, s, t] = q . k * scale (masked), softmax over t,
/// then times v. Query head h reads kv head `h floordiv (heads / kv_heads)`.
static LogicalResult buildAttention(OpBuilder &b, Location loc, AttentionOp op,
                                    Value q, Value k, Value v, Value mask,
                                    Value out,
                                    SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto qType = cast<RankedTensorType>(q.getType());
  Type element = qType.getElementType();
  auto qDims = cast<RelaxTensorType>(op.getQ().getType()).getDims();
  auto kDims = cast<RelaxTensorType>(op.getK().getType()).getDims();
  // With a symbolic group size, k and v are read by tensor.extract at
  // head `h / group` instead of through an indexing map.
  int64_t groupSize = 1;
  Value dynamicGroup;
  if (qDims[2] != kDims[2]) {
    std::optional<int64_t> heads = qDims[2].getConstantValue();
    std::optional<int64_t> kvHeads = kDims[2].getConstantValue();
    if (heads && kvHeads && *kvHeads > 0 && *heads % *kvHeads == 0)
      groupSize = *heads / *kvHeads;
    else
      dynamicGroup = arith::DivUIOp::create(b, loc, dimSize(b, loc, q, 2),
                                            dimSize(b, loc, k, 2));
  }
  // Reads `t[b, j, h / group, e]` for the loop indices at those positions.
  auto readKV = [&](OpBuilder &nb, Location nloc, Value t, unsigned bDim,
                    unsigned jDim, unsigned hDim, unsigned eDim) -> Value {
    auto index = [&](unsigned i) -> Value {
      return linalg::IndexOp::create(nb, nloc, i);
    };
    Value head = arith::DivUIOp::create(nb, nloc, index(hDim), dynamicGroup);
    return tensor::ExtractOp::create(
        nb, nloc, t, ValueRange{index(bDim), index(jDim), head, index(eDim)});
  };

  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  auto map = [&](unsigned numDims, ArrayRef<AffineExpr> exprs) {
    return AffineMap::get(numDims, 0, exprs, ctx);
  };
  AffineExpr kvHead = groupSize == 1 ? d(1) : d(1).floorDiv(groupSize);

  // Scale: the attribute, or 1 / sqrt(head_dim).
  Value scale;
  if (std::optional<APFloat> attr = op.getScale()) {
    scale = scalarConstant(b, loc, element, attr->convertToDouble());
  } else if (!qType.isDynamicDim(3)) {
    scale = scalarConstant(b, loc, element,
                           1.0 / std::sqrt(double(qType.getDimSize(3))));
  } else {
    scale = math::RsqrtOp::create(
        b, loc, indexTo(b, loc, dimSize(b, loc, q, 3), element));
  }

  if (!dynamicGroup)
    return buildGroupedAttention(b, loc, op.getCausal(), q, k, v, mask, out,
                                 scale, groupSize, results);

  // scores[b, h, i, j] = sum_e q[b, i, h, e] * k[b, j, kv(h), e]
  // Space: (b, h, i, j, e).
  Value scores = emptyOf(b, loc, {{q, 0}, {q, 2}, {q, 1}, {k, 1}}, element);
  scores = fill(b, loc, scores, zeroOf(b, loc, element));
  {
    SmallVector<Value> ins = {q};
    SmallVector<AffineMap> maps = {map(5, {d(0), d(2), d(1), d(4)})};
    if (!dynamicGroup) {
      ins.push_back(k);
      maps.push_back(map(5, {d(0), d(3), kvHead, d(4)}));
    }
    maps.push_back(map(5, {d(0), d(1), d(2), d(3)}));
    scores =
        generic(b, loc, ins, scores, maps, iteratorsFor(5, {4}),
                [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                  Value key =
                      dynamicGroup ? readKV(nb, nloc, k, 0, 3, 1, 4) : args[1];
                  return arith::AddFOp::create(
                      nb, nloc, args.back(),
                      arith::MulFOp::create(nb, nloc, args[0], key));
                });
  }

  Value offset = arith::SubIOp::create(b, loc, dimSize(b, loc, k, 1),
                                       dimSize(b, loc, q, 1));
  // The scores' space is (b, h, i, j).
  AttentionMask scoresMask =
      getAttentionMask(mask, {d(0), d(1), d(2), d(3)}, 4);
  auto [probs, sum] = buildSoftmaxParts(
      b, loc, scores, scale, op.getCausal(), offset, scoresMask, [&] {
        return emptyOf(b, loc, {{q, 0}, {q, 2}, {q, 1}}, element);
      });

  // out[b, i, h, e] = sum_j probs[b, h, i, j] / sum[b, h, i] * v[b, j, kv(h),
  // e] Space: (b, h, i, e, j).
  Value init = fill(b, loc, out, zeroOf(b, loc, element));
  SmallVector<Value> ins = {probs, sum};
  SmallVector<AffineMap> maps = {map(5, {d(0), d(1), d(2), d(4)}),
                                 map(5, {d(0), d(1), d(2)})};
  if (!dynamicGroup) {
    ins.push_back(v);
    maps.push_back(map(5, {d(0), d(4), kvHead, d(3)}));
  }
  maps.push_back(map(5, {d(0), d(2), d(1), d(3)}));
  results.push_back(generic(
      b, loc, ins, init, maps, iteratorsFor(5, {4}),
      [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
        Value p = arith::DivFOp::create(nb, nloc, args[0], args[1]);
        Value value = dynamicGroup ? readKV(nb, nloc, v, 0, 4, 1, 3) : args[2];
        return arith::AddFOp::create(nb, nloc, args.back(),
                                     arith::MulFOp::create(nb, nloc, p, value));
      }));
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution and pooling
//===----------------------------------------------------------------------===//

namespace {
/// Window attributes, one value per spatial dim (padding: begins, then
/// ends), with the defaults of the shape rules.
struct Window {
  SmallVector<int64_t> strides, padding, dilation;

  Window(unsigned spatial, std::optional<ArrayRef<int64_t>> s,
         std::optional<ArrayRef<int64_t>> p,
         std::optional<ArrayRef<int64_t>> d) {
    auto perDim = [&](std::optional<ArrayRef<int64_t>> values) {
      if (!values)
        return SmallVector<int64_t>(spatial, 1);
      if (values->size() == 1)
        return SmallVector<int64_t>(spatial, values->front());
      return llvm::to_vector(*values);
    };
    strides = perDim(s);
    dilation = perDim(d);
    padding.assign(2 * spatial, 0);
    if (p && p->size() == spatial) {
      for (unsigned i = 0; i < spatial; ++i)
        padding[i] = padding[spatial + i] = (*p)[i];
    } else if (p) {
      padding.assign(p->begin(), p->end());
    }
  }

  bool isPadded() const {
    return llvm::any_of(padding, [](int64_t v) { return v != 0; });
  }
};
} // namespace

/// The value of an optional dense i64 array attribute.
static std::optional<ArrayRef<int64_t>> arrayAttr(Operation *op,
                                                  StringRef name) {
  if (auto attr = op->getAttrOfType<DenseI64ArrayAttr>(name))
    return attr.asArrayRef();
  return std::nullopt;
}

/// Pads the spatial dims (from dim 2) of `x` with `value`.
static Value padSpatial(OpBuilder &b, Location loc, Value x,
                        const Window &window, Value value) {
  if (!window.isPadded())
    return x;
  unsigned spatial = window.strides.size();
  SmallVector<OpFoldResult> low(2, b.getIndexAttr(0)),
      high(2, b.getIndexAttr(0));
  for (unsigned i = 0; i < spatial; ++i) {
    low.push_back(b.getIndexAttr(window.padding[i]));
    high.push_back(b.getIndexAttr(window.padding[spatial + i]));
  }
  return tensor::PadOp::create(b, loc, Type(), x, low, high, value).getResult();
}

/// Grouped conv1d / conv2d whose weight dims are symbolic: the channels of
/// the input, the weight's outputs and the result are split into
/// `[groups, size / groups]`, so that the group is a dim of its own. Space:
/// (n, g, o, out spatial..., ci, kernel...).
static LogicalResult buildConvSplit(OpBuilder &b, Location loc,
                                    const Window &window, int64_t groups,
                                    unsigned spatial, Value x, Value weight,
                                    Value out,
                                    SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  Type element = cast<RankedTensorType>(weight.getType()).getElementType();
  SmallVector<ReassociationIndices> split, weightSplit;
  Value padded = padSpatial(b, loc, x, window, zeroOf(b, loc, element));
  Value xs = splitAxis(b, loc, padded, 1, groups, split);
  Value ws = splitAxis(b, loc, weight, 0, groups, weightSplit);
  Value init = fill(b, loc, out, zeroOf(b, loc, element));
  Value outs = splitAxis(b, loc, init, 1, groups, split);
  unsigned numDims = 3 + 2 * spatial + 1;
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  AffineExpr n = d(0), g = d(1), o = d(2), ci = d(3 + spatial);
  SmallVector<AffineExpr> xExprs = {n, g, ci}, wExprs = {g, o, ci},
                          outExprs = {n, g, o};
  for (unsigned i = 0; i < spatial; ++i) {
    AffineExpr pos = d(3 + i), kernel = d(4 + spatial + i);
    xExprs.push_back(pos * window.strides[i] + kernel * window.dilation[i]);
    wExprs.push_back(kernel);
    outExprs.push_back(pos);
  }
  SmallVector<int64_t> reduced;
  for (unsigned i = 3 + spatial; i < numDims; ++i)
    reduced.push_back(i);
  Value result =
      generic(b, loc, ValueRange{xs, ws}, outs,
              {AffineMap::get(numDims, 0, xExprs, ctx),
               AffineMap::get(numDims, 0, wExprs, ctx),
               AffineMap::get(numDims, 0, outExprs, ctx)},
              iteratorsFor(numDims, reduced),
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                return add(nb, nloc, args[2], mul(nb, nloc, args[0], args[1]));
              });
  results.push_back(
      tensor::CollapseShapeOp::create(b, loc, out.getType(), result, split));
  return success();
}

/// An ungrouped conv2d as a product (im2col): the windows of the padded
/// input copied into channels-last columns `[n, oh, ow, ci, kh, kw]`, then
/// one contraction `rows[n, oh, ow, o] += cols[n, oh, ow, k] * w[o, k]` over
/// k = (ci, kh, kw), the form (and the [N, K] weight layout) the products'
/// schedules tile and vectorize best, transposed into the channels-first
/// output. Measured on one thread: a 64-channel 3x3 convolution at 56x56
/// took 119 ms as a windowed tile and 9 ms as a product. A conv1d keeps the
/// windowed tile, which is faster there (Whisper's 80 -> 384 channels,
/// kernel 3, at 3000 frames: 35 ms windowed, 77 ms as a product).
static void buildConvAsProduct(OpBuilder &b, Location loc, unsigned spatial,
                               const Window &window, Value x, Value weight,
                               Value out, SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto wType = cast<RankedTensorType>(weight.getType());
  Type element = wType.getElementType();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  // cols[n, pos..., ci, kernel...] = x[n, ci, pos * stride + kernel * dil]
  unsigned numDims = 2 + 2 * spatial;
  SmallVector<AffineExpr> xExprs = {d(0), d(1 + spatial)}, colExprs;
  for (unsigned i = 0; i < spatial; ++i)
    xExprs.push_back(d(1 + i) * window.strides[i] +
                     d(2 + spatial + i) * window.dilation[i]);
  for (unsigned i = 0; i < numDims; ++i)
    colExprs.push_back(d(i));
  SmallVector<std::pair<Value, int64_t>> dims = {{x, 0}};
  for (unsigned i = 0; i < spatial; ++i)
    dims.push_back({out, 2 + i});
  dims.push_back({weight, 1});
  for (unsigned i = 0; i < spatial; ++i)
    dims.push_back({weight, 2 + i});
  Value padded = padSpatial(b, loc, x, window, zeroOf(b, loc, element));
  Value cols =
      generic(b, loc, ValueRange{padded}, emptyOf(b, loc, dims, element),
              {AffineMap::get(numDims, 0, xExprs, ctx),
               AffineMap::get(numDims, 0, colExprs, ctx)},
              iteratorsFor(numDims, {}),
              [](OpBuilder &, Location, ValueRange args) -> Value {
                return args[0];
              });
  // [n, pos..., k] and [o, k]: the channel and kernel dims collapsed (all
  // static in a weight). The positions stay apart: upstream's
  // expand-strided-metadata crashes on expanding a group of two dynamic dims
  // back.
  ReassociationIndices channelAndKernel(1 + spatial);
  std::iota(channelAndKernel.begin(), channelAndKernel.end(), 1 + spatial);
  SmallVector<ReassociationIndices> colGroups;
  for (unsigned i = 0; i <= spatial; ++i)
    colGroups.push_back({static_cast<int64_t>(i)});
  colGroups.push_back(channelAndKernel);
  cols = tensor::CollapseShapeOp::create(b, loc, cols, colGroups);
  ReassociationIndices weightKernel(1 + spatial);
  std::iota(weightKernel.begin(), weightKernel.end(), 1);
  Value w = tensor::CollapseShapeOp::create(
      b, loc, weight, SmallVector<ReassociationIndices>{{0}, weightKernel});
  // Iteration space (n, pos..., o, k) into [n, pos..., o], then transposed
  // into out[n, o, pos...]: the products' schedules take identity output
  // maps, with the weight as [N, K].
  unsigned productDims = 3 + spatial;
  SmallVector<AffineExpr> lhsExprs, outExprs;
  SmallVector<std::pair<Value, int64_t>> rowDims = {{out, 0}};
  for (unsigned i = 0; i <= spatial; ++i) {
    lhsExprs.push_back(d(i));
    outExprs.push_back(d(i));
  }
  lhsExprs.push_back(d(productDims - 1));
  outExprs.push_back(d(productDims - 2));
  for (unsigned i = 0; i < spatial; ++i)
    rowDims.push_back({out, 2 + i});
  rowDims.push_back({out, 1});
  Value rows = emptyOf(b, loc, rowDims, element);
  auto product = linalg::ContractOp::create(
      b, loc, TypeRange{rows.getType()}, ValueRange{cols, w},
      ValueRange{fill(b, loc, rows, zeroOf(b, loc, element))},
      b.getAffineMapArrayAttr(
          {AffineMap::get(productDims, 0, lhsExprs, ctx),
           AffineMap::get(productDims, 0, {d(productDims - 2), d(productDims - 1)},
                          ctx),
           AffineMap::get(productDims, 0, outExprs, ctx)}));
  SmallVector<int64_t> perm = {0, spatial + 1};
  for (unsigned i = 0; i < spatial; ++i)
    perm.push_back(1 + i);
  results.push_back(linalg::TransposeOp::create(b, loc, product.getResult(0),
                                                out, perm)
                        .getResult()[0]);
}

/// conv1d / conv2d on channels-first operands. Space:
/// (n, o, out spatial..., ci, kernel...), reading
/// x[n, group(o) * ci_per_group + ci, out * stride + kernel * dilation].
static LogicalResult buildConv(OpBuilder &b, Location loc, Operation *op,
                               unsigned spatial, Value x, Value weight,
                               Value out, SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  Window window(spatial, arrayAttr(op, "strides"), arrayAttr(op, "padding"),
                arrayAttr(op, "dilation"));
  auto groupsAttr = op->getAttrOfType<IntegerAttr>("groups");
  int64_t groups = groupsAttr ? groupsAttr.getInt() : 1;
  auto wType = cast<RankedTensorType>(weight.getType());
  Type element = wType.getElementType();
  if (groups == 1 && spatial == 2 && isa<FloatType>(element)) {
    buildConvAsProduct(b, loc, spatial, window, x, weight, out, results);
    return success();
  }
  unsigned numDims = 2 + 2 * spatial + 1;
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  AffineExpr n = d(0), o = d(1), ci = d(2 + spatial);
  AffineExpr channel = ci;
  if (groups != 1) {
    if (wType.isDynamicDim(0) || wType.isDynamicDim(1))
      return buildConvSplit(b, loc, window, groups, spatial, x, weight, out,
                            results);
    int64_t outPerGroup = wType.getDimSize(0) / groups;
    channel = o.floorDiv(outPerGroup) * wType.getDimSize(1) + ci;
  }
  SmallVector<AffineExpr> xExprs = {n, channel}, wExprs = {o, ci},
                          outExprs = {n, o};
  for (unsigned i = 0; i < spatial; ++i) {
    AffineExpr pos = d(2 + i), kernel = d(3 + spatial + i);
    xExprs.push_back(pos * window.strides[i] + kernel * window.dilation[i]);
    wExprs.push_back(kernel);
    outExprs.push_back(pos);
  }
  SmallVector<int64_t> reduced;
  for (unsigned i = 2 + spatial; i < numDims; ++i)
    reduced.push_back(i);
  Value padded = padSpatial(b, loc, x, window, zeroOf(b, loc, element));
  Value init = fill(b, loc, out, zeroOf(b, loc, element));
  results.push_back(
      generic(b, loc, ValueRange{padded, weight}, init,
              {AffineMap::get(numDims, 0, xExprs, ctx),
               AffineMap::get(numDims, 0, wExprs, ctx),
               AffineMap::get(numDims, 0, outExprs, ctx)},
              iteratorsFor(numDims, reduced),
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                return add(nb, nloc, args[2], mul(nb, nloc, args[0], args[1]));
              }));
  return success();
}

/// max_pool2d / avg_pool2d. Space: (n, c, oh, ow, kh, kw); an empty
/// [kh, kw] tensor gives the window dims their bounds. Average pooling
/// divides by the whole window, padding included.
static LogicalResult buildPool(OpBuilder &b, Location loc, Operation *op,
                               bool isMax, Value x, Value out,
                               SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  Window window(2, arrayAttr(op, "strides"), arrayAttr(op, "padding"),
                arrayAttr(op, "dilation"));
  ArrayRef<int64_t> poolSize = *arrayAttr(op, "pool_size");
  Type element = cast<RankedTensorType>(x.getType()).getElementType();
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  SmallVector<AffineExpr> xExprs = {d(0), d(1)};
  for (unsigned i = 0; i < 2; ++i)
    xExprs.push_back(d(2 + i) * window.strides[i] +
                     d(4 + i) * window.dilation[i]);
  Value identity = isMax ? lowestOf(b, loc, element) : zeroOf(b, loc, element);
  Value padded = padSpatial(b, loc, x, window, identity);
  Value shape = tensor::EmptyOp::create(b, loc, poolSize, element);
  Value init = fill(b, loc, out, identity);
  Value pooled =
      generic(b, loc, ValueRange{padded, shape}, init,
              {AffineMap::get(6, 0, xExprs, ctx),
               AffineMap::get(6, 0, {d(4), d(5)}, ctx),
               AffineMap::get(6, 0, {d(0), d(1), d(2), d(3)}, ctx)},
              iteratorsFor(6, {4, 5}),
              [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
                return isMax ? maximum(nb, nloc, args[2], args[0])
                             : add(nb, nloc, args[2], args[0]);
              });
  if (!isMax) {
    int64_t area = poolSize[0] * poolSize[1];
    bool isFloat = isa<FloatType>(element);
    Value divisor = scalarConstant(b, loc, element, double(area));
    AffineMap id = AffineMap::getMultiDimIdentityMap(4, ctx);
    pooled = generic(
        b, loc, ValueRange{}, pooled, {id},
        SmallVector<Iterator>(4, Iterator::parallel),
        [&](OpBuilder &nb, Location nloc, ValueRange args) -> Value {
          return isFloat
                     ? Value(arith::DivFOp::create(nb, nloc, args[0], divisor))
                     : Value(
                           arith::DivSIOp::create(nb, nloc, args[0], divisor));
        });
  }
  results.push_back(pooled);
  return success();
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {
/// rms_norm (`centered` false) and layer_norm.
template <typename OpTy, bool centered>
struct NormPattern final : TensorProgramPattern<OpTy> {
  using TensorProgramPattern<OpTy>::TensorProgramPattern;

  LogicalResult buildBody(OpTy op, TensorProgramBody &body) const override {
    Value x = body.inputs.front();
    int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
    return buildNorm(body.builder, body.loc, x, body.inputs.drop_front(1),
                     body.outputs.front(),
                     normalizeAxes(op.getAxes(), rank, {rank - 1}),
                     op.getEpsilon().convertToDouble(), centered, body.results);
  }
};

struct GroupNormOpLowering final : TensorProgramPattern<GroupNormOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(GroupNormOp op,
                          TensorProgramBody &body) const override {
    return buildGroupNorm(body, op);
  }
};

struct VarianceOpLowering final : TensorProgramPattern<VarianceOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(VarianceOp op,
                          TensorProgramBody &body) const override {
    return buildVariance(body.builder, body.loc, op, body.inputs[0],
                         body.outputs[0], body.results);
  }
};

struct ArgmaxOpLowering final : TensorProgramPattern<ArgmaxOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(ArgmaxOp op, TensorProgramBody &body) const override {
    return buildArgmax(body.builder, body.loc, op, body.inputs[0],
                       body.outputs[0], body.results);
  }
};

struct CumsumOpLowering final : TensorProgramPattern<CumsumOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(CumsumOp op, TensorProgramBody &body) const override {
    return buildCumsum(body.builder, body.loc, op, body.inputs[0],
                       body.outputs[0], body.results);
  }
};

struct RotaryEmbeddingOpLowering final
    : TensorProgramPattern<RotaryEmbeddingOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(RotaryEmbeddingOp,
                          TensorProgramBody &body) const override {
    return buildRotary(body.builder, body.loc, body.inputs[0], body.inputs[1],
                       body.inputs[2], body.outputs[0], body.results);
  }
};

struct AttentionOpLowering final : TensorProgramPattern<AttentionOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(AttentionOp op,
                          TensorProgramBody &body) const override {
    Value mask = body.inputs.size() > 3 ? body.inputs[3] : Value();
    return buildAttention(body.builder, body.loc, op, body.inputs[0],
                          body.inputs[1], body.inputs[2], mask, body.outputs[0],
                          body.results);
  }
};

/// conv1d and conv2d, over `spatial` dims.
template <typename OpTy, unsigned spatial>
struct ConvPattern final : TensorProgramPattern<OpTy> {
  using TensorProgramPattern<OpTy>::TensorProgramPattern;

  LogicalResult buildBody(OpTy op, TensorProgramBody &body) const override {
    return buildConv(body.builder, body.loc, op, spatial, body.inputs[0],
                     body.inputs[1], body.outputs[0], body.results);
  }
};

/// max_pool2d (`isMax`) and avg_pool2d.
template <typename OpTy, bool isMax>
struct PoolPattern final : TensorProgramPattern<OpTy> {
  using TensorProgramPattern<OpTy>::TensorProgramPattern;

  LogicalResult buildBody(OpTy op, TensorProgramBody &body) const override {
    return buildPool(body.builder, body.loc, op, isMax, body.inputs[0],
                     body.outputs[0], body.results);
  }
};
} // namespace

void mlir::relax::populateRelaxNeuralNetworkLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<NormPattern<RmsNormOp, /*centered=*/false>,
               NormPattern<LayerNormOp, /*centered=*/true>, GroupNormOpLowering,
               VarianceOpLowering, ArgmaxOpLowering, CumsumOpLowering,
               RotaryEmbeddingOpLowering, AttentionOpLowering,
               ConvPattern<Conv1dOp, 1>, ConvPattern<Conv2dOp, 2>,
               PoolPattern<MaxPool2dOp, /*isMax=*/true>,
               PoolPattern<AvgPool2dOp, /*isMax=*/false>>(ctx, cache);
}
