//===- NeuralNetwork.cpp - Programs of normalization, attention and conv --===//

#include "Lowerings.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

using namespace mlir;
using namespace mlir::relax;

bool lowering::isNeuralNetwork(Operation *op) { return false; }

LogicalResult lowering::buildNeuralNetwork(OpBuilder &b, Location loc,
                                           Operation *op, ValueRange inputs,
                                           ValueRange outputs,
                                           SmallVectorImpl<Value> &results) {
  return failure();
}
