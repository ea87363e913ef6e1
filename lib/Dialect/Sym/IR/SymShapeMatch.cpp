//===- SymShapeMatch.cpp - Matching symbolic shapes -----------------------===//

#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"

using namespace mlir;
using namespace mlir::sym;

bool mlir::sym::provablyDifferent(SymExprAttr lhs, SymExprAttr rhs) {
  if (!lhs || !rhs)
    return false;
  SymExprAttr diff = SymExprAttr::sub(lhs, rhs);
  std::optional<int64_t> c = diff ? diff.getConstantValue() : std::nullopt;
  return c && *c != 0;
}

std::string mlir::sym::toString(SymExprAttr expr) {
  if (!expr)
    return "?";
  std::string text;
  llvm::raw_string_ostream os(text);
  expr.printExpr(os);
  return text;
}

void SymBindings::bind(ArrayRef<SymExprAttr> pattern,
                       ArrayRef<SymExprAttr> actual) {
  for (auto [p, a] : llvm::zip(pattern, actual))
    if (p && a && p.isVar())
      bindings.try_emplace(p.getName(), a);
}

SymExprAttr SymBindings::substitute(SymExprAttr expr) const {
  if (!expr)
    return {};
  bool complete = true;
  SymExprAttr result = expr.replaceVars([&](StringAttr var) {
    SymExprAttr bound = bindings.lookup(var);
    complete &= static_cast<bool>(bound);
    return bound;
  });
  return complete ? result : SymExprAttr();
}

std::optional<unsigned>
SymBindings::findMismatch(ArrayRef<SymExprAttr> pattern,
                          ArrayRef<SymExprAttr> actual) const {
  for (auto [i, p, a] : llvm::enumerate(pattern, actual))
    if (provablyDifferent(substitute(p), a))
      return i;
  return std::nullopt;
}

SmallVector<SymExprAttr>
SymBindings::substituteDims(ArrayRef<SymExprAttr> dims) const {
  return llvm::map_to_vector(dims,
                             [&](SymExprAttr d) { return substitute(d); });
}
