//===- Elementwise.cpp - Programs of elementwise and broadcast ops --------===//
//
// One pattern per op, each a linalg.generic over the destination whose
// operands broadcast by their indexing maps; the ops differ only in the
// scalar computation of the generic's body.
//
//===----------------------------------------------------------------------===//

#include "TensorUtils.h"

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace mlir;
using namespace mlir::relax;
using lowering::scalarConstant;

/// `1 / (1 + exp(-x))`
static Value sigmoid(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  Value one = scalarConstant(b, loc, type, 1.0);
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(b, loc, one,
                               arith::AddFOp::create(b, loc, one, e));
}

//===----------------------------------------------------------------------===//
// Scalar computations
//===----------------------------------------------------------------------===//

// Each computes an element of the result from the elements of the operands.

template <typename MathOp>
static Value mathUnary(OpBuilder &b, Location loc, ValueRange args) {
  return MathOp::create(b, loc, args[0]);
}

static Value sigmoidScalar(OpBuilder &b, Location loc, ValueRange args) {
  return sigmoid(b, loc, args[0]);
}

static Value siluScalar(OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  return arith::MulFOp::create(b, loc, x, sigmoid(b, loc, x));
}

/// `0.5 * x * (1 + t)`, the outer form of both GELUs.
static Value halfTimesOnePlus(OpBuilder &b, Location loc, Value x, Value t) {
  Type type = x.getType();
  Value onePlus =
      arith::AddFOp::create(b, loc, scalarConstant(b, loc, type, 1.0), t);
  Value half =
      arith::MulFOp::create(b, loc, x, scalarConstant(b, loc, type, 0.5));
  return arith::MulFOp::create(b, loc, half, onePlus);
}

/// `0.5 * x * (1 + erf(x / sqrt(2)))`
static Value geluScalar(OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Type type = x.getType();
  Value scaled =
      arith::MulFOp::create(b, loc, x, scalarConstant(b, loc, type, M_SQRT1_2));
  return halfTimesOnePlus(b, loc, x, math::ErfOp::create(b, loc, scaled));
}

/// `0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))`
static Value geluTanhScalar(OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Type type = x.getType();
  Value cube =
      arith::MulFOp::create(b, loc, x, arith::MulFOp::create(b, loc, x, x));
  Value inner = arith::AddFOp::create(
      b, loc, x,
      arith::MulFOp::create(b, loc, cube,
                            scalarConstant(b, loc, type, 0.044715)));
  Value t = math::TanhOp::create(
      b, loc,
      arith::MulFOp::create(
          b, loc, inner, scalarConstant(b, loc, type, std::sqrt(2.0 / M_PI))));
  return halfTimesOnePlus(b, loc, x, t);
}

static Value reluScalar(OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Type type = x.getType();
  Value zero = scalarConstant(b, loc, type, 0.0);
  if (isa<FloatType>(type))
    return arith::MaximumFOp::create(b, loc, x, zero);
  return arith::MaxSIOp::create(b, loc, x, zero);
}

static Value negScalar(OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  Type type = x.getType();
  if (isa<FloatType>(type))
    return arith::NegFOp::create(b, loc, x);
  Value zero =
      arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 0));
  return arith::SubIOp::create(b, loc, zero, x);
}

static Value absScalar(OpBuilder &b, Location loc, ValueRange args) {
  Value x = args[0];
  if (isa<FloatType>(x.getType()))
    return math::AbsFOp::create(b, loc, x);
  // max(x, -x) rather than math.absi, whose LLVM lowering takes only 1-D
  // vectors: the CPU's vectorized tiles are n-D.
  return arith::MaxSIOp::create(b, loc, x, negScalar(b, loc, x));
}

/// A binary op with a float and an integer form.
template <typename FloatOp, typename IntOp>
static Value binary(OpBuilder &b, Location loc, ValueRange args) {
  Value lhs = args[0], rhs = args[1];
  return isa<FloatType>(lhs.getType())
             ? Value(FloatOp::create(b, loc, lhs, rhs))
             : Value(IntOp::create(b, loc, lhs, rhs));
}

template <arith::CmpFPredicate F, arith::CmpIPredicate I>
static Value compare(OpBuilder &b, Location loc, ValueRange args) {
  Value lhs = args[0], rhs = args[1];
  if (isa<FloatType>(lhs.getType()))
    return arith::CmpFOp::create(b, loc, F, lhs, rhs);
  return arith::CmpIOp::create(b, loc, I, lhs, rhs);
}

static Value whereScalar(OpBuilder &b, Location loc, ValueRange args) {
  return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
}

/// Converts a scalar between element types (astype): integers are signed
/// but for booleans, which convert as 0 and 1.
static Value convertScalar(OpBuilder &b, Location loc, Value x, Type to) {
  return convertScalarToDtype(b, loc, x, to,
                              /*isUnsignedCast=*/x.getType().isInteger(1));
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

using ScalarFn = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// One generic over the destination: every input is read through its
/// broadcast map and `scalar` computes the element from theirs.
static LogicalResult buildElementwise(TensorProgramBody &body,
                                      ScalarFn scalar) {
  OpBuilder &b = body.builder;
  MLIRContext *ctx = b.getContext();
  ValueRange inputs = body.inputs, outputs = body.outputs;
  auto outType = cast<RankedTensorType>(outputs.front().getType());
  unsigned rank = outType.getRank();
  SmallVector<AffineMap> maps;
  for (Value input : inputs)
    maps.push_back(lowering::getBroadcastMap(ctx, input.getType(), rank,
                                             outType.getShape()));
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  bool ok = true;
  auto generic = linalg::GenericOp::create(
      b, body.loc, TypeRange{outType}, inputs, outputs, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result = scalar(nb, nloc, args.drop_back());
        ok &= static_cast<bool>(result);
        linalg::YieldOp::create(nb, nloc,
                                result ? ValueRange{result} : ValueRange{});
      });
  // The half-built generic is erased with the program.
  if (!ok)
    return body.fail("has no scalar computation for its element types");
  body.results.push_back(generic.getResult(0));
  return success();
}

