//===- PatternKindAnalysis.cpp - Pattern kind of tensor programs ----------===//

#include "Relax/Dialect/TProg/Analysis/PatternKindAnalysis.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::tprog;
using relax::PatternKind;

/// Classifies one linalg op.
static PatternKind classify(linalg::LinalgOp op) {
  if (linalg::isaContractionOpInterface(op) ||
      linalg::isaConvolutionOpInterface(op))
    return PatternKind::OutElementWiseFusable;
  if (op.getNumReductionLoops() > 0)
    return PatternKind::Reduction;
  // Reading other tensors by computed indices (a gather, a reshape through
  // linear indices) maps each output element to one input element.
  PatternKind kind = PatternKind::ElementWise;
  op->walk([&](tensor::ExtractOp) { kind = PatternKind::Injective; });
  for (OpOperand &operand : op->getOpOperands()) {
    // Scalars (a fill value) are read the same for every element.
    if (!isa<ShapedType>(operand.get().getType()))
      continue;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (map.isIdentity())
      continue;
    bool isInput = op.isDpsInput(&operand);
    if (isInput && map.isProjectedPermutation() &&
        map.getNumResults() < map.getNumDims()) {
      // Reads along a subset of the output dims, in order: a broadcast.
      bool ordered = true;
      int64_t last = -1;
      for (AffineExpr expr : map.getResults()) {
        int64_t pos = cast<AffineDimExpr>(expr).getPosition();
        ordered &= pos > last;
        last = pos;
      }
      kind = std::max(kind, ordered ? PatternKind::Broadcast
                                    : PatternKind::Injective);
      continue;
    }
    kind = std::max(kind, PatternKind::Injective);
  }
  return kind;
}

/// Ops that compute nothing on tensors themselves.
static bool isBookkeeping(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>() ||
      op->hasTrait<OpTrait::ConstantLike>())
    return true;
  if (isa<tensor::EmptyOp, tensor::DimOp>(op))
    return true;
  // Scalar and index arithmetic (sizes, offsets).
  return llvm::none_of(op->getOperandTypes(),
                       [](Type t) { return isa<ShapedType>(t); }) &&
         llvm::none_of(op->getResultTypes(),
                       [](Type t) { return isa<ShapedType>(t); }) &&
         op->getNumRegions() == 0;
}

PatternKind mlir::tprog::analyzePatternKind(FuncOp func) {
  PatternKind kind = PatternKind::ElementWise;
  func.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == func.getOperation())
      return WalkResult::advance();
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      kind = std::max(kind, classify(linalgOp));
      return WalkResult::skip();
    }
    if (isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp,
            tensor::ExtractSliceOp, tensor::InsertSliceOp, tensor::ConcatOp,
            tensor::ReshapeOp>(op)) {
      kind = std::max(kind, PatternKind::Injective);
      return WalkResult::advance();
    }
    if (!isBookkeeping(op))
      kind = PatternKind::Opaque;
    return WalkResult::skip();
  });
  return kind;
}
