//===- HIPRuntime.cpp - The mgpu* functions on HIP ------------------------===//
//
// librelax_hip_runtime: the mgpu* functions (include/Relax/Runtime/
// GPURuntime.h) on the HIP module API. Every call first makes the chosen
// device, 0 or RELAX_HIP_DEVICE=<index>, current on its thread (HIP's current
// device is per thread). Handles are HIP's own; launch parameters go to
// hipModuleLaunchKernel as they are, and copies use hipMemcpyDefault, which
// infers the direction from the pointers.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/GPURuntime.h"

#include "HIPDevice.h"
#include "ReportError.h"

#include <hip/hip_runtime_api.h>

#include <cstdlib>
#include <mutex>
#include <string>
#include <unordered_map>

using namespace relax::gpu;
using namespace relax::gpu::hip;

namespace {

std::mutex &runtimeMutex() {
  static auto *mutex = new std::mutex;
  return *mutex;
}

/// Kernel names, for messages about launches.
std::unordered_map<hipFunction_t, std::string> &kernelNames() {
  static auto *names = new std::unordered_map<hipFunction_t, std::string>;
  return *names;
}

const char *kernelName(hipFunction_t function) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  auto it = kernelNames().find(function);
  return it == kernelNames().end() ? "?" : it->second.c_str();
}

} // namespace

std::string relax::gpu::hip::describe(hipError_t result) {
  const char *name = hipGetErrorName(result);
  const char *description = hipGetErrorString(result);
  std::string text = name ? name : "HIP error " + std::to_string(result);
  if (description)
    text += std::string(" (") + description + ")";
  return text;
}

/// Reports a failed HIP call; returns whether `result` is a success.
bool relax::gpu::hip::check(hipError_t result, const char *call) {
  if (result == hipSuccess)
    return true;
  reportError("hip: %s failed: %s", call, describe(result).c_str());
  return false;
}

/// The index of the chosen device, found by the first call; -1, after
/// reporting why, if there is none.
static int getDevice() {
  static int device = -1;
  static const char *failure = nullptr;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (device >= 0)
    return device;
  if (failure) {
    relaxReportError(failure);
    return -1;
  }
  auto fail = [&](std::string message) {
    failure = internMessage("hip: " + message);
    relaxReportError(failure);
    return -1;
  };
  int count = 0;
  if (hipError_t r = hipGetDeviceCount(&count); r != hipSuccess)
    return fail("hipGetDeviceCount failed: " + describe(r) +
                "; is the ROCm driver installed?");
  int index = 0;
  if (const char *chosen = std::getenv("RELAX_HIP_DEVICE"); chosen && *chosen) {
    char *end = nullptr;
    long value = std::strtol(chosen, &end, 10);
    if (*end != '\0' || value < 0 || value >= count)
      return fail(std::string("RELAX_HIP_DEVICE=") + chosen +
                  " is not the index of one of the " + std::to_string(count) +
                  " HIP devices");
    index = static_cast<int>(value);
  } else if (count == 0) {
    return fail("there is no HIP device");
  }
  return device = index;
}

