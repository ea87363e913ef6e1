//===- TargetDescription.h - What the CPU chooser knows ---------*- C++ -*-===//
//
// The target description the CPU chooser sizes tiles from: the vector
// registers, instruction set and caches of the host (LLVM's host CPU
// queries) or of a CPU named for cross compiling (LLVM's subtarget tables).
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_CPU_TARGETDESCRIPTION_H
#define RELAX_CODEGEN_CPU_TARGETDESCRIPTION_H

#include "Relax/Codegen/IR/CodegenAttrs.h"

namespace mlir::relax::codegen {

/// The description of CPU `cpu`: `host` (or empty) for the machine this
/// runs on, otherwise an LLVM CPU name of the host's architecture (`znver3`,
/// `skylake-avx512`, `neoverse-v1` on an AArch64 host) or a triple and a CPU
/// name (`x86_64:icelake-server`). Fails with a message naming the CPU when
/// LLVM does not know it.
FailureOr<CPUTargetAttr> getCPUTarget(MLIRContext *context, StringRef cpu,
                                      std::string &error);

} // namespace mlir::relax::codegen

#endif // RELAX_CODEGEN_CPU_TARGETDESCRIPTION_H
