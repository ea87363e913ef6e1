//===- SymAttrs.h - Symbolic shape attributes ---------------------*- C++
//-*-===//
//
// Declares the symbolic expression attribute and its companions, and helpers
// to read symbolic dims off types.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_SYM_IR_SYMATTRS_H
#define RELAX_DIALECT_SYM_IR_SYMATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/SetVector.h"

#include "Relax/Dialect/Sym/IR/SymEnums.h.inc"

namespace mlir::sym {
class SymExprAttr;
} // namespace mlir::sym

#define GET_ATTRDEF_CLASSES
#include "Relax/Dialect/Sym/IR/SymAttrDefs.h.inc"

#include "Relax/Dialect/Sym/IR/SymTypeInterfaces.h.inc"

namespace mlir::sym {

/// Parses a bracketed list of dims, `[d0, d1, ...]`, where each dim is a
/// symbolic expression or `?` (returned as a null attribute).
ParseResult parseSymDimList(AsmParser &parser,
                            SmallVectorImpl<SymExprAttr> &dims);
/// Prints a dim list in the form `parseSymDimList` reads.
void printSymDimList(AsmPrinter &printer, ArrayRef<SymExprAttr> dims);
void printSymDimList(raw_ostream &os, ArrayRef<SymExprAttr> dims);

/// Returns the symbolic dims of `type`: those of a `SymShapedTypeInterface`
/// type with known rank, or the static dims of a builtin ranked shaped type
/// (null for `?`). Returns std::nullopt when the rank is unknown or the type
/// is not shaped.
std::optional<SmallVector<SymExprAttr>> getSymDims(Type type);

} // namespace mlir::sym

#endif // RELAX_DIALECT_SYM_IR_SYMATTRS_H
