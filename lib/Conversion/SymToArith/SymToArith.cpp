//===- SymToArith.cpp - Lower the sym run-time ops ------------------------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Sym/IR/SymOps.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace mlir::relax {
#define GEN_PASS_DEF_CONVERTSYMTOARITHPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using sym::SymExprAttr;

namespace {
/// Expands symbolic expressions into arith ops on `index` values, and
/// collects the conditions under which the 64-bit evaluation is exact: no
/// product or sum wraps, no division is by zero or overflows. Checks that
/// involve a constant operand are single comparisons with constants, so
/// that a range analysis of the variables folds them.
class CheckedExpander {
public:
  CheckedExpander(OpBuilder &b, Location loc,
                  const llvm::DenseMap<StringAttr, Value> &vars)
      : b(b), loc(loc), vars(vars) {}

  Value expand(SymExprAttr expr);

  /// The conjunction of the conditions, or null when there are none.
  Value getValid() const { return valid; }

private:
  Value constant(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value compare(arith::CmpIPredicate predicate, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
  }
  void require(Value condition) {
    valid = valid ? arith::AndIOp::create(b, loc, valid, condition).getResult()
                  : condition;
  }
  Value add(Value lhs, SymExprAttr lhsExpr, Value rhs, SymExprAttr rhsExpr);
  Value mul(Value lhs, SymExprAttr lhsExpr, Value rhs, SymExprAttr rhsExpr);
  Value requireDivisor(Value dividend, Value divisor, SymExprAttr divisorExpr);

  OpBuilder &b;
  Location loc;
  const llvm::DenseMap<StringAttr, Value> &vars;
  Value valid;
};
} // namespace

static constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
static constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

Value CheckedExpander::add(Value lhs, SymExprAttr lhsExpr, Value rhs,
                           SymExprAttr rhsExpr) {
  using P = arith::CmpIPredicate;
  Value sum = arith::AddIOp::create(b, loc, lhs, rhs);
  if (lhsExpr && lhsExpr.isConstant())
    std::swap(lhs, rhs), std::swap(lhsExpr, rhsExpr);
  if (rhsExpr && rhsExpr.isConstant()) {
    int64_t c = rhsExpr.getValue();
    if (c > 0)
      require(compare(P::sle, lhs, constant(kMax - c)));
    else if (c < 0)
      require(compare(P::sge, lhs, constant(kMin - c)));
    return sum;
  }
  // Wraps iff both operands differ in sign from the sum.
  Value signs =
      arith::AndIOp::create(b, loc, arith::XOrIOp::create(b, loc, lhs, sum),
                            arith::XOrIOp::create(b, loc, rhs, sum));
  require(compare(P::sge, signs, constant(0)));
  return sum;
}

Value CheckedExpander::mul(Value lhs, SymExprAttr lhsExpr, Value rhs,
                           SymExprAttr rhsExpr) {
  using P = arith::CmpIPredicate;
  Value product = arith::MulIOp::create(b, loc, lhs, rhs);
  if (lhsExpr && lhsExpr.isConstant())
    std::swap(lhs, rhs), std::swap(lhsExpr, rhsExpr);
  if (rhsExpr && rhsExpr.isConstant()) {
    int64_t c = rhsExpr.getValue();
    if (c > 0) {
      require(compare(P::sle, lhs, constant(kMax / c)));
      require(compare(P::sge, lhs, constant(kMin / c)));
    } else if (c == -1) {
      require(compare(P::ne, lhs, constant(kMin)));
    } else if (c < -1) {
      require(compare(P::sge, lhs, constant(kMax / c)));
      require(compare(P::sle, lhs, constant(kMin / c)));
    }
    return product;
  }
  // The high half of the 128-bit product must be the sign of the low half.
  Type i64 = b.getI64Type();
  auto extended = arith::MulSIExtendedOp::create(
      b, loc, arith::IndexCastOp::create(b, loc, i64, lhs),
      arith::IndexCastOp::create(b, loc, i64, rhs));
  Value sign = arith::ShRSIOp::create(
      b, loc, extended.getLow(), arith::ConstantIntOp::create(b, loc, i64, 63));
  require(compare(P::eq, extended.getHigh(), sign));
  return product;
}

/// Requires that `dividend` divided by `divisor` is defined and returns the
/// divisor to divide by: the checks run after the evaluation, so a divisor
/// that would trap is replaced by 1 until then.
Value CheckedExpander::requireDivisor(Value dividend, Value divisor,
                                      SymExprAttr divisorExpr) {
  using P = arith::CmpIPredicate;
  if (divisorExpr && divisorExpr.isConstant()) {
    if (divisorExpr.getValue() == -1)
      require(compare(P::ne, dividend, constant(kMin)));
    return divisor;
  }
  // kMin / -1 is the one quotient that does not fit.
  Value zero = compare(P::eq, divisor, constant(0));
  Value overflow =
      arith::AndIOp::create(b, loc, compare(P::eq, divisor, constant(-1)),
                            compare(P::eq, dividend, constant(kMin)));
  Value invalid = arith::OrIOp::create(b, loc, zero, overflow);
  require(arith::XOrIOp::create(
      b, loc, invalid, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1)));
  return arith::SelectOp::create(b, loc, invalid, constant(1), divisor);
}

