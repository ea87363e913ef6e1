//===- SymOps.h - Symbolic shape run-time ops ---------------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_SYM_IR_SYMOPS_H
#define RELAX_DIALECT_SYM_IR_SYMOPS_H

#include "Relax/Dialect/Sym/IR/SymAttrs.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "Relax/Dialect/Sym/IR/SymOps.h.inc"

#endif // RELAX_DIALECT_SYM_IR_SYMOPS_H
