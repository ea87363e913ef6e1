//===- ToolSupport.h - What the command-line tools share --------*- C++ -*-===//
//
// Header-only, on LLVM's Support library alone, so that relax-generate (a
// tool on the runtime API) uses it without linking MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_TOOLSUPPORT_H
#define RELAX_TOOLS_TOOLSUPPORT_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::relax {

/// The prefix the running tool sits in, `<prefix>/bin/<tool>`: the build
/// tree or the installation, whose `lib` holds the runtime libraries and
/// whose `python` holds the Python packages. `mainAddr` is the address of a
/// function of the tool.
inline std::string getToolPrefix(const char *argv0, void *mainAddr) {
  return llvm::sys::path::parent_path(
             llvm::sys::path::parent_path(
                 llvm::sys::fs::getMainExecutable(argv0, mainAddr)))
      .str();
}

/// `getToolPrefix` joined with `parts`.
inline std::string getToolPath(const char *argv0, void *mainAddr,
                               const llvm::Twine &a, const llvm::Twine &b = "",
                               const llvm::Twine &c = "") {
  llvm::SmallString<256> path(getToolPrefix(argv0, mainAddr));
  llvm::sys::path::append(path, a, b, c);
  return std::string(path);
}

/// Hides from --help (not from --help-hidden) every registered option that
/// is neither in `category` nor one of the generic ones (--help,
/// --version): unlike cl::HideUnrelatedOptions, --help-hidden still lists
/// LLVM's options.
inline void hideUnrelatedOptions(llvm::cl::OptionCategory &category) {
  auto &options = llvm::cl::getRegisteredOptions();
  llvm::ArrayRef<llvm::cl::OptionCategory *> generic =
      options.lookup("help")->Categories;
  for (llvm::cl::Option *option : llvm::make_second_range(options)) {
    auto isShown = [&](llvm::cl::OptionCategory *shown) {
      return shown == &category || llvm::is_contained(generic, shown);
    };
    if (option->getOptionHiddenFlag() == llvm::cl::NotHidden &&
        llvm::none_of(option->Categories, isShown))
      option->setHiddenFlag(llvm::cl::Hidden);
  }
}

/// Writes `<tool>: error: <message>` and a newline to stderr in one write
/// (under a launcher the ranks share stderr, and pieces written separately
/// interleave), and returns the exit code 1.
inline int reportToolError(llvm::StringRef tool, const llvm::Twine &message) {
  llvm::errs() << (tool + ": error: " + message + "\n").str();
  return 1;
}

} // namespace mlir::relax

#endif // RELAX_TOOLS_TOOLSUPPORT_H
