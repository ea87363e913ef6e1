//===- WebGPUDeviceInternal.h - Internals of the WebGPU device --*- C++ -*-===//
//
// What the files of the WebGPU device (WebGPUDevice.cpp, WebGPUMemory.cpp,
// WebGPULaunch.cpp, WebGPUTrace.cpp) share and compiled code never sees:
// small helpers, the state of traces and what one binding of a launch is
// bound to.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_WEBGPUDEVICEINTERNAL_H
#define RELAX_LIB_RUNTIME_GPU_WEBGPUDEVICEINTERNAL_H

#include "WebGPUDevice.h"

#include <cstdint>
#include <string>
#include <vector>

namespace relax::gpu {

namespace webgpu {

constexpr uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

inline std::string toString(WGPUStringView view) {
  if (!view.data)
    return "";
  if (view.length == WGPU_STRLEN)
    return view.data;
  return std::string(view.data, view.length);
}

/// The index of the next traced dispatch.
extern uint64_t nextDispatch;

/// An empty view is bound to this many bytes of the runtime's own, enough
/// for any array element type.
constexpr uint64_t kEmptyViewBytes = 256;

inline std::string mib(uint64_t bytes) {
  if (bytes % (1024 * 1024) == 0)
    return std::to_string(bytes / (1024 * 1024)) + " MiB";
  return std::to_string(bytes) + " bytes";
}

/// Waits until a callback sets `done`: wgpu-native runs callbacks in
/// wgpuDevicePoll, which blocks until the queue is empty; other
/// implementations in wgpuInstanceProcessEvents.
bool waitFor(const WebGPUProcs &procs, WGPUInstance instance, WGPUDevice device,
             const bool &done);

} // namespace webgpu

/// What one binding of a launch is bound to.
struct WebGPUDevice::BoundRange {
  WGPUBuffer buffer = nullptr;
  uint64_t offset = 0, size = 0;
  /// The allocation of a view; null for an empty view and the uniform.
  const Allocation *allocation = nullptr;
  /// The uniform's bytes.
  std::vector<uint8_t> uniform;
};

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_WEBGPUDEVICEINTERNAL_H
