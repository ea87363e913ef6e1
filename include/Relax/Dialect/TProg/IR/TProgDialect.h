//===- TProgDialect.h - Tensor program dialect --------------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_TPROG_IR_TPROGDIALECT_H
#define RELAX_DIALECT_TPROG_IR_TPROGDIALECT_H

#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "mlir/IR/Dialect.h"

#include "Relax/Dialect/TProg/IR/TProgDialect.h.inc"

#endif // RELAX_DIALECT_TPROG_IR_TPROGDIALECT_H
