//===- TProgOps.h - Tensor program ops ----------------------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_TPROG_IR_TPROGOPS_H
#define RELAX_DIALECT_TPROG_IR_TPROGOPS_H

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/TProg/IR/TProgDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Relax/Dialect/TProg/IR/TProgOps.h.inc"

#endif // RELAX_DIALECT_TPROG_IR_TPROGOPS_H
