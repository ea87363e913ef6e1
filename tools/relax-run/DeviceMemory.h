//===- DeviceMemory.h - Device buffers through a GPU runtime ----*- C++ -*-===//
//
// The buffer functions of the GPU runtime library relax-run loads for
// --device (the mgpu* C API that the compiled code also calls), so that
// relax-run can keep the inputs in device memory across calls and copy the
// results back once.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_DEVICEMEMORY_H
#define RELAX_TOOLS_RELAX_RUN_DEVICEMEMORY_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace relax_run {

class DeviceMemory {
public:
  /// Resolves the runtime's functions among the loaded libraries; nothing
  /// when one is missing (`error` says which).
  static std::unique_ptr<DeviceMemory> load(std::string &error);
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory &) = delete;
  DeviceMemory &operator=(const DeviceMemory &) = delete;

  /// A device buffer of `bytes` holding a copy of `host`; null when the
  /// runtime reported an error (relaxGetError).
  void *upload(const void *host, size_t bytes);
  /// Copies `bytes` of device memory at `device` to `host`; false when the
  /// runtime reported an error.
  bool download(void *host, const void *device, size_t bytes);
  void free(void *device);

private:
  DeviceMemory() = default;

  void *(*streamCreate)() = nullptr;
  void (*streamSynchronize)(void *) = nullptr;
  void (*streamDestroy)(void *) = nullptr;
  void *(*memAlloc)(uint64_t, void *, bool) = nullptr;
  void (*memFree)(void *, void *) = nullptr;
  void (*memcpy)(void *, void *, size_t, void *) = nullptr;
  void *stream = nullptr;
};

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_DEVICEMEMORY_H
