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

/// The function of library `target` (cpu, cuda or rocm) for `op`, or an
/// empty string when it has none. Every target's runtime computes the same
/// products: f32, a matrix on the right, leading dims of the left operand as
/// rows.
static std::string getFunction(StringRef target, MatmulOp op) {
  auto a = dyn_cast<RelaxTensorType>(op.getA().getType());
  auto b = dyn_cast<RelaxTensorType>(op.getB().getType());
  if (!a || !b || !a.hasRank() || !b.hasRank() || !isFullyKnown(op.getType()) ||
      !a.getElementType().isF32() || !b.getElementType().isF32() ||
      b.getRank() != 2 || a.getRank() < 1 ||
      (op.getTransposeA() && a.getRank() != 2))
    return "";
  return ("relax." + target + ".sgemm_").str() +
         (op.getTransposeA() ? "t" : "n") + (op.getTransposeB() ? "t" : "n");
}

namespace {
struct RelaxDispatchLibraryPass
    : relax::impl::RelaxDispatchLibraryPassBase<RelaxDispatchLibraryPass> {
  using Base::Base;

  void runOnOperation() override {
    if (target != "cpu" && target != "cuda" && target != "rocm") {
      getOperation().emitError("no library for target '")
          << target << "' (libraries: cpu, cuda, rocm)";
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](MatmulOp op) {
      std::string function = getFunction(target, op);
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
