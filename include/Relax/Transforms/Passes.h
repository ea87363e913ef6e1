//===- Passes.h - Relax transformation passes ---------------------*- C++
//-*-===//

#ifndef RELAX_TRANSFORMS_PASSES_H
#define RELAX_TRANSFORMS_PASSES_H

#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir::relax {

#define GEN_PASS_DECL
#include "Relax/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Relax/Transforms/Passes.h.inc"

} // namespace mlir::relax

#endif // RELAX_TRANSFORMS_PASSES_H
