//===- ExpandEpilogues.cpp - Epilogues of packed products in panels -------===//
//
// --relax-cpu-expand-epilogues: elementwise ops reading the collapsed output
// of a contraction are expanded to the contraction's shape, so that they
// tile with it.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUEXPANDEPILOGUESPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

/// Whether `value` is computed by a contraction, or by elementwise ops from
/// one (at most `depth` of them).
static bool isFromContraction(Value value, unsigned depth) {
  auto producer = value.getDefiningOp<linalg::LinalgOp>();
  if (!producer)
    return false;
  if (linalg::isaContractionOpInterface(producer))
    return true;
  return depth > 0 && producer.getNumReductionLoops() == 0 &&
         llvm::any_of(producer.getDpsInputs(), [&](Value input) {
           return isFromContraction(input, depth - 1);
         });
}

/// Whether `value` is the collapse of a contraction's result, or of an
/// epilogue already expanded.
static bool isCollapsedContraction(Value value) {
  auto collapse = value.getDefiningOp<tensor::CollapseShapeOp>();
  return collapse && isFromContraction(collapse.getSrc(), /*depth=*/8);
}

namespace {
struct RelaxCPUExpandEpiloguesPass
    : codegen::impl::RelaxCPUExpandEpiloguesPassBase<
          RelaxCPUExpandEpiloguesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Only elementwise consumers of a collapsed contraction: expanding
    // them is free, since the contraction already has the expanded shape.
    linalg::populateFoldReshapeOpsByExpansionPatterns(
        patterns, [](OpOperand *operand) {
          auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
          return consumer && consumer.getNumReductionLoops() == 0 &&
                 isCollapsedContraction(operand->get());
        });
    // The dims the expansion reads off the collapsed value come from the
    // contraction's destination instead, leaving the contraction one use.
    tensor::DimOp::getCanonicalizationPatterns(patterns, &getContext());
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns,
                                                         &getContext());
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
