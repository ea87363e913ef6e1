//===- FailingFunctions.h - Functions that can fail at run time -*- C++ -*-===//
//
// Shared by the passes that lower run-time checks and that free buffers
// when one fails.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_CONVERSION_CHECKTOLLVM_FAILINGFUNCTIONS_H
#define RELAX_LIB_CONVERSION_CHECKTOLLVM_FAILINGFUNCTIONS_H

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::relax {

/// The functions of `module` that can end with a recorded error: those
/// holding one of `asserts`, and their callers, transitively.
llvm::SetVector<Operation *>
findFailingFunctions(ModuleOp module, ArrayRef<cf::AssertOp> asserts);

} // namespace mlir::relax

#endif // RELAX_LIB_CONVERSION_CHECKTOLLVM_FAILINGFUNCTIONS_H