namespace {
/// An op whose scalar computation needs nothing but its operands.
template <typename OpTy>
class ElementwisePattern final : public TensorProgramPattern<OpTy> {
public:
  using ScalarFnPtr = Value (*)(OpBuilder &, Location, ValueRange);

  ElementwisePattern(MLIRContext *context, TensorProgramCache &cache,
                     ScalarFnPtr scalar)
      : TensorProgramPattern<OpTy>(context, cache), scalar(scalar) {}

  LogicalResult buildBody(OpTy, TensorProgramBody &body) const override {
    return buildElementwise(body, scalar);
  }

private:
  ScalarFnPtr scalar;
};

struct AstypeOpLowering final : TensorProgramPattern<AstypeOp> {
  using TensorProgramPattern::TensorProgramPattern;

  LogicalResult buildBody(AstypeOp op, TensorProgramBody &body) const override {
    Type from = getElementTypeOrSelf(body.inputs[0].getType());
    Type to = op.getDtype();
    if (from != to && !(from.isIntOrFloat() && to.isIntOrFloat()))
      return body.fail(llvm::formatv("cannot convert {0} to {1}", from, to));
    return buildElementwise(body,
                            [&](OpBuilder &b, Location loc, ValueRange args) {
                              return convertScalar(b, loc, args[0], to);
                            });
  }
};
} // namespace

void mlir::relax::populateRelaxElementwiseLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache) {
  MLIRContext *ctx = patterns.getContext();
  using F = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  // Unary.
  patterns.add<ElementwisePattern<ExpOp>>(ctx, cache, mathUnary<math::ExpOp>);
  patterns.add<ElementwisePattern<LogOp>>(ctx, cache, mathUnary<math::LogOp>);
  patterns.add<ElementwisePattern<SqrtOp>>(ctx, cache, mathUnary<math::SqrtOp>);
  patterns.add<ElementwisePattern<RsqrtOp>>(ctx, cache,
                                            mathUnary<math::RsqrtOp>);
  patterns.add<ElementwisePattern<TanhOp>>(ctx, cache, mathUnary<math::TanhOp>);
  patterns.add<ElementwisePattern<ErfOp>>(ctx, cache, mathUnary<math::ErfOp>);
  patterns.add<ElementwisePattern<SinOp>>(ctx, cache, mathUnary<math::SinOp>);
  patterns.add<ElementwisePattern<CosOp>>(ctx, cache, mathUnary<math::CosOp>);
  patterns.add<ElementwisePattern<SigmoidOp>>(ctx, cache, sigmoidScalar);
  patterns.add<ElementwisePattern<SiluOp>>(ctx, cache, siluScalar);
  patterns.add<ElementwisePattern<GeluOp>>(ctx, cache, geluScalar);
  patterns.add<ElementwisePattern<GeluTanhOp>>(ctx, cache, geluTanhScalar);
  patterns.add<ElementwisePattern<ReluOp>>(ctx, cache, reluScalar);
  patterns.add<ElementwisePattern<NegOp>>(ctx, cache, negScalar);
  patterns.add<ElementwisePattern<AbsOp>>(ctx, cache, absScalar);
  // Binary.
  patterns.add<ElementwisePattern<AddOp>>(ctx, cache,
                                          binary<arith::AddFOp, arith::AddIOp>);
  patterns.add<ElementwisePattern<SubtractOp>>(
      ctx, cache, binary<arith::SubFOp, arith::SubIOp>);
  patterns.add<ElementwisePattern<MultiplyOp>>(
      ctx, cache, binary<arith::MulFOp, arith::MulIOp>);
  patterns.add<ElementwisePattern<DivideOp>>(
      ctx, cache, binary<arith::DivFOp, arith::FloorDivSIOp>);
  patterns.add<ElementwisePattern<PowerOp>>(
      ctx, cache, binary<math::PowFOp, math::IPowIOp>);
  patterns.add<ElementwisePattern<MaximumOp>>(
      ctx, cache, binary<arith::MaximumFOp, arith::MaxSIOp>);
  patterns.add<ElementwisePattern<MinimumOp>>(
      ctx, cache, binary<arith::MinimumFOp, arith::MinSIOp>);
  // Comparisons.
  patterns.add<ElementwisePattern<EqualOp>>(ctx, cache, compare<F::OEQ, I::eq>);
  patterns.add<ElementwisePattern<NotEqualOp>>(ctx, cache,
                                               compare<F::UNE, I::ne>);
  patterns.add<ElementwisePattern<LessOp>>(ctx, cache, compare<F::OLT, I::slt>);
  patterns.add<ElementwisePattern<LessEqualOp>>(ctx, cache,
                                                compare<F::OLE, I::sle>);
  patterns.add<ElementwisePattern<GreaterOp>>(ctx, cache,
                                              compare<F::OGT, I::sgt>);
  patterns.add<ElementwisePattern<GreaterEqualOp>>(ctx, cache,
                                                   compare<F::OGE, I::sge>);
  // Ternary and conversion.
  patterns.add<ElementwisePattern<WhereOp>>(ctx, cache, whereScalar);
  patterns.add<AstypeOpLowering>(ctx, cache);
}
