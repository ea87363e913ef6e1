//===- SymAttrDefs.td - Symbolic shape attributes ----------*- tablegen -*-===//

#ifndef RELAX_DIALECT_SYM_IR_SYMATTRDEFS_TD
#define RELAX_DIALECT_SYM_IR_SYMATTRDEFS_TD

include "Relax/Dialect/Sym/IR/SymDialect.td"
include "mlir/IR/AttrTypeBase.td"

class Sym_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Sym_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Sym_ExprAttr : Sym_Attr<"SymExpr", "expr"> {
  let summary = "A symbolic integer expression in canonical form";
  let description = [{
    An integer expression over named symbolic variables built from integer
    constants, `+`, `-`, `*`, `floordiv`, `mod`, `min` and `max`:

    ```mlir
    #sym.expr<4 * n + 1>
    #sym.expr<(n + 1) floordiv 2>
    #sym.expr<min(n, 128) * m>
    ```

    Every expression is kept in canonical form, computed when it is built:
    a sum of monomials, each an integer coefficient times a sorted product of
    atoms (variables and the non-polynomial `floordiv`, `mod`, `min`, `max`
    nodes, themselves canonical). Products of sums are expanded, like terms
    are collected, constants are folded, division and modulus by constants
    are simplified, and `min`/`max` drop operands that differ from another
    by a constant. Hence `n * 4 + n` and `5 * n` are the same attribute, and
    structural equality of attributes is equality of the expressions as
    polynomials over their atoms.

    Division and modulus round toward negative infinity. Division by zero and
    64-bit overflow while folding are errors, and so are expressions of more
    than 10,000 terms or, written out, more than 1,000,000 nodes.
  }];
  let parameters = (ins
    "::mlir::sym::SymExprKind":$kind,
    "int64_t":$value,
    "::mlir::StringAttr":$name,
    ArrayRefParameter<"::mlir::sym::SymExprAttr">:$operands,
    AttrParameter<"uint64_t", "nodes of the expression written out, each "
                  "occurrence of a subexpression counted (derived from the "
                  "operands)">:$numNodes);
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
  let genAccessors = 1;
  let extraClassDeclaration = [{
    /// Leaf constructors.
    static SymExprAttr getConstant(::mlir::MLIRContext *context,
                                   int64_t value);
    static SymExprAttr getVar(::mlir::StringAttr name);
    static SymExprAttr getVar(::mlir::MLIRContext *context,
                              ::llvm::StringRef name);

    /// Canonicalizing constructors. They return a null attribute when the
    /// result is undefined (division by zero), overflows 64 bits, has more
    /// than `kMaxTerms` terms or more than `kMaxNodes` nodes.
    static SymExprAttr add(SymExprAttr lhs, SymExprAttr rhs);
    static SymExprAttr sub(SymExprAttr lhs, SymExprAttr rhs);
    /// Returns the sum of all `operands` (at least one), in time linear in
    /// their terms.
    static SymExprAttr sum(::llvm::ArrayRef<SymExprAttr> operands);
    static SymExprAttr mul(SymExprAttr lhs, SymExprAttr rhs);
    static SymExprAttr neg(SymExprAttr operand);
    static SymExprAttr floorDiv(SymExprAttr lhs, SymExprAttr rhs);
    static SymExprAttr mod(SymExprAttr lhs, SymExprAttr rhs);
    static SymExprAttr min(::llvm::ArrayRef<SymExprAttr> operands);
    /// Returns `lhs / rhs` when `rhs` is a single monomial (a coefficient
    /// times a product of atoms) that divides every term of `lhs`
    /// exactly; null otherwise.
    static SymExprAttr exactDiv(SymExprAttr lhs, SymExprAttr rhs);
    static SymExprAttr max(::llvm::ArrayRef<SymExprAttr> operands);

    bool isConstant() const {
      return getKind() == ::mlir::sym::SymExprKind::Constant;
    }
    bool isVar() const { return getKind() == ::mlir::sym::SymExprKind::Var; }
    /// Returns the value of a constant expression.
    std::optional<int64_t> getConstantValue() const {
      if (!isConstant())
        return std::nullopt;
      return getValue();
    }

    /// Adds the variables the expression uses to `vars`, in first-use order.
    void collectVars(::llvm::SetVector<::mlir::StringAttr> &vars) const;

    /// Replaces variables by expressions. Variables that `lookup` maps to a
    /// null attribute are kept. Returns null on overflow or division by zero.
    SymExprAttr replaceVars(
        ::llvm::function_ref<SymExprAttr(::mlir::StringAttr)> lookup) const;

    /// Prints the expression without the `#sym.expr<>` wrapper.
    void printExpr(::llvm::raw_ostream &os) const;
    /// Parses an expression without the `#sym.expr<>` wrapper.
    static ::mlir::FailureOr<SymExprAttr> parseExpr(::mlir::AsmParser &parser);

    /// Builds one node as given, without canonicalizing; null when an
    /// operand is null or the expression would have more than `kMaxNodes`
    /// nodes. Only the canonicalizing constructors above call it.
    static SymExprAttr getNode(::mlir::MLIRContext *context,
                               ::mlir::sym::SymExprKind kind, int64_t value,
                               ::mlir::StringAttr name,
                               ::llvm::ArrayRef<SymExprAttr> operands);

    /// The most terms an expression may have, and the most that expanding
    /// a product of two sums may form (the product of their term counts).
    /// Past it the constructors return null: products of sums, and
    /// substitutions of sums into products, grow exponentially.
    static constexpr uint64_t kMaxTerms = 10000;
    /// The most nodes an expression may have, counted as it is written out
    /// (a subexpression once per occurrence). The term limit alone does not
    /// bound it: an atom such as `x mod y` over a long sum, multiplied out,
    /// is repeated in every term, and a few hundred characters of input can
    /// spell an expression that prints as tens of megabytes.
    static constexpr uint64_t kMaxNodes = 1000000;
    /// Whether multiplying sums of `lhsTerms` and `rhsTerms` terms is refused.
    static bool exceedsTermLimit(uint64_t lhsTerms, uint64_t rhsTerms);
    /// Returns the number of terms of the expression as a sum of monomials.
    unsigned getNumTerms() const;

    /// Total order used to sort operands in canonical form.
    static int compare(SymExprAttr lhs, SymExprAttr rhs);
  }];
}

