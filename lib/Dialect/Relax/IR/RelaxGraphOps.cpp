//===- RelaxGraphOps.cpp - Relax high-level op library --------------------===//
//
// The generated op definitions. Their shape rules are in RelaxShapeRules.cpp.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "RelaxShapeRules.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::relax;

#define GET_OP_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.cpp.inc"
