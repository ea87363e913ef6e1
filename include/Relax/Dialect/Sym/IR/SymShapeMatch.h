//===- SymShapeMatch.h - Matching symbolic shapes -----------------*- C++
//-*-===//
//
// Deduces the symbolic variables of a signature from the shapes it is called
// with, and finds dims that provably disagree. Used by the verifiers of calls
// between graph functions and of calls into tensor programs.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_SYM_IR_SYMSHAPEMATCH_H
#define RELAX_DIALECT_SYM_IR_SYMSHAPEMATCH_H

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::sym {

/// Returns true when `lhs - rhs` is a non-zero constant, i.e. the two
/// expressions differ for every value of their variables. Null (unknown)
/// dims never provably differ.
bool provablyDifferent(SymExprAttr lhs, SymExprAttr rhs);

/// Returns the expression as text, `?` for a null (unknown) dim.
std::string toString(SymExprAttr expr);

/// Variables of a signature bound to the expressions of one call site.
class SymBindings {
public:
  /// Binds each dim of `pattern` that is a bare variable to the matching dim
  /// of `actual`. The first binding of a variable wins. Unknown actual dims
  /// bind nothing.
  void bind(ArrayRef<SymExprAttr> pattern, ArrayRef<SymExprAttr> actual);

  /// Returns `expr` with bound variables replaced, or null if the result
  /// still has an unbound variable (or is null itself).
  SymExprAttr substitute(SymExprAttr expr) const;

  /// Checks each dim of `pattern`, after substitution, against `actual`.
  /// Returns the index of the first dim that provably disagrees.
  std::optional<unsigned> findMismatch(ArrayRef<SymExprAttr> pattern,
                                       ArrayRef<SymExprAttr> actual) const;

  /// Substitutes a whole dim list; unbound dims become unknown (null).
  SmallVector<SymExprAttr> substituteDims(ArrayRef<SymExprAttr> dims) const;

private:
  llvm::DenseMap<StringAttr, SymExprAttr> bindings;
};

} // namespace mlir::sym

#endif // RELAX_DIALECT_SYM_IR_SYMSHAPEMATCH_H
