//===- View.cpp - Views of reshaping ops ----------------------------------===//
//
// Graph tensors are dense and row-major: reshape, expand_dims and squeeze
// keep the order of the elements, so they reinterpret their operand's
// storage (relax.view) and need no program.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Legalize.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"

using namespace mlir;
using namespace mlir::relax;

namespace {
template <typename OpTy>
struct ViewPattern final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (failed(matchKnownShapes(op, rewriter)))
      return failure();
    rewriter.replaceOpWithNewOp<ViewOp>(op, op->getResultTypes(),
                                        op->getOperand(0));
    return success();
  }
};
} // namespace

void mlir::relax::populateRelaxViewLegalizationPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ViewPattern<ReshapeOp>, ViewPattern<ExpandDimsOp>,
               ViewPattern<SqueezeOp>>(patterns.getContext());
}
