//===- SymInterfaces.td - Symbolic shape interfaces --------*- tablegen -*-===//

#ifndef RELAX_DIALECT_SYM_IR_SYMINTERFACES_TD
#define RELAX_DIALECT_SYM_IR_SYMINTERFACES_TD

include "mlir/IR/OpBase.td"

def Sym_ShapedTypeInterface : TypeInterface<"SymShapedTypeInterface"> {
  let cppNamespace = "::mlir::sym";
  let description = [{
    A type whose values have a shape made of symbolic expressions. A dim is
    a `SymExprAttr`, or null when it is unknown. Builtin shaped types are not
    required to implement this interface; `sym::getSymDims` handles both.
  }];
  let methods = [
    InterfaceMethod<"Returns true if the rank is known.", "bool", "hasRank">,
    InterfaceMethod<[{
        Returns the symbolic dims (null entries are unknown dims). Only
        valid when `hasRank()` is true.
      }], "::llvm::ArrayRef<::mlir::sym::SymExprAttr>", "getSymDims">
  ];
}

#endif // RELAX_DIALECT_SYM_IR_SYMINTERFACES_TD
