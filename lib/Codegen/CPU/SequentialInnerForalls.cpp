//===- SequentialInnerForalls.cpp - One parallel loop at a time -----------===//
//
// --relax-cpu-sequential-inner-foralls: a scf.forall nested in another
// becomes a nest of sequential scf.for loops.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUSEQUENTIALINNERFORALLSPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
struct RelaxCPUSequentialInnerForallsPass
    : codegen::impl::RelaxCPUSequentialInnerForallsPassBase<
          RelaxCPUSequentialInnerForallsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForallOp> inner;
    getOperation()->walk([&](scf::ForallOp forall) {
      if (forall->getParentOfType<scf::ForallOp>())
        inner.push_back(forall);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ForallOp forall : inner) {
      rewriter.setInsertionPoint(forall);
      if (failed(scf::forallToForLoop(rewriter, forall))) {
        forall.emitOpError("could not be made a sequential loop");
        return signalPassFailure();
      }
    }
  }
};
} // namespace
