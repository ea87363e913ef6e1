//===- RunPipeline.h - Parse a fuzzer's input and run passes ----*- C++ -*-===//
//
// What the pipeline fuzz targets share: the input parsed as a module in a
// fresh context, diagnostics silenced, and a pass pipeline run on it.
// Errors are expected; crashes, sanitizer reports and IR that fails to
// verify after a successful pass are findings.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_FUZZ_RUNPIPELINE_H
#define RELAX_FUZZ_RUNPIPELINE_H

#include "Relax/InitAll.h"
#include "Relax/Tools/ParserHazards.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <cstdint>
#include <cstdlib>
#include <string>

namespace relax_fuzz {

/// Parses `data` as a module and runs `pipeline` (textual) on it.
inline void runPipelineOnInput(const uint8_t *data, size_t size,
                               llvm::StringRef pipeline) {
  using namespace mlir;
  // Dialects load as the parser and the passes need them: loading every
  // registered dialect up front cost more than most inputs do.
  static const DialectRegistry *registry = [] {
    auto *all = new DialectRegistry;
    relax::registerAllDialects(*all);
    return all;
  }();
  MLIRContext context(*registry, MLIRContext::Threading::DISABLED);
  ScopedDiagnosticHandler silence(&context, [](Diagnostic &) {});

  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  // MLIR 22's parser crashes on a dense array of `index` (upstream, see
  // docs/design.md "Robustness"): the tools refuse such inputs, and so do
  // the targets.
  if (failed(relax::checkParserHazards(
          *llvm::MemoryBuffer::getMemBuffer(text, "input",
                                            /*RequiresNullTerminator=*/false),
          llvm::nulls())))
    return;
  // The lexer reads up to a terminating NUL, which files read by the tools
  // have and the fuzzer's buffer does not: parse a copy that has one.
  std::string source = text.str();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module)
    return;

  PassManager pm(&context);
  // The pass manager verifies the IR after every pass.
  if (failed(parsePassPipeline(pipeline, pm)))
    abort();
  (void)pm.run(*module);
}

} // namespace relax_fuzz

#endif // RELAX_FUZZ_RUNPIPELINE_H
