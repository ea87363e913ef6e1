//===- CUDARuntime.cpp - The mgpu* functions on the CUDA driver API -------===//
//
// librelax_cuda_runtime: the mgpu* functions (include/Relax/Runtime/
// GPURuntime.h) on the CUDA driver API. Every call runs in the primary context
// of one device, device 0 or RELAX_CUDA_DEVICE=<index>, retained by the first
// call. Handles are the driver's own (CUmodule, CUfunction, CUstream, CUevent,
// CUdeviceptr); launch parameters go to cuLaunchKernel as they are, and copies
// rely on unified addressing. Only driver functions of CUDA 9 and older are
// called, so the library loads with any current driver.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/GPURuntime.h"

#include "CUDAContext.h"
#include "ReportError.h"

#include <cuda.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unordered_map>

using namespace relax::gpu;
using namespace relax::gpu::cuda;

namespace {

std::mutex &runtimeMutex() {
  static auto *mutex = new std::mutex;
  return *mutex;
}

/// Kernel names, for messages about launches.
std::unordered_map<CUfunction, std::string> &kernelNames() {
  static auto *names = new std::unordered_map<CUfunction, std::string>;
  return *names;
}

const char *kernelName(CUfunction function) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  auto it = kernelNames().find(function);
  return it == kernelNames().end() ? "?" : it->second.c_str();
}

/// Loads a cubin, fatbin or NUL-terminated PTX image, with the JIT's error
/// log in the message of a failure.
CUmodule loadModule(const void *image, int optLevel) {
  constexpr unsigned kLogBytes = 4096;
  char log[kLogBytes] = {0};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {log, reinterpret_cast<void *>(uintptr_t(kLogBytes)),
                    reinterpret_cast<void *>(uintptr_t(optLevel))};
  unsigned numOptions = optLevel < 0 ? 2 : 3;
  CUmodule module = nullptr;
  if (CUresult r =
          cuModuleLoadDataEx(&module, image, numOptions, options, values);
      r != CUDA_SUCCESS) {
    reportError("cuda: cannot load a kernel module: cuModuleLoadDataEx "
                "failed: %s%s%s",
                describe(r).c_str(), log[0] ? ": " : "", log);
    return nullptr;
  }
  return module;
}

} // namespace

std::string relax::gpu::cuda::describe(CUresult result) {
  const char *name = nullptr, *description = nullptr;
  cuGetErrorName(result, &name);
  cuGetErrorString(result, &description);
  std::string text = name ? name : "CUDA error " + std::to_string(result);
  if (description)
    text += std::string(" (") + description + ")";
  return text;
}

/// Reports a failed driver call; returns whether `result` is a success.
bool relax::gpu::cuda::check(CUresult result, const char *call) {
  if (result == CUDA_SUCCESS)
    return true;
  reportError("cuda: %s failed: %s", call, describe(result).c_str());
  return false;
}

