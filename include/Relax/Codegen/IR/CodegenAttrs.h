//===- CodegenAttrs.h - Relax codegen attributes ----------------*- C++ -*-===//
//
// Lowering configs (what a target's chooser decides for a kernel op) and
// target descriptions (what it decides from).
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_IR_CODEGENATTRS_H
#define RELAX_CODEGEN_IR_CODEGENATTRS_H

#include "Relax/Codegen/IR/CodegenDialect.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"

#include "Relax/Codegen/IR/CodegenEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "Relax/Codegen/IR/CodegenAttrs.h.inc"

#endif // RELAX_CODEGEN_IR_CODEGENATTRS_H
