//===- PatternKindInterface.td - Pattern kinds for fusion --*- tablegen -*-===//
//
// The pattern kind and the interface that reports it, in a library of their
// own: the graph dialect's ops, calls of tensor programs and the analysis of
// program bodies all use them, and none of these depends on another.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_INTERFACES_PATTERNKINDINTERFACE_TD
#define RELAX_INTERFACES_PATTERNKINDINTERFACE_TD

include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def Relax_PatternKind : I32EnumAttr<"PatternKind",
    "how an op's outputs depend on its inputs, for fusion", [
      I32EnumAttrCase<"ElementWise", 0, "elementwise">,
      I32EnumAttrCase<"Broadcast", 1, "broadcast">,
      I32EnumAttrCase<"Injective", 2, "injective">,
      I32EnumAttrCase<"Reduction", 3, "reduction">,
      I32EnumAttrCase<"OutElementWiseFusable", 4, "output_elementwise_fusable">,
      I32EnumAttrCase<"Opaque", 5, "opaque">
    ]> {
  let cppNamespace = "::mlir::relax";
  let genSpecializedAttr = 0;
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

def Relax_PatternKindOpInterface : OpInterface<"PatternKindOpInterface"> {
  let cppNamespace = "::mlir::relax";
  let description = [{
    A graph op whose computation has a pattern kind, the property fusion
    groups ops by. High-level ops know theirs; a `relax.call_tir` reports the
    kind that `--relax-annotate-patterns` recorded on its tensor program
    (opaque when none was recorded), so fusion treats both the same way.
  }];
  let methods = [
    InterfaceMethod<"Returns the op's pattern kind.",
      "::mlir::relax::PatternKind", "getPatternKind">
  ];
}

#endif // RELAX_INTERFACES_PATTERNKINDINTERFACE_TD