/// Makes the chosen device current on this thread; false, after reporting
/// why, if it cannot.
bool relax::gpu::hip::useDevice() {
  thread_local bool current = false;
  if (current)
    return true;
  int device = getDevice();
  if (device < 0 || !check(hipSetDevice(device), "hipSetDevice"))
    return false;
  return current = true;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuModuleLoad(void *data,
                                                         size_t /*sizeBytes*/) {
  if (!useDevice())
    return nullptr;
  hipModule_t module = nullptr;
  if (hipError_t r = hipModuleLoadData(&module, data); r != hipSuccess) {
    reportError("hip: cannot load a kernel module: hipModuleLoadData "
                "failed: %s",
                describe(r).c_str());
    return nullptr;
  }
  return module;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuModuleLoadJIT(void *, int) {
  reportError("hip: mgpuModuleLoadJIT: HIP loads code objects, not "
              "assembly; serialize the gpu.module to a binary object");
  return nullptr;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuModuleUnload(void *module) {
  if (module && useDevice())
    check(hipModuleUnload(static_cast<hipModule_t>(module)), "hipModuleUnload");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *
mgpuModuleGetFunction(void *module, const char *name) {
  if (!module) {
    reportError("hip: cannot get kernel '%s': its module failed to load",
                name ? name : "");
    return nullptr;
  }
  if (!useDevice())
    return nullptr;
  hipFunction_t function = nullptr;
  if (hipError_t r = hipModuleGetFunction(
          &function, static_cast<hipModule_t>(module), name);
      r != hipSuccess) {
    reportError("hip: cannot get kernel '%s' of its module: %s", name,
                describe(r).c_str());
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(runtimeMutex());
  kernelNames()[function] = name;
  return function;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuStreamCreate(void) {
  hipStream_t stream = nullptr;
  if (useDevice() &&
      check(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking),
            "hipStreamCreateWithFlags"))
    return stream;
  return nullptr;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamDestroy(void *stream) {
  if (stream && useDevice())
    check(hipStreamDestroy(static_cast<hipStream_t>(stream)),
          "hipStreamDestroy");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamSynchronize(void *stream) {
  if (useDevice())
    check(hipStreamSynchronize(static_cast<hipStream_t>(stream)),
          "hipStreamSynchronize");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t smemBytes, void *stream, void **params, void **extra,
                 size_t /*paramsCount*/) {
  if (!function) {
    reportError("hip: mgpuLaunchKernel of a null kernel (loading its module "
                "or mgpuModuleGetFunction failed)");
    return;
  }
  if (!useDevice())
    return;
  auto f = static_cast<hipFunction_t>(function);
  if (smemBytes < 0) {
    reportError("hip: kernel '%s': negative dynamic shared memory size %d",
                kernelName(f), smemBytes);
    return;
  }
  if (hipError_t r = hipModuleLaunchKernel(
          f, gridX, gridY, gridZ, blockX, blockY, blockZ, smemBytes,
          static_cast<hipStream_t>(stream), params, extra);
      r != hipSuccess)
    reportError("hip: kernel '%s' with grid %ldx%ldx%ld and blocks of "
                "%ldx%ldx%ld: hipModuleLaunchKernel failed: %s",
                kernelName(f), long(gridX), long(gridY), long(gridZ),
                long(blockX), long(blockY), long(blockZ), describe(r).c_str());
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *
mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/, bool isHostShared) {
  if (sizeBytes == 0 || !useDevice())
    return nullptr;
  void *pointer = nullptr;
  hipError_t r = isHostShared
                     ? hipMallocManaged(&pointer, sizeBytes, hipMemAttachGlobal)
                     : hipMalloc(&pointer, sizeBytes);
  if (r != hipSuccess) {
    reportError("hip: cannot allocate %llu bytes of %s memory: %s",
                static_cast<unsigned long long>(sizeBytes),
                isHostShared ? "managed" : "device", describe(r).c_str());
    return nullptr;
  }
  return pointer;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuMemFree(void *ptr,
                                                     void * /*stream*/) {
  if (ptr && useDevice())
    check(hipFree(ptr), "hipFree");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes != 0 && useDevice())
    check(hipMemcpyAsync(dst, src, sizeBytes, hipMemcpyDefault,
                         static_cast<hipStream_t>(stream)),
          "hipMemcpyAsync");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset32(void *dst, unsigned value, size_t count, void *stream) {
  if (useDevice())
    check(hipMemsetD32Async(reinterpret_cast<hipDeviceptr_t>(dst),
                            static_cast<int>(value), count,
                            static_cast<hipStream_t>(stream)),
          "hipMemsetD32Async");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  if (useDevice())
    check(hipMemsetD16Async(reinterpret_cast<hipDeviceptr_t>(dst), value, count,
                            static_cast<hipStream_t>(stream)),
          "hipMemsetD16Async");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuEventCreate(void) {
  hipEvent_t event = nullptr;
  if (useDevice() &&
      check(hipEventCreateWithFlags(&event, hipEventDisableTiming),
            "hipEventCreateWithFlags"))
    return event;
  return nullptr;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventDestroy(void *event) {
  if (event && useDevice())
    check(hipEventDestroy(static_cast<hipEvent_t>(event)), "hipEventDestroy");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventSynchronize(void *event) {
  if (useDevice())
    check(hipEventSynchronize(static_cast<hipEvent_t>(event)),
          "hipEventSynchronize");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventRecord(void *event,
                                                         void *stream) {
  if (useDevice())
    check(hipEventRecord(static_cast<hipEvent_t>(event),
                         static_cast<hipStream_t>(stream)),
          "hipEventRecord");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamWaitEvent(void *stream,
                                                             void *event) {
  if (useDevice())
    check(hipStreamWaitEvent(static_cast<hipStream_t>(stream),
                             static_cast<hipEvent_t>(event), 0),
          "hipStreamWaitEvent");
}
