//===- ExpandGPUMath.cpp - Math that GPU targets cannot lower -------------===//

#include "Relax/Codegen/Common/MathApproximations.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXEXPANDGPUMATHPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
/// powf with C's results where GLSL's Pow is undefined (a negative or zero
/// base, a NaN): exp2(y * log2|x|), negated for a negative base and an odd
/// integer exponent, NaN for a finite negative base and a fractional
/// exponent or a NaN operand, 1 for a zero exponent or a base of 1.
/// (Upstream's SPIR-V pattern passes a NaN to Pow, which lavapipe turns
/// into 0.)
struct ExpandPowF : OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Value x = op.getLhs(), y = op.getRhs();
    Type type = x.getType();
    auto constant = [&](double value) -> Value {
      TypedAttr attr = b.getFloatAttr(getElementTypeOrSelf(type), value);
      if (auto vectorType = dyn_cast<VectorType>(type))
        attr = SplatElementsAttr::get(vectorType, attr);
      return arith::ConstantOp::create(b, attr);
    };
    auto compare = [&](arith::CmpFPredicate predicate, Value lhs, Value rhs) {
      return arith::CmpFOp::create(b, predicate, lhs, rhs).getResult();
    };
    Value zero = constant(0.0), one = constant(1.0);
    Value inf = constant(std::numeric_limits<double>::infinity());
    Value magnitude = math::Exp2Op::create(
        b, arith::MulFOp::create(
               b, y, math::Log2Op::create(b, math::AbsFOp::create(b, x))));
    Value integral =
        compare(arith::CmpFPredicate::OEQ, math::FloorOp::create(b, y), y);
    Value half = arith::MulFOp::create(b, y, constant(0.5));
    Value odd =
        arith::AndIOp::create(b, integral,
                              compare(arith::CmpFPredicate::ONE,
                                      math::FloorOp::create(b, half), half));
    // An odd power keeps the base's sign, -0's included: pow(-0, -1) is
    // -inf.
    Value negative = compare(arith::CmpFPredicate::OLT, x, zero);
    Value signBit = compare(arith::CmpFPredicate::OLT,
                            math::CopySignOp::create(b, one, x), zero);
    Value result =
        arith::SelectOp::create(b, arith::AndIOp::create(b, signBit, odd),
                                arith::NegFOp::create(b, magnitude), magnitude);
    Value nan = constant(std::numeric_limits<double>::quiet_NaN());
    Value fractional = arith::XOrIOp::create(
        b, integral,
        createScalarOrSplatConstant(b, b.getLoc(), integral.getType(),
                                    APInt(1, 1)));
    Value unordered = compare(arith::CmpFPredicate::UNO, x, y);
    // -inf to a fractional power is +inf or 0, which the magnitude is.
    Value finite = compare(arith::CmpFPredicate::ONE, x,
                           constant(-std::numeric_limits<double>::infinity()));
    Value undefined = arith::AndIOp::create(
        b, arith::AndIOp::create(b, negative, fractional), finite);
    result = arith::SelectOp::create(
        b, arith::OrIOp::create(b, unordered, undefined), nan, result);
    // pow(x, 0) and pow(1, y) are 1 even for NaN operands, and so is
    // pow(-1, +-inf), where the magnitude is exp2(inf * 0), NaN.
    Value minusOneToInfinity = arith::AndIOp::create(
        b, compare(arith::CmpFPredicate::OEQ, x, constant(-1.0)),
        compare(arith::CmpFPredicate::OEQ, math::AbsFOp::create(b, y), inf));
    Value exact = arith::OrIOp::create(
        b,
        arith::OrIOp::create(b, compare(arith::CmpFPredicate::OEQ, y, zero),
                             compare(arith::CmpFPredicate::OEQ, x, one)),
        minusOneToInfinity);
    result = arith::SelectOp::create(b, exact, one, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

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
    if (target == "spirv")
      patterns.add<ExpandPowF>(&getContext());
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
