//===- RelaxTypes.td - Relax graph dialect types -----------*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXTYPES_TD
#define RELAX_DIALECT_RELAX_IR_RELAXTYPES_TD

include "Relax/Dialect/Relax/IR/RelaxDialect.td"
include "Relax/Dialect/Sym/IR/SymInterfaces.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypes.td"

class Relax_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Relax_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Relax_TensorType : Relax_Type<"RelaxTensor", "tensor", [
    Sym_ShapedTypeInterface
  ]> {
  let summary = "A tensor whose dims are symbolic expressions";
  let description = [{
    A tensor value of the graph level. Each dim is a `#sym.expr` or `?`
    (unknown); the rank itself may be unknown (`*`).

    ```mlir
    !relax.tensor<[n, 4], f32>
    !relax.tensor<[b, s * 2, ?], f16>
    !relax.tensor<[], i64>      // rank 0
    !relax.tensor<*, f32>       // unknown rank
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::sym::SymExprAttr">:$dims,
    "::mlir::Type":$elementType,
    "bool":$ranked);
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<::mlir::sym::SymExprAttr>":$dims,
        "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), dims, elementType, true);
    }]>
  ];
  let extraClassDeclaration = [{
    /// Returns a tensor of unknown rank.
    static RelaxTensorType getUnranked(::mlir::Type elementType) {
      return get(elementType.getContext(), {}, elementType, false);
    }
    /// Returns a tensor with the given static shape.
    static RelaxTensorType getStatic(::llvm::ArrayRef<int64_t> shape,
                                ::mlir::Type elementType);
    bool hasRank() const { return getRanked(); }
    int64_t getRank() const { return getDims().size(); }
    ::llvm::ArrayRef<::mlir::sym::SymExprAttr> getSymDims() const {
      return getDims();
    }
    /// True when the rank and every dim are known.
    bool hasKnownShape() const;
    /// The builtin tensor type of a ranked tensor: constant dims are static,
    /// every other dim is `?`.
    ::mlir::RankedTensorType getBuiltinType() const;
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Relax_ShapeType : Relax_Type<"Shape", "shape", [
    Sym_ShapedTypeInterface
  ]> {
  let summary = "A shape value";
  let description = [{
    A first-class shape: a list of integers at run time, with the symbolic
    values of its entries known statically where possible.

    ```mlir
    !relax.shape<[n, 4]>
    !relax.shape<*>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::sym::SymExprAttr">:$dims,
    "bool":$ranked);
  let extraClassDeclaration = [{
    static ShapeType getUnranked(::mlir::MLIRContext *context) {
      return get(context, {}, false);
    }
    bool hasRank() const { return getRanked(); }
    ::llvm::ArrayRef<::mlir::sym::SymExprAttr> getSymDims() const {
      return getDims();
    }
  }];
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Relax_ObjectType : Relax_Type<"Object", "object"> {
  let summary = "An opaque run-time object";
  let description = [{
    A value the compiler does not look into, such as a handle returned by an
    external library (a KV cache, a tokenizer state).
  }];
}

def Relax_StorageType : Relax_Type<"Storage", "storage"> {
  let summary = "A block of memory that tensors are placed in";
  let description = [{
    Produced by `relax.alloc_storage`. Memory planning places several tensors
    in one storage at different offsets, or reuses one storage for tensors
    whose lifetimes do not overlap.
  }];
}

def Relax_AnyTensor : Type<CPred<"::llvm::isa<::mlir::relax::RelaxTensorType>($_self)">,
    "relax tensor", "::mlir::relax::RelaxTensorType">;
def Relax_AnyShape : Type<CPred<"::llvm::isa<::mlir::relax::ShapeType>($_self)">,
    "relax shape", "::mlir::relax::ShapeType">;

def Relax_Value : Type<
    CPred<"::mlir::relax::isRelaxValueType($_self)">,
    "relax value (tensor, shape, object, tuple of these, or scalar)">;

#endif // RELAX_DIALECT_RELAX_IR_RELAXTYPES_TD
