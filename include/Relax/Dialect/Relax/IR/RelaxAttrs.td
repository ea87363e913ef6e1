//===- RelaxAttrs.td - Relax graph dialect attributes ------*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXATTRS_TD
#define RELAX_DIALECT_RELAX_IR_RELAXATTRS_TD

include "Relax/Dialect/Relax/IR/RelaxDialect.td"
include "mlir/IR/AttrTypeBase.td"
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

def Relax_IndexModeAttr
    : EnumAttr<Relax_Dialect, Relax_IndexModeEnum, "index_mode"> {
  let summary = "What a gather does with an index outside its axis";
  let description = [{
    - `check`: an index outside `[0, size)` is a run-time error, and the
      element is read at the index clamped to the axis meanwhile, so nothing
      outside the tensor is read (GPU kernels, which cannot report, clamp).
    - `clip`: the index is clamped to `[0, size - 1]` (numpy's
      `mode='clip'`).
    - `wrap`: the index is taken modulo the size, so `-1` is the last
      element (numpy's `mode='wrap'`); an empty axis is a run-time error.

    ```mlir
    #relax.index_mode<wrap>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // RELAX_DIALECT_RELAX_IR_RELAXATTRS_TD
