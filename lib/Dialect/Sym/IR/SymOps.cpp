//===- SymOps.cpp - Symbolic shape run-time ops ---------------------------===//

#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/Utils/InferIntRangeCommon.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::sym;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `(n = %a, m = %b)`; the empty list may be omitted.
static ParseResult
parseVarBindings(OpAsmParser &parser, ArrayAttr &vars,
                 SmallVectorImpl<OpAsmParser::UnresolvedOperand> &values) {
  SmallVector<Attribute> names;
  if (failed(parser.parseOptionalLParen())) {
    vars = parser.getBuilder().getArrayAttr(names);
    return success();
  }
  if (failed(parser.parseOptionalRParen())) {
    do {
      StringRef name;
      OpAsmParser::UnresolvedOperand value;
      if (parser.parseKeyword(&name) || parser.parseEqual() ||
          parser.parseOperand(value))
        return failure();
      names.push_back(parser.getBuilder().getStringAttr(name));
      values.push_back(value);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRParen())
      return failure();
  }
  vars = parser.getBuilder().getArrayAttr(names);
  return success();
}

static void printVarBindings(OpAsmPrinter &printer, Operation *, ArrayAttr vars,
                             OperandRange values) {
  if (vars.empty())
    return;
  printer << '(';
  llvm::interleaveComma(llvm::zip(vars, values), printer, [&](auto pair) {
    printer << cast<StringAttr>(std::get<0>(pair)).getValue() << " = "
            << std::get<1>(pair);
  });
  printer << ')';
}

/// Parses the facts of `sym.assume`: `in [lower, upper]` (either end may be
/// `?`) and `divisible divisor`, each optional.
static ParseResult parseAssumeFacts(OpAsmParser &parser, IntegerAttr &lower,
                                    IntegerAttr &upper, IntegerAttr &divisor) {
  Builder &builder = parser.getBuilder();
  auto parseEnd = [&](IntegerAttr &end) -> ParseResult {
    if (succeeded(parser.parseOptionalQuestion()))
      return success();
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    end = builder.getI64IntegerAttr(value);
    return success();
  };
  if (succeeded(parser.parseOptionalKeyword("in"))) {
    if (parser.parseLSquare() || parseEnd(lower) || parser.parseComma() ||
        parseEnd(upper) || parser.parseRSquare())
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("divisible"))) {
    int64_t value;
    if (parser.parseInteger(value))
      return failure();
    divisor = builder.getI64IntegerAttr(value);
  }
  return success();
}

static void printAssumeFacts(OpAsmPrinter &printer, Operation *,
                             IntegerAttr lower, IntegerAttr upper,
                             IntegerAttr divisor) {
  auto printEnd = [&](IntegerAttr end) {
    if (end)
      printer << end.getInt();
    else
      printer << '?';
  };
  // The directive is preceded by a space already.
  if (lower || upper) {
    printer << "in [";
    printEnd(lower);
    printer << ", ";
    printEnd(upper);
    printer << ']';
  }
  if (divisor)
    printer << (lower || upper ? " " : "") << "divisible " << divisor.getInt();
}

#define GET_OP_CLASSES
#include "Relax/Dialect/Sym/IR/SymOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Integer range helpers
//===----------------------------------------------------------------------===//

/// Returns the signed range [lower, upper] at `width` bits; open ends, and
/// ends that do not fit in `width` bits, are left at the signed extremes.
static ConstantIntRanges getSignedRange(unsigned width,
                                        std::optional<int64_t> lower,
                                        std::optional<int64_t> upper) {
  APInt smin = APInt::getSignedMinValue(width);
  APInt smax = APInt::getSignedMaxValue(width);
  if (lower && llvm::isIntN(width, *lower))
    smin = APInt(width, *lower, /*isSigned=*/true);
  if (upper && llvm::isIntN(width, *upper))
    smax = APInt(width, *upper, /*isSigned=*/true);
  return ConstantIntRanges::fromSigned(smin, smax);
}

//===----------------------------------------------------------------------===//
// DimOp
//===----------------------------------------------------------------------===//

LogicalResult DimOp::verify() {
  Type type = getSource().getType();
  if (!isa<SymShapedTypeInterface, ShapedType>(type))
    return emitOpError("expects a shaped source, got ") << type;
  std::optional<SmallVector<SymExprAttr>> dims = getSymDims(type);
  if (!dims)
    return emitOpError("expects a source of known rank, got ") << type;
  int64_t index = getIndex();
  if (index < 0 || index >= static_cast<int64_t>(dims->size()))
    return emitOpError("dim index ")
           << index << " is out of range for rank " << dims->size();
  return success();
}

