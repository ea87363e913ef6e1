//===- RelaxAttrs.h - Relax graph dialect attributes ------------*- C++ -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXATTRS_H
#define RELAX_DIALECT_RELAX_IR_RELAXATTRS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"

#include "Relax/Dialect/Relax/IR/RelaxEnums.h.inc"
#include "Relax/Interfaces/PatternKindInterface.h"

#define GET_ATTRDEF_CLASSES
#include "Relax/Dialect/Relax/IR/RelaxAttrs.h.inc"

#endif // RELAX_DIALECT_RELAX_IR_RELAXATTRS_H
