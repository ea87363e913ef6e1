//===- RelaxInterfaces.h - Relax graph dialect interfaces ---------*- C++
//-*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_H
#define RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_H

#include "Relax/Dialect/Relax/IR/RelaxShapeInference.h"
#include "mlir/IR/OpDefinition.h"

#include "Relax/Interfaces/PatternKindInterface.h"

#include "Relax/Dialect/Relax/IR/RelaxInterfaces.h.inc"

#endif // RELAX_DIALECT_RELAX_IR_RELAXINTERFACES_H
