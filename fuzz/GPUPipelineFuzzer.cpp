//===- GPUPipelineFuzzer.cpp - Fuzz the GPU pipeline ----------------------===//
//
// Parses the input as a module, verifies it, and compiles it with
// --relax-lower-to-gpu for Vulkan (SPIR-V binaries), WebGPU (WGSL) or CUDA
// (PTX from LLVM's NVPTX backend, without ptxas), the target chosen by the
// input's length. Errors are expected; crashes, sanitizer reports and IR
// that fails to verify after a successful pass are findings.
//
//===----------------------------------------------------------------------===//

#include "RunPipeline.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  mlir::relax::registerAllPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char *const pipelines[] = {
      "builtin.module(relax-lower-to-gpu{target=vulkan})",
      "builtin.module(relax-lower-to-gpu{target=webgpu})",
      "builtin.module(relax-lower-to-gpu{target=cuda format=isa})",
  };
  relax_fuzz::runPipelineOnInput(data, size, pipelines[size % 3]);
  return 0;
}
