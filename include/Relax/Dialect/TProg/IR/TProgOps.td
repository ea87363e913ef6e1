//===- TProgOps.td - Tensor program ops --------------------*- tablegen -*-===//

#ifndef RELAX_DIALECT_TPROG_IR_TPROGOPS_TD
#define RELAX_DIALECT_TPROG_IR_TPROGOPS_TD

include "Relax/Dialect/TProg/IR/TProgDialect.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class TProg_Op<string mnemonic, list<Trait> traits = []>
    : Op<TProg_Dialect, mnemonic, traits>;

def TProg_FuncOp : TProg_Op<"func", [
    AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove,
    OpAsmOpInterface
  ]> {
  let summary = "A tensor program in destination-passing style";
  let description = [{
    A loop-level program. The arguments marked `tprog.output` are the
    destinations: usually the trailing arguments (`relax.call_tir`), and also
    inputs that the program overwrites (`relax.call_tir_inplace`). On tensors
    the program returns one value per destination, in argument order, of
    the destination's type; on memrefs it writes the destinations in place
    and returns nothing.

    Trailing `index` arguments, after the destinations, receive symbolic
    values the tensors cannot give (the `sym_args` of `relax.call_tir`).

    Every `?` dim of an argument is named by the argument's `sym.shape`
    attribute. The variables that appear there are the program's symbolic
    parameters; each must appear alone as some dim, so that it can be read
    off the arguments at run time.

    ```mlir
    tprog.func @add(%a: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                    %b: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>},
                    %out: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 4]>,
                                           tprog.output})
        -> tensor<?x4xf32> {
      %r = linalg.add ins(%a, %b : tensor<?x4xf32>, tensor<?x4xf32>)
                      outs(%out : tensor<?x4xf32>) -> tensor<?x4xf32>
      tprog.return %r : tensor<?x4xf32>
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// FunctionOpInterface.
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() { return &getBody(); }

    /// OpAsmOpInterface.
    static ::llvm::StringRef getDefaultDialect() { return "tprog"; }

    /// Number of destination arguments.
    unsigned getNumOutputs();
    /// Symbolic dims of argument `index`: its `sym.shape`, or its static
    /// dims (null for `?`) when it has none. std::nullopt for non-shaped
    /// arguments.
    std::optional<::llvm::SmallVector<::mlir::sym::SymExprAttr>>
    getArgSymDims(unsigned index);
  }];
}

def TProg_ReturnOp : TProg_Op<"return", [
    Pure, HasParent<"FuncOp">, ReturnLike, Terminator
  ]> {
  let summary = "Returns the destinations of a tensor program";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
}

#endif // RELAX_DIALECT_TPROG_IR_TPROGOPS_TD
