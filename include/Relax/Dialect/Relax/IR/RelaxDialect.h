//===- RelaxDialect.h - Relax graph dialect -----------------------*- C++
//-*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXDIALECT_H
#define RELAX_DIALECT_RELAX_IR_RELAXDIALECT_H

#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/TProg/IR/TProgDialect.h"
#include "mlir/IR/Dialect.h"

#include "Relax/Dialect/Relax/IR/RelaxDialect.h.inc"

#include <string>

namespace mlir::relax {

/// Where a run-time check's message says it failed: `file:line:col` of
/// `loc`, or its printed form.
std::string getCheckLocationText(Location loc);

} // namespace mlir::relax

#endif // RELAX_DIALECT_RELAX_IR_RELAXDIALECT_H
