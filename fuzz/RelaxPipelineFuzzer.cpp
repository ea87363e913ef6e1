//===- RelaxPipelineFuzzer.cpp - Fuzz parsing and the graph passes --------===//
//
// Parses the input as a module, verifies it, and runs shape inference,
// fusion and legalization on it. Errors are expected; crashes, sanitizer
// reports and IR that fails to verify after a successful pass are findings.
//
//===----------------------------------------------------------------------===//

#include "RunPipeline.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  mlir::relax::registerAllPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  relax_fuzz::runPipelineOnInput(
      data, size,
      "builtin.module(relax-infer-shapes,relax-fuse,relax-legalize)");
  return 0;
}
