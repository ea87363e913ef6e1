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

/// The CPU micro-kernel for `op`, a product of f32 activations by the
/// transposed weights that a q4_0 or q8_0 dequantize unpacks, or an empty
/// string; `dequantize` is set to that op.
static std::string getQuantizedFunction(MatmulOp op, DequantizeOp &dequantize) {
  dequantize = op.getB().getDefiningOp<DequantizeOp>();
  auto a = dyn_cast<RelaxTensorType>(op.getA().getType());
  if (!dequantize || !a || !a.hasRank() || a.getRank() < 1 ||
      !a.getElementType().isF32() || op.getTransposeA() ||
      !op.getTransposeB() || !isFullyKnown(op.getType()) ||
      !isFullyKnown(dequantize.getData().getType()) ||
      !isFullyKnown(dequantize.getScale().getType()) ||
      cast<RelaxTensorType>(dequantize.getType()).getRank() != 2)
    return "";
  QuantFormat format = dequantize.getFormat();
  if (format != QuantFormat::Q4_0 && format != QuantFormat::Q8_0)
    return "";
  return ("relax.cpu.matmul_" + stringifyQuantFormat(format)).str();
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
    if (quantized && target != "cpu") {
      getOperation().emitError("quantized products have micro-kernels on "
                               "the cpu target only, not '")
          << target << "'";
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    getOperation().walk([&](MatmulOp op) {
      DequantizeOp dequantize;
      if (std::string function = getQuantizedFunction(op, dequantize);
          quantized && !function.empty()) {
        rewriter.setInsertionPoint(op);
        rewriter.replaceOpWithNewOp<CallLibraryOp>(
            op, op->getResultTypes(), rewriter.getStringAttr(function),
            ValueRange{op.getA(), dequantize.getData(), dequantize.getScale()});
        if (dequantize->use_empty())
          rewriter.eraseOp(dequantize);
        return;
      }
      std::string function = blas ? getFunction(target, op) : "";
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
