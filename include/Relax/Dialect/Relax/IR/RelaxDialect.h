//===- RelaxDialect.h - Relax graph dialect -----------------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXDIALECT_H
#define RELAX_DIALECT_RELAX_IR_RELAXDIALECT_H

#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/TProg/IR/TProgDialect.h"
#include "mlir/IR/Dialect.h"

#include "Relax/Dialect/Relax/IR/RelaxDialect.h.inc"

#endif // RELAX_DIALECT_RELAX_IR_RELAXDIALECT_H
