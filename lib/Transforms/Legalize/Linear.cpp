//===- Linear.cpp - Programs of matrix products ---------------------------===//

#include "TensorUtils.h"

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::relax;

/// The map reading a matmul operand: its batch dims broadcast against the
/// output's, then its two matrix dims (or one for a vector).
static AffineMap operandMap(MLIRContext *ctx, RankedTensorType type,
                            ArrayRef<int64_t> outShape, unsigned numBatch,
                            unsigned numDims, ArrayRef<AffineExpr> matrixDims) {
  ArrayRef<int64_t> batch =
      type.getShape().drop_back(static_cast<int64_t>(matrixDims.size()));
  SmallVector<AffineExpr> exprs = lowering::getBroadcastExprs(
      ctx, batch, numBatch - batch.size(), outShape);
  exprs.append(matrixDims.begin(), matrixDims.end());
  return AffineMap::get(numDims, 0, exprs, ctx);
}

/// One contraction: batch dims broadcast, the output is zero-filled and
/// accumulates over k.
static LogicalResult buildMatmul(OpBuilder &b, Location loc, MatmulOp matmul,
                                 ValueRange inputs, ValueRange outputs,
                                 SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  Value lhs = inputs[0], rhs = inputs[1], out = outputs[0];
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  auto outType = cast<RankedTensorType>(out.getType());
  bool hasM = lhsType.getRank() > 1, hasN = rhsType.getRank() > 1;
  unsigned numBatch = outType.getRank() - hasM - hasN;
  // Iteration space: batch dims, m, n, then the contraction dim k.
  unsigned numDims = numBatch + hasM + hasN + 1;
  AffineExpr m = getAffineDimExpr(numBatch, ctx);
  AffineExpr n = getAffineDimExpr(numBatch + hasM, ctx);
  AffineExpr k = getAffineDimExpr(numDims - 1, ctx);

  SmallVector<AffineExpr> lhsDims, rhsDims, outDims;
  if (hasM)
    lhsDims = matmul.getTransposeA() ? SmallVector<AffineExpr>{k, m}
                                     : SmallVector<AffineExpr>{m, k};
  else
    lhsDims = {k};
  if (hasN)
    rhsDims = matmul.getTransposeB() ? SmallVector<AffineExpr>{n, k}
                                     : SmallVector<AffineExpr>{k, n};
  else
    rhsDims = {k};
  for (unsigned i = 0; i < numBatch; ++i)
    outDims.push_back(getAffineDimExpr(i, ctx));
  if (hasM)
    outDims.push_back(m);
  if (hasN)
    outDims.push_back(n);

  ArrayRef<int64_t> outShape = outType.getShape();
  SmallVector<AffineMap> maps = {
      operandMap(ctx, lhsType, outShape, numBatch, numDims, lhsDims),
      operandMap(ctx, rhsType, outShape, numBatch, numDims, rhsDims),
      AffineMap::get(numDims, 0, outDims, ctx)};
  SmallVector<utils::IteratorType> iterators(numDims,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;

  Type element = outType.getElementType();
  bool isFloat = isa<FloatType>(element);
  Value zero = arith::ConstantOp::create(
      b, loc, element,
      isFloat ? cast<TypedAttr>(b.getFloatAttr(element, 0.0))
              : cast<TypedAttr>(b.getIntegerAttr(element, 0)));
  Value init = linalg::FillOp::create(b, loc, zero, out).getResult(0);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, ValueRange{lhs, rhs}, ValueRange{init}, maps,
      iterators, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value product =
            isFloat ? Value(arith::MulFOp::create(nb, nloc, args[0], args[1]))
                    : Value(arith::MulIOp::create(nb, nloc, args[0], args[1]));
        Value sum =
            isFloat ? Value(arith::AddFOp::create(nb, nloc, args[2], product))
                    : Value(arith::AddIOp::create(nb, nloc, args[2], product));
        linalg::YieldOp::create(nb, nloc, sum);
      });
  results.push_back(generic.getResult(0));
  return success();
}

namespace {
struct MatmulOpLowering final : TensorProgramPattern<MatmulOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(MatmulOp op, TensorProgramBody &body) const override {
    return buildMatmul(body.builder, body.loc, op, body.inputs, body.outputs,
                       body.results);
  }
};
} // namespace

void mlir::relax::populateRelaxLinearLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  patterns.add<MatmulOpLowering>(patterns.getContext(), cache);
}
