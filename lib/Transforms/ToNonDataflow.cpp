//===- ToNonDataflow.cpp - Inline dataflow regions ------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXTONONDATAFLOWPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

namespace {
struct RelaxToNonDataflowPass
    : relax::impl::RelaxToNonDataflowPassBase<RelaxToNonDataflowPass> {
  void runOnOperation() override {
    SmallVector<DataflowOp> regions;
    getOperation()->walk([&](DataflowOp op) { regions.push_back(op); });
    IRRewriter rewriter(&getContext());
    for (DataflowOp op : regions) {
      Block &body = op.getBody().front();
      auto output = cast<OutputOp>(body.getTerminator());
      SmallVector<Value> results(output.getOperands());
      rewriter.eraseOp(output);
      rewriter.inlineBlockBefore(&body, op);
      rewriter.replaceOp(op, results);
    }
  }
};
} // namespace
