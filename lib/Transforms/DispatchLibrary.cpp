//===- DispatchLibrary.cpp - Offload graph ops to library functions -------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXDISPATCHLIBRARYPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// Whether `type` is a ranked tensor whose dims are all known.
static bool isFullyKnown(Type type) {
  auto tensor = dyn_cast<RelaxTensorType>(type);
  return tensor && tensor.hasRank() &&
         llvm::all_of(tensor.getDims(),
                      [](sym::SymExprAttr dim) { return bool(dim); });
}

/// The CPU runtime's function for `op`, or an empty string when it has
/// none.
static std::string getCPUFunction(MatmulOp op) {
  auto a = dyn_cast<RelaxTensorType>(op.getA().getType());
  auto b = dyn_cast<RelaxTensorType>(op.getB().getType());
  if (!a || !b || !a.hasRank() || !b.hasRank() || !isFullyKnown(op.getType()) ||
      !a.getElementType().isF32() || !b.getElementType().isF32() ||
      b.getRank() != 2 || a.getRank() < 1 ||
      (op.getTransposeA() && a.getRank() != 2))
    return "";
  return std::string("relax.cpu.sgemm_") + (op.getTransposeA() ? "t" : "n") +
         (op.getTransposeB() ? "t" : "n");
}

namespace {
struct RelaxDispatchLibraryPass
    : relax::impl::RelaxDispatchLibraryPassBase<RelaxDispatchLibraryPass> {
  using Base::Base;

  void runOnOperation() override {
    if (target != "cpu") {
      getOperation().emitError("unknown library target '")
          << target << "' (expected cpu)";
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](MatmulOp op) {
      std::string function = getCPUFunction(op);
      if (function.empty())
        return;
      rewriter.setInsertionPoint(op);
      rewriter.replaceOpWithNewOp<CallLibraryOp>(
          op, op->getResultTypes(), rewriter.getStringAttr(function),
          ValueRange{op.getA(), op.getB()});
    });
  }
};
} // namespace
