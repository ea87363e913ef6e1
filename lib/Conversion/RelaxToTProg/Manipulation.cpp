//===- Manipulation.cpp - Programs of shape manipulation and creation -----===//

#include "Lowerings.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

using namespace mlir;
using namespace mlir::relax;

bool lowering::isManipulation(Operation *op) { return false; }

LogicalResult lowering::buildManipulation(OpBuilder &b, Location loc,
                                          Operation *op, ValueRange inputs,
                                          ValueRange outputs,
                                          SmallVectorImpl<Value> &results) {
  return failure();
}