void DimOp::inferResultRangesFromOptional(ArrayRef<IntegerValueRange>,
                                          SetIntLatticeFn setResultRange) {
  // A dim is a size: non-negative, and known when static.
  unsigned width = IndexType::kInternalStorageBitWidth;
  std::optional<SmallVector<SymExprAttr>> dims =
      getSymDims(getSource().getType());
  int64_t index = getIndex();
  std::optional<int64_t> size;
  if (dims && index >= 0 && index < static_cast<int64_t>(dims->size()) &&
      (*dims)[index])
    size = (*dims)[index].getConstantValue();
  if (size) {
    setResultRange(getResult(), ConstantIntRanges::constant(
                                    APInt(width, *size, /*isSigned=*/true)));
    return;
  }
  setResultRange(getResult(), getSignedRange(width, 0, std::nullopt));
}

//===----------------------------------------------------------------------===//
// EvalOp
//===----------------------------------------------------------------------===//

LogicalResult EvalOp::verify() {
  if (getVars().size() != getValues().size())
    return emitOpError("binds ") << getVars().size() << " variables to "
                                 << getValues().size() << " values";
  llvm::SmallDenseSet<StringAttr> bound;
  for (Attribute var : getVars())
    if (!bound.insert(cast<StringAttr>(var)).second)
      return emitOpError("binds variable '")
             << cast<StringAttr>(var).getValue() << "' twice";
  llvm::SetVector<StringAttr> used;
  getExpr().collectVars(used);
  for (StringAttr var : used)
    if (!bound.contains(var))
      return emitOpError("does not bind variable '") << var.getValue() << "'";
  return success();
}

OpFoldResult EvalOp::fold(FoldAdaptor adaptor) {
  // Substitute every value that is a constant; fold when the result is one.
  DenseMap<StringAttr, SymExprAttr> known;
  for (auto [var, value] : llvm::zip(getVars(), adaptor.getValues()))
    if (auto c = dyn_cast_if_present<IntegerAttr>(value))
      known[cast<StringAttr>(var)] =
          SymExprAttr::getConstant(getContext(), c.getInt());
  SymExprAttr folded =
      getExpr().replaceVars([&](StringAttr var) { return known.lookup(var); });
  if (!folded)
    return {};
  if (std::optional<int64_t> c = folded.getConstantValue())
    return IntegerAttr::get(IndexType::get(getContext()), *c);
  // A bare variable evaluates to the value bound to it.
  if (folded.isVar())
    for (auto [var, value] : llvm::zip(getVars(), getValues()))
      if (cast<StringAttr>(var) == folded.getName())
        return value;
  return {};
}

/// Computes the range of `expr` at the bit width of `varRanges` by interval
/// arithmetic over its tree. Arithmetic wraps, as the run-time evaluation of
/// the expression on `index` values does.
static ConstantIntRanges
inferExprRange(SymExprAttr expr, unsigned width,
               function_ref<ConstantIntRanges(StringAttr)> lookup) {
  using Kind = SymExprKind;
  ArrayRef<SymExprAttr> operands = expr.getOperands();
  auto fold = [&](auto infer) {
    ConstantIntRanges result = inferExprRange(operands.front(), width, lookup);
    for (SymExprAttr operand : operands.drop_front())
      result = infer({result, inferExprRange(operand, width, lookup)});
    return result;
  };
  switch (expr.getKind()) {
  case Kind::Constant:
    return ConstantIntRanges::constant(APInt(width, expr.getValue(),
                                             /*isSigned=*/true,
                                             /*implicitTrunc=*/true));
  case Kind::Var:
    return lookup(expr.getName());
  case Kind::Add:
    return fold([](ArrayRef<ConstantIntRanges> ranges) {
      return intrange::inferAdd(ranges);
    });
  case Kind::Mul:
    return fold([](ArrayRef<ConstantIntRanges> ranges) {
      return intrange::inferMul(ranges);
    });
  case Kind::FloorDiv:
    return fold(intrange::inferFloorDivS);
  case Kind::Min:
    return fold(intrange::inferMinS);
  case Kind::Max:
    return fold(intrange::inferMaxS);
  case Kind::Mod: {
    // x mod y lies in [0, y - 1] for y >= 1, and is x when 0 <= x < y.
    ConstantIntRanges lhs = inferExprRange(operands[0], width, lookup);
    ConstantIntRanges rhs = inferExprRange(operands[1], width, lookup);
    if (!rhs.smin().isStrictlyPositive())
      return ConstantIntRanges::maxRange(width);
    if (lhs.smin().isNonNegative() && lhs.smax().slt(rhs.smin()))
      return lhs;
    return ConstantIntRanges::fromSigned(APInt::getZero(width), rhs.smax() - 1);
  }
  }
  llvm_unreachable("unknown symbolic expression kind");
}

void EvalOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                               SetIntRangeFn setResultRange) {
  // Without bound values the expression is a constant.
  if (argRanges.empty()) {
    setResultRange(getResult(),
                   inferExprRange(getExpr(),
                                  IndexType::kInternalStorageBitWidth,
                                  [](StringAttr) -> ConstantIntRanges {
                                    llvm_unreachable("verified: no variables");
                                  }));
    return;
  }
  // Like upstream index ops, infer at 64 and 32 bits and merge.
  auto infer = [&](ArrayRef<ConstantIntRanges> ranges) {
    unsigned width = ranges.front().smin().getBitWidth();
    return inferExprRange(getExpr(), width, [&](StringAttr var) {
      for (auto [name, range] : llvm::zip(getVars(), ranges))
        if (cast<StringAttr>(name) == var)
          return range;
      return ConstantIntRanges::maxRange(width);
    });
  };
  setResultRange(getResult(), intrange::inferIndexOp(infer, argRanges,
                                                     intrange::CmpMode::Both));
}

//===----------------------------------------------------------------------===//
// AssumeOp
//===----------------------------------------------------------------------===//

/// Returns the signed value of an optional integer attribute.
static std::optional<int64_t> getOptionalInt(IntegerAttr attr) {
  if (!attr)
    return std::nullopt;
  return attr.getInt();
}

std::pair<std::optional<int64_t>, std::optional<int64_t>>
AssumeOp::getTightenedRange() {
  std::optional<int64_t> lower = getOptionalInt(getLowerAttr());
  std::optional<int64_t> upper = getOptionalInt(getUpperAttr());
  std::optional<int64_t> divisor = getOptionalInt(getDivisorAttr());
  if (!divisor || *divisor <= 1)
    return {lower, upper};
  if (lower) {
    int64_t rem = llvm::mod(*lower, *divisor), up;
    if (rem != 0 && !llvm::AddOverflow(*lower, *divisor - rem, up))
      lower = up;
  }
  int64_t down;
  if (upper && !llvm::SubOverflow(*upper, llvm::mod(*upper, *divisor), down))
    upper = down;
  return {lower, upper};
}

LogicalResult AssumeOp::verify() {
  std::optional<int64_t> lower = getOptionalInt(getLowerAttr());
  std::optional<int64_t> upper = getOptionalInt(getUpperAttr());
  if (lower && upper && *lower > *upper)
    return emitOpError("has an empty range: ") << *lower << " > " << *upper;
  if (std::optional<int64_t> divisor = getOptionalInt(getDivisorAttr())) {
    if (*divisor <= 0)
      return emitOpError("divisor must be positive, got ") << *divisor;
    auto [low, high] = getTightenedRange();
    if (low && high && *low > *high)
      return emitOpError("range [") << *lower << ", " << *upper
                                    << "] holds no multiple of " << *divisor;
  }
  return success();
}

void AssumeOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                 SetIntRangeFn setResultRange) {
  const ConstantIntRanges &input = argRanges.front();
  auto [lower, upper] = getTightenedRange();
  ConstantIntRanges assumed =
      getSignedRange(input.smin().getBitWidth(), lower, upper);
  ConstantIntRanges result = input.intersection(assumed);
  // Disjoint ranges mean the assumption never holds here (undefined
  // behavior); the assumed range is as good as any.
  if (result.smin().sgt(result.smax()) || result.umin().ugt(result.umax()))
    result = assumed;
  setResultRange(getResult(), result);
}

//===----------------------------------------------------------------------===//
// AssertEqOp
//===----------------------------------------------------------------------===//

LogicalResult AssertEqOp::canonicalize(AssertEqOp op,
                                       PatternRewriter &rewriter) {
  APInt lhs, rhs;
  bool same = op.getLhs() == op.getRhs() ||
              (matchPattern(op.getLhs(), m_ConstantInt(&lhs)) &&
               matchPattern(op.getRhs(), m_ConstantInt(&rhs)) && lhs == rhs);
  if (!same)
    return failure();
  rewriter.eraseOp(op);
  return success();
}
