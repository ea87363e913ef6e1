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

def Relax_QuantFormatEnum : I32EnumAttr<"QuantFormat",
    "A block layout of quantized weights", [
      I32EnumAttrCase<"Q4_0", 0, "q4_0">,
      I32EnumAttrCase<"Q8_0", 1, "q8_0">,
      I32EnumAttrCase<"Q4F16_1", 2, "q4f16_1">,
      I32EnumAttrCase<"Q4F32_1", 3, "q4f32_1">
    ]> {
  let cppNamespace = "::mlir::relax";
  let genSpecializedAttr = 0;
}

def Relax_ReductionKindEnum : I32EnumAttr<"ReductionKind",
    "How a collective combines the ranks' values", [
      I32EnumAttrCase<"Sum", 0, "sum">,
      I32EnumAttrCase<"Prod", 1, "prod">,
      I32EnumAttrCase<"Min", 2, "min">,
      I32EnumAttrCase<"Max", 3, "max">
    ]> {
  let cppNamespace = "::mlir::relax";
  let genSpecializedAttr = 0;
}

#endif // RELAX_DIALECT_RELAX_IR_RELAXENUMS_TD
