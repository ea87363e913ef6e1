//===- RelaxTypes.h - Relax graph dialect types -------------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXTYPES_H
#define RELAX_DIALECT_RELAX_IR_RELAXTYPES_H

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxTypes.h.inc"

namespace mlir::relax {

/// Returns true for the types a graph value may have: relax tensors, shapes,
/// objects and storages, integer, index and float scalars, and tuples of
/// these.
bool isRelaxValueType(Type type);

/// Adds the variables that appear alone as a dim of a tensor or shape in
/// `type` (through tuples): those a value of this type binds.
void collectDefinableVars(Type type, llvm::SetVector<StringAttr> &vars);

/// Returns true if a value of type `actual` may be used where `expected` is
/// declared: the same structure and element types, and every dim of
/// `expected` either unknown or the same expression as in `actual`.
bool isRefinementOf(Type actual, Type expected);

} // namespace mlir::relax

#endif // RELAX_DIALECT_RELAX_IR_RELAXTYPES_H
