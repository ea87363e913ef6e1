//===- RelaxGraphOps.td - Relax high-level op library ------*- tablegen -*-===//
//
// The high-level ops that models are written in. Each has a shape rule (the
// InferShapeOpInterface), a dtype rule and a pattern kind.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXGRAPHOPS_TD
#define RELAX_DIALECT_RELAX_IR_RELAXGRAPHOPS_TD

include "Relax/Dialect/Relax/IR/RelaxAttrs.td"
include "Relax/Dialect/Relax/IR/RelaxTypes.td"
include "Relax/Dialect/Relax/IR/RelaxInterfaces.td"
include "Relax/Dialect/Sym/IR/SymAttrDefs.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

/// A graph op with a shape rule. `rule` is the C++ call that computes the
/// result types (in namespace mlir::relax::rules, with `context`, `adaptor`
/// and `results` in scope); `kind` is its PatternKind. The same rule serves
/// InferShapeOpInterface, on an existing op with the enclosing function's
/// facts, and InferTypeOpInterface, for builders that take no result types.
class Relax_GraphOp<string mnemonic, string rule, string kind,
                    list<Trait> traits = []>
    : Op<Relax_Dialect, mnemonic,
         !listconcat(traits, [Pure, Relax_InferShapeOpInterface,
                              Relax_PatternKindOpInterface,
                              DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let extraClassDeclaration = [{
    ::llvm::LogicalResult inferRelaxTypes(
        ::mlir::relax::ShapeInferenceContext &context,
        ::llvm::SmallVectorImpl<::mlir::Type> &results);
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
    static ::llvm::LogicalResult applyShapeRule(
        ::mlir::relax::ShapeInferenceContext &context, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &results);
    ::mlir::relax::PatternKind getPatternKind() {
      return ::mlir::relax::PatternKind::}] # kind # [{;
    }
  }];
  let extraClassDefinition = [{
    ::llvm::LogicalResult $cppClass::applyShapeRule(
        ::mlir::relax::ShapeInferenceContext &context, Adaptor adaptor,
        ::llvm::SmallVectorImpl<::mlir::Type> &results) {
      (void)adaptor;
      return ::mlir::relax::rules::}] # rule # [{;
    }
    ::llvm::LogicalResult $cppClass::inferRelaxTypes(
        ::mlir::relax::ShapeInferenceContext &context,
        ::llvm::SmallVectorImpl<::mlir::Type> &results) {
      return applyShapeRule(context, Adaptor(*this), results);
    }
    ::llvm::LogicalResult $cppClass::inferReturnTypes(
        ::mlir::MLIRContext *ctx, ::std::optional<::mlir::Location> loc,
        ::mlir::ValueRange operands, ::mlir::DictionaryAttr attributes,
        ::mlir::OpaqueProperties properties, ::mlir::RegionRange regions,
        ::llvm::SmallVectorImpl<::mlir::Type> &results) {
      // Without an enclosing function only facts of the types themselves
      // are provable; undecided equalities are left to the verifier and
      // to --relax-infer-shapes.
      ::mlir::sym::SymProver prover;
      ::mlir::relax::ShapeInferenceContext context(
          ctx, loc, ::mlir::OperationName(getOperationName(), ctx),
          operands.getTypes(), prover);
      return applyShapeRule(
          context, Adaptor(operands, attributes, properties, regions),
          results);
    }
    bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                            ::mlir::TypeRange actual) {
      return ::mlir::relax::areCompatibleWithInferred(actual, inferred);
    }
  }];
  let assemblyFormat =
      "operands attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Elementwise unary
//===----------------------------------------------------------------------===//

class Relax_UnaryOp<string mnemonic, string what, bit floatOnly>
    : Relax_GraphOp<mnemonic, "unary(context, results, " #
                    !if(floatOnly, "true", "false") # ")", "ElementWise"> {
  let summary = "Elementwise " # what;
  let description = [{
    Applies the function to every element. The result has the operand's
    type. }] # !if(floatOnly, "The element type must be a float type.",
                   "The element type must be an integer or float type.") # [{

    ```mlir
    %y = relax.}] # mnemonic # [{ %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    ```

    Pattern kind: elementwise.
  }];
  let arguments = (ins Relax_AnyTensor:$x);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_ExpOp : Relax_UnaryOp<"exp", "exponential", 1>;
def Relax_LogOp : Relax_UnaryOp<"log", "natural logarithm", 1>;
def Relax_SqrtOp : Relax_UnaryOp<"sqrt", "square root", 1>;
def Relax_RsqrtOp : Relax_UnaryOp<"rsqrt", "reciprocal square root", 1>;
def Relax_TanhOp : Relax_UnaryOp<"tanh", "hyperbolic tangent", 1>;
def Relax_SigmoidOp : Relax_UnaryOp<"sigmoid", "logistic sigmoid", 1>;
def Relax_SiluOp : Relax_UnaryOp<"silu", "x * sigmoid(x)", 1>;
def Relax_GeluOp : Relax_UnaryOp<"gelu", "GELU with the exact erf form", 1>;
def Relax_GeluTanhOp : Relax_UnaryOp<"gelu_tanh", "GELU with the tanh approximation", 1>;
def Relax_ErfOp : Relax_UnaryOp<"erf", "error function", 1>;
def Relax_SinOp : Relax_UnaryOp<"sin", "sine", 1>;
def Relax_CosOp : Relax_UnaryOp<"cos", "cosine", 1>;
def Relax_ReluOp : Relax_UnaryOp<"relu", "max(x, 0)", 0>;
def Relax_NegOp : Relax_UnaryOp<"neg", "negation", 0>;
def Relax_AbsOp : Relax_UnaryOp<"abs", "absolute value", 0>;

//===----------------------------------------------------------------------===//
// Elementwise binary with broadcasting
//===----------------------------------------------------------------------===//

