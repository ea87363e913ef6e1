//===- Elementwise.cpp - Programs of elementwise and broadcast ops --------===//

#include "Lowerings.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::relax;

static Value floatConstant(OpBuilder &b, Location loc, Type type,
                           double value) {
  return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
}

/// `1 / (1 + exp(-x))`
static Value sigmoid(OpBuilder &b, Location loc, Value x) {
  Type type = x.getType();
  Value one = floatConstant(b, loc, type, 1.0);
  Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
  return arith::DivFOp::create(b, loc, one,
                               arith::AddFOp::create(b, loc, one, e));
}

/// The scalar computation of a unary op on `x`.
static Value buildUnaryScalar(OpBuilder &b, Location loc, Operation *op,
                              Value x) {
  Type type = x.getType();
  bool isFloat = isa<FloatType>(type);
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](ExpOp) { return math::ExpOp::create(b, loc, x); })
      .Case([&](LogOp) { return math::LogOp::create(b, loc, x); })
      .Case([&](SqrtOp) { return math::SqrtOp::create(b, loc, x); })
      .Case([&](RsqrtOp) { return math::RsqrtOp::create(b, loc, x); })
      .Case([&](TanhOp) { return math::TanhOp::create(b, loc, x); })
      .Case([&](ErfOp) { return math::ErfOp::create(b, loc, x); })
      .Case([&](SinOp) { return math::SinOp::create(b, loc, x); })
      .Case([&](CosOp) { return math::CosOp::create(b, loc, x); })
      .Case([&](SigmoidOp) { return sigmoid(b, loc, x); })
      .Case([&](SiluOp) {
        return arith::MulFOp::create(b, loc, x, sigmoid(b, loc, x));
      })
      .Case([&](GeluOp) {
        // 0.5 * x * (1 + erf(x / sqrt(2)))
        Value scaled = arith::MulFOp::create(
            b, loc, x, floatConstant(b, loc, type, M_SQRT1_2));
        Value erf = math::ErfOp::create(b, loc, scaled);
        Value onePlus = arith::AddFOp::create(
            b, loc, floatConstant(b, loc, type, 1.0), erf);
        Value half =
            arith::MulFOp::create(b, loc, x, floatConstant(b, loc, type, 0.5));
        return arith::MulFOp::create(b, loc, half, onePlus);
      })
      .Case([&](GeluTanhOp) {
        // 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))
        Value cube = arith::MulFOp::create(b, loc, x,
                                           arith::MulFOp::create(b, loc, x, x));
        Value inner = arith::AddFOp::create(
            b, loc, x,
            arith::MulFOp::create(b, loc, cube,
                                  floatConstant(b, loc, type, 0.044715)));
        Value t = math::TanhOp::create(
            b, loc,
            arith::MulFOp::create(
                b, loc, inner,
                floatConstant(b, loc, type, std::sqrt(2.0 / M_PI))));
        Value onePlus =
            arith::AddFOp::create(b, loc, floatConstant(b, loc, type, 1.0), t);
        Value half =
            arith::MulFOp::create(b, loc, x, floatConstant(b, loc, type, 0.5));
        return arith::MulFOp::create(b, loc, half, onePlus);
      })
      .Case([&](ReluOp) -> Value {
        if (isFloat)
          return arith::MaximumFOp::create(b, loc, x,
                                           floatConstant(b, loc, type, 0.0));
        Value zero =
            arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 0));
        return arith::MaxSIOp::create(b, loc, x, zero);
      })
      .Case([&](NegOp) -> Value {
        if (isFloat)
          return arith::NegFOp::create(b, loc, x);
        Value zero =
            arith::ConstantOp::create(b, loc, type, b.getIntegerAttr(type, 0));
        return arith::SubIOp::create(b, loc, zero, x);
      })
      .Case([&](AbsOp) -> Value {
        if (isFloat)
          return math::AbsFOp::create(b, loc, x);
        return math::AbsIOp::create(b, loc, x);
      })
      .Default([](Operation *) { return Value(); });
}

