//===- RelaxInterfaces.td - Relax graph dialect interfaces -*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_TD
#define RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_TD

include "Relax/Interfaces/PatternKindInterface.td"
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

#endif // RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_TD
