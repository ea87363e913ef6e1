//===- Lowerings.h - Bodies of generated tensor programs ----------*- C++
//-*-===//
//
// Each function builds the body of the tensor program for one family of
// graph ops: it receives the program's input and destination tensors and
// returns the values to return, one per destination. The driver in
// RelaxToTProg.cpp creates the program around it and the call_tir.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_RELAXTOTPROG_LOWERINGS_H
#define LIB_CONVERSION_RELAXTOTPROG_LOWERINGS_H

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace mlir::relax::lowering {

/// Builds the program body for `op`; `inputs` and `outputs` are the
/// program's arguments. Returns failure, without building anything, when
/// the op has no lowering yet.
using BodyBuilder = function_ref<LogicalResult(
    OpBuilder &, Location, Operation *, ValueRange inputs, ValueRange outputs,
    SmallVectorImpl<Value> &results)>;

LogicalResult buildElementwise(OpBuilder &b, Location loc, Operation *op,
                               ValueRange inputs, ValueRange outputs,
                               SmallVectorImpl<Value> &results);
LogicalResult buildReduction(OpBuilder &b, Location loc, Operation *op,
                             ValueRange inputs, ValueRange outputs,
                             SmallVectorImpl<Value> &results);
LogicalResult buildLinear(OpBuilder &b, Location loc, Operation *op,
                          ValueRange inputs, ValueRange outputs,
                          SmallVectorImpl<Value> &results);
/// The symbolic values a program takes as trailing `index` arguments,
/// because its tensors cannot give them (a slice that starts at `p`). Each
/// is added to the program on first use; the call passes the call-site
/// expressions in `getExprs()` as its `sym_args`.
class SymbolicArgs {
public:
  explicit SymbolicArgs(tprog::FuncOp program) : program(program) {}

  /// The argument that carries `expr` (in the call site's variables).
  Value get(sym::SymExprAttr expr);
  ArrayRef<sym::SymExprAttr> getExprs() const { return exprs; }

private:
  tprog::FuncOp program;
  SmallVector<sym::SymExprAttr> exprs;
  SmallVector<Value> values;
};

/// With `symArgs`, values no tensor of the op gives become symbolic
/// arguments of the program.
LogicalResult buildManipulation(OpBuilder &b, Location loc, Operation *op,
                                ValueRange inputs, ValueRange outputs,
                                SmallVectorImpl<Value> &results,
                                SymbolicArgs *symArgs = nullptr);
LogicalResult buildNeuralNetwork(OpBuilder &b, Location loc, Operation *op,
                                 ValueRange inputs, ValueRange outputs,
                                 SmallVectorImpl<Value> &results);

/// Which family, if any, lowers `op`.
enum class Family {
  None,
  Elementwise,
  Reduction,
  Linear,
  Manipulation,
  NeuralNetwork
};
Family getFamily(Operation *op);
/// Families implemented in Manipulation.cpp and NeuralNetwork.cpp.
bool isManipulation(Operation *op);
bool isNeuralNetwork(Operation *op);

/// Whether one of the builders above handles `op`.
inline bool hasLowering(Operation *op) { return getFamily(op) != Family::None; }

/// Tensor helpers shared by the builders.
/// An index value as a scalar of float or integer `type`.
Value indexTo(OpBuilder &b, Location loc, Value index, Type type);
/// Size of dim `i` of `tensor` as an index value.
Value dimSize(OpBuilder &b, Location loc, Value tensor, int64_t i);
/// An empty tensor of `element` whose dims are the dims `(source, i)`.
Value emptyOf(OpBuilder &b, Location loc,
              ArrayRef<std::pair<Value, int64_t>> dims, Type element);
/// An empty tensor shaped like `source`, of `element` (default: the same).
Value emptyLike(OpBuilder &b, Location loc, Value source, Type element = {});
/// An empty tensor holding the dims of `source` not in `axes`.
Value emptyWithout(OpBuilder &b, Location loc, Value source,
                   ArrayRef<int64_t> axes, Type element = {});
/// `factor` times the product of the sizes of `axes` of `x`, as a scalar of
/// `type`.
Value countAlong(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> axes,
                 Type type, int64_t factor = 1);

/// The exprs that read a tensor of `shape` whose dim `i` is iteration dim
/// `firstDim + i`; a literal-1 dim against a larger output dim is read at
/// index 0 (broadcast).
SmallVector<AffineExpr> getBroadcastExprs(MLIRContext *ctx,
                                          ArrayRef<int64_t> shape,
                                          unsigned firstDim,
                                          ArrayRef<int64_t> outputShape);

/// Returns the indexing map that reads a tensor of type `type`, aligned to
/// the right of an iteration space of `numDims` dims, where its literal-1
/// dims broadcast (are read at index 0).
AffineMap getBroadcastMap(MLIRContext *ctx, Type type, unsigned numDims,
                          ArrayRef<int64_t> outputShape);

} // namespace mlir::relax::lowering

#endif // LIB_CONVERSION_RELAXTOTPROG_LOWERINGS_H