/// The primary context of the chosen device, retained by the first call and
/// kept for the life of the process; null, after reporting why, if there is
/// none.
CUcontext relax::gpu::cuda::getContext() {
  static CUcontext context = nullptr;
  static const char *failure = nullptr;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (context)
    return context;
  if (failure) {
    relaxReportError(failure);
    return nullptr;
  }
  auto fail = [&](std::string message) -> CUcontext {
    failure = internMessage("cuda: " + message);
    relaxReportError(failure);
    return nullptr;
  };
  if (CUresult r = cuInit(0); r != CUDA_SUCCESS)
    return fail("cuInit failed: " + describe(r) +
                "; is the NVIDIA driver installed?");
  int count = 0;
  if (CUresult r = cuDeviceGetCount(&count); r != CUDA_SUCCESS)
    return fail("cuDeviceGetCount failed: " + describe(r));
  int index = 0;
  if (const char *chosen = std::getenv("RELAX_CUDA_DEVICE");
      chosen && *chosen) {
    char *end = nullptr;
    long value = std::strtol(chosen, &end, 10);
    if (*end != '\0' || value < 0 || value >= count)
      return fail(std::string("RELAX_CUDA_DEVICE=") + chosen +
                  " is not the index of one of the " + std::to_string(count) +
                  " CUDA devices");
    index = static_cast<int>(value);
  } else if (count == 0) {
    return fail("there is no CUDA device");
  }
  CUdevice device;
  if (CUresult r = cuDeviceGet(&device, index); r != CUDA_SUCCESS)
    return fail("cuDeviceGet failed: " + describe(r));
  CUcontext primary;
  if (CUresult r = cuDevicePrimaryCtxRetain(&primary, device);
      r != CUDA_SUCCESS)
    return fail("cuDevicePrimaryCtxRetain failed: " + describe(r));
  return context = primary;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuModuleLoad(void *data,
                                                         size_t sizeBytes) {
  ScopedContext scope;
  if (!scope)
    return nullptr;
  // PTX needs a terminating NUL, which gpu.binary does not store.
  std::string image(static_cast<const char *>(data), sizeBytes);
  return loadModule(image.c_str(), -1);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuModuleLoadJIT(void *data,
                                                            int optLevel) {
  ScopedContext scope;
  if (!scope)
    return nullptr;
  return loadModule(data, optLevel < 0 ? 0 : optLevel > 4 ? 4 : optLevel);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuModuleUnload(void *module) {
  if (!module)
    return; // Its load failed, and said so.
  ScopedContext scope;
  if (scope)
    check(cuModuleUnload(static_cast<CUmodule>(module)), "cuModuleUnload");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *
mgpuModuleGetFunction(void *module, const char *name) {
  if (!module) {
    reportError("cuda: cannot get kernel '%s': its module failed to load",
                name ? name : "");
    return nullptr;
  }
  ScopedContext scope;
  if (!scope)
    return nullptr;
  CUfunction function = nullptr;
  if (CUresult r =
          cuModuleGetFunction(&function, static_cast<CUmodule>(module), name);
      r != CUDA_SUCCESS) {
    reportError("cuda: cannot get kernel '%s' of its module: %s", name,
                describe(r).c_str());
    return nullptr;
  }
  std::lock_guard<std::mutex> lock(runtimeMutex());
  kernelNames()[function] = name;
  return function;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuStreamCreate(void) {
  ScopedContext scope;
  CUstream stream = nullptr;
  if (scope &&
      check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate"))
    return stream;
  return nullptr;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamDestroy(void *stream) {
  ScopedContext scope;
  if (scope && stream)
    check(cuStreamDestroy(static_cast<CUstream>(stream)), "cuStreamDestroy");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamSynchronize(void *stream) {
  ScopedContext scope;
  if (scope)
    check(cuStreamSynchronize(static_cast<CUstream>(stream)),
          "cuStreamSynchronize");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t smemBytes, void *stream, void **params, void **extra,
                 size_t /*paramsCount*/) {
  if (!function) {
    reportError("cuda: mgpuLaunchKernel of a null kernel (loading its module "
                "or mgpuModuleGetFunction failed)");
    return;
  }
  ScopedContext scope;
  if (!scope)
    return;
  auto f = static_cast<CUfunction>(function);
  if (smemBytes < 0) {
    reportError("cuda: kernel '%s': negative dynamic shared memory size %d",
                kernelName(f), smemBytes);
    return;
  }
  // Above the default limit (48 KiB) a kernel must opt in to more.
  constexpr int32_t kDefaultSharedBytes = 48 * 1024;
  if (smemBytes > kDefaultSharedBytes) {
    CUdevice device;
    int optIn = 0;
    if (!check(cuCtxGetDevice(&device), "cuCtxGetDevice") ||
        !check(cuDeviceGetAttribute(
                   &optIn,
                   CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
                   device),
               "cuDeviceGetAttribute"))
      return;
    if (smemBytes > optIn) {
      reportError("cuda: kernel '%s' asks for %d bytes of dynamic shared "
                  "memory; the device allows %d",
                  kernelName(f), smemBytes, optIn);
      return;
    }
    if (!check(
            cuFuncSetAttribute(
                f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smemBytes),
            "cuFuncSetAttribute"))
      return;
  }
  if (CUresult r = cuLaunchKernel(f, gridX, gridY, gridZ, blockX, blockY,
                                  blockZ, smemBytes,
                                  static_cast<CUstream>(stream), params, extra);
      r != CUDA_SUCCESS)
    reportError("cuda: kernel '%s' with grid %ldx%ldx%ld and blocks of "
                "%ldx%ldx%ld: cuLaunchKernel failed: %s",
                kernelName(f), long(gridX), long(gridY), long(gridZ),
                long(blockX), long(blockY), long(blockZ), describe(r).c_str());
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *
mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/, bool isHostShared) {
  if (sizeBytes == 0)
    return nullptr;
  ScopedContext scope;
  if (!scope)
    return nullptr;
  CUdeviceptr pointer = 0;
  CUresult r = isHostShared ? cuMemAllocManaged(&pointer, sizeBytes,
                                                CU_MEM_ATTACH_GLOBAL)
                            : cuMemAlloc(&pointer, sizeBytes);
  if (r != CUDA_SUCCESS) {
    reportError("cuda: cannot allocate %llu bytes of %s memory: %s",
                static_cast<unsigned long long>(sizeBytes),
                isHostShared ? "managed" : "device", describe(r).c_str());
    return nullptr;
  }
  return reinterpret_cast<void *>(pointer);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuMemFree(void *ptr,
                                                     void * /*stream*/) {
  if (!ptr)
    return;
  ScopedContext scope;
  if (scope)
    check(cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)), "cuMemFree");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream) {
  if (sizeBytes == 0)
    return;
  ScopedContext scope;
  if (scope)
    check(cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                        reinterpret_cast<CUdeviceptr>(src), sizeBytes,
                        static_cast<CUstream>(stream)),
          "cuMemcpyAsync");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset32(void *dst, unsigned value, size_t count, void *stream) {
  ScopedContext scope;
  if (scope)
    check(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                           static_cast<CUstream>(stream)),
          "cuMemsetD32Async");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream) {
  ScopedContext scope;
  if (scope)
    check(cuMemsetD16Async(reinterpret_cast<CUdeviceptr>(dst), value, count,
                           static_cast<CUstream>(stream)),
          "cuMemsetD16Async");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuEventCreate(void) {
  ScopedContext scope;
  CUevent event = nullptr;
  if (scope &&
      check(cuEventCreate(&event, CU_EVENT_DISABLE_TIMING), "cuEventCreate"))
    return event;
  return nullptr;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventDestroy(void *event) {
  ScopedContext scope;
  if (scope && event)
    check(cuEventDestroy(static_cast<CUevent>(event)), "cuEventDestroy");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventSynchronize(void *event) {
  ScopedContext scope;
  if (scope)
    check(cuEventSynchronize(static_cast<CUevent>(event)),
          "cuEventSynchronize");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventRecord(void *event,
                                                         void *stream) {
  ScopedContext scope;
  if (scope)
    check(cuEventRecord(static_cast<CUevent>(event),
                        static_cast<CUstream>(stream)),
          "cuEventRecord");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamWaitEvent(void *stream,
                                                             void *event) {
  ScopedContext scope;
  if (scope)
    check(cuStreamWaitEvent(static_cast<CUstream>(stream),
                            static_cast<CUevent>(event), 0),
          "cuStreamWaitEvent");
}
