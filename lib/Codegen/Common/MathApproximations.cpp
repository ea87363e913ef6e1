//===- MathApproximations.cpp - Vector-friendly sin and cos ---------------===//
//
// sin and cos as arith ops on whole vectors. The upstream approximations
// reduce the argument by pi/2 in f32 with pi/2 rounded to f32, which loses
// about |x| * 2^-24: 1.4e-4 near 4096, 6.6e-3 near 1e5 (positions that
// rotary embeddings reach) and nonsense past 1e7. Here the reduction is done
// in f64 with pi/2 split in three parts (Cody-Waite, the split of fdlibm's
// __ieee754_rem_pio2), exact for every f32 below 2^20 * pi/2, and the
// polynomials on the reduced argument are evaluated in f32: within 1e-7 of
// the exact values up to |x| = 1e5, like libm.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Common/MathApproximations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

// pi/2 = kPio2Hi + kPio2Mid + kPio2Lo. The first two parts have 33
// significant bits, so that k * part is exact in f64 for |k| < 2^20.
static constexpr double kPio2Hi = 0x1.921fb544p+0;
static constexpr double kPio2Mid = 0x1.0b4611a6p-34;
static constexpr double kPio2Lo = 0x1.3198a2e037073p-69;
static constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
static constexpr double kPio4 = 0x1.921fb54442d18p-1;
// Adding 1.5 * 2^52 to |t| < 2^51 rounds t to the nearest integer k (ties
// to even) and leaves k in two's complement in the low mantissa bits.
static constexpr double kRoundMagic = 0x1.8p52;

// sin(r) ~ r + r^3 * S(r^2) and cos(r) ~ 1 - r^2 / 2 + r^4 * C(r^2) on
// [-pi/4, pi/4], coefficients lowest first: Chebyshev fits of
// (sin(r) - r) / r^3 and (cos(r) - 1 + r^2 / 2) / r^4 over r^2 in
// [0, (pi/4)^2], rounded to f32. Their own error is below 1e-8.
static constexpr float kSinCoeffs[] = {-0x1.555552p-3f, 0x1.110c28p-7f,
                                       -0x1.9ac9b0p-13f};
static constexpr float kCosCoeffs[] = {0x1.555554p-5f, -0x1.6c12d2p-10f,
                                       0x1.9bd89cp-16f};

/// Returns `type` (a scalar or a vector) with `elementType`.
static Type withElementType(Type type, Type elementType) {
  if (auto vectorType = dyn_cast<VectorType>(type))
    return vectorType.clone(elementType);
  return elementType;
}

/// Evaluates a polynomial in `z` with `coeffs` (lowest first) by Horner's
/// rule, with separate multiplies and adds: an FMA would be a libm call on
/// CPUs without one.
static Value horner(ImplicitLocOpBuilder &b, Value z, ArrayRef<float> coeffs) {
  auto constant = [&](float value) {
    return createScalarOrSplatConstant(b, b.getLoc(), z.getType(),
                                       APFloat(value));
  };
  Value result = constant(coeffs.back());
  for (float coeff : llvm::reverse(coeffs.drop_back()))
    result = arith::AddFOp::create(b, arith::MulFOp::create(b, result, z),
                                   constant(coeff));
  return result;
}

