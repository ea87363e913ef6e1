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
LogicalResult buildManipulation(OpBuilder &b, Location loc, Operation *op,
                                ValueRange inputs, ValueRange outputs,
                                SmallVectorImpl<Value> &results);
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

/// Returns the indexing map that reads a tensor of type `type`, aligned to
/// the right of an iteration space of `numDims` dims, where its literal-1
/// dims broadcast (are read at index 0).
AffineMap getBroadcastMap(MLIRContext *ctx, Type type, unsigned numDims,
                          ArrayRef<int64_t> outputShape);

} // namespace mlir::relax::lowering

#endif // LIB_CONVERSION_RELAXTOTPROG_LOWERINGS_H
