//===- PatternKindInterface.h - Pattern kinds for fusion --------*- C++ -*-===//

#ifndef RELAX_INTERFACES_PATTERNKINDINTERFACE_H
#define RELAX_INTERFACES_PATTERNKINDINTERFACE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"

#include "Relax/Interfaces/PatternKindEnums.h.inc"

#include "Relax/Interfaces/PatternKindInterface.h.inc"

#endif // RELAX_INTERFACES_PATTERNKINDINTERFACE_H