/// Builds sin(x), or cos(x) when `isCos`, of an f32 scalar or vector `x`.
static Value buildSinCos(ImplicitLocOpBuilder &b, Value x, bool isCos) {
  Location loc = b.getLoc();
  Type f32Type = x.getType();
  Type f64Type = withElementType(f32Type, b.getF64Type());
  Type i64Type = withElementType(f32Type, b.getI64Type());
  Type i32Type = withElementType(f32Type, b.getI32Type());
  auto f64 = [&](double value) {
    return createScalarOrSplatConstant(b, loc, f64Type, APFloat(value));
  };
  auto f32 = [&](float value) {
    return createScalarOrSplatConstant(b, loc, f32Type, APFloat(value));
  };
  auto i32 = [&](int64_t value) {
    return createScalarOrSplatConstant(b, loc, i32Type, value);
  };

  // x = k * pi/2 + r with k = round(x * 2/pi) and |r| <= pi/4. For
  // |k| < 2^20, x - k * kPio2Hi is exact (both are multiples of 2^-32 and
  // the difference is below 1) and so is k * kPio2Mid; what is left is
  // rounded once at 2^-53 of r.
  Value xd = arith::ExtFOp::create(b, f64Type, x);
  Value shifted = arith::AddFOp::create(
      b, arith::MulFOp::create(b, xd, f64(kTwoOverPi)), f64(kRoundMagic));
  Value k = arith::SubFOp::create(b, shifted, f64(kRoundMagic));
  Value r = xd;
  for (double part : {kPio2Hi, kPio2Mid, kPio2Lo})
    r = arith::SubFOp::create(b, r, arith::MulFOp::create(b, k, f64(part)));
  // Past |k| = 2^20 the products round, with errors of |x| * 2^-53 that
  // for huge |x| leave r anywhere: bound it, so that results stay in
  // [-1, 1]. NaN (from NaN or infinite x) passes through.
  Value bound = f64(kPio4);
  Value negBound = f64(-kPio4);
  r = arith::SelectOp::create(
      b, arith::CmpFOp::create(b, arith::CmpFPredicate::OGT, r, bound), bound,
      r);
  r = arith::SelectOp::create(
      b, arith::CmpFOp::create(b, arith::CmpFPredicate::OLT, r, negBound),
      negBound, r);
  Value rf = arith::TruncFOp::create(b, f32Type, r);

  Value z = arith::MulFOp::create(b, rf, rf);
  Value sinR = arith::AddFOp::create(
      b, rf,
      arith::MulFOp::create(b, arith::MulFOp::create(b, rf, z),
                            horner(b, z, kSinCoeffs)));
  Value cosR = arith::AddFOp::create(
      b,
      arith::SubFOp::create(b, f32(1.0f),
                            arith::MulFOp::create(b, f32(0.5f), z)),
      arith::MulFOp::create(b, arith::MulFOp::create(b, z, z),
                            horner(b, z, kCosCoeffs)));

  // The quadrant k mod 4 picks the polynomial and the sign:
  // sin(x) = sin(r), cos(r), -sin(r), -cos(r); cos(x) is sin(x + pi/2),
  // one quadrant further.
  Value quadrant = arith::TruncIOp::create(
      b, i32Type, arith::BitcastOp::create(b, i64Type, shifted));
  if (isCos)
    quadrant = arith::AddIOp::create(b, quadrant, i32(1));
  auto bitSet = [&](int64_t bit) {
    return arith::CmpIOp::create(b, arith::CmpIPredicate::ne,
                                 arith::AndIOp::create(b, quadrant, i32(bit)),
                                 i32(0));
  };
  Value value = arith::SelectOp::create(b, bitSet(1), cosR, sinR);
  return arith::SelectOp::create(b, bitSet(2), arith::NegFOp::create(b, value),
                                 value);
}

namespace {
/// Rewrites `math.sin` or `math.cos` on f32, f16 or bf16 scalars or vectors;
/// f16 and bf16 are computed in f32.
template <typename OpTy>
struct SinCosApproximation final : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    Type elementType = getElementTypeOrSelf(type);
    if (!isa<FloatType, VectorType>(type) ||
        !isa<Float32Type, Float16Type, BFloat16Type>(elementType))
      return rewriter.notifyMatchFailure(
          op, "not an f32, f16 or bf16 scalar or vector");
    ImplicitLocOpBuilder b(op.getLoc(), rewriter);
    Type f32Type = withElementType(type, b.getF32Type());
    Value x = op.getOperand();
    if (type != f32Type)
      x = arith::ExtFOp::create(b, f32Type, x);
    Value result = buildSinCos(b, x, std::is_same_v<OpTy, math::CosOp>);
    if (type != f32Type)
      result = arith::TruncFOp::create(b, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void mlir::relax::populateSinCosApproximationPatterns(
    RewritePatternSet &patterns, PatternBenefit benefit) {
  patterns
      .add<SinCosApproximation<math::SinOp>, SinCosApproximation<math::CosOp>>(
          patterns.getContext(), benefit);
}
