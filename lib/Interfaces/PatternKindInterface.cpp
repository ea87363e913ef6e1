//===- PatternKindInterface.cpp - Pattern kinds for fusion ----------------===//

#include "Relax/Interfaces/PatternKindInterface.h"

#include "Relax/Interfaces/PatternKindEnums.cpp.inc"

#include "Relax/Interfaces/PatternKindInterface.cpp.inc"
