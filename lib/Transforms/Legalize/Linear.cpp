//===- Linear.cpp - Programs of matrix products ---------------------------===//
//
// relax.matmul becomes one linalg.contract: transposes and batch broadcasts
// live in its indexing maps, so no schedule has to recognize a product.
// relax.packed_matmul is one too, over the output's columns split into the
// panel index and the column within the panel.
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

/// `[..., m, k] x [nb, k, p] -> [..., m, nb * p]`: one contraction into the
/// output expanded to `[..., m, nb, p]`, whose loops are the batch dims, m,
/// nb, p and k, so that p is innermost in the packed operand and the output.
static void buildPackedMatmul(OpBuilder &b, Location loc, ValueRange inputs,
                              ValueRange outputs,
                              SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  Value lhs = inputs[0], rhs = inputs[1], out = outputs[0];
  auto outType = cast<RankedTensorType>(out.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  unsigned rank = outType.getRank();
  unsigned numDims = rank + 2;
  AffineExpr nb = getAffineDimExpr(rank - 1, ctx);
  AffineExpr p = getAffineDimExpr(rank, ctx);
  AffineExpr k = getAffineDimExpr(rank + 1, ctx);
  SmallVector<AffineExpr> lhsDims, outDims;
  for (unsigned i = 0; i + 1 < rank; ++i) {
    lhsDims.push_back(getAffineDimExpr(i, ctx));
    outDims.push_back(getAffineDimExpr(i, ctx));
  }
  lhsDims.push_back(k);
  outDims.append({nb, p});

  // The output's columns as [nb, p].
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, out);
  sizes.pop_back();
  sizes.push_back(tensor::getMixedSize(b, loc, rhs, 0));
  sizes.push_back(b.getIndexAttr(rhsType.getDimSize(2)));
  SmallVector<int64_t> shape(outType.getShape().drop_back());
  shape.append({rhsType.getDimSize(0), rhsType.getDimSize(2)});
  SmallVector<ReassociationIndices> groups;
  for (unsigned i = 0; i + 1 < rank; ++i)
    groups.push_back({static_cast<int64_t>(i)});
  groups.push_back({rank - 1, rank});
  auto expandedType = outType.clone(shape);
  Value expanded =
      tensor::ExpandShapeOp::create(b, loc, expandedType, out, groups, sizes);

  Type element = outType.getElementType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  Value init = linalg::FillOp::create(b, loc, zero, expanded).getResult(0);
  auto contract = linalg::ContractOp::create(
      b, loc, TypeRange{expandedType}, ValueRange{lhs, rhs}, ValueRange{init},
      b.getAffineMapArrayAttr({AffineMap::get(numDims, 0, lhsDims, ctx),
                               AffineMap::get(numDims, 0, {nb, k, p}, ctx),
                               AffineMap::get(numDims, 0, outDims, ctx)}));
  results.push_back(tensor::CollapseShapeOp::create(
      b, loc, outType, contract.getResult(0), groups));
}

namespace {
struct MatmulOpLowering final : TensorProgramPattern<MatmulOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(MatmulOp op, TensorProgramBody &body) const override {
    return buildMatmul(body.builder, body.loc, op, body.inputs, body.outputs,
                       body.results);
  }
};

struct PackedMatmulOpLowering final : TensorProgramPattern<PackedMatmulOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(PackedMatmulOp op,
                          TensorProgramBody &body) const override {
    buildPackedMatmul(body.builder, body.loc, body.inputs, body.outputs,
                      body.results);
    return success();
  }
};
} // namespace

void mlir::relax::populateRelaxLinearLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  patterns.add<MatmulOpLowering, PackedMatmulOpLowering>(patterns.getContext(),
                                                         cache);
}
