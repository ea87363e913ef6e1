//===- ValueBoundsOpInterfaceImpl.cpp - Value bounds of sym ops -----------===//
//
// Implements `ValueBoundsOpInterface` for the `sym` ops, so that upstream
// transformations that reason about sizes (tiling, padding, hoisting of
// allocations) see through them:
//   - `sym.assume`: the result equals its input and lies in the assumed
//     range, tightened to multiples of the assumed divisor;
//   - `sym.dim`: the result is the dim of its builtin shaped source, is
//     non-negative, and equals the static size when there is one;
//   - `sym.eval`: the result equals the expression when it is affine in the
//     bound values (constants, `+`, products with a constant, `floordiv` and
//     `mod` by a positive constant); at the top level, `min` and `max` give
//     bounds by their affine operands.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Sym/Transforms/ValueBoundsOpInterfaceImpl.h"

#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;
using namespace mlir::sym;

/// Translates `expr` into an affine expression over the values that `vars`
/// binds, or returns a null expression when `expr` is not affine.
static AffineExpr getAffineExpr(SymExprAttr expr, ArrayAttr vars,
                                ValueRange values,
                                ValueBoundsConstraintSet &cstr) {
  using Kind = SymExprKind;
  ArrayRef<SymExprAttr> operands = expr.getOperands();
  switch (expr.getKind()) {
  case Kind::Constant:
    return getAffineConstantExpr(expr.getValue(), expr.getContext());
  case Kind::Var:
    for (auto [name, value] : llvm::zip(vars, values))
      if (cast<StringAttr>(name) == expr.getName())
        return cstr.getExpr(value);
    return AffineExpr();
  case Kind::Add: {
    AffineExpr sum = getAffineConstantExpr(0, expr.getContext());
    for (SymExprAttr operand : operands) {
      AffineExpr term = getAffineExpr(operand, vars, values, cstr);
      if (!term)
        return AffineExpr();
      sum = sum + term;
    }
    return sum;
  }
  case Kind::Mul: {
    // Affine only with at most one non-constant factor.
    if (llvm::count_if(operands, [](SymExprAttr factor) {
          return !factor.isConstant();
        }) > 1)
      return AffineExpr();
    AffineExpr product = getAffineConstantExpr(1, expr.getContext());
    for (SymExprAttr operand : operands) {
      AffineExpr factor = getAffineExpr(operand, vars, values, cstr);
      if (!factor)
        return AffineExpr();
      product = product * factor;
    }
    return product;
  }
  case Kind::FloorDiv:
  case Kind::Mod: {
    std::optional<int64_t> divisor = operands[1].getConstantValue();
    if (!divisor || *divisor <= 0)
      return AffineExpr();
    AffineExpr lhs = getAffineExpr(operands[0], vars, values, cstr);
    if (!lhs)
      return AffineExpr();
    return expr.getKind() == Kind::FloorDiv ? lhs.floorDiv(*divisor)
                                            : lhs % *divisor;
  }
  case Kind::Min:
  case Kind::Max:
    return AffineExpr();
  }
  llvm_unreachable("unknown symbolic expression kind");
}

namespace {

struct AssumeOpInterface
    : public ValueBoundsOpInterface::ExternalModel<AssumeOpInterface,
                                                   AssumeOp> {
  void populateBoundsForIndexValue(Operation *op, Value value,
                                   ValueBoundsConstraintSet &cstr) const {
    auto assumeOp = cast<AssumeOp>(op);
    assert(value == assumeOp.getResult() && "invalid value");

    cstr.bound(value) == cstr.getExpr(assumeOp.getInput());
    auto [lower, upper] = assumeOp.getTightenedRange();
    if (lower)
      cstr.bound(value) >= *lower;
    if (upper)
      cstr.bound(value) <= *upper;
  }
};

struct DimOpInterface
    : public ValueBoundsOpInterface::ExternalModel<DimOpInterface, DimOp> {
  void populateBoundsForIndexValue(Operation *op, Value value,
                                   ValueBoundsConstraintSet &cstr) const {
    auto dimOp = cast<DimOp>(op);
    assert(value == dimOp.getResult() && "invalid value");

    cstr.bound(value) >= 0;
    int64_t index = dimOp.getIndex();
    std::optional<SmallVector<SymExprAttr>> dims =
        getSymDims(dimOp.getSource().getType());
    if (!dims || index < 0 || index >= static_cast<int64_t>(dims->size()))
      return;
    if (SymExprAttr dim = (*dims)[index])
      if (std::optional<int64_t> size = dim.getConstantValue())
        cstr.bound(value) == *size;
    // Builtin shaped sources have dims the constraint set knows about.
    if (auto shaped = dyn_cast<ShapedType>(dimOp.getSource().getType());
        shaped && shaped.hasRank())
      cstr.bound(value) == cstr.getExpr(dimOp.getSource(), index);
  }
};

struct EvalOpInterface
    : public ValueBoundsOpInterface::ExternalModel<EvalOpInterface, EvalOp> {
  void populateBoundsForIndexValue(Operation *op, Value value,
                                   ValueBoundsConstraintSet &cstr) const {
    auto evalOp = cast<EvalOp>(op);
    assert(value == evalOp.getResult() && "invalid value");

    SymExprAttr expr = evalOp.getExpr();
    ArrayAttr vars = evalOp.getVars();
    ValueRange values = evalOp.getValues();
    if (AffineExpr affine = getAffineExpr(expr, vars, values, cstr)) {
      cstr.bound(value) == affine;
      return;
    }
    // min(a_i) <= a_i and max(a_i) >= a_i for every affine operand.
    bool isMin = expr.getKind() == SymExprKind::Min;
    if (!isMin && expr.getKind() != SymExprKind::Max)
      return;
    for (SymExprAttr operand : expr.getOperands()) {
      AffineExpr affine = getAffineExpr(operand, vars, values, cstr);
      if (!affine)
        continue;
      if (isMin)
        cstr.bound(value) <= affine;
      else
        cstr.bound(value) >= affine;
    }
  }
};

} // namespace

void mlir::sym::registerValueBoundsOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, SymDialect *dialect) {
    AssumeOp::attachInterface<AssumeOpInterface>(*ctx);
    DimOp::attachInterface<DimOpInterface>(*ctx);
    EvalOp::attachInterface<EvalOpInterface>(*ctx);
  });
}