class Relax_BinaryOp<string mnemonic, string what, bit isCompare>
    : Relax_GraphOp<mnemonic, "binary(context, results, " #
                    !if(isCompare, "true", "false") # ")", "Broadcast"> {
  let summary = "Elementwise " # what # " with broadcasting";
  let description = [{
    Broadcasts the operands against each other as numpy does: shapes are
    aligned from the right, and a dim of literal size 1 stretches to the
    other operand's dim. Two symbolic dims must be equal: when that cannot
    be proven, `--relax-infer-shapes` inserts a run-time check; when it is
    disproven (`n` against `n + 1`) the op is invalid. Both operands have the
    same element type; }] # !if(isCompare, "the result is `i1`.",
                                "the result has that element type.") # [{

    ```mlir
    %y = relax.}] # mnemonic # [{ %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], }] # !if(isCompare, "i1", "f32") # [{>
    ```

    Pattern kind: broadcast.
  }];
  let arguments = (ins Relax_AnyTensor:$lhs, Relax_AnyTensor:$rhs);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_AddOp : Relax_BinaryOp<"add", "a + b", 0>;
def Relax_SubtractOp : Relax_BinaryOp<"subtract", "a - b", 0>;
def Relax_MultiplyOp : Relax_BinaryOp<"multiply", "a * b", 0>;
def Relax_DivideOp : Relax_BinaryOp<"divide", "a / b", 0>;
def Relax_PowerOp : Relax_BinaryOp<"power", "a ** b", 0>;
def Relax_MaximumOp : Relax_BinaryOp<"maximum", "max(a, b)", 0>;
def Relax_MinimumOp : Relax_BinaryOp<"minimum", "min(a, b)", 0>;
def Relax_EqualOp : Relax_BinaryOp<"equal", "comparison a == b", 1>;
def Relax_NotEqualOp : Relax_BinaryOp<"not_equal", "comparison a != b", 1>;
def Relax_LessOp : Relax_BinaryOp<"less", "comparison a < b", 1>;
def Relax_LessEqualOp : Relax_BinaryOp<"less_equal", "comparison a <= b", 1>;
def Relax_GreaterOp : Relax_BinaryOp<"greater", "comparison a > b", 1>;
def Relax_GreaterEqualOp : Relax_BinaryOp<"greater_equal", "comparison a >= b", 1>;

def Relax_WhereOp : Relax_GraphOp<"where", "where(context, results)",
                                  "Broadcast"> {
  let summary = "Selects elements by a condition, with broadcasting";
  let description = [{
    `cond ? x : y` elementwise, with all three operands broadcast together.
    `cond` has element type `i1`; `x` and `y` share the result's element
    type.

    ```mlir
    %y = relax.where %mask, %x, %zero : (!relax.tensor<[n, 1], i1>, !relax.tensor<[n, 4], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n, 4], f32>
    ```

    Pattern kind: broadcast.
  }];
  let arguments = (ins Relax_AnyTensor:$cond, Relax_AnyTensor:$x,
                       Relax_AnyTensor:$y);
  let results = (outs Relax_AnyTensor:$result);
}

//===----------------------------------------------------------------------===//
// Linear algebra and neural network ops
//===----------------------------------------------------------------------===//

