//===- RelaxOps.h - Relax graph dialect ops -----------------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXOPS_H
#define RELAX_DIALECT_RELAX_IR_RELAXOPS_H

#include "Relax/Dialect/Relax/IR/RelaxAttrs.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Relax/IR/RelaxInterfaces.h"
#include "Relax/Dialect/Relax/IR/RelaxTypes.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxOps.h.inc"

#endif // RELAX_DIALECT_RELAX_IR_RELAXOPS_H
