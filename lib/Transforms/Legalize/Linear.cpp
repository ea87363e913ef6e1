//===- Linear.cpp - Programs of matrix products ---------------------------===//
//
// relax.matmul becomes one linalg.contract: transposes and batch broadcasts
// live in its indexing maps, so no schedule has to recognize a product.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::relax;

/// Reads `operand` (batch dims, then `matrixDims.size()` matrix dims) as a
/// contraction operand of an iteration space of `numDims` dims whose first
/// `numBatch` are the output's batch dims. Batch dims align to the right; a
/// literal-1 batch dim against a larger output dim broadcasts, which a
/// contraction expresses by leaving the dim out of its map, so such dims are
/// collapsed away from `operand` first.
static AffineMap readOperand(OpBuilder &b, Location loc, Value &operand,
                             ArrayRef<int64_t> outShape, unsigned numBatch,
                             unsigned numDims,
                             ArrayRef<AffineExpr> matrixDims) {
  MLIRContext *ctx = b.getContext();
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t rank = type.getRank();
  int64_t batchRank = rank - static_cast<int64_t>(matrixDims.size());
  unsigned firstDim = numBatch - batchRank;
  SmallVector<AffineExpr> exprs;
  // Each dropped dim joins the group of the next kept one; matrix dims are
  // always kept, so every group has one.
  SmallVector<ReassociationIndices> groups;
  ReassociationIndices pending;
  for (int64_t i = 0; i < rank; ++i) {
    pending.push_back(i);
    if (i < batchRank && type.getDimSize(i) == 1 &&
        outShape[firstDim + i] != 1)
      continue;
    exprs.push_back(i < batchRank ? getAffineDimExpr(firstDim + i, ctx)
                                  : matrixDims[i - batchRank]);
    groups.push_back(pending);
    pending.clear();
  }
  if (static_cast<int64_t>(groups.size()) != rank)
    operand = tensor::CollapseShapeOp::create(b, loc, operand, groups);
  return AffineMap::get(numDims, 0, exprs, ctx);
}

/// One contraction accumulating over k into a zero-filled output.
static LogicalResult buildMatmul(OpBuilder &b, Location loc, MatmulOp matmul,
                                 ValueRange inputs, ValueRange outputs,
                                 SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  Value lhs = inputs[0], rhs = inputs[1], out = outputs[0];
  bool hasM = cast<RankedTensorType>(lhs.getType()).getRank() > 1;
  bool hasN = cast<RankedTensorType>(rhs.getType()).getRank() > 1;
  auto outType = cast<RankedTensorType>(out.getType());
  unsigned numBatch = outType.getRank() - hasM - hasN;
  // Iteration space: batch dims, m, n, then the contraction dim k.
  unsigned numDims = numBatch + hasM + hasN + 1;
  AffineExpr m = getAffineDimExpr(numBatch, ctx);
  AffineExpr n = getAffineDimExpr(numBatch + hasM, ctx);
  AffineExpr k = getAffineDimExpr(numDims - 1, ctx);

  SmallVector<AffineExpr> lhsDims{k}, rhsDims{k}, outDims;
  if (hasM)
    lhsDims = matmul.getTransposeA() ? SmallVector<AffineExpr>{k, m}
                                     : SmallVector<AffineExpr>{m, k};
  if (hasN)
    rhsDims = matmul.getTransposeB() ? SmallVector<AffineExpr>{n, k}
                                     : SmallVector<AffineExpr>{k, n};
  for (unsigned i = 0; i < numBatch; ++i)
    outDims.push_back(getAffineDimExpr(i, ctx));
  if (hasM)
    outDims.push_back(m);
  if (hasN)
    outDims.push_back(n);

  ArrayRef<int64_t> outShape = outType.getShape();
  AffineMap lhsMap =
      readOperand(b, loc, lhs, outShape, numBatch, numDims, lhsDims);
  AffineMap rhsMap =
      readOperand(b, loc, rhs, outShape, numBatch, numDims, rhsDims);
  AffineMap outMap = AffineMap::get(numDims, 0, outDims, ctx);

  Type element = outType.getElementType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  Value init = linalg::FillOp::create(b, loc, zero, out).getResult(0);
  auto contract = linalg::ContractOp::create(
      b, loc, TypeRange{outType}, ValueRange{lhs, rhs}, ValueRange{init},
      b.getAffineMapArrayAttr({lhsMap, rhsMap, outMap}));
  results.push_back(contract.getResult(0));
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
