//===- Legalize.h - Legalization of graph ops to programs -------*- C++ -*-===//
//
// Legalization replaces a high-level graph op by a relax.call_tir of a
// generated tprog.func, written in linalg on builtin tensors in
// destination-passing style. Each op is lowered by its own rewrite pattern,
// and the patterns of an op family are added by one populate function.
// Patterns share the programs they create through a TensorProgramCache, so
// that calls whose shapes differ only in their symbolic values call one
// program. A lowering for a new op is a TensorProgramPattern that builds the
// body of the op's program.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TRANSFORMS_LEGALIZE_H
#define RELAX_TRANSFORMS_LEGALIZE_H

#include "Relax/Dialect/Relax/IR/RelaxTypes.h"
#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::relax {

/// Names the non-constant dims of a program's signature `d0, d1, ...`, the
/// same call-site expression getting the same name, so that the program
/// keeps which dims are equal and forgets how the call site computes them.
class DimNamer {
public:
  explicit DimNamer(MLIRContext *ctx) : ctx(ctx) {}

  sym::SymExprAttr name(sym::SymExprAttr dim) {
    if (dim.isConstant())
      return dim;
    auto [it, inserted] = names.try_emplace(dim, sym::SymExprAttr());
    if (inserted)
      it->second = sym::SymExprAttr::getVar(ctx, "d" + std::to_string(next++));
    return it->second;
  }

  /// `type` with its dims renamed.
  RelaxTensorType rename(RelaxTensorType type) {
    return RelaxTensorType::get(
        llvm::map_to_vector(type.getDims(),
                            [&](sym::SymExprAttr d) { return name(d); }),
        type.getElementType());
  }

private:
  MLIRContext *ctx;
  llvm::DenseMap<sym::SymExprAttr, sym::SymExprAttr> names;
  unsigned next = 0;
};

/// The symbolic values a program takes as trailing `index` arguments,
/// because its tensors cannot give them (a slice that starts at `p`). Each
/// is added to the program on first use; the call passes the call-site
/// expressions in `getExprs()` as its `sym_args`.
class SymbolicArgs {
public:
  explicit SymbolicArgs(tprog::FuncOp program) : program(program) {}

  /// The argument that carries `expr` (in the call site's variables).
  Value get(sym::SymExprAttr expr);
  /// The argument that carries the integer attribute `name` of the op, whose
  /// value at this call site is `value`: each site passes its own, so that
  /// ops that differ only in it share the program (the pattern names it in
  /// `getSiteAttrNames`).
  Value getSiteAttr(StringAttr name, int64_t value);
  ArrayRef<sym::SymExprAttr> getExprs() const { return exprs; }
  /// Which of `getExprs()` carry site attributes, and their names.
  ArrayRef<std::pair<StringAttr, unsigned>> getSiteAttrs() const {
    return siteAttrs;
  }

private:
  Value append(sym::SymExprAttr expr);

  tprog::FuncOp program;
  SmallVector<sym::SymExprAttr> exprs;
  SmallVector<Value> values;
  SmallVector<std::pair<StringAttr, unsigned>> siteAttrs;
};

/// What the body builder of a program works with. `builder` inserts into the
/// program's entry block; the body appends to `results` one value per
/// destination, which the program returns.
struct TensorProgramBody {
  TensorProgramBody(OpBuilder &builder, Location loc, ValueRange inputs,
                    ValueRange outputs, SymbolicArgs &symArgs)
      : builder(builder), loc(loc), inputs(inputs), outputs(outputs),
        symArgs(symArgs) {}

  /// Records why the body cannot be built and returns failure. What was
  /// built so far is erased with the program.
  LogicalResult fail(const Twine &reason) {
    failureReason = reason.str();
    return failure();
  }
  StringRef getFailureReason() const { return failureReason; }

  OpBuilder &builder;
  Location loc;
  /// The program's tensor arguments: one per operand of the op, then one
  /// destination per result.
  ValueRange inputs, outputs;
  SmallVector<Value> results;
  /// Values of the call site that no tensor of the op gives.
  SymbolicArgs &symArgs;

private:
  std::string failureReason;
};

/// A generated program and the call-site expressions of its symbolic
/// arguments (null when it has none).
struct TensorProgram {
  tprog::FuncOp func;
  sym::SymShapeAttr symArgs;
  /// The symbolic arguments that carry the call site's attributes.
  SmallVector<std::pair<StringAttr, unsigned>> siteAttrs;
};

/// The programs created in a module, keyed by op name, attributes and
/// operand and result types whose non-constant dims are renamed `d0, d1, ...`
/// in order of appearance: the program keeps which dims are equal and
/// forgets how the call site computes them.
class TensorProgramCache {
public:
  explicit TensorProgramCache(ModuleOp module);

