//===- ExpandGPUMath.cpp - Math that GPU targets cannot lower -------------===//

#include "Relax/Codegen/Passes.h"
#include "Relax/Codegen/Common/MathApproximations.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXEXPANDGPUMATHPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
struct RelaxExpandGPUMathPass
    : codegen::impl::RelaxExpandGPUMathPassBase<RelaxExpandGPUMathPass> {
  using Base::Base;
  void runOnOperation() override {
    if (target != "spirv" && target != "cuda" && target != "rocm") {
      getOperation().emitError("unknown target '")
          << target << "' (spirv, cuda or rocm)";
      return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    populatePolynomialApproximateErfPattern(patterns);
    populatePolynomialApproximateErfcPattern(patterns);
    math::populateExpansionPatterns(patterns, {"fpowi", "ipowi", "exp2"});
    arith::populateArithExpandOpsPatterns(patterns);
    if (target == "rocm") {
      populatePolynomialApproximateTanhPattern(patterns);
      math::populateExpansionPatterns(patterns, {"rsqrt"});
      populateSinCosApproximationPatterns(patterns);
    }
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};
} // namespace
