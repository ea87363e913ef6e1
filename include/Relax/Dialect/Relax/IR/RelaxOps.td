//===- RelaxOps.td - Relax graph dialect ops ---------------*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXOPS_TD
#define RELAX_DIALECT_RELAX_IR_RELAXOPS_TD

include "Relax/Dialect/Relax/IR/RelaxAttrs.td"
include "Relax/Dialect/Relax/IR/RelaxInterfaces.td"
include "Relax/Dialect/Relax/IR/RelaxTypes.td"
include "Relax/Dialect/Sym/IR/SymAttrDefs.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Relax_Op<string mnemonic, list<Trait> traits = []>
    : Op<Relax_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Functions and structure
//===----------------------------------------------------------------------===//

def Relax_FuncOp : Relax_Op<"func", [
    FunctionOpInterface, IsolatedFromAbove, OpAsmOpInterface
  ]> {
  let summary = "A graph-level function with symbolic parameters";
  let description = [{
    A function over relax values. Its symbolic parameters are the variables
    that appear alone as a dim of some parameter type: they are read off the
    arguments at run time. A variable that appears in parameter types only
    inside larger expressions is an error, since it cannot be bound.

    Constraints on the variables go in the `sym.constraints` attribute. The
    body is one block ending in `relax.return`; a function without a body is
    an external declaration.

    ```mlir
    relax.func @main(%x: !relax.tensor<[n, 4], f32>)
        -> !relax.tensor<[n, 4], f32>
        attributes {sym.constraints = [#sym.range<n in [1, 4096]>]} {
      relax.return %x : !relax.tensor<[n, 4], f32>
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
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// FunctionOpInterface.
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }

    /// OpAsmOpInterface.
    static ::llvm::StringRef getDefaultDialect() { return "relax"; }
  }];
}

def Relax_ReturnOp : Relax_Op<"return", [
    Pure, HasParent<"FuncOp">, ReturnLike, Terminator
  ]> {
  let summary = "Returns from a graph function";
  let arguments = (ins Variadic<Relax_Value>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def Relax_DataflowOp : Relax_Op<"dataflow", [
    OpAsmOpInterface, RecursiveMemoryEffects, SingleBlock,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, ["areTypesCompatible"]>
  ]> {
  let summary = "A pure straight-line region";
  let description = [{
    A region whose ops have no side effects and no control flow, so that
    fusion and memory planning may reorder and group them freely. The only
    exception is `relax.match_cast`, whose run-time check may fail. The
    values it yields with `relax.output` are its results.

    ```mlir
    %y = relax.dataflow -> !relax.tensor<[n], f32> {
      %t = relax.call_tir @exp(%x) : (!relax.tensor<[n], f32>)
                                     -> !relax.tensor<[n], f32>
      relax.output %t : !relax.tensor<[n], f32>
    }
    ```
  }];
  let results = (outs Variadic<Relax_Value>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`->` type($results)^)? $body attr-dict";
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// OpAsmOpInterface.
    static ::llvm::StringRef getDefaultDialect() { return "relax"; }
  }];
}

def Relax_OutputOp : Relax_Op<"output", [
    Pure, HasParent<"DataflowOp">, ReturnLike, Terminator
  ]> {
  let summary = "Yields the results of a dataflow region";
  let arguments = (ins Variadic<Relax_Value>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def Relax_MatchCastOp : Relax_Op<"match_cast"> {
  let summary = "Checks a value against a type and binds new variables";
  let description = [{
    Asserts at run time that `value` has the structure of the result type
    and binds every variable that appears alone as a dim of the result type
    and is not bound yet. Dims that use bound variables are checked.

    The op has no declared memory effects on purpose: its check may fail, and
    the variables it binds are used by types later on even when its result
    is not, so it must not be removed as dead.

    ```mlir
    %y = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[m, 4], f32>
    ```
  }];
  let arguments = (ins Relax_Value:$value, OptionalAttr<StrAttr>:$message);
  let results = (outs Relax_Value:$result);
  let assemblyFormat =
      "$value attr-dict `:` type($value) `->` type($result)";
  let hasVerifier = 1;
}

def Relax_IfOp : Relax_Op<"if", [
    OpAsmOpInterface, RecursiveMemoryEffects, NoRegionArguments,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, [
        "areTypesCompatible", "getRegionInvocationBounds"]>
  ]> {
  let summary = "Runs one of two regions depending on a condition";
  let description = [{
    `cond` is an `i1` scalar or a rank-0 `i1` tensor. Each region ends in
    `relax.yield`; the values it yields must fit the result types. Variables
    that a branch binds are not visible after the `relax.if`.

    ```mlir
    %r = relax.if %c : i1 -> !relax.tensor<[?], f32> {
      relax.yield %a : !relax.tensor<[n], f32>
    } else {
      relax.yield %b : !relax.tensor<[m], f32>
    }
    ```
  }];
  let arguments = (ins AnyTypeOf<[I1, Relax_AnyTensor]>:$cond);
  let results = (outs Variadic<Relax_Value>:$results);
  let regions = (region SizedRegion<1>:$thenRegion,
                        SizedRegion<1>:$elseRegion);
  let assemblyFormat = [{
    $cond `:` type($cond) (`->` type($results)^)? $thenRegion `else`
    $elseRegion attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// OpAsmOpInterface.
    static ::llvm::StringRef getDefaultDialect() { return "relax"; }
  }];
}

def Relax_YieldOp : Relax_Op<"yield", [
    Pure, HasParent<"IfOp">, ReturnLike, Terminator
  ]> {
  let summary = "Yields the results of a branch";
  let arguments = (ins Variadic<Relax_Value>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

def Relax_CallOp : Relax_Op<"call", [
    Pure, DeclareOpInterfaceMethods<CallOpInterface>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>
  ]> {
  let summary = "Calls a graph function";
  let description = [{
    Calls a `relax.func`. The callee's symbolic parameters are deduced from
    the argument types: a callee `([m, 4]) -> [2 * m]` called with `[n, 4]`
    returns `[2 * n]`. Arguments or results that provably disagree with the
    callee's signature are errors. Graph functions are pure: calls may be
    moved, merged and removed like any other graph op.

    ```mlir
    %y = relax.call @double(%x) : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[2 * n], f32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<Relax_Value>:$args,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<Relax_Value>:$results);
  let assemblyFormat =
      "$callee `(` $args `)` attr-dict `:` functional-type($args, results)";
}

class Relax_DPSCallOp<string mnemonic, list<Trait> traits = []>
    : Relax_Op<mnemonic, !listconcat(traits, [Pure])> {
  let results = (outs Variadic<Relax_AnyTensor>:$results);
}

def Relax_CallTIROp : Relax_DPSCallOp<"call_tir", [
    DeclareOpInterfaceMethods<CallOpInterface>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Relax_PatternKindOpInterface>
  ]> {
  let summary = "Calls a tensor program in destination-passing style";
  let description = [{
    Allocates one tensor per result, passes the arguments and the new
    tensors to the `tprog.func` callee, and returns the tensors it wrote.
    The callee's inputs match `args` and its destinations match the results;
    each pair must agree in element type and rank, and no dim may provably
    differ once the callee's symbolic parameters are deduced from the call.
    Result shapes must be fully known, since the caller allocates them. Its
    pattern kind is the one recorded on the callee as `relax.pattern_kind`
    (see `--relax-annotate-patterns`), opaque when there is none.

    Symbolic values the callee cannot read off its tensors (a slice that
    starts at `p` of a table whose length is not `p`) are passed as
    `sym_args`: each expression is evaluated at the call and passed as a
    trailing `index` argument of the callee, after the destinations.

    ```mlir
    %y = relax.call_tir @add(%a, %b) : (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    %r = relax.call_tir @slice(%table) {sym_args = #sym.shape<[p]>} : (!relax.tensor<[t, 64], f32>) -> !relax.tensor<[s, 64], f32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<Relax_AnyTensor>:$args,
                       OptionalAttr<Sym_ShapeAttr>:$sym_args,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$results,
                   "::mlir::FlatSymbolRefAttr":$callee,
                   "::mlir::ValueRange":$args,
                   CArg<"::mlir::sym::SymShapeAttr", "{}">:$symArgs), [{
      build($_builder, $_state, results, callee, args, symArgs,
            /*arg_attrs=*/nullptr, /*res_attrs=*/nullptr);
    }]>
  ];
  let assemblyFormat =
      "$callee `(` $args `)` attr-dict `:` functional-type($args, results)";
  let hasVerifier = 1;
}

def Relax_CallTIRInplaceOp : Relax_DPSCallOp<"call_tir_inplace", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>
  ]> {
  let summary = "Calls a tensor program that overwrites some arguments";
  let description = [{
    Like `relax.call_tir`, but result `i` is written into argument
    `inplace_indices[i]` instead of a new tensor (`-1` allocates one as
    `call_tir` does). The callee receives the arguments followed by the
    newly allocated destinations only. An overwritten argument must not be
    used after the call; this keeps the op pure at the graph level.

    ```mlir
    %y = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<Relax_AnyTensor>:$args,
                       DenseI64ArrayAttr:$inplace_indices);
  let assemblyFormat = [{
    $callee `(` $args `)` `inplace` $inplace_indices attr-dict `:`
    functional-type($args, results)
  }];
  let hasVerifier = 1;
}

def Relax_CallLibraryOp : Relax_DPSCallOp<"call_library"> {
  let summary = "Calls an external library function by name";
  let description = [{
    Calls a function of a run-time library (cuBLAS, a CPU BLAS, a custom
    kernel registry) by its registered name, in destination-passing style
    like `relax.call_tir`. The function is assumed pure.

    ```mlir
    %c = relax.call_library "cublas.matmul"(%a, %b) : (!relax.tensor<[m, k], f16>, !relax.tensor<[k, n], f16>) -> !relax.tensor<[m, n], f16>
    ```
  }];
  let arguments = (ins StrAttr:$callee, Variadic<Relax_Value>:$args);
  let assemblyFormat =
      "$callee `(` $args `)` attr-dict `:` functional-type($args, results)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shapes, tuples and constants
//===----------------------------------------------------------------------===//

def Relax_ShapeOfOp : Relax_Op<"shape_of", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>
  ]> {
  let summary = "Returns the shape of a tensor";
  let description = [{
    ```mlir
    %s = relax.shape_of %x : !relax.tensor<[n, 4], f32>   // !relax.shape<[n, 4]>
    ```
  }];
  let arguments = (ins Relax_AnyTensor:$value);
  let results = (outs Relax_AnyShape:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let hasCanonicalizer = 1;
}

def Relax_ShapeOp : Relax_Op<"shape", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>
  ]> {
  let summary = "A shape value built from symbolic expressions";
  let description = [{
    Evaluates each dim with the current values of its variables, which must
    be bound.

    ```mlir
    %s = relax.shape [n, 4]   // !relax.shape<[n, 4]>
    ```
  }];
  let arguments = (ins Sym_ShapeAttr:$dims);
  let results = (outs Relax_AnyShape:$result);
  let assemblyFormat = "custom<SymDims>($dims) attr-dict";
  let hasVerifier = 1;
}

def Relax_TupleOp : Relax_Op<"tuple", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>
  ]> {
  let summary = "Builds a tuple";
  let description = [{
    ```mlir
    %t = relax.tuple(%a, %b : !relax.tensor<[n], f32>, !relax.shape<[n]>)
    %e = relax.tuple()
    ```
  }];
  let arguments = (ins Variadic<Relax_Value>:$fields);
  let results = (outs AnyTuple:$result);
  let assemblyFormat = "`(` ($fields^ `:` type($fields))? `)` attr-dict";
}

def Relax_TupleGetOp : Relax_Op<"tuple_get", [
    Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>
  ]> {
  let summary = "Reads one field of a tuple";
  let description = [{
    ```mlir
    %a = relax.tuple_get %t[0] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
    ```
  }];
  let arguments = (ins AnyTuple:$tuple, I64Attr:$index);
  let results = (outs Relax_Value:$result);
  let assemblyFormat = "$tuple `[` $index `]` attr-dict `:` type($tuple)";
  let hasFolder = 1;
}

def Relax_ConstantOp : Relax_Op<"constant", [
    ConstantLike, Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>
  ]> {
  let summary = "A tensor constant";
  let description = [{
    ```mlir
    %c = relax.constant dense<[1.0, 2.0]> : tensor<2xf32>   // !relax.tensor<[2], f32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs Relax_AnyTensor:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

def Relax_AllocStorageOp : Relax_Op<"alloc_storage"> {
  let summary = "Allocates a storage of a symbolic byte size";
  let description = [{
    ```mlir
    %s = relax.alloc_storage size(16 * n) {alignment = 64 : i64}
    ```
  }];
  let arguments = (ins Sym_ExprAttr:$size,
                       DefaultValuedAttr<I64Attr, "64">:$alignment);
  let results = (outs Res<Relax_StorageType, "", [MemAlloc]>:$storage);
  let assemblyFormat = "`size` `(` custom<SymExpr>($size) `)` attr-dict";
  let hasVerifier = 1;
}

def Relax_AllocTensorOp : Relax_Op<"alloc_tensor"> {
  let summary = "Places a tensor at a byte offset in a storage";
  let description = [{
    The tensor occupies `offset` to `offset + size` bytes of the storage,
    where size is the product of its dims and its element size. Its shape
    must be fully known.

    ```mlir
    %t = relax.alloc_tensor %s[0] : !relax.tensor<[n, 4], f32>
    ```
  }];
  let arguments = (ins Relax_StorageType:$storage, Sym_ExprAttr:$offset);
  let results = (outs Res<Relax_AnyTensor, "", [MemAlloc]>:$result);
  let assemblyFormat = [{
    $storage `[` custom<SymExpr>($offset) `]` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def Relax_KillTensorOp : Relax_Op<"kill_tensor"> {
  let summary = "Ends the lifetime of a tensor";
  let description = [{
    A tensor placed in a storage (`relax.alloc_tensor`) only ends its live
    range: the storage is freed by `relax.kill_storage`. Any other tensor the
    function owns (a result of `relax.call` or `relax.if`) is freed.

    ```mlir
    relax.kill_tensor %t : !relax.tensor<[n, 4], f32>
    ```
  }];
  let arguments = (ins Arg<Relax_AnyTensor, "", [MemFree]>:$tensor);
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

def Relax_KillStorageOp : Relax_Op<"kill_storage"> {
  let summary = "Ends the lifetime of a storage";
  let arguments = (ins Arg<Relax_StorageType, "", [MemFree]>:$storage);
  let assemblyFormat = "$storage attr-dict";
}

def Relax_ViewOp : Relax_Op<"view", [Pure]> {
  let summary = "Reinterprets a tensor's storage with another shape";
  let description = [{
    Returns a tensor that shares the storage of `source`, read in row-major
    order with the result's shape. Both must have known ranks, the same
    element type and, where it can be proven, the same number of elements.
    Graph tensors are dense and row-major, so `relax.reshape`,
    `relax.expand_dims` and `relax.squeeze` are views: legalization emits
    this op for them instead of a copying kernel.

    ```mlir
    %v = relax.view %x : !relax.tensor<[n, 4], f32> -> !relax.tensor<[4 * n], f32>
    ```
  }];
  let arguments = (ins Relax_AnyTensor:$source);
  let results = (outs Relax_AnyTensor:$result);
  let assemblyFormat = "$source attr-dict `:` type($source) `->` type($result)";
  let hasVerifier = 1;
}

def Relax_CallTIRDPSOp : Relax_Op<"call_tir_dps", [
    AttrSizedOperandSegments, DeclareOpInterfaceMethods<CallOpInterface>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>
  ]> {
  let summary = "Calls a tensor program on explicit destinations";
  let description = [{
    The form of `relax.call_tir` after explicit allocation
    (`--relax-explicit-alloc`): the caller passes the destinations, which the
    program writes, and the op has no results. The callee receives `args`
    followed by `outs`, then the values of `sym_args`. A program called for
    `relax.call_tir_inplace` also writes the arguments it marks
    `tprog.output`, so the op may write its arguments too.

    ```mlir
    relax.call_tir_dps @exp(%x : !relax.tensor<[n, 4], f32>) outs(%y : !relax.tensor<[n, 4], f32>)
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Arg<Variadic<Relax_AnyTensor>, "",
                           [MemRead, MemWrite]>:$args,
                       Arg<Variadic<Relax_AnyTensor>, "", [MemWrite]>:$outs,
                       OptionalAttr<Sym_ShapeAttr>:$sym_args,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let builders = [
    OpBuilder<(ins "::mlir::FlatSymbolRefAttr":$callee,
                   "::mlir::ValueRange":$args, "::mlir::ValueRange":$outs,
                   CArg<"::mlir::sym::SymShapeAttr", "{}">:$symArgs), [{
      build($_builder, $_state, callee, args, outs, symArgs,
            /*arg_attrs=*/nullptr, /*res_attrs=*/nullptr);
    }]>
  ];
  let assemblyFormat = [{
    $callee `(` ($args^ `:` type($args))? `)`
    `outs` `(` ($outs^ `:` type($outs))? `)` attr-dict
  }];
}

def Relax_CallLibraryDPSOp : Relax_Op<"call_library_dps", [
    AttrSizedOperandSegments
  ]> {
  let summary = "Calls a library function on explicit destinations";
  let description = [{
    The form of `relax.call_library` after explicit allocation: the function
    reads `args` and writes `outs`.

    ```mlir
    relax.call_library_dps "relax.cpu.sgemm_nn"(%a, %b : !relax.tensor<[m, k], f32>, !relax.tensor<[k, n], f32>) outs(%c : !relax.tensor<[m, n], f32>)
    ```
  }];
  let arguments = (ins StrAttr:$callee,
                       Arg<Variadic<Relax_AnyTensor>, "", [MemRead]>:$args,
                       Arg<Variadic<Relax_AnyTensor>, "", [MemWrite]>:$outs);
  let assemblyFormat = [{
    $callee `(` ($args^ `:` type($args))? `)`
    `outs` `(` ($outs^ `:` type($outs))? `)` attr-dict
  }];
}

def Relax_CopyTensorOp : Relax_Op<"copy_tensor", [
    AllTypesMatch<["source", "target"]>
  ]> {
  let summary = "Copies a tensor into another of the same type";
  let description = [{
    Explicit allocation copies a value the function does not own (an
    argument, a constant or a view of one) into a new tensor before it is
    returned, so that every returned tensor is owned by the caller.

    ```mlir
    relax.copy_tensor %x, %y : !relax.tensor<[n, 4], f32>
    ```
  }];
  let arguments = (ins Arg<Relax_AnyTensor, "", [MemRead]>:$source,
                       Arg<Relax_AnyTensor, "", [MemWrite]>:$target);
  let assemblyFormat = "$source `,` $target attr-dict `:` type($source)";
}

#endif // RELAX_DIALECT_RELAX_IR_RELAXOPS_TD
