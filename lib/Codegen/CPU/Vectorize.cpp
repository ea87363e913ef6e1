//===- Vectorize.cpp - Vectorize the innermost CPU tiles ------------------===//
//
// --relax-cpu-vectorize: every op marked with its vector sizes is vectorized
// whole with masks; math without vector instructions is approximated.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Common/MathApproximations.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUVECTORIZEPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
struct RelaxCPUVectorizePass
    : codegen::impl::RelaxCPUVectorizePassBase<RelaxCPUVectorizePass> {
  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    IRRewriter rewriter(&getContext());
    // Vectorize the marked tiles. Ops the vectorizer does not support stay
    // scalar.
    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(RelaxCodegenDialect::getVectorSizesAttrName()))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      ArrayRef<int64_t> sizes =
          op->getAttrOfType<DenseI64ArrayAttr>(
                RelaxCodegenDialect::getVectorSizesAttrName())
              .asArrayRef();
      // A contraction becomes one vector.contract (--relax-cpu-tile gives
      // dot-product tiles as generics), except into a 0-d result (a dot
      // product), which vector.contract takes only as a scalar: that one is
      // vectorized as a reduction.
      bool isContraction = isa<linalg::ContractOp>(op.getOperation()) &&
                           op.getRank(op.getDpsInitOperand(0)) != 0;
      op->removeAttr(RelaxCodegenDialect::getVectorSizesAttrName());
      // Vector types are uniqued with their scalable flags, so the flags are
      // spelled out: an empty list would make types that print alike but
      // differ from the ones the vector ops infer.
      SmallVector<bool> scalable(sizes.size(), false);
      if (failed(linalg::vectorizeOpPrecondition(op, sizes, scalable,
                                                 /*vectorizeNDExtract=*/true)))
        continue;
      // MLIR 22's vectorizer reduces only values read from inputs: a
      // reduction whose body reads none (a sum of ones, after fusion folded
      // a fill into it) would add its value once instead of once per
      // element. Such ops stay scalar.
      if (op.getNumReductionLoops() != 0 &&
          llvm::none_of(op.getDpsInputOperands(), [&](OpOperand *input) {
            return op.payloadUsesValueFromOperand(input);
          }))
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> vectorized =
          linalg::vectorize(rewriter, op, sizes, scalable,
                            /*vectorizeNDExtract=*/true,
                            /*flatten1DDepthwiseConv=*/false,
                            /*assumeDynamicDimsMatchVecSizes=*/false,
                            /*createNamedContraction=*/isContraction);
      if (failed(vectorized))
        continue;
      if (op->getNumResults() == 0)
        rewriter.eraseOp(op);
      else
        rewriter.replaceOp(op, vectorized->replacements);
    }

    // Masked transfers become transfers with a mask operand, so that the
    // accumulator of a contraction can be hoisted out of its reduction loop
    // and stays in registers.
    {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
      // Math functions LLVM would scalarize into libm calls (exp, tanh, erf,
      // log, ...) become polynomial approximations on whole vectors. sin and
      // cos take ours, which reduce large arguments exactly, ahead of the
      // upstream ones.
      populateMathPolynomialApproximationPatterns(patterns);
      // Powers by small constant exponents become products and roots.
      populateMathAlgebraicSimplificationPatterns(patterns);
      populateSinCosApproximationPatterns(patterns, /*benefit=*/2);
      vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                          &getContext());
      vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                           &getContext());
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
  }
};
} // namespace
