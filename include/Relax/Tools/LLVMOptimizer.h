//===- LLVMOptimizer.h - LLVM's -O3 for compiled modules --------*- C++ -*-===//
//
// The LLVM IR optimization relax-run and relax-compile apply before code
// generation.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_LLVMOPTIMIZER_H
#define RELAX_TOOLS_LLVMOPTIMIZER_H

#include "llvm/Support/Error.h"

#include <functional>
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace mlir::relax {

/// A transformer (as `ExecutionEngineOptions::transformer` takes one) that
/// runs LLVM's -O3 module pipeline for `machine` without
/// `called-value-propagation`. That pass only annotates indirect calls,
/// which compiled modules do not make, and its solver is quadratic in the
/// arguments of a call: a graph function's C wrapper passes every weight's
/// descriptor (3,550 arguments for a 32-layer decoder), which took it 2-5 s.
/// With `keep` given, the functions that only it calls are made internal
/// first: the C and packed wrappers (`_mlir_` names) that `keep` does not
/// name and the graph functions (`alwaysinline`, inlined into wrappers).
std::function<llvm::Error(llvm::Module *)>
makeLLVMOptimizer(llvm::TargetMachine *machine,
                  std::vector<std::string> keep = {});

} // namespace mlir::relax

#endif // RELAX_TOOLS_LLVMOPTIMIZER_H