def Relax_MatmulOp : Relax_GraphOp<"matmul",
    "matmul(context, results, adaptor.getTransposeA(), adaptor.getTransposeB())",
    "OutElementWiseFusable"> {
  let summary = "Batched matrix product with broadcast batch dims";
  let description = [{
    `[..., m, k] x [..., k, n] -> [..., m, n]`; the batch dims broadcast as
    in the binary ops. A 1-D operand is a vector as in numpy (its dim is
    dropped from the result).

    - `transpose_a = true`, `transpose_b = true` (default `false`): swap the
      last two dims of that operand first.

    ```mlir
    %y = relax.matmul %x, %w : (!relax.tensor<[b, s, 512], f32>, !relax.tensor<[512, 1376], f32>) -> !relax.tensor<[b, s, 1376], f32>
    %scores = relax.matmul %q, %k {transpose_b = true} : (!relax.tensor<[b, h, s, 64], f32>, !relax.tensor<[b, h, t, 64], f32>) -> !relax.tensor<[b, h, s, t], f32>
    ```

    Pattern kind: output-elementwise-fusable.
  }];
  let arguments = (ins Relax_AnyTensor:$a, Relax_AnyTensor:$b,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_a,
                       DefaultValuedAttr<BoolAttr, "false">:$transpose_b);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_PackedMatmulOp : Relax_GraphOp<"packed_matmul",
    "packedMatmul(context, results)", "OutElementWiseFusable"> {
  let summary = "Matrix product by a weight packed in column panels";
  let description = [{
    `[..., m, k] x [n / p, k, p] -> [..., m, n]`: the right operand is an
    `[n, k]` or `[k, n]` matrix stored as `n / p` panels of `p` columns,
    each panel `k` rows of `p` contiguous elements. Column `j` of the
    matrix is element `j mod p` of row `k` of panel `j floordiv p`. `p`
    must be static and the contraction dims equal.

    This is the layout a CPU register tile reads fastest: each step of the
    reduction loads `p` contiguous elements, and a panel is one contiguous
    run. `--relax-lift-transform-params` with `pack-weights` makes it from
    the weights once, when they load.

    ```mlir
    %y = relax.packed_matmul %x, %wp : (!relax.tensor<[s, 768], f32>, !relax.tensor<[192, 768, 16], f32>) -> !relax.tensor<[s, 3072], f32>
    ```

    Pattern kind: output-elementwise-fusable.
  }];
  let arguments = (ins Relax_AnyTensor:$a, Relax_AnyTensor:$b);
  let results = (outs Relax_AnyTensor:$result);
}

class Relax_SoftmaxBase<string mnemonic, string what>
    : Relax_GraphOp<mnemonic, "softmax(context, results, adaptor.getAxis())",
                    "Reduction"> {
  let summary = what # " along one axis";
  let description = [{
    The result has the operand's type; the element type must be a float
    type.

    - `axis = 1` (default `-1`): the axis, in range; negative counts from
      the end.

    ```mlir
    %y = relax.}] # mnemonic # [{ %x {axis = 1} : (!relax.tensor<[n, 10], f32>) -> !relax.tensor<[n, 10], f32>
    ```

    Pattern kind: reduction.
  }];
  let arguments = (ins Relax_AnyTensor:$x,
                       DefaultValuedAttr<I64Attr, "-1">:$axis);
  let results = (outs Relax_AnyTensor:$result);
}
def Relax_SoftmaxOp : Relax_SoftmaxBase<"softmax", "Softmax">;
def Relax_LogSoftmaxOp : Relax_SoftmaxBase<"log_softmax", "Log-softmax">;

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

class Relax_ReduceOp<string mnemonic, string what, bit floatOnly = 0>
    : Relax_GraphOp<mnemonic,
        "reduce(context, results, adaptor.getAxes(), adaptor.getKeepdims(), false, " #
        !if(floatOnly, "true", "false") # ")",
        "Reduction"> {
  let summary = "Reduces by " # what # " along axes";
  let description = [{
    The element type is kept; `mean` and `variance` need a float type.

    - `axes = array<i64: 1, -1>` (default: all axes): the axes to reduce;
      negative ones count from the end.
    - `keepdims = true` (default `false`): keep the reduced dims as size 1.

    ```mlir
    %y = relax.}] # mnemonic # [{ %x {axes = array<i64: 1>, keepdims = true} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 1], f32>
    %all = relax.}] # mnemonic # [{ %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[], f32>
    ```

    Pattern kind: reduction.
  }];
  let arguments = (ins Relax_AnyTensor:$x,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       DefaultValuedAttr<BoolAttr, "false">:$keepdims);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_SumOp : Relax_ReduceOp<"sum", "sum">;
def Relax_MeanOp : Relax_ReduceOp<"mean", "mean", 1>;
def Relax_MaxOp : Relax_ReduceOp<"max", "maximum">;
def Relax_MinOp : Relax_ReduceOp<"min", "minimum">;
def Relax_ProdOp : Relax_ReduceOp<"prod", "product">;
def Relax_VarianceOp : Relax_ReduceOp<"variance", "population variance", 1>;

def Relax_ArgmaxOp : Relax_GraphOp<"argmax",
    "argReduce(context, results, adaptor.getAxis(), adaptor.getKeepdims())", "Reduction"> {
  let summary = "Index of the maximum along an axis";
  let description = [{
    Returns `i64` indices of the maximum.

    - `axis = -1` (default: the flattened tensor): the axis to reduce.
    - `keepdims = true` (default `false`): keep the reduced dim as size 1.

    ```mlir
    %i = relax.argmax %logits {axis = -1} : (!relax.tensor<[b, 32000], f32>) -> !relax.tensor<[b], i64>
    %j = relax.argmax %logits {keepdims = true} : (!relax.tensor<[b, 32000], f32>) -> !relax.tensor<[1, 1], i64>
    ```

    Pattern kind: reduction.
  }];
  let arguments = (ins Relax_AnyTensor:$x, OptionalAttr<I64Attr>:$axis,
                       DefaultValuedAttr<BoolAttr, "false">:$keepdims);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_CumsumOp : Relax_GraphOp<"cumsum", "sameShape(context, results, 0, adaptor.getAxis())",
                                   "Opaque"> {
  let summary = "Cumulative sum along an axis";
  let description = [{
    The result has the operand's type.

    - `axis = 1` (default `0`): the axis, in range; negative counts from the
      end.

    ```mlir
    %y = relax.cumsum %x {axis = 1} : (!relax.tensor<[n, 4], i64>) -> !relax.tensor<[n, 4], i64>
    ```

    Pattern kind: opaque (a scan).
  }];
  let arguments = (ins Relax_AnyTensor:$x, DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Relax_AnyTensor:$result);
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

def Relax_RmsNormOp : Relax_GraphOp<"rms_norm",
    "norm(context, results, adaptor.getAxes(), 1)", "Reduction"> {
  let summary = "RMS normalization with a learned scale";
  let description = [{
    `x / sqrt(mean(x * x, axes) + epsilon) * weight`, where `weight` has the
    shape of the normalized axes.

    - `axes = array<i64: -1>` (default: the last axis): the normalized axes.
    - `epsilon = 1.0e-06` (default `1.0e-05`, an `f64`).

    ```mlir
    %y = relax.rms_norm %x, %w {epsilon = 1.0e-06} : (!relax.tensor<[b, s, 4096], f16>, !relax.tensor<[4096], f16>) -> !relax.tensor<[b, s, 4096], f16>
    ```

    The result has `x`'s type. Pattern kind: reduction.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Relax_AnyTensor:$weight,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       DefaultValuedAttr<F64Attr, "1e-5">:$epsilon);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_LayerNormOp : Relax_GraphOp<"layer_norm",
    "norm(context, results, adaptor.getAxes(), 2)", "Reduction"> {
  let summary = "Layer normalization with scale and shift";
  let description = [{
    Normalizes over `axes` and applies `gamma` and `beta`, which have the
    shape of the normalized axes.

    - `axes = array<i64: -2, -1>` (default: the last axis): the normalized
      axes.
    - `epsilon = 1.0e-06` (default `1.0e-05`, an `f64`).

    ```mlir
    %y = relax.layer_norm %x, %g, %b : (!relax.tensor<[b, s, 768], f32>, !relax.tensor<[768], f32>, !relax.tensor<[768], f32>) -> !relax.tensor<[b, s, 768], f32>
    %z = relax.layer_norm %t, %g2, %b2 {axes = array<i64: -2, -1>, epsilon = 1.0e-06} : (!relax.tensor<[n, c, 8, 8], f32>, !relax.tensor<[8, 8], f32>, !relax.tensor<[8, 8], f32>) -> !relax.tensor<[n, c, 8, 8], f32>
    ```

    The result has `x`'s type. Pattern kind: reduction.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Relax_AnyTensor:$gamma,
                       Relax_AnyTensor:$beta,
                       OptionalAttr<DenseI64ArrayAttr>:$axes,
                       DefaultValuedAttr<F64Attr, "1e-5">:$epsilon);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_GroupNormOp : Relax_GraphOp<"group_norm",
    "groupNorm(context, results, adaptor.getNumGroups(), adaptor.getChannelAxis())",
    "Reduction"> {
  let summary = "Group normalization";
  let description = [{
    Splits the channel axis into `num_groups` groups (the channel count must
    be a multiple), normalizes each over its channels and the remaining
    non-batch axes, and applies per-channel `gamma` and `beta` (shape
    `[channels]`).

    - `num_groups = 32` (required).
    - `channel_axis = -1` (default `1`, channels first).
    - `epsilon = 1.0e-06` (default `1.0e-05`, an `f64`).

    ```mlir
    %y = relax.group_norm %x, %g, %b {num_groups = 32, channel_axis = 1, epsilon = 1.0e-06} : (!relax.tensor<[n, 256, h, w], f32>, !relax.tensor<[256], f32>, !relax.tensor<[256], f32>) -> !relax.tensor<[n, 256, h, w], f32>
    ```

    The result has `x`'s type. Pattern kind: reduction.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Relax_AnyTensor:$gamma,
                       Relax_AnyTensor:$beta, I64Attr:$num_groups,
                       DefaultValuedAttr<I64Attr, "1">:$channel_axis,
                       DefaultValuedAttr<F64Attr, "1e-5">:$epsilon);
  let results = (outs Relax_AnyTensor:$result);
}

//===----------------------------------------------------------------------===//
// Collectives
//===----------------------------------------------------------------------===//

// Every rank of a partitioned function runs the same program, so the ranks
// meet at the same collectives in the same order whatever the compiler
// moves or removes: the ops are pure for the optimizer.

def Relax_CCLAllReduceOp : Relax_GraphOp<"ccl.allreduce",
    "sameShape(context, results, 0, std::nullopt)", "Opaque"> {
  let summary = "Combines a tensor elementwise over every rank";
  let description = [{
    Every rank passes a tensor of the same shape and gets the elementwise
    `kind` (`#relax.reduction_kind`) of all of them: after a product whose
    reduction dim is split over the ranks, the sum of the ranks' partial
    sums. The result has the operand's type.

    - `kind = #relax.reduction_kind<max>` (default `sum`).

    ```mlir
    %y = relax.ccl.allreduce %partial : (!relax.tensor<[b, s, 4096], f16>) -> !relax.tensor<[b, s, 4096], f16>
    ```

    Pattern kind: opaque. Legalization calls the runtime's collective
    (`relax.call_library "relax.ccl.allreduce_<kind>_<dtype>"`).
  }];
  let arguments = (ins Relax_AnyTensor:$x,
                       DefaultValuedAttr<Relax_ReductionKindAttr,
                                         "ReductionKind::Sum">:$kind);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_CCLAllGatherOp : Relax_GraphOp<"ccl.allgather",
    "allGather(context, results, adaptor.getAxis(), adaptor.getNumRanks())",
    "Opaque"> {
  let summary = "Concatenates every rank's tensor along an axis";
  let description = [{
    Every rank passes a tensor of the same shape; each gets them all,
    concatenated along `axis` in rank order: dim `axis` of the result is
    `num_ranks` times the operand's.

    - `axis = 2` (required); negative counts from the end.
    - `num_ranks = 2` (required): the number of ranks.

    ```mlir
    %keys = relax.ccl.allgather %local {axis = 2 : i64, num_ranks = 2 : i64} : (!relax.tensor<[b, t, 4, 64], f32>) -> !relax.tensor<[b, t, 8, 64], f32>
    ```

    Pattern kind: opaque.
  }];
  let arguments = (ins Relax_AnyTensor:$x, I64Attr:$axis,
                       ConfinedAttr<I64Attr, [IntPositive]>:$num_ranks);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_CCLBroadcastOp : Relax_GraphOp<"ccl.broadcast",
    "sameShape(context, results, 0, std::nullopt)", "Opaque"> {
  let summary = "Gives every rank the tensor of rank 0";
  let description = [{
    Every rank passes a tensor of the same shape and gets rank 0's: a value
    only the first rank knows (sampled tokens, user input) reaches the
    others. The result has the operand's type.

    ```mlir
    %ids = relax.ccl.broadcast %tokens : (!relax.tensor<[b], i32>) -> !relax.tensor<[b], i32>
    ```

    Pattern kind: opaque.
  }];
  let arguments = (ins Relax_AnyTensor:$x);
  let results = (outs Relax_AnyTensor:$result);
}

//===----------------------------------------------------------------------===//
// Shape manipulation
//===----------------------------------------------------------------------===//

def Relax_ReshapeOp : Relax_GraphOp<"reshape",
    "reshape(context, results, adaptor.getShape())", "Injective"> {
  let summary = "Reshapes to a symbolic shape";
  let description = [{
    - `shape = #sym.shape<[b * s, ?]>` (required): the new shape, a list of
      symbolic dims; at most one may be `?`, which is inferred so that the
      element count is unchanged.

    The element counts must be provably equal, or are checked at run time.

    ```mlir
    %y = relax.reshape %x {shape = #sym.shape<[b * s, ?]>} : (!relax.tensor<[b, s, 64], f32>) -> !relax.tensor<[b * s, 64], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Sym_ShapeAttr:$shape);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_PermuteDimsOp : Relax_GraphOp<"permute_dims",
    "permuteDims(context, results, adaptor.getAxes())", "Injective"> {
  let summary = "Permutes the dims";
  let description = [{
    - `axes = array<i64: 0, 2, 1, 3>` (default: the dims reversed): result
      dim `i` is operand dim `axes[i]`.

    ```mlir
    %y = relax.permute_dims %x {axes = array<i64: 0, 2, 1, 3>} : (!relax.tensor<[b, s, 32, 128], f16>) -> !relax.tensor<[b, 32, s, 128], f16>
    %t = relax.permute_dims %w : (!relax.tensor<[1376, 512], f16>) -> !relax.tensor<[512, 1376], f16>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_ExpandDimsOp : Relax_GraphOp<"expand_dims",
    "expandDims(context, results, adaptor.getAxes())", "Injective"> {
  let summary = "Inserts dims of size 1";
  let description = [{
    - `axes = array<i64: 0, -1>` (required): positions in the result, which
      has rank `rank + len(axes)`; negative ones count from its end.

    ```mlir
    %y = relax.expand_dims %x {axes = array<i64: 0, -1>} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[1, n, 4, 1], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x, DenseI64ArrayAttr:$axes);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_SqueezeOp : Relax_GraphOp<"squeeze",
    "squeeze(context, results, adaptor.getAxes())", "Injective"> {
  let summary = "Removes dims of size 1";
  let description = [{
    - `axes = array<i64: 1>` (default: every dim of literal size 1): the
      dims to remove, which must be 1 (checked at run time when they are
      symbolic).

    ```mlir
    %y = relax.squeeze %x {axes = array<i64: 1>} : (!relax.tensor<[n, 1, 4], f32>) -> !relax.tensor<[n, 4], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x,
                       OptionalAttr<DenseI64ArrayAttr>:$axes);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_BroadcastToOp : Relax_GraphOp<"broadcast_to",
    "broadcastTo(context, results, adaptor.getShape())", "Broadcast"> {
  let summary = "Broadcasts to a symbolic shape";
  let description = [{
    Aligns the operand's dims to the right of `shape`; each must be a
    literal 1 or equal to the target dim. The result has shape `shape`.

    - `shape = #sym.shape<[b, s, 4096]>` (required, no `?`).

    ```mlir
    %y = relax.broadcast_to %x {shape = #sym.shape<[b, s, 4096]>} : (!relax.tensor<[1, 4096], f32>) -> !relax.tensor<[b, s, 4096], f32>
    ```

    Pattern kind: broadcast.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Sym_ShapeAttr:$shape);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_ConcatOp : Relax_GraphOp<"concat",
    "concat(context, results, adaptor.getAxis())", "Injective"> {
  let summary = "Concatenates tensors along an axis";
  let description = [{
    The result's dim along `axis` is the symbolic sum of the inputs' dims;
    every other dim must agree.

    - `axis = 1` (default `0`); negative counts from the end.

    ```mlir
    %kv = relax.concat %past, %new {axis = 1} : (!relax.tensor<[b, p, 8, 64], f16>, !relax.tensor<[b, s, 8, 64], f16>) -> !relax.tensor<[b, p + s, 8, 64], f16>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Variadic<Relax_AnyTensor>:$inputs,
                       DefaultValuedAttr<I64Attr, "0">:$axis);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_SplitOp : Relax_GraphOp<"split",
    "split(context, results, adaptor.getAxis(), adaptor.getSections(), adaptor.getIndicesAttr())",
    "Injective"> {
  let summary = "Splits a tensor along an axis";
  let description = [{
    Has one result per part; give exactly one of `sections` and `indices`.

    - `axis = -1` (default `0`); negative counts from the end.
    - `sections = 3`: that many equal parts (the dim must be a multiple).
    - `indices = #sym.shape<[k]>`: split before each of these symbolic,
      increasing positions (`n` indices give `n + 1` parts).

    ```mlir
    %q, %k, %v = relax.split %qkv {axis = -1, sections = 3} : (!relax.tensor<[b, s, 3072], f16>) -> (!relax.tensor<[b, s, 1024], f16>, !relax.tensor<[b, s, 1024], f16>, !relax.tensor<[b, s, 1024], f16>)
    %head, %tail = relax.split %x {indices = #sym.shape<[k]>} : (!relax.tensor<[n, 4], f32>) -> (!relax.tensor<[k, 4], f32>, !relax.tensor<[n - k, 4], f32>)
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       OptionalAttr<I64Attr>:$sections,
                       OptionalAttr<Sym_ShapeAttr>:$indices);
  let results = (outs Variadic<Relax_AnyTensor>:$results);
}

def Relax_StridedSliceOp : Relax_GraphOp<"strided_slice",
    "stridedSlice(context, results, adaptor.getAxes(), adaptor.getBegin(), adaptor.getEnd(), adaptor.getStrides())",
    "Injective"> {
  let summary = "Slices with symbolic bounds";
  let description = [{
    Along each of `axes`, takes elements `begin, begin + stride, ...` below
    `min(end, dim)`, that is
    `max(0, (min(end, dim) - begin + stride - 1) floordiv stride)` of them.
    `begin`, `end` and `strides` have one entry per axis.

    - `axes = array<i64: 1>` (required): the sliced axes.
    - `begin = #sym.shape<[0]>`, `end = #sym.shape<[s]>` (required): symbolic,
      non-negative bounds.
    - `strides = array<i64: 2>` (default: `1` for every axis): positive
      constants.

    ```mlir
    %y = relax.strided_slice %x {axes = array<i64: 1>, begin = #sym.shape<[1]>, end = #sym.shape<[64]>, strides = array<i64: 2>} : (!relax.tensor<[n, 64], f32>) -> !relax.tensor<[n, 32], f32>
    %last = relax.strided_slice %h {axes = array<i64: 1>, begin = #sym.shape<[s - 1]>, end = #sym.shape<[s]>} : (!relax.tensor<[b, s, 4096], f32>) -> !relax.tensor<[b, 1, 4096], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x, DenseI64ArrayAttr:$axes,
                       Sym_ShapeAttr:$begin, Sym_ShapeAttr:$end,
                       OptionalAttr<DenseI64ArrayAttr>:$strides);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_TakeOp : Relax_GraphOp<"take",
    "take(context, results, adaptor.getAxis())", "Injective"> {
  let summary = "Gathers slices by integer indices (embedding lookup)";
  let description = [{
    `x[..., indices, ...]` along `axis`: the result shape is
    `x.shape[:axis] + indices.shape + x.shape[axis + 1:]`. Indices have an
    integer element type.

    - `axis = 1` (default `0`); negative counts from the end.
    - `mode = #relax.index_mode<clip>`: what an index outside the axis does
      (`#relax.index_mode`): `check` (default) makes it a run-time error,
      `clip` clamps it, `wrap` takes it modulo the axis size.

    ```mlir
    %e = relax.take %table, %ids : (!relax.tensor<[32000, 4096], f16>, !relax.tensor<[b, s], i64>) -> !relax.tensor<[b, s, 4096], f16>
    %c = relax.take %x, %cols {axis = 1, mode = #relax.index_mode<wrap>} : (!relax.tensor<[n, 8], f32>, !relax.tensor<[k], i32>) -> !relax.tensor<[n, k], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Relax_AnyTensor:$indices,
                       DefaultValuedAttr<I64Attr, "0">:$axis,
                       DefaultValuedAttr<Relax_IndexModeAttr,
                                         "::mlir::relax::IndexMode::Check">:$mode);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_DequantizeOp : Relax_GraphOp<"dequantize",
    "dequantize(context, results, adaptor.getFormat())", "Injective"> {
  let summary = "Unpacks quantized weights";
  let description = [{
    The weights that `data` and `scale` hold in block layout `format`
    (`#relax.quant_format`), rows of `K` along the last dim: the result is
    `data.shape[:-1] + [K]`, of `f32` (`q4_0`, `q8_0`, `q4f32_1`) or `f16`
    (`q4f16_1`). The leading dims of `data` and `scale` are equal; `K` is a
    multiple of 32.

    - `format = #relax.quant_format<q8_0>` (required).

    ```mlir
    %w = relax.dequantize %q, %d {format = #relax.quant_format<q4_0>} : (!relax.tensor<[4096, 2048], i8>, !relax.tensor<[4096, 128], f16>) -> !relax.tensor<[4096, 4096], f32>
    ```

    Pattern kind: injective. Fusion puts a dequantize into the kernel of each
    op that reads its result (a matmul's weight, an embedding table): the
    unpacked weights are never written to memory.
  }];
  let arguments = (ins Relax_AnyTensor:$data, Relax_AnyTensor:$scale,
                       Relax_QuantFormatAttr:$format);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_AstypeOp : Relax_GraphOp<"astype",
    "astype(context, results, adaptor.getDtype())", "ElementWise"> {
  let summary = "Converts the element type";
  let description = [{
    The result has the operand's shape and element type `dtype`.

    - `dtype = f16` (required): an integer or float type.

    ```mlir
    %y = relax.astype %x {dtype = f16} : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f16>
    ```

    Pattern kind: elementwise.
  }];
  let arguments = (ins Relax_AnyTensor:$x, TypeAttr:$dtype);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_TrilOp : Relax_GraphOp<"tril", "sameShape(context, results, 2, {})",
                                 "Injective"> {
  let summary = "Keeps the lower triangle of the last two dims";
  let description = [{
    Zeroes the elements above diagonal `k` of the last two dims (a causal
    mask with `k = 0`). The result has the operand's type; rank at least 2.

    - `k = -1` (default `0`): the diagonal; positive is above the main one.

    ```mlir
    %m = relax.tril %x {k = 0} : (!relax.tensor<[s, s], f32>) -> !relax.tensor<[s, s], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x, DefaultValuedAttr<I64Attr, "0">:$k);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_TriuOp : Relax_GraphOp<"triu", "sameShape(context, results, 2, {})",
                                 "Injective"> {
  let summary = "Keeps the upper triangle of the last two dims";
  let description = [{
    Zeroes the elements below diagonal `k` of the last two dims. The result
    has the operand's type; rank at least 2.

    - `k = 1` (default `0`): the diagonal; positive is above the main one.

    ```mlir
    %m = relax.triu %x {k = 1} : (!relax.tensor<[s, s], f32>) -> !relax.tensor<[s, s], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x, DefaultValuedAttr<I64Attr, "0">:$k);
  let results = (outs Relax_AnyTensor:$result);
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

def Relax_FullOp : Relax_GraphOp<"full", "full(context, results, adaptor.getShape())",
                                 "ElementWise"> {
  let summary = "A tensor of a symbolic shape filled with a scalar";
  let description = [{
    `value` is a rank-0 tensor; the result has its element type.

    - `shape = #sym.shape<[s, s]>` (required, no `?`): the result's shape.

    ```mlir
    %y = relax.full %v {shape = #sym.shape<[s, s]>} : (!relax.tensor<[], f32>) -> !relax.tensor<[s, s], f32>
    ```

    Pattern kind: elementwise.
  }];
  let arguments = (ins Relax_AnyTensor:$value, Sym_ShapeAttr:$shape);
  let results = (outs Relax_AnyTensor:$result);
}

class Relax_ConstantFillOp<string mnemonic, string what>
    : Relax_GraphOp<mnemonic, "fill(context, results, adaptor.getShape(), adaptor.getDtype())",
                    "ElementWise"> {
  let summary = "A tensor of a symbolic shape filled with " # what;
  let description = [{
    Has no operands.

    - `shape = #sym.shape<[b, s]>` (required, no `?`): the result's shape.
    - `dtype = f16` (required): the result's element type, an integer or
      float type.

    ```mlir
    %y = relax.}] # mnemonic # [{ {shape = #sym.shape<[b, 8, s, 64]>, dtype = f16} : () -> !relax.tensor<[b, 8, s, 64], f16>
    ```

    Pattern kind: elementwise.
  }];
  let arguments = (ins Sym_ShapeAttr:$shape, TypeAttr:$dtype);
  let results = (outs Relax_AnyTensor:$result);
  let assemblyFormat = "attr-dict `:` functional-type(operands, results)";
}
def Relax_ZerosOp : Relax_ConstantFillOp<"zeros", "zeros">;
def Relax_OnesOp : Relax_ConstantFillOp<"ones", "ones">;

def Relax_ArangeOp : Relax_GraphOp<"arange",
    "arange(context, results, adaptor.getStart(), adaptor.getEnd(), adaptor.getStep(), adaptor.getDtype())",
    "Injective"> {
  let summary = "Evenly spaced values with symbolic bounds";
  let description = [{
    `start, start + step, ...` below `end`: a 1-D tensor of length
    `max(0, (end - start + step - 1) floordiv step)`. Has no operands.

    - `start = #sym.expr<0>`, `end = #sym.expr<n>` (required): symbolic
      bounds.
    - `step = #sym.expr<1>` (required): a positive constant (a symbolic step
      leaves the length unknown).
    - `dtype = i64` (required): an integer or float type.

    ```mlir
    %pos = relax.arange {start = #sym.expr<p>, end = #sym.expr<p + s>, step = #sym.expr<1>, dtype = i64} : () -> !relax.tensor<[s], i64>
    %r = relax.arange {start = #sym.expr<0>, end = #sym.expr<10>, step = #sym.expr<3>, dtype = f32} : () -> !relax.tensor<[4], f32>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Sym_ExprAttr:$start, Sym_ExprAttr:$end,
                       Sym_ExprAttr:$step, TypeAttr:$dtype);
  let results = (outs Relax_AnyTensor:$result);
  let assemblyFormat = "attr-dict `:` functional-type(operands, results)";
}

//===----------------------------------------------------------------------===//
// Transformer and convolution ops
//===----------------------------------------------------------------------===//

def Relax_RotaryEmbeddingOp : Relax_GraphOp<"rotary_embedding",
    "rotaryEmbedding(context, results)", "Injective"> {
  let summary = "Rotary position embedding";
  let description = [{
    `x` is `[batch, seq, heads, head_dim]`; `cos` and `sin` are
    `[seq, head_dim]` tables for the positions of `x` (sliced from a longer
    table by the caller when decoding with a KV cache). Rotates pairs
    `(x[..., i], x[..., i + head_dim / 2])`; head_dim must be even. The
    result has `x`'s type.

    ```mlir
    %y = relax.rotary_embedding %x, %cos, %sin : (!relax.tensor<[b, s, 32, 128], f16>, !relax.tensor<[s, 128], f16>, !relax.tensor<[s, 128], f16>) -> !relax.tensor<[b, s, 32, 128], f16>
    ```

    Pattern kind: injective.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Relax_AnyTensor:$cos,
                       Relax_AnyTensor:$sin);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_AttentionOp : Relax_GraphOp<"attention",
    "attention(context, results)", "OutElementWiseFusable"> {
  let summary = "Scaled dot-product attention";
  let description = [{
    `q` is `[batch, seq, heads, head_dim]`, `k` and `v` are
    `[batch, kv_seq, kv_heads, head_dim]` and `[batch, kv_seq, kv_heads,
    v_dim]`; the result is `[batch, seq, heads, v_dim]`. `heads` must be a
    multiple of `kv_heads` (grouped-query attention). `kv_seq` is a
    separate symbolic length, e.g. the KV-cache length `past + seq`.

    - `causal = true` (default `false`): query `i` sees keys up to
      `kv_seq - seq + i` only.
    - `scale = 0.125` (default `1 / sqrt(head_dim)`, an `f64`): the factor
      applied to `q k^T`.

    An optional fourth operand is a mask that broadcasts to `[batch, heads,
    seq, kv_seq]` (a padding mask `[b, 1, 1, t]`, a mask over positions
    `[s, t]`): of `i1`, where query `i` sees key `j` only where it is true;
    or of the query's element type, added to the scaled scores. It applies
    together with `causal`. A row that sees no key is NaN, as in PyTorch.

    ```mlir
    %o = relax.attention %q, %k, %v {causal = true, scale = 0.125} : (!relax.tensor<[b, s, 32, 128], f16>, !relax.tensor<[b, t, 8, 128], f16>, !relax.tensor<[b, t, 8, 128], f16>) -> !relax.tensor<[b, s, 32, 128], f16>
    %p = relax.attention %x, %y, %z, %mask : (!relax.tensor<[b, s, 12, 64], f32>, !relax.tensor<[b, s, 12, 64], f32>, !relax.tensor<[b, s, 12, 64], f32>, !relax.tensor<[b, 1, 1, s], i1>) -> !relax.tensor<[b, s, 12, 64], f32>
    ```

    Pattern kind: output-elementwise-fusable.
  }];
  let arguments = (ins Relax_AnyTensor:$q, Relax_AnyTensor:$k,
                       Relax_AnyTensor:$v, Optional<Relax_AnyTensor>:$mask,
                       DefaultValuedAttr<BoolAttr, "false">:$causal,
                       OptionalAttr<F64Attr>:$scale);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_PagedKVAppendOp : Relax_GraphOp<"paged_kv_append",
    "pagedKVAppend(context, results, adaptor.getLayer())", "Opaque"> {
  let summary = "Writes the keys and values of new tokens into a paged KV cache";
  let description = [{
    `pages` is a model's KV cache, `[layers, num_pages, 2, kv_heads,
    page_size, head_dim]`: page `p` of layer `l` holds the keys (`[l, p, 0]`)
    and the values (`[l, p, 1]`) of `page_size` consecutive positions of one
    sequence. `k` and `v` are `[tokens, kv_heads, head_dim]`; `slots`
    (`[tokens]`, of an integer type) gives each token's slot, `page *
    page_size + offset`, as the runtime's KV cache assigns them
    (`relaxKVCacheBeginStep`, `Relax/Runtime/RelaxKVCache.h`). The result is
    `pages` with the tokens written into layer `layer`.

    Legalization writes `pages` in place (`relax.call_tir_inplace`): the
    operand must not be used after the op, and a cache that a function takes
    as a parameter is updated in its caller's memory, never copied. A slot
    outside `pages` is a run-time error.

    ```mlir
    %p = relax.paged_kv_append %pages, %k, %v, %slots {layer = 1 : i64} : (!relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t, 4, 64], f32>, !relax.tensor<[t], i32>) -> !relax.tensor<[2, n, 2, 4, 16, 64], f32>
    ```

    Pattern kind: opaque.
  }];
  let arguments = (ins Relax_AnyTensor:$pages, Relax_AnyTensor:$k,
                       Relax_AnyTensor:$v, Relax_AnyTensor:$slots,
                       I64Attr:$layer);
  let results = (outs Relax_AnyTensor:$result);
}

def Relax_PagedAttentionOp : Relax_GraphOp<"paged_attention",
    "pagedAttention(context, results, adaptor.getLayer())", "Opaque"> {
  let summary = "Causal attention over a paged KV cache";
  let description = [{
    `q` is `[tokens, heads, head_dim]`: the queries of new tokens of one or
    more sequences, packed. `pages` is the KV cache of
    `relax.paged_kv_append`, read at layer `layer`; `page_table` is `[seqs,
    max_pages]`, the pages of each sequence in order; `q_seq` and `q_pos`
    are `[tokens]`: each token's sequence (a row of `page_table`) and its
    position in it (all of an integer type). Token `t` attends to the keys
    at positions `0 .. q_pos[t]` of sequence `q_seq[t]`, where position `j`
    lives in page `page_table[q_seq[t], j / page_size]` at offset
    `j % page_size`: keys and values are read through the page table, never
    gathered. `heads` must be a multiple of `kv_heads` (grouped-query
    attention). The result is `[tokens, heads, head_dim]`.

    - `scale = 0.125` (default `1 / sqrt(head_dim)`, an `f64`): the factor
      applied to `q k^T`.

    Entries of `page_table` past a sequence's pages are never read as
    keys, but must name pages of the cache (the runtime writes 0). A page
    outside `pages` is a run-time error.

    ```mlir
    %o = relax.paged_attention %q, %pages, %page_table, %q_seq, %q_pos {layer = 1 : i64} : (!relax.tensor<[t, 8, 64], f32>, !relax.tensor<[2, n, 2, 4, 16, 64], f32>, !relax.tensor<[b, m], i32>, !relax.tensor<[t], i32>, !relax.tensor<[t], i32>) -> !relax.tensor<[t, 8, 64], f32>
    ```

    Pattern kind: opaque.
  }];
  let arguments = (ins Relax_AnyTensor:$q, Relax_AnyTensor:$pages,
                       Relax_AnyTensor:$page_table, Relax_AnyTensor:$q_seq,
                       Relax_AnyTensor:$q_pos, I64Attr:$layer,
                       OptionalAttr<F64Attr>:$scale);
  let results = (outs Relax_AnyTensor:$result);
}

class Relax_ConvOp<string mnemonic, int spatial>
    : Relax_GraphOp<mnemonic,
        "conv(context, results, " # spatial # ", adaptor.getStrides(), adaptor.getPadding(), adaptor.getDilation(), adaptor.getGroups())",
        "OutElementWiseFusable"> {
  let summary = spatial # "-D convolution (channels first)";
  let description = [{
    `x` is `[n, c, spatial...]`, `weight` `[o, c / groups, kernel...]`, the
    result `[n, o, out...]`. Each output spatial dim is
    `(in + pad_begin + pad_end - dilation * (kernel - 1) - 1) floordiv stride + 1`.

    - `strides = array<i64: }] # !if(!eq(spatial, 1), "2", "2, 2") # [{>` (default `1`): one value per
      spatial dim, or one for all.
    - `padding = array<i64: }] # !if(!eq(spatial, 1), "1", "1, 1") # [{>` (default `0`): one value per
      spatial dim for both sides, or all begins then all ends.
    - `dilation = array<i64: }] # !if(!eq(spatial, 1), "2", "2, 2") # [{>` (default `1`): one value per
      spatial dim, or one for all.
    - `groups = 4` (default `1`): `c` and `o` must be multiples.

    ```mlir
    }] # !if(!eq(spatial, 1),
    "%y = relax.conv1d %x, %w {padding = array<i64: 2>, dilation = array<i64: 2>, groups = 64} : (!relax.tensor<[b, 64, t], f32>, !relax.tensor<[64, 1, 3], f32>) -> !relax.tensor<[b, 64, t], f32>",
    "%y = relax.conv2d %x, %w {strides = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (!relax.tensor<[n, 3, 224, 224], f32>, !relax.tensor<[64, 3, 3, 3], f32>) -> !relax.tensor<[n, 64, 112, 112], f32>") # [{
    ```

    Pattern kind: output-elementwise-fusable.
  }];
  let arguments = (ins Relax_AnyTensor:$x, Relax_AnyTensor:$weight,
                       OptionalAttr<DenseI64ArrayAttr>:$strides,
                       OptionalAttr<DenseI64ArrayAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$dilation,
                       DefaultValuedAttr<I64Attr, "1">:$groups);
  let results = (outs Relax_AnyTensor:$result);
}
def Relax_Conv1dOp : Relax_ConvOp<"conv1d", 1>;
def Relax_Conv2dOp : Relax_ConvOp<"conv2d", 2>;

class Relax_PoolOp<string mnemonic, string what>
    : Relax_GraphOp<mnemonic,
        "pool(context, results, adaptor.getPoolSize(), adaptor.getStrides(), adaptor.getPadding(), adaptor.getDilation())",
        "OutElementWiseFusable"> {
  let summary = "2-D " # what # " pooling (channels first)";
  let description = [{
    `x` is `[n, c, h, w]`, the result `[n, c, h_out, w_out]`; each output
    spatial dim is
    `(in + pad_begin + pad_end - dilation * (pool - 1) - 1) floordiv stride + 1`.

    - `pool_size = array<i64: 3, 3>` (required): the window.
    - `strides = array<i64: 2, 2>` (default `1`): two values, or one for
      both.
    - `padding = array<i64: 1, 1>` (default `0`): two values for both sides,
      or begins then ends (`array<i64: 0, 0, 1, 1>`).
    - `dilation = array<i64: 1, 1>` (default `1`): two values, or one for
      both.

    ```mlir
    }] # !if(!eq(mnemonic, "max_pool2d"),
    "%y = relax.max_pool2d %x {pool_size = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (!relax.tensor<[n, 64, 112, 112], f32>) -> !relax.tensor<[n, 64, 56, 56], f32>",
    "%y = relax.avg_pool2d %x {pool_size = array<i64: 2, 2>, strides = array<i64: 2>, padding = array<i64: 0, 0, 1, 1>} : (!relax.tensor<[n, 64, 55, 55], f32>) -> !relax.tensor<[n, 64, 28, 28], f32>") # [{
    ```

    Pattern kind: output-elementwise-fusable.
  }];
  let arguments = (ins Relax_AnyTensor:$x, DenseI64ArrayAttr:$pool_size,
                       OptionalAttr<DenseI64ArrayAttr>:$strides,
                       OptionalAttr<DenseI64ArrayAttr>:$padding,
                       OptionalAttr<DenseI64ArrayAttr>:$dilation);
  let results = (outs Relax_AnyTensor:$result);
}
def Relax_MaxPool2dOp : Relax_PoolOp<"max_pool2d", "max">;
def Relax_AvgPool2dOp : Relax_PoolOp<"avg_pool2d", "average">;

#endif // RELAX_DIALECT_RELAX_IR_RELAXGRAPHOPS_TD
