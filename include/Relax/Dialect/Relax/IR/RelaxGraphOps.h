//===- RelaxGraphOps.h - Relax high-level op library --------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXGRAPHOPS_H
#define RELAX_DIALECT_RELAX_IR_RELAXGRAPHOPS_H

#include "Relax/Dialect/Relax/IR/RelaxAttrs.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Relax/IR/RelaxInterfaces.h"
#include "Relax/Dialect/Relax/IR/RelaxShapeInference.h"
#include "Relax/Dialect/Relax/IR/RelaxTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h.inc"

#endif // RELAX_DIALECT_RELAX_IR_RELAXGRAPHOPS_H