def Sym_ShapeAttr : Sym_Attr<"SymShape", "shape"> {
  let summary = "A list of symbolic dims";
  let description = [{
    A shape whose dims are symbolic expressions or `?` (unknown). It ties the
    `?` dims of a builtin shaped type to symbolic variables when used as the
    `sym.shape` argument attribute of a function:

    ```mlir
    tprog.func @f(%a: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>})
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::sym::SymExprAttr">:$dims);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getDims().size(); }
  }];
}

def Sym_RangeAttr : Sym_Attr<"SymRange", "range"> {
  let summary = "An inclusive range of a symbolic variable";
  let description = [{
    Records `lo <= var <= hi` as a fact about a symbolic variable. Either end
    may be `?` (open); a range with only the upper end is an upper bound, the
    form that memory planning uses to size buffers.

    ```mlir
    #sym.range<n in [1, 4096]>
    #sym.range<n in [?, 4096]>
    #sym.range<n in [1, ?]>
    ```
  }];
  let parameters = (ins
    "::mlir::StringAttr":$var,
    OptionalParameter<"std::optional<int64_t>">:$lower,
    OptionalParameter<"std::optional<int64_t>">:$upper);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Sym_DivisibleAttr : Sym_Attr<"SymDivisible", "divisible"> {
  let summary = "A divisibility fact about a symbolic variable";
  let description = [{
    Records that `var` is a multiple of `divisor`:

    ```mlir
    #sym.divisible<n, 8>
    ```
  }];
  let parameters = (ins "::mlir::StringAttr":$var, "int64_t":$divisor);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // RELAX_DIALECT_SYM_IR_SYMATTRDEFS_TD
