//===- RelaxEnums.td - Relax graph dialect enums -----------*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXENUMS_TD
#define RELAX_DIALECT_RELAX_IR_RELAXENUMS_TD

include "mlir/IR/EnumAttr.td"

def Relax_PatternKind : I32Enum<"PatternKind",
    "how an op's outputs depend on its inputs, for fusion", [
      I32EnumCase<"ElementWise", 0, "elementwise">,
      I32EnumCase<"Broadcast", 1, "broadcast">,
      I32EnumCase<"Injective", 2, "injective">,
      I32EnumCase<"Reduction", 3, "reduction">,
      I32EnumCase<"OutElementWiseFusable", 4, "output_elementwise_fusable">,
      I32EnumCase<"Opaque", 5, "opaque">
    ]> {
  let cppNamespace = "::mlir::relax";
  let description = [{
    Ordered from the most to the least fusable, following Relax and TVM:
    elementwise ops map each output element to the same input element;
    broadcast ops read inputs along a subset of the output's axes;
    injective ops map each output element to one input element (reshapes,
    transposes, slices); reductions combine elements along axes;
    output-elementwise-fusable ops (matmul, convolution) can absorb
    elementwise ops on their output; opaque ops cannot be fused.
  }];
}

#endif // RELAX_DIALECT_RELAX_IR_RELAXENUMS_TD
