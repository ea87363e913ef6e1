//===- RelaxEnums.td - Relax graph dialect enums -------------*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXENUMS_TD
#define RELAX_DIALECT_RELAX_IR_RELAXENUMS_TD

include "mlir/IR/EnumAttr.td"

def Relax_IndexModeEnum : I32EnumAttr<"IndexMode",
    "What a gather does with an index outside its axis", [
      I32EnumAttrCase<"Check", 0, "check">,
      I32EnumAttrCase<"Clip", 1, "clip">,
      I32EnumAttrCase<"Wrap", 2, "wrap">
    ]> {
  let cppNamespace = "::mlir::relax";
  let genSpecializedAttr = 0;
}

#endif // RELAX_DIALECT_RELAX_IR_RELAXENUMS_TD
