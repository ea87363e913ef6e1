//===- RelaxInterfaces.td - Relax graph dialect interfaces -*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_TD
#define RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_TD

include "mlir/IR/OpBase.td"

def Relax_InferShapeOpInterface : OpInterface<"InferShapeOpInterface"> {
  let cppNamespace = "::mlir::relax";
  let description = [{
    A graph op whose result types follow from its operand types and
    attributes. `inferRelaxTypes` computes them with the help of a
    `ShapeInferenceContext`, which answers symbolic questions with the
    prover, explains a provable mismatch at the op's location, and records
    the equalities that could be neither proven nor disproven so that they
    can be checked at run time.

    The interface's verifier infers the types without constraints and
    rejects a written result type that provably differs from the inferred
    one.
  }];
  let methods = [
    InterfaceMethod<[{
        Computes the result types from the operand types and attributes.
        Returns failure after reporting through `context` when the operands
        can never be valid.
      }],
      "::llvm::LogicalResult", "inferRelaxTypes",
      (ins "::mlir::relax::ShapeInferenceContext &":$context,
           "::llvm::SmallVectorImpl<::mlir::Type> &":$results)>
  ];
  let verify = [{
    return ::mlir::relax::detail::verifyInferredTypes($_op);
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

#endif // RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_TD
