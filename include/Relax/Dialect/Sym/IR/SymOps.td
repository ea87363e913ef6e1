//===- SymOps.td - Symbolic shape run-time ops -------------*- tablegen -*-===//

#ifndef RELAX_DIALECT_SYM_IR_SYMOPS_TD
#define RELAX_DIALECT_SYM_IR_SYMOPS_TD

include "Relax/Dialect/Sym/IR/SymAttrDefs.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Sym_Op<string mnemonic, list<Trait> traits = []>
    : Op<Sym_Dialect, mnemonic, traits>;

def Sym_DimOp : Sym_Op<"dim", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface,
                              ["inferResultRangesFromOptional"]>]> {
  let summary = "Reads one dim of a shaped value at run time";
  let description = [{
    Returns dim `index` of `source` as an `index`. The source is a builtin
    ranked tensor or memref, or any type implementing
    `SymShapedTypeInterface` with a known rank (relax tensors and shapes).

    ```mlir
    %d = sym.dim %x[0] : !relax.tensor<[n, 4], f32>
    ```
  }];
  let arguments = (ins AnyType:$source, I64Attr:$index);
  let results = (outs Index:$result);
  let assemblyFormat = "$source `[` $index `]` attr-dict `:` type($source)";
  let hasVerifier = 1;
}

def Sym_EvalOp : Sym_Op<"eval", [Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "Evaluates a symbolic expression at run time";
  let description = [{
    Evaluates `expr` with each of its variables bound to an `index` value.
    Every variable of the expression must be bound exactly once.

    ```mlir
    %r = sym.eval <2 * n + m> (n = %a, m = %b)
    ```
  }];
  let arguments = (ins Sym_ExprAttr:$expr, StrArrayAttr:$vars,
                       Variadic<Index>:$values);
  let results = (outs Index:$result);
  let assemblyFormat =
      "$expr custom<VarBindings>($vars, $values) attr-dict";
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Sym_AssertEqOp : Sym_Op<"assert_eq", [MemoryEffects<[MemWrite]>]> {
  let summary = "Checks at run time that two dims are equal";
  let description = [{
    Aborts execution with `message` when `lhs != rhs`. Inserted where an
    equality of shapes is needed but could not be proven at compile time.

    ```mlir
    sym.assert_eq %a, %b, "x: dim 0 must equal n"
    ```
  }];
  let arguments = (ins Index:$lhs, Index:$rhs, StrAttr:$message);
  let assemblyFormat = "$lhs `,` $rhs `,` $message attr-dict";
  let hasCanonicalizeMethod = 1;
}

def Sym_AssumeOp : Sym_Op<"assume", [Pure,
    AllTypesMatch<["input", "result"]>,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "Attaches a range and a divisor to an index value";
  let description = [{
    Returns `input` unchanged and records facts about it that the compiler
    may rely on: `lower <= input <= upper` and `divisor | input`. Either end
    of the range may be `?` (open) and each part may be omitted. The facts
    are not checked at run time: the behavior is undefined when they do not
    hold. Integer range analysis and value bounds read them.

    ```mlir
    %y = sym.assume %x in [1, 4096] divisible 8
    %z = sym.assume %x in [?, 512]
    %w = sym.assume %x divisible 16
    ```
  }];
  let arguments = (ins Index:$input, OptionalAttr<I64Attr>:$lower,
                       OptionalAttr<I64Attr>:$upper,
                       OptionalAttr<I64Attr>:$divisor);
  let results = (outs Index:$result);
  let assemblyFormat =
      "$input custom<AssumeFacts>($lower, $upper, $divisor) attr-dict";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Returns the assumed range, tightened to multiples of the divisor.
    /// Ends are std::nullopt when open.
    std::pair<std::optional<int64_t>, std::optional<int64_t>>
    getTightenedRange();
  }];
}

#endif // RELAX_DIALECT_SYM_IR_SYMOPS_TD
