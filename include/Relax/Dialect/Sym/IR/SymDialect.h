//===- SymDialect.h - Symbolic shape dialect ----------------------*- C++
//-*-===//
//
// Declares the `sym` dialect.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_SYM_IR_SYMDIALECT_H
#define RELAX_DIALECT_SYM_IR_SYMDIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dialect.h"

#include "Relax/Dialect/Sym/IR/SymDialect.h.inc"

#endif // RELAX_DIALECT_SYM_IR_SYMDIALECT_H
