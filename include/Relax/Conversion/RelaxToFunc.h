//===- RelaxToFunc.h - Host lowering of graph functions --------*- C++ -*-===//
//
// The host lowering turns graph functions, after explicit allocation, into
// func.func on memrefs. It is a set of conversion patterns with a 1:N type
// converter (tuples and shapes flatten into their leaves); how a kernel call
// is lowered is a separate pattern set that each target provides.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CONVERSION_RELAXTOFUNC_H
#define RELAX_CONVERSION_RELAXTOFUNC_H

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::relax {

/// The run-time values of the symbolic variables of graph functions.
/// `bindHostSymbols` reads every variable once where it is bound (function
/// arguments, `relax.match_cast`), with `sym.dim`, checks what repeats or is
/// an expression with `sym.assert_eq`, checks the `sym.constraints` and
/// records them with `sym.assume`. Patterns then evaluate any expression at
/// any op where its variables are bound.
class HostSymbols {
public:
  /// Binds the variables of `func`, emitting the reads and checks in it.
  LogicalResult bind(FuncOp func);

  /// The value of `var` visible at `at`, remapped by `rewriter` when it has
  /// been converted; null when `var` is not bound there.
  Value lookup(Operation *at, StringAttr var,
               ConversionPatternRewriter *rewriter = nullptr) const;

  /// Evaluates `expr` at `at` (the op being converted), inserting at the
  /// builder's insertion point: a constant, a bound variable, or a
  /// `sym.eval` of the bound variables. Fails with an error at `loc` when a
  /// variable is not bound.
  FailureOr<Value>
  evaluate(OpBuilder &b, Location loc, Operation *at, sym::SymExprAttr expr,
           ConversionPatternRewriter *rewriter = nullptr) const;

  /// The dynamic sizes of a tensor of `type` (the non-constant dims, in
  /// order), evaluated as by `evaluate`.
  LogicalResult
  evaluateSizes(OpBuilder &b, Location loc, Operation *at, RelaxTensorType type,
                SmallVectorImpl<Value> &sizes,
                ConversionPatternRewriter *rewriter = nullptr) const;

private:
  struct Binder;
  /// Every value bound to each variable, in program order.
  llvm::DenseMap<StringAttr, SmallVector<Value, 1>> values;
};

/// Converts graph types to host types: ranked tensors to memrefs with the
/// identity layout, shapes to one `index` per dim, tuples to their leaves,
/// storages to `memref<?xi8>`; integers, floats and `index` stay.
class HostTypeConverter : public TypeConverter {
public:
  HostTypeConverter();
};

/// Patterns that lower graph functions and every graph-level op left after
/// legalization and explicit allocation, except the kernel calls.
void populateRelaxToFuncConversionPatterns(HostTypeConverter &converter,
                                           const HostSymbols &symbols,
                                           RewritePatternSet &patterns);

/// Calls the C function of library function `callee` (dots in its name
/// become underscores) on `buffers`, passed as unranked memrefs, declaring
/// it in the module at its first call; an error at `op` when an earlier
/// call passed other types.
LogicalResult createLibraryCall(OpBuilder &b, Operation *op, StringRef callee,
                                ValueRange buffers);

/// The CPU's kernel calls: `relax.call_tir_dps` becomes `func.call` of the
/// kernel (a func.func on memrefs, see `--relax-kernels-to-func`) with its
/// symbolic values evaluated by `symbols` after the buffers, and
/// `relax.call_library_dps` a call of the C function of the library (dots
/// in its name become underscores) on unranked memrefs.
void populateRelaxCPUKernelCallPatterns(HostTypeConverter &converter,
                                        const HostSymbols &symbols,
                                        RewritePatternSet &patterns);

/// Casts the host value `value` to `type` when they differ (a memref more or
/// less static than a callee's parameter); an error at `op` when they are
/// not cast-compatible.
FailureOr<Value> castHostValue(OpBuilder &b, Operation *op, Value value,
                               Type type);

/// The host function `name` of the graph function `func`, with its body
/// moved in and its signature converted; `func` is left for the caller to
/// erase.
FailureOr<func::FuncOp> convertGraphFunction(FuncOp func, StringRef name,
                                             const TypeConverter &converter,
                                             ConversionPatternRewriter &rewriter);

/// Replaces the graph `relax.if` `op` by an `scf.if` on the host condition
/// `cond` (an `i1`), with its branches moved in.
LogicalResult replaceGraphIf(IfOp op, Value cond,
                             const TypeConverter &converter,
                             ConversionPatternRewriter &rewriter);

/// A private constant `memref.global` of the value of `op`, named from
/// `counter` so that it is unique in the module, and a `memref.get_global`
/// of it at the rewriter's insertion point.
FailureOr<memref::GetGlobalOp>
createConstantGlobal(ConstantOp op, const TypeConverter &converter,
                     RewriterBase &rewriter, unsigned &counter);

/// Whether the graph tensor `tensor` lies in a storage (an
/// `relax.alloc_tensor`, or a view or cast of one), which frees it, rather
/// than owning its memory.
bool isTensorInStorage(Value tensor);

/// The GPU's host memory: storages and tensors the host lowering allocates
/// are device memory (`gpu.alloc`, `gpu.dealloc`, `gpu.memcpy`), constants are
/// copied to the device where they are used, and a branch condition is read
/// through a host copy. Each public graph function named in `entries` (its
/// name, renamed by the caller, to the name it had) keeps that name as a
/// wrapper on host memory that copies its buffers in and out around the
/// device function. These patterns take precedence over the same ops'
/// patterns in `populateRelaxToFuncConversionPatterns`.
void populateRelaxGPUHostPatterns(
    HostTypeConverter &converter, const HostSymbols &symbols,
    const llvm::DenseMap<StringAttr, StringAttr> &entries,
    RewritePatternSet &patterns);

/// Marks the ops the host lowering produces legal, and the graph dialect
/// illegal.
void configureRelaxToFuncConversionTarget(ConversionTarget &target);

} // namespace mlir::relax

#endif // RELAX_CONVERSION_RELAXTOFUNC_H
