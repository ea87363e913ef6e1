//===- Reduction.cpp - Programs of reductions and softmax -----------------===//

#include "TensorUtils.h"

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::lowering;

namespace {
enum class Combiner { Sum, Prod, Max, Min };
} // namespace

/// The arith reduction kind of `combiner` on elements of `type` (floats or
/// signed integers).
static arith::AtomicRMWKind getReductionKind(Combiner combiner, Type type) {
  bool isFloat = isa<FloatType>(type);
  switch (combiner) {
  case Combiner::Sum:
    return isFloat ? arith::AtomicRMWKind::addf : arith::AtomicRMWKind::addi;
  case Combiner::Prod:
    return isFloat ? arith::AtomicRMWKind::mulf : arith::AtomicRMWKind::muli;
  case Combiner::Max:
    return isFloat ? arith::AtomicRMWKind::maximumf
                   : arith::AtomicRMWKind::maxs;
  case Combiner::Min:
    return isFloat ? arith::AtomicRMWKind::minimumf
                   : arith::AtomicRMWKind::mins;
  }
  llvm_unreachable("unknown combiner");
}

/// The identity of a combiner as a scalar of `type` (an infinity for the
/// float max and min).
static Value identityValue(OpBuilder &b, Location loc, Type type,
                           Combiner combiner) {
  return arith::getIdentityValue(getReductionKind(combiner, type), type, b,
                                 loc);
}

static Value combine(OpBuilder &b, Location loc, Combiner combiner, Value acc,
                     Value x) {
  return arith::getReductionOp(getReductionKind(combiner, x.getType()), b,
                               loc, acc, x);
}

/// Reduces `input` along `axes` into `init` (already holding the identity),
/// applying `map` to each element first. Reduced dims are dropped from the
/// result (with keepdims, callers reduce into a view without the kept dims:
/// collapseKeptDims).
static Value
reduce(OpBuilder &b, Location loc, Value input, Value init,
       const llvm::SmallSet<int64_t, 4> &axes, Combiner combiner,
       function_ref<Value(OpBuilder &, Location, Value)> map = nullptr) {
  MLIRContext *ctx = b.getContext();
  unsigned rank = cast<RankedTensorType>(input.getType()).getRank();
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iterators;
  for (unsigned i = 0; i < rank; ++i) {
    bool reduced = axes.contains(i);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (!reduced)
      outExprs.push_back(getAffineDimExpr(i, ctx));
  }
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 AffineMap::get(rank, 0, outExprs, ctx)};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{init.getType()}, ValueRange{input}, ValueRange{init},
      maps, iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value x = map ? map(nb, nloc, args[0]) : args[0];
        linalg::YieldOp::create(nb, nloc,
                                combine(nb, nloc, combiner, args[1], x));
      });
  return generic.getResult(0);
}

static Value fill(OpBuilder &b, Location loc, Value dest, Combiner combiner) {
  Type element = cast<ShapedType>(dest.getType()).getElementType();
  return linalg::FillOp::create(b, loc,
                                identityValue(b, loc, element, combiner), dest)
      .getResult(0);
}

static LogicalResult buildSoftmax(OpBuilder &b, Location loc, Value x,
                                  Value out, int64_t axis, bool isLog,
                                  SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(x.getType());
  int64_t rank = type.getRank();
  axis = axis < 0 ? axis + rank : axis;
  llvm::SmallSet<int64_t, 4> axes;
  axes.insert(axis);
  // max along the axis, then the sum of exp(x - max).
  Value max = reduce(
      b, loc, x, fill(b, loc, emptyWithout(b, loc, x, {axis}), Combiner::Max),
      axes, Combiner::Max);
  SmallVector<AffineExpr> projected;
  for (int64_t i = 0; i < rank; ++i)
    if (i != axis)
      projected.push_back(getAffineDimExpr(i, ctx));
  AffineMap id = AffineMap::getMultiDimIdentityMap(rank, ctx);
  AffineMap proj = AffineMap::get(rank, 0, projected, ctx);
  SmallVector<utils::IteratorType> sumIterators(rank,
                                                utils::IteratorType::parallel);
  sumIterators[axis] = utils::IteratorType::reduction;
  Value sumInit = fill(b, loc, emptyWithout(b, loc, x, {axis}), Combiner::Sum);
  Value sum =
      linalg::GenericOp::create(
          b, loc, TypeRange{sumInit.getType()}, ValueRange{x, max},
          ValueRange{sumInit}, SmallVector<AffineMap>{id, proj, proj},
          sumIterators,
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Value e = math::ExpOp::create(
                nb, nloc, arith::SubFOp::create(nb, nloc, args[0], args[1]));
            linalg::YieldOp::create(
                nb, nloc,
                ValueRange{arith::AddFOp::create(nb, nloc, args[2], e)});
          })
          .getResult(0);
  SmallVector<utils::IteratorType> parallel(rank,
                                            utils::IteratorType::parallel);
  Value result =
      linalg::GenericOp::create(
          b, loc, TypeRange{out.getType()}, ValueRange{x, max, sum},
          ValueRange{out}, SmallVector<AffineMap>{id, proj, proj, id}, parallel,
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Value shifted = arith::SubFOp::create(nb, nloc, args[0], args[1]);
            Value value =
                isLog ? Value(arith::SubFOp::create(
                            nb, nloc, shifted,
                            math::LogOp::create(nb, nloc, args[2])))
                      : Value(arith::DivFOp::create(
                            nb, nloc, math::ExpOp::create(nb, nloc, shifted),
                            args[2]));
            linalg::YieldOp::create(nb, nloc, value);
          })
          .getResult(0);
  results.push_back(result);
  return success();
}

