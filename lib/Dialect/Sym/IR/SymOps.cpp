//===- SymOps.cpp - Symbolic shape run-time ops ---------------------------===//

#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

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

static void printVarBindings(OpAsmPrinter &printer, Operation *,
                             ArrayAttr vars, OperandRange values) {
  if (vars.empty())
    return;
  printer << '(';
  llvm::interleaveComma(llvm::zip(vars, values), printer, [&](auto pair) {
    printer << cast<StringAttr>(std::get<0>(pair)).getValue() << " = "
            << std::get<1>(pair);
  });
  printer << ')';
}

#define GET_OP_CLASSES
#include "Relax/Dialect/Sym/IR/SymOps.cpp.inc"

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
  SymExprAttr folded = getExpr().replaceVars(
      [&](StringAttr var) { return known.lookup(var); });
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
