//===- FoldCopies.cpp - Read copies through contractions' maps ------------===//
//
// --relax-cpu-fold-copies: a contraction reads the copies it takes as
// operands (transposes of outer dims, broadcasts) through their maps.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUFOLDCOPIESPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

/// Whether `op` only copies its one input to its output with the innermost
/// dim kept innermost (a transpose of outer dims, a broadcast): read through
/// a composed map, such a copy costs its consumer no contiguity.
static bool isInnermostKeepingCopy(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() != 0 || !op.hasPureTensorSemantics())
    return false;
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (body.getOperations().size() != 1 ||
      yield.getOperand(0) != body.getArgument(0))
    return false;
  AffineMap inputMap = op.getMatchingIndexingMap(op.getDpsInputOperand(0));
  AffineMap outputMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  // A broadcast through a constant index (`(d0, 0, d2)`) would leave the
  // consumer's map with one, which no contraction has.
  return inputMap.getNumResults() != 0 && outputMap.getNumResults() != 0 &&
         inputMap.isProjectedPermutation() && outputMap.isPermutation() &&
         inputMap.getResults().back() == outputMap.getResults().back();
}

/// Replaces `consumer`, a linalg.contract, by one that reads the operand
/// `operand` through the copy `producer`'s maps instead: the operand's map
/// becomes the copy's input map composed with the inverse of its output map
/// and the operand's own map. Fails when that is no projected permutation.
static FailureOr<linalg::LinalgOp>
foldIntoContract(RewriterBase &rewriter, linalg::ContractOp consumer,
                 OpOperand *operand, linalg::GenericOp producer) {
  AffineMap inputMap =
      producer.getMatchingIndexingMap(producer.getDpsInputOperand(0));
  AffineMap outputMap =
      producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
  AffineMap map = inputMap.compose(inversePermutation(outputMap))
                      .compose(consumer.getMatchingIndexingMap(operand));
  if (!map.isProjectedPermutation())
    return failure();
  // A broadcast of a unit dim drops that dim from the map; a contracting dim
  // must stay in both operands (a K = 1 product of a broadcast vector).
  AffineMap oldMap = consumer.getMatchingIndexingMap(operand);
  AffineMap resultMap =
      consumer.getMatchingIndexingMap(consumer.getDpsInitOperand(0));
  for (AffineExpr expr : oldMap.getResults())
    if (!llvm::is_contained(map.getResults(), expr) &&
        !llvm::is_contained(resultMap.getResults(), expr))
      return failure();
  SmallVector<Value> inputs = consumer.getDpsInputs();
  SmallVector<AffineMap> maps = consumer.getIndexingMapsArray();
  unsigned index = operand->getOperandNumber();
  inputs[index] = producer.getDpsInputOperand(0)->get();
  maps[index] = map;
  rewriter.setInsertionPoint(consumer);
  auto contract = linalg::ContractOp::create(
      rewriter, consumer.getLoc(), consumer.getResultTypes(), inputs,
      consumer.getDpsInits(), rewriter.getAffineMapArrayAttr(maps));
  if (linalg::TypeFnAttr cast = consumer.getCastAttr())
    contract.setCastAttr(cast);
  return cast<linalg::LinalgOp>(contract.getOperation());
}

/// Replaces `consumer`, a contraction written as a linalg.generic, by the
/// elementwise fusion of `operand`'s producer into it.
static FailureOr<linalg::LinalgOp> foldIntoGeneric(RewriterBase &rewriter,
                                                   OpOperand *operand) {
  if (!linalg::areElementwiseOpsFusable(operand))
    return failure();
  Operation *consumer = operand->getOwner();
  rewriter.setInsertionPoint(consumer);
  FailureOr<linalg::ElementwiseOpFusionResult> fused =
      linalg::fuseElementwiseOps(rewriter, operand);
  if (failed(fused))
    return failure();
  for (OpResult result : consumer->getResults())
    rewriter.replaceAllUsesWith(result, fused->replacements.lookup(result));
  return cast<linalg::LinalgOp>(fused->fusedOp);
}

/// Reads the copies that contractions take as operands (the transposed
/// queries and keys of attention) through the copies' maps instead, so that
/// the copies are never materialized in a temporary of the kernel.
static void foldCopiesIntoContractions(RewriterBase &rewriter,
                                       FunctionOpInterface func) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<linalg::LinalgOp> consumers;
    func.walk([&](linalg::LinalgOp op) {
      if (isa<linalg::GenericOp, linalg::ContractOp>(op.getOperation()) &&
          op.hasPureTensorSemantics() && linalg::isaContractionOpInterface(op))
        consumers.push_back(op);
    });
    for (linalg::LinalgOp consumer : consumers) {
      for (OpOperand *operand : consumer.getDpsInputOperands()) {
        // A copy with other users would stay a result of the fused op, which
        // would then not be a contraction.
        auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
        if (!producer || !producer->hasOneUse() ||
            !isInnermostKeepingCopy(producer))
          continue;
        Attribute config =
            consumer->getAttr(RelaxCodegenDialect::getLoweringConfigAttrName());
        FailureOr<linalg::LinalgOp> folded =
            isa<linalg::ContractOp>(consumer.getOperation())
                ? foldIntoContract(rewriter,
                                   cast<linalg::ContractOp>(consumer),
                                   operand, producer)
                : foldIntoGeneric(rewriter, operand);
        if (failed(folded))
          continue;
        if (config)
          (*folded)->setAttr(RelaxCodegenDialect::getLoweringConfigAttrName(),
                             config);
        if (!consumer->use_empty())
          rewriter.replaceOp(consumer, (*folded)->getResults());
        else
          rewriter.eraseOp(consumer);
        if (producer->use_empty())
          rewriter.eraseOp(producer);
        changed = true;
        break;
      }
      if (changed)
        break;
    }
  }
}

namespace {
struct RelaxCPUFoldCopiesPass
    : codegen::impl::RelaxCPUFoldCopiesPassBase<RelaxCPUFoldCopiesPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    foldCopiesIntoContractions(rewriter, getOperation());
  }
};
} // namespace
