//===- CodegenDialect.h - Relax codegen dialect -----------------*- C++ -*-===//

#ifndef RELAX_CODEGEN_IR_CODEGENDIALECT_H
#define RELAX_CODEGEN_IR_CODEGENDIALECT_H

#include "mlir/IR/Dialect.h"

#include "Relax/Codegen/IR/CodegenDialect.h.inc"

#endif // RELAX_CODEGEN_IR_CODEGENDIALECT_H
