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

/// Reads the copies that contractions take as operands (the transposed
/// queries and keys of attention) through the copies' maps instead, so that
/// the copies are never materialized in a temporary of the kernel.
static void foldCopiesIntoContractions(RewriterBase &rewriter,
                                       FunctionOpInterface func) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<linalg::GenericOp> consumers;
    func.walk([&](linalg::GenericOp op) {
      if (op.hasPureTensorSemantics() && linalg::isaContractionOpInterface(op))
        consumers.push_back(op);
    });
    for (linalg::GenericOp consumer : consumers) {
      for (OpOperand *operand : consumer.getDpsInputOperands()) {
        // A copy with other users would stay a result of the fused op, which
        // would then not be a contraction.
        auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
        if (!producer || !producer->hasOneUse() ||
            !isInnermostKeepingCopy(producer) ||
            !linalg::areElementwiseOpsFusable(operand))
          continue;
        Attribute schedule =
            consumer->getAttr(RelaxCodegenDialect::getLoweringConfigAttrName());
        rewriter.setInsertionPoint(consumer);
        FailureOr<linalg::ElementwiseOpFusionResult> fused =
            linalg::fuseElementwiseOps(rewriter, operand);
        if (failed(fused))
          continue;
        if (schedule)
          fused->fusedOp->setAttr(
              RelaxCodegenDialect::getLoweringConfigAttrName(), schedule);
        for (OpResult result : consumer->getResults())
          rewriter.replaceAllUsesWith(result,
                                      fused->replacements.lookup(result));
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
