//===- SymDialect.td - Symbolic shape dialect --------------*- tablegen -*-===//
//
// The `sym` dialect: symbolic integer expressions, constraints on symbolic
// variables, and the run-time ops that read, evaluate and check them.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_SYM_IR_SYMDIALECT_TD
#define RELAX_DIALECT_SYM_IR_SYMDIALECT_TD

include "mlir/IR/DialectBase.td"

def Sym_Dialect : Dialect {
  let name = "sym";
  let cppNamespace = "::mlir::sym";
  let summary = "Symbolic integer expressions for dynamic shapes";
  let description = [{
    The `sym` dialect carries the symbolic shape facts of a program in the IR.
    Its central piece is `#sym.expr`, a symbolic integer expression over named
    variables (`n`, `4 * n`, `n floordiv 2 + 1`, `min(n, 128)`) that is always
    kept in one canonical form: two expressions that are equal as polynomials
    over their atoms are the same uniqued attribute.

    Constraints on variables (`#sym.range`, `#sym.divisible`) are recorded on
    functions under the `sym.constraints` attribute. Argument shapes of
    tensor programs are tied to variables with the `sym.shape` argument
    attribute. At run time, `sym.dim` reads a dimension, `sym.eval`
    evaluates an expression and `sym.assert_eq` checks an equality that could
    not be proven at compile time.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();

    /// Name of the function attribute that holds variable constraints.
    static constexpr ::llvm::StringLiteral getConstraintsAttrName() {
      return ::llvm::StringLiteral("sym.constraints");
    }
    /// Name of the argument attribute that ties a shaped argument's dims to
    /// symbolic expressions.
    static constexpr ::llvm::StringLiteral getShapeAttrName() {
      return ::llvm::StringLiteral("sym.shape");
    }
  }];
}

#endif // RELAX_DIALECT_SYM_IR_SYMDIALECT_TD
