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
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::relax {

/// The functions of `module` that can end with a recorded error: those
/// holding one of `asserts`, and their callers, transitively.
llvm::SetVector<Operation *>
findFailingFunctions(ModuleOp module, ArrayRef<cf::AssertOp> asserts);

/// Whether `op` is a run-time check or a call of one of `failing`.
bool isCheckOrFailingCall(Operation *op,
                          const llvm::SetVector<Operation *> &failing,
                          SymbolTableCollection &symbolTables);

/// The op of `func`'s body that is or holds `op`, a descendant of `func`.
Operation *getTopLevelOp(Operation *op, Operation *func);

} // namespace mlir::relax

#endif // RELAX_LIB_CONVERSION_CHECKTOLLVM_FAILINGFUNCTIONS_H
