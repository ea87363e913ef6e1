//===- TensorUtils.h - Helpers shared by the program builders ---*- C++ -*-===//
//
// Tensor and indexing-map helpers the body builders of every family use.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_CONVERSION_RELAXTOTPROG_TENSORUTILS_H
#define LIB_CONVERSION_RELAXTOTPROG_TENSORUTILS_H

#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Builders.h"

namespace mlir::relax::lowering {

/// A constant `value` of a float or integer scalar `type` (an integer takes
/// the value's integral part).
Value scalarConstant(OpBuilder &b, Location loc, Type type, double value);
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

/// With keepdims, a reduction along `axes` writes a collapse_shape view of
/// its destination `out` without the kept unit dims, and the result is that
/// expanded back (expandKeptDims): a generic whose output map has constant
/// 0s makes vector transfers with a permutation that upstream's transfer
/// lowerings reject once masked. Returns the view and its reassociation, or
/// nothing (and `out` stays) without keepdims or reduced axes.
std::optional<SmallVector<ReassociationIndices>>
collapseKeptDims(OpBuilder &b, Location loc, Value &out,
                 ArrayRef<int64_t> axes, bool keepdims);

/// The result computed in a view from collapseKeptDims, as `type`.
Value expandKeptDims(OpBuilder &b, Location loc, Value result,
                     RankedTensorType type,
                     const std::optional<SmallVector<ReassociationIndices>>
                         &groups);

/// The scalar 0 of `type`.
Value zeroOf(OpBuilder &b, Location loc, Type type);

/// The identity of a maximum: -inf for floats, the smallest signed value for
/// integers.
Value lowestOf(OpBuilder &b, Location loc, Type type);

/// `dest` filled with `scalar` (linalg.fill).
Value fill(OpBuilder &b, Location loc, Value dest, Value scalar);

using GenericBody = function_ref<Value(OpBuilder &, Location, ValueRange)>;

/// One linalg.generic with a single destination; `body` returns the value
/// to yield.
Value generic(OpBuilder &b, Location loc, ValueRange ins, Value out,
              ArrayRef<AffineMap> maps, ArrayRef<utils::IteratorType> iterators,
              GenericBody body);

/// Parallel iterators over `numDims` dims but the `reduced` ones.
SmallVector<utils::IteratorType> iteratorsFor(unsigned numDims,
                                              ArrayRef<int64_t> reduced);

} // namespace mlir::relax::lowering

#endif // LIB_CONVERSION_RELAXTOTPROG_TENSORUTILS_H