  /// Returns the program of `op`, creating it with `buildBody` on first use,
  /// right before the function that holds `op` (after the programs created
  /// before it). When the body cannot be built the program is erased and
  /// the match of `op` fails with "could not be legalized: <reason>".
  ///
  /// With `inplace`, result `i` is written into operand `inplace[i]` (or a
  /// new destination for -1), as `relax.call_tir_inplace` calls it: the
  /// program marks that operand `tprog.output` and the body's output `i` is
  /// that operand.
  ///
  /// The attributes named in `siteAttrs` are not part of the key: the body
  /// takes each as an argument (`SymbolicArgs::getSiteAttr`), and the
  /// program returned for `op` passes `op`'s values.
  FailureOr<TensorProgram>
  getOrCreate(Operation *op, PatternRewriter &rewriter,
              function_ref<LogicalResult(TensorProgramBody &)> buildBody,
              ArrayRef<int64_t> inplace = {},
              ArrayRef<StringRef> siteAttrs = {});

private:
  ModuleOp module;
  SymbolTable symbolTable;
  llvm::StringMap<TensorProgram> programs;
};

/// Fails to match `op`, with the reason `--relax-legalize` reports, unless
/// every operand and result is a tensor of known shape.
LogicalResult matchKnownShapes(Operation *op, PatternRewriter &rewriter);

/// Replaces `op` by a `relax.call_tir` of `program`, or a
/// `relax.call_tir_inplace` with `inplace` (a program without symbolic
/// arguments).
void replaceOpWithCallTIR(PatternRewriter &rewriter, Operation *op,
                          const TensorProgram &program,
                          ArrayRef<int64_t> inplace = {});

/// Lowers `OpTy` to a call of a generated program whose body `buildBody`
/// builds; the rest (shape check, program creation and sharing, the call)
/// is common to every lowering.
template <typename OpTy>
class TensorProgramPattern : public OpRewritePattern<OpTy> {
public:
  TensorProgramPattern(MLIRContext *context, TensorProgramCache &cache,
                       PatternBenefit benefit = 1)
      : OpRewritePattern<OpTy>(context, benefit), cache(cache) {}

  /// Builds the program body of `op`; fails with `body.fail(reason)` when
  /// `op` cannot be lowered.
  virtual LogicalResult buildBody(OpTy op, TensorProgramBody &body) const = 0;

  /// The operand each result is written into, -1 for a new tensor; empty
  /// when every result is new.
  virtual SmallVector<int64_t> getInplaceOperands(OpTy op) const { return {}; }

  /// Integer attributes of `op` that its program takes as arguments rather
  /// than as constants, so that one program serves ops that differ only in
  /// them (`buildBody` reads each with `SymbolicArgs::getSiteAttr`). An
  /// in-place call takes no symbolic arguments, so neither can it these.
  virtual SmallVector<StringRef> getSiteAttrNames(OpTy op) const { return {}; }

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const final {
    if (failed(matchKnownShapes(op, rewriter)))
      return failure();
    SmallVector<int64_t> inplace = getInplaceOperands(op);
    FailureOr<TensorProgram> program = cache.getOrCreate(
        op, rewriter,
        [&](TensorProgramBody &body) { return buildBody(op, body); }, inplace,
        getSiteAttrNames(op));
    if (failed(program))
      return failure();
    replaceOpWithCallTIR(rewriter, op, *program, inplace);
    return success();
  }

private:
  TensorProgramCache &cache;
};

/// Unary and binary elementwise ops, comparisons, `where` and `astype`.
void populateRelaxElementwiseLegalizationPatterns(RewritePatternSet &patterns,
                                                  TensorProgramCache &cache);
/// Reductions (`sum`, `mean`, `max`, `min`, `prod`) and softmax.
void populateRelaxReductionLegalizationPatterns(RewritePatternSet &patterns,
                                                TensorProgramCache &cache);
/// `matmul`.
void populateRelaxLinearLegalizationPatterns(RewritePatternSet &patterns,
                                             TensorProgramCache &cache);
/// Layout ops that copy (`permute_dims`, `broadcast_to`, `concat`, `split`,
/// `strided_slice`, `take`, `tril`, `triu`) and creation ops (`full`,
/// `zeros`, `ones`, `arange`).
void populateRelaxManipulationLegalizationPatterns(RewritePatternSet &patterns,
                                                   TensorProgramCache &cache);
/// Normalizations, statistics, rotary embedding, attention, convolution and
/// pooling.
void populateRelaxNeuralNetworkLegalizationPatterns(RewritePatternSet &patterns,
                                                    TensorProgramCache &cache);
/// The paged KV cache: `paged_kv_append` (in place) and `paged_attention`
/// in the given form.
void populateRelaxPagedKVCacheLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache,
    PagedAttentionForm form = PagedAttentionForm::Gather);
/// `dequantize`.
void populateRelaxQuantizeLegalizationPatterns(RewritePatternSet &patterns,
                                               TensorProgramCache &cache);
/// `ccl.allreduce`, `ccl.allgather` and `ccl.broadcast`, which become
/// `relax.call_library` of the runtime's collectives: no program.
void populateRelaxCollectiveLegalizationPatterns(RewritePatternSet &patterns);
/// `reshape`, `expand_dims` and `squeeze`, which become `relax.view`s of
/// their operand: no program.
void populateRelaxViewLegalizationPatterns(RewritePatternSet &patterns);

/// Every pattern above.
void populateRelaxLegalizationPatterns(
    RewritePatternSet &patterns, TensorProgramCache &cache,
    PagedAttentionForm pagedAttention = PagedAttentionForm::Gather);

} // namespace mlir::relax

#endif // RELAX_TRANSFORMS_LEGALIZE_H
