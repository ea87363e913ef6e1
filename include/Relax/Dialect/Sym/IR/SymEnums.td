//===- SymEnums.td - Symbolic shape dialect enums ----------*- tablegen -*-===//

#ifndef RELAX_DIALECT_SYM_IR_SYMENUMS_TD
#define RELAX_DIALECT_SYM_IR_SYMENUMS_TD

include "mlir/IR/EnumAttr.td"

def Sym_ExprKind : I32Enum<"SymExprKind",
    "node kind of a symbolic integer expression", [
      I32EnumCase<"Constant", 0, "constant">,
      I32EnumCase<"Var", 1, "var">,
      I32EnumCase<"FloorDiv", 2, "floordiv">,
      I32EnumCase<"Mod", 3, "mod">,
      I32EnumCase<"Min", 4, "min">,
      I32EnumCase<"Max", 5, "max">,
      I32EnumCase<"Mul", 6, "mul">,
      I32EnumCase<"Add", 7, "add">
    ]> {
  let cppNamespace = "::mlir::sym";
}

#endif // RELAX_DIALECT_SYM_IR_SYMENUMS_TD