/// sum, mean, max, min and prod along `axes` (all when absent); the mean
/// divides the sum by the element count.
static LogicalResult buildReduction(TensorProgramBody &body, Operation *op,
                                    Combiner combiner, bool isMean) {
  OpBuilder &b = body.builder;
  Location loc = body.loc;
  Value x = body.inputs.front(), out = body.outputs.front();
  int64_t rank = cast<RankedTensorType>(x.getType()).getRank();
  auto axesAttr = op->getAttrOfType<DenseI64ArrayAttr>("axes");
  bool keepdims = op->getAttrOfType<BoolAttr>("keepdims").getValue();
  llvm::SmallSet<int64_t, 4> axes;
  if (axesAttr) {
    for (int64_t axis : axesAttr.asArrayRef())
      axes.insert(axis < 0 ? axis + rank : axis);
  } else {
    for (int64_t i = 0; i < rank; ++i)
      axes.insert(i);
  }
  auto outType = cast<RankedTensorType>(out.getType());
  SmallVector<int64_t> axisList = llvm::to_vector(axes);
  std::optional<SmallVector<ReassociationIndices>> groups =
      collapseKeptDims(b, loc, out, axisList, keepdims);
  Value reduced =
      reduce(b, loc, x, fill(b, loc, out, combiner), axes, combiner);
  if (isMean) {
    auto type = cast<RankedTensorType>(reduced.getType());
    Value count =
        countAlong(b, loc, x, llvm::to_vector(axes), type.getElementType());
    AffineMap id =
        AffineMap::getMultiDimIdentityMap(type.getRank(), b.getContext());
    reduced =
        linalg::GenericOp::create(
            b, loc, TypeRange{type}, ValueRange{reduced}, ValueRange{reduced},
            SmallVector<AffineMap>{id, id},
            SmallVector<utils::IteratorType>(type.getRank(),
                                             utils::IteratorType::parallel),
            [&](OpBuilder &nb, Location nloc, ValueRange args) {
              linalg::YieldOp::create(
                  nb, nloc,
                  ValueRange{arith::DivFOp::create(nb, nloc, args[0], count)});
            })
            .getResult(0);
  }
  reduced = expandKeptDims(b, loc, reduced, outType, groups);
  body.results.push_back(reduced);
  return success();
}

namespace {
template <typename OpTy, Combiner combiner>
struct ReductionPattern final : TensorProgramPattern<OpTy> {
  using TensorProgramPattern<OpTy>::TensorProgramPattern;

  LogicalResult buildBody(OpTy op, TensorProgramBody &body) const override {
    return buildReduction(body, op, combiner,
                          /*isMean=*/std::is_same_v<OpTy, MeanOp>);
  }
};

template <typename OpTy, bool isLog>
struct SoftmaxPattern final : TensorProgramPattern<OpTy> {
  using TensorProgramPattern<OpTy>::TensorProgramPattern;

  LogicalResult buildBody(OpTy op, TensorProgramBody &body) const override {
    return buildSoftmax(body.builder, body.loc, body.inputs.front(),
                        body.outputs.front(), op.getAxis(), isLog,
                        body.results);
  }
};
} // namespace

void mlir::relax::populateRelaxReductionLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ReductionPattern<SumOp, Combiner::Sum>,
               ReductionPattern<MeanOp, Combiner::Sum>,
               ReductionPattern<MaxOp, Combiner::Max>,
               ReductionPattern<MinOp, Combiner::Min>,
               ReductionPattern<ProdOp, Combiner::Prod>,
               SoftmaxPattern<SoftmaxOp, /*isLog=*/false>,
               SoftmaxPattern<LogSoftmaxOp, /*isLog=*/true>>(ctx, cache);
}
