//===- Devices.h - The --device option of the tools ------------*- C++ -*-===//
//
// Both tools compile a module for the CPU or a GPU: --device names it, and
// --pipeline-options are then the options of that device's pipeline, whose
// target is the device's.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_DEVICES_H
#define RELAX_TOOLS_DEVICES_H

#include "Relax/Codegen/CPU/LoweringConfig.h"
#include "Relax/Pipelines/Pipelines.h"
#include "Relax/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"

#include <memory>
#include <string>

namespace mlir::relax {

/// Where compiled code runs.
enum class ToolDevice { CPU, Vulkan, WebGPU, CUDA, ROCm };

/// --device's values.
inline llvm::cl::ValuesClass getToolDeviceValues() {
  return llvm::cl::values(
      clEnumValN(ToolDevice::CPU, "cpu", "The host (--relax-lower-to-cpu)"),
      clEnumValN(ToolDevice::Vulkan, "vulkan",
                 "A Vulkan device (--relax-lower-to-gpu=target=vulkan; "
                 "librelax_vulkan_runtime)"),
      clEnumValN(ToolDevice::WebGPU, "webgpu",
                 "A WebGPU device through wgpu-native "
                 "(--relax-lower-to-gpu=target=webgpu; "
                 "librelax_webgpu_runtime)"),
      clEnumValN(ToolDevice::CUDA, "cuda",
                 "An NVIDIA GPU (--relax-lower-to-gpu=target=cuda; "
                 "librelax_cuda_runtime)"),
      clEnumValN(ToolDevice::ROCm, "rocm",
                 "An AMD GPU (--relax-lower-to-gpu=target=rocm; "
                 "librelax_hip_runtime)"));
}

/// The device's name, as --device spells it.
inline llvm::StringRef getToolDeviceName(ToolDevice device) {
  switch (device) {
  case ToolDevice::CPU:
    return "cpu";
  case ToolDevice::Vulkan:
    return "vulkan";
  case ToolDevice::WebGPU:
    return "webgpu";
  case ToolDevice::CUDA:
    return "cuda";
  case ToolDevice::ROCm:
    return "rocm";
  }
  llvm_unreachable("unknown device");
}

/// The middle of a GPU device's runtime library name,
/// librelax_<name>_runtime.so.
inline llvm::StringRef getGPURuntimeName(ToolDevice device) {
  return device == ToolDevice::ROCm ? "hip" : getToolDeviceName(device);
}

/// The pipeline options of `device`, parsed from `text` as relax-opt parses
/// them into `cpu` (for the CPU) or `gpu` (for a GPU, its target set to the
/// device's); an error message when they are invalid, give a target, or ask
/// for a BLAS the device has not.
inline std::string
parseToolPipelineOptions(ToolDevice device, llvm::StringRef text,
                         std::unique_ptr<CPUPipelineOptions> &cpu,
                         std::unique_ptr<GPUPipelineOptions> &gpu) {
  mlir::detail::PassOptions *options;
  if (device == ToolDevice::CPU)
    options = (cpu = std::make_unique<CPUPipelineOptions>()).get();
  else
    options = (gpu = std::make_unique<GPUPipelineOptions>()).get();
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  if (failed(options->parseFromString(text, errorStream)))
    return ("invalid --pipeline-options '" + text +
            "': " + llvm::StringRef(error).trim())
        .str();
  if (!gpu)
    return "";
  if (gpu->target.hasValue())
    return "--pipeline-options: the target is --device's";
  switch (device) {
  case ToolDevice::Vulkan:
    gpu->target = GPUTarget::Vulkan;
    break;
  case ToolDevice::WebGPU:
    gpu->target = GPUTarget::WebGPU;
    break;
  case ToolDevice::CUDA:
    gpu->target = GPUTarget::CUDA;
    break;
  case ToolDevice::ROCm:
    gpu->target = GPUTarget::ROCm;
    break;
  case ToolDevice::CPU:
    llvm_unreachable("the CPU has no GPU pipeline");
  }
  if (gpu->library &&
      (device == ToolDevice::Vulkan || device == ToolDevice::WebGPU))
    return "library=true needs --device cpu, cuda or rocm: there is no BLAS "
           "for Vulkan or WebGPU";
  return "";
}

/// Sets `options`, the weight transform a tool lifts before compiling with
/// `cpu` (null for a GPU): on the CPU, products read their weights as
/// [N, K] and, with `pack`, packed in panels of the contraction tile's
/// columns. Returns an error message when `cpu` names no known CPU.
inline std::string
setToolLiftOptions(mlir::MLIRContext *context, const CPUPipelineOptions *cpu,
                   bool pack, RelaxLiftTransformParamsPassOptions &options) {
  options.transposeWeights = cpu != nullptr;
  if (!cpu || !pack)
    return "";
  std::string error;
  mlir::FailureOr<int64_t> panel = codegen::getWeightPanelWidth(
      context, cpu->cpu, llvm::to_vector(cpu->contractionTile), error);
  if (mlir::failed(panel))
    return error;
  options.packWeights = *panel;
  return "";
}

} // namespace mlir::relax

#endif // RELAX_TOOLS_DEVICES_H
