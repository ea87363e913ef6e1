//===- TProgDialect.cpp - Tensor program dialect --------------------------===//

#include "Relax/Dialect/TProg/IR/TProgDialect.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::tprog;

#include "Relax/Dialect/TProg/IR/TProgDialect.cpp.inc"

void TProgDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Relax/Dialect/TProg/IR/TProgOps.cpp.inc"
      >();
}

LogicalResult TProgDialect::verifyRegionArgAttribute(Operation *op,
                                                     unsigned regionIndex,
                                                     unsigned argIndex,
                                                     NamedAttribute attr) {
  if (attr.getName() != getOutputAttrName())
    return op->emitError("unknown tprog dialect argument attribute '")
           << attr.getName().getValue() << "'";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError("'") << getOutputAttrName() << "' must be a unit "
                              << "attribute";
  if (!isa<FuncOp>(op))
    return op->emitError("'")
           << getOutputAttrName() << "' is only valid on tprog.func arguments";
  return success();
}