Value CheckedExpander::expand(SymExprAttr expr) {
  using Kind = sym::SymExprKind;
  switch (expr.getKind()) {
  case Kind::Constant:
    return constant(expr.getValue());
  case Kind::Var:
    return vars.lookup(expr.getName());
  default:
    break;
  }
  ArrayRef<SymExprAttr> exprs = expr.getOperands();
  SmallVector<Value> operands = llvm::map_to_vector(
      exprs, [&](SymExprAttr operand) { return expand(operand); });
  Value result = operands.front();
  // The expression of `result` while it is a single operand, else null.
  SymExprAttr resultExpr = exprs.front();
  for (auto [next, nextExpr] :
       llvm::zip(ArrayRef(operands).drop_front(), exprs.drop_front())) {
    switch (expr.getKind()) {
    case Kind::Add:
      result = add(result, resultExpr, next, nextExpr);
      break;
    case Kind::Mul:
      result = mul(result, resultExpr, next, nextExpr);
      break;
    case Kind::FloorDiv:
      result = arith::FloorDivSIOp::create(
          b, loc, result, requireDivisor(result, next, nextExpr));
      break;
    case Kind::Mod: {
      // Floor modulus: x - d * floor(x / d); d * floor(x / d) lies between
      // x and x - d, so neither step wraps once the division is valid.
      Value divisor = requireDivisor(result, next, nextExpr);
      Value q = arith::FloorDivSIOp::create(b, loc, result, divisor);
      result = arith::SubIOp::create(b, loc, result,
                                     arith::MulIOp::create(b, loc, q, divisor));
      break;
    }
    case Kind::Min:
      result = arith::MinSIOp::create(b, loc, result, next);
      break;
    case Kind::Max:
      result = arith::MaxSIOp::create(b, loc, result, next);
      break;
    default:
      llvm_unreachable("leaf kinds handled above");
    }
    resultExpr = SymExprAttr();
  }
  return result;
}

namespace {
struct LowerEval : OpRewritePattern<sym::EvalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::EvalOp op,
                                PatternRewriter &rewriter) const override {
    llvm::DenseMap<StringAttr, Value> vars;
    for (auto [var, value] : llvm::zip(op.getVars(), op.getValues()))
      vars[cast<StringAttr>(var)] = value;
    CheckedExpander expander(rewriter, op.getLoc(), vars);
    Value result = expander.expand(op.getExpr());
    // One check per evaluation: a size that wraps or divides by zero
    // would allocate too little or trap.
    if (Value valid = expander.getValid())
      cf::AssertOp::create(rewriter, op.getLoc(), valid,
                           "evaluating " + sym::toString(op.getExpr()) +
                               ": a division by zero or a 64-bit overflow");
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct LowerDim : OpRewritePattern<sym::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::DimOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getSource();
    auto type = dyn_cast<ShapedType>(source.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a builtin shaped value");
    int64_t index = op.getIndex();
    if (!type.isDynamicDim(index))
      rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(
          op, type.getDimSize(index));
    else if (isa<MemRefType>(type))
      rewriter.replaceOpWithNewOp<memref::DimOp>(op, source, index);
    else if (isa<RankedTensorType>(type))
      rewriter.replaceOpWithNewOp<tensor::DimOp>(op, source, index);
    else
      return failure();
    return success();
  }
};

struct LowerAssertEq : OpRewritePattern<sym::AssertEqOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::AssertEqOp op,
                                PatternRewriter &rewriter) const override {
    Value ok =
        arith::CmpIOp::create(rewriter, op.getLoc(), arith::CmpIPredicate::eq,
                              op.getLhs(), op.getRhs());
    rewriter.replaceOpWithNewOp<cf::AssertOp>(op, ok, op.getMessage());
    return success();
  }
};

struct LowerAssume : OpRewritePattern<sym::AssumeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::AssumeOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, op.getInput());
    return success();
  }
};

struct ConvertSymToArithPass
    : relax::impl::ConvertSymToArithPassBase<ConvertSymToArithPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerEval, LowerDim, LowerAssertEq>(&getContext());
    if (lowerAssumes)
      patterns.add<LowerAssume>(&getContext());
    // Every op is rewritten once; no folding is needed on the way.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
