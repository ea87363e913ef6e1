//===- GPUPipelineFuzzer.cpp - Fuzz the GPU pipeline ----------------------===//
//
// Parses the input as a module, verifies it, and compiles it with
// --relax-lower-to-gpu for Vulkan (SPIR-V binaries), WebGPU (WGSL) or CUDA
// (PTX from LLVM's NVPTX backend, without ptxas), the target chosen by the
// input's length. Errors are expected; crashes, sanitizer reports and IR
// that fails to verify after a successful pass are findings.
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
  // MLIR 22's parser crashes on a dense array of `index` (see
  // RelaxPipelineFuzzer.cpp).
  if (failed(relax::checkParserHazards(
          *llvm::MemoryBuffer::getMemBuffer(text, "input",
                                            /*RequiresNullTerminator=*/false),
          llvm::nulls())))
    return 0;
  std::string source = text.str();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &context);
  if (!module)
    return 0;

  static const char *const pipelines[] = {
      "builtin.module(relax-lower-to-gpu{target=vulkan})",
      "builtin.module(relax-lower-to-gpu{target=webgpu})",
      "builtin.module(relax-lower-to-gpu{target=cuda format=isa})",
  };
  PassManager pm(&context);
  if (failed(parsePassPipeline(pipelines[size % 3], pm)))
    abort();
  (void)pm.run(*module);
  return 0;
}
