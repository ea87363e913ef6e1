//===- DeviceMemory.h - Device buffers through a GPU runtime ----*- C++ -*-===//
//
// The buffer functions of a GPU runtime library (the mgpu* C API that
// compiled code also calls), for programs that keep tensors in device
// memory across calls: relax-run with --device, and librelax_runtime's
// loader of GPU libraries, which keeps the weights on the device. Header
// only, since the two resolve the functions differently (among the loaded
// libraries, or through one library's handle).
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_RUNTIME_DEVICEMEMORY_H
#define RELAX_RUNTIME_DEVICEMEMORY_H

#include "Relax/Runtime/RelaxRuntime.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace relax_runtime {

class DeviceMemory {
public:
  /// Resolves the runtime's functions with `resolve(name)` (a function
  /// pointer or null); nothing when one is missing (`error` says which) or
  /// when the runtime cannot make a stream (relaxGetError says why).
  template <typename Resolve>
  static std::unique_ptr<DeviceMemory> load(Resolve resolve,
                                            std::string &error) {
    std::unique_ptr<DeviceMemory> result(new DeviceMemory());
    DeviceMemory &memory = *result;
    bool missing = false;
    auto bind = [&](auto &function, const char *name) {
      function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
          resolve(name));
      if (!function && !missing) {
        error = std::string("the GPU runtime library has no ") + name;
        missing = true;
      }
    };
    bind(memory.streamCreate, "mgpuStreamCreate");
    bind(memory.streamSynchronize, "mgpuStreamSynchronize");
    bind(memory.streamDestroy, "mgpuStreamDestroy");
    bind(memory.memAlloc, "mgpuMemAlloc");
    bind(memory.memFree, "mgpuMemFree");
    bind(memory.memcpy, "mgpuMemcpy");
    if (missing)
      return nullptr;
    memory.stream = memory.streamCreate();
    if (relaxGetError())
      return nullptr;
    return result;
  }

  ~DeviceMemory() {
    if (stream)
      streamDestroy(stream);
  }
  DeviceMemory(const DeviceMemory &) = delete;
  DeviceMemory &operator=(const DeviceMemory &) = delete;

  /// A device buffer of `bytes` (a distinct one even for none); null when
  /// the runtime reported an error (relaxGetError).
  void *allocate(size_t bytes) {
    void *device = memAlloc(bytes ? bytes : 1, stream, /*isHostShared=*/false);
    return relaxGetError() ? nullptr : device;
  }
  /// A device buffer of `bytes` holding a copy of `host`; null when the
  /// runtime reported an error.
  void *upload(const void *host, size_t bytes) {
    void *device = allocate(bytes);
    if (!device || !copy(device, host, bytes)) {
      if (device)
        free(device);
      return nullptr;
    }
    return device;
  }
  /// Copies `bytes` from `src` to `dst`, each in host or device memory, and
  /// waits for the copy; false when the runtime reported an error.
  bool copy(void *dst, const void *src, size_t bytes) {
    if (bytes)
      memcpy(dst, const_cast<void *>(src), bytes, stream);
    streamSynchronize(stream);
    return !relaxGetError();
  }
  /// Copies `bytes` of device memory at `device` to `host`.
  bool download(void *host, const void *device, size_t bytes) {
    return copy(host, device, bytes);
  }
  void free(void *device) {
    memFree(device, stream);
    streamSynchronize(stream);
  }

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

} // namespace relax_runtime

#endif // RELAX_RUNTIME_DEVICEMEMORY_H
