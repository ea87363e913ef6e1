//===- RunLibrary.h - relax-run on a compiled library -----------*- C++ -*-===//
//
// relax-run takes a library that relax-compile wrote in place of a module:
// it loads it through librelax_runtime (Relax/Runtime/RelaxModule.h) and
// calls it on the same inputs it would give the module, without compiling.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_RUNLIBRARY_H
#define RELAX_TOOLS_RELAX_RUN_RUNLIBRARY_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace relax_run {

struct LibraryRun {
  std::string path;
  std::string entry;
  std::string weightsFile;
  std::string output;
  std::vector<std::string> inputs;
  std::vector<std::string> sizes;
  std::optional<unsigned> seed;
  unsigned repetitions = 1;
};

/// Whether the file at `path` is an ELF shared object.
bool isSharedLibrary(llvm::StringRef path);

/// Runs `run`; returns the exit code.
int runLibrary(const LibraryRun &run);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_RUNLIBRARY_H