/// The scalar computation of a binary op.
static Value buildBinaryScalar(OpBuilder &b, Location loc, Operation *op,
                               Value lhs, Value rhs) {
  bool isFloat = isa<FloatType>(lhs.getType());
  auto cmp = [&](arith::CmpFPredicate f, arith::CmpIPredicate i) -> Value {
    if (isFloat)
      return arith::CmpFOp::create(b, loc, f, lhs, rhs);
    return arith::CmpIOp::create(b, loc, i, lhs, rhs);
  };
  using F = arith::CmpFPredicate;
  using I = arith::CmpIPredicate;
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](AddOp) -> Value {
        return isFloat ? Value(arith::AddFOp::create(b, loc, lhs, rhs))
                       : Value(arith::AddIOp::create(b, loc, lhs, rhs));
      })
      .Case([&](SubtractOp) -> Value {
        return isFloat ? Value(arith::SubFOp::create(b, loc, lhs, rhs))
                       : Value(arith::SubIOp::create(b, loc, lhs, rhs));
      })
      .Case([&](MultiplyOp) -> Value {
        return isFloat ? Value(arith::MulFOp::create(b, loc, lhs, rhs))
                       : Value(arith::MulIOp::create(b, loc, lhs, rhs));
      })
      .Case([&](DivideOp) -> Value {
        return isFloat ? Value(arith::DivFOp::create(b, loc, lhs, rhs))
                       : Value(arith::FloorDivSIOp::create(b, loc, lhs, rhs));
      })
      .Case([&](PowerOp) -> Value {
        return isFloat ? Value(math::PowFOp::create(b, loc, lhs, rhs))
                       : Value(math::IPowIOp::create(b, loc, lhs, rhs));
      })
      .Case([&](MaximumOp) -> Value {
        return isFloat ? Value(arith::MaximumFOp::create(b, loc, lhs, rhs))
                       : Value(arith::MaxSIOp::create(b, loc, lhs, rhs));
      })
      .Case([&](MinimumOp) -> Value {
        return isFloat ? Value(arith::MinimumFOp::create(b, loc, lhs, rhs))
                       : Value(arith::MinSIOp::create(b, loc, lhs, rhs));
      })
      .Case([&](EqualOp) { return cmp(F::OEQ, I::eq); })
      .Case([&](NotEqualOp) { return cmp(F::UNE, I::ne); })
      .Case([&](LessOp) { return cmp(F::OLT, I::slt); })
      .Case([&](LessEqualOp) { return cmp(F::OLE, I::sle); })
      .Case([&](GreaterOp) { return cmp(F::OGT, I::sgt); })
      .Case([&](GreaterEqualOp) { return cmp(F::OGE, I::sge); })
      .Default([](Operation *) { return Value(); });
}

/// Converts a scalar between element types (astype).
static Value convertScalar(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  auto fromInt = dyn_cast<IntegerType>(from), toInt = dyn_cast<IntegerType>(to);
  auto fromFloat = dyn_cast<FloatType>(from), toFloat = dyn_cast<FloatType>(to);
  if (fromFloat && toFloat)
    return fromFloat.getWidth() < toFloat.getWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, x))
               : Value(arith::TruncFOp::create(b, loc, to, x));
  if (fromInt && toFloat)
    return fromInt.getWidth() == 1
               ? Value(arith::UIToFPOp::create(b, loc, to, x))
               : Value(arith::SIToFPOp::create(b, loc, to, x));
  if (fromFloat && toInt)
    return arith::FPToSIOp::create(b, loc, to, x);
  if (fromInt && toInt) {
    if (fromInt.getWidth() < toInt.getWidth())
      return fromInt.getWidth() == 1
                 ? Value(arith::ExtUIOp::create(b, loc, to, x))
                 : Value(arith::ExtSIOp::create(b, loc, to, x));
    return arith::TruncIOp::create(b, loc, to, x);
  }
  return {};
}

AffineMap lowering::getBroadcastMap(MLIRContext *ctx, Type type,
                                    unsigned numDims,
                                    ArrayRef<int64_t> outputShape) {
  ArrayRef<int64_t> shape = cast<ShapedType>(type).getShape();
  return AffineMap::get(
      numDims, 0,
      getBroadcastExprs(ctx, shape, numDims - shape.size(), outputShape), ctx);
}

lowering::Family lowering::getFamily(Operation *op) {
  if (isa<ExpOp, LogOp, SqrtOp, RsqrtOp, TanhOp, SigmoidOp, SiluOp, GeluOp,
          GeluTanhOp, ErfOp, SinOp, CosOp, ReluOp, NegOp, AbsOp, AddOp,
          SubtractOp, MultiplyOp, DivideOp, PowerOp, MaximumOp, MinimumOp,
          EqualOp, NotEqualOp, LessOp, LessEqualOp, GreaterOp, GreaterEqualOp,
          WhereOp, AstypeOp>(op))
    return Family::Elementwise;
  if (isa<SumOp, MeanOp, MaxOp, MinOp, ProdOp, SoftmaxOp, LogSoftmaxOp>(op))
    return Family::Reduction;
  if (isa<MatmulOp>(op))
    return Family::Linear;
  if (isManipulation(op))
    return Family::Manipulation;
  if (isNeuralNetwork(op))
    return Family::NeuralNetwork;
  return Family::None;
}

LogicalResult lowering::buildElementwise(OpBuilder &b, Location loc,
                                         Operation *op, ValueRange inputs,
                                         ValueRange outputs,
                                         SmallVectorImpl<Value> &results) {
  MLIRContext *ctx = b.getContext();
  auto outType = cast<RankedTensorType>(outputs.front().getType());
  unsigned rank = outType.getRank();
  SmallVector<AffineMap> maps;
  for (Value input : inputs)
    maps.push_back(
        getBroadcastMap(ctx, input.getType(), rank, outType.getShape()));
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  bool ok = true;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, inputs, outputs, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value result;
        if (auto astype = dyn_cast<AstypeOp>(op))
          result = convertScalar(nb, nloc, args[0], astype.getDtype());
        else if (isa<WhereOp>(op))
          result = arith::SelectOp::create(nb, nloc, args[0], args[1], args[2]);
        else if (inputs.size() == 1)
          result = buildUnaryScalar(nb, nloc, op, args[0]);
        else
          result = buildBinaryScalar(nb, nloc, op, args[0], args[1]);
        ok &= static_cast<bool>(result);
        linalg::YieldOp::create(nb, nloc,
                                result ? ValueRange{result} : ValueRange{});
      });
  if (!ok) {
    generic.erase();
    return failure();
  }
  results.push_back(generic.getResult(0));
  return success();
}
