//===- TProgDialect.td - Tensor program dialect ------------*- tablegen -*-===//

#ifndef RELAX_DIALECT_TPROG_IR_TPROGDIALECT_TD
#define RELAX_DIALECT_TPROG_IR_TPROGDIALECT_TD

include "mlir/IR/DialectBase.td"

def TProg_Dialect : Dialect {
  let name = "tprog";
  let cppNamespace = "::mlir::tprog";
  let summary = "Loop-level tensor programs called from the graph level";
  let description = [{
    A `tprog.func` is a tensor program in destination-passing style: its
    trailing arguments, marked `tprog.output`, are the destinations it
    writes. Before bufferization it works on builtin tensors and returns
    one value per destination; after, on memrefs, and returns nothing. Its
    body is written in upstream dialects (linalg, tensor, arith, math, scf,
    vector).

    Dynamic dims (`?`) of its arguments are tied to symbolic variables with
    the `sym.shape` argument attribute, so the graph level and the program
    agree on every shape.
  }];
  let dependentDialects = ["::mlir::sym::SymDialect"];
  let hasRegionArgAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Unit argument attribute marking a destination argument.
    static constexpr ::llvm::StringLiteral getOutputAttrName() {
      return ::llvm::StringLiteral("tprog.output");
    }
  }];
}

#endif // RELAX_DIALECT_TPROG_IR_TPROGDIALECT_TD
