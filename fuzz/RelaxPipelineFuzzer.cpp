//===- RelaxPipelineFuzzer.cpp - Fuzz parsing and the graph passes --------===//
//
// Parses the input as a module, verifies it, and runs shape inference,
// fusion and legalization on it. Errors are expected; crashes, sanitizer
// reports and IR that fails to verify after a successful pass are findings.
//
//===----------------------------------------------------------------------===//

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

using namespace mlir;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  relax::registerAllPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DialectRegistry registry;
  relax::registerAllDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  ScopedDiagnosticHandler silence(&context, [](Diagnostic &) {});

  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  // MLIR 22's parser crashes on a dense array of `index` (upstream, see
  // docs/design.md "Robustness"): the tools refuse such inputs, and so does
  // this target.
  if (failed(relax::checkParserHazards(
          *llvm::MemoryBuffer::getMemBuffer(text, "input",
                                            /*RequiresNullTerminator=*/false),
          llvm::nulls())))
    return 0;
  // The lexer reads up to a terminating NUL, which files read by the tools
  // have and the fuzzer's buffer does not: parse a copy that has one.
  std::string source = text.str();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module)
    return 0;

  PassManager pm(&context);
  // The pass manager verifies the IR after every pass.
  if (failed(parsePassPipeline(
          "builtin.module(relax-infer-shapes,relax-fuse,relax-legalize)", pm)))
    abort();
  (void)pm.run(*module);
  return 0;
}
