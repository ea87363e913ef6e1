//===- FillAllocations.h - Buffers that start with a known byte -*- C++ -*-===//
//
// relax-run --fill-allocations=B: every buffer the compiled code allocates
// starts with each byte set to B, instead of whatever the allocator returns.
// An element of a result that the program never writes then reads as the
// fill, and two runs with two fills tell it from a computed value.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_FILLALLOCATIONS_H
#define RELAX_TOOLS_RELAX_RUN_FILLALLOCATIONS_H

#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <cstdint>
#include <string>

namespace relax_run {

/// Adds to `symbols` allocation functions for the compiled code that fill
/// what they return with `byte`: `malloc` and `aligned_alloc` on the CPU;
/// with `gpu`, also `mgpuMemAlloc`, which then calls the GPU runtime's own
/// (already loaded) allocation and 32-bit fill. Fails, with `error` set,
/// when the GPU runtime lacks them.
bool addFillingAllocators(llvm::orc::SymbolMap &symbols,
                          llvm::orc::MangleAndInterner &interner, uint8_t byte,
                          bool gpu, std::string &error);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_FILLALLOCATIONS_H
