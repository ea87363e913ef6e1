//===- VulkanRuntime.cpp - The mgpu* functions on Vulkan ------------------===//
//
// librelax_vulkan_runtime: runs the SPIR-V kernels of MLIR's GPU lowering on
// a Vulkan device, behind the same mgpu* functions the CUDA and HIP runtimes
// define (include/Relax/Runtime/GPURuntime.h).
//
// - One instance and device per process, created by the first call, on the
//   first device with a compute queue (or RELAX_VULKAN_DEVICE=<index>), and
//   destroyed when the last module, allocation, stream and event is gone.
// - Device memory is host-visible and coherent, mapped for its whole life;
//   the mapped address is the "device pointer" compiled code holds. A pointer
//   anywhere inside an allocation (a view into an arena) resolves to the
//   allocation's VkBuffer and a byte offset, which is how kernel arguments are
//   bound. mgpuMemcpy and mgpuMemset are host copies after pending work ends.
// - A module holds one SPIR-V entry point; its bindings (set 0, binding i for
//   argument i) tell how the launch parameters map to descriptors: five per
//   memref argument, one per scalar, the scalar copied into a small buffer.
// - A stream records dispatches into one command buffer, each followed by a
//   barrier, and submits them when its work must be complete: at
//   mgpuStreamSynchronize and mgpuEventRecord, before a copy, a memset or a
//   free, at unload and when its descriptor or scalar space runs out. The
//   submission is waited for, so a stream has no work in flight otherwise.
//
// Every entry point takes one process-wide lock. The device and its objects
// are in VulkanDevice.h.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/GPURuntime.h"

#include "LeakCheck.h"
#include "ReportError.h"
#include "SPIRVReflection.h"
#include "VulkanDevice.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <string>

using namespace relax::gpu;

namespace {

//===----------------------------------------------------------------------===//
// The process's runtime
//===----------------------------------------------------------------------===//

/// Both leaked: compiled code unloads its modules from global destructors,
/// which may run after this library's.
std::mutex &runtimeMutex() {
  static auto *mutex = new std::mutex;
  return *mutex;
}
VulkanDevice *theRuntime = nullptr;
/// Why the runtime could not be created, reported again by every later call.
const char *initFailure = nullptr;

/// RELAX_GPU_LEAK_CHECK: the buffers still allocated at exit.
void reportLeaks() {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  reportUnfreed("vulkan", theRuntime);
}

/// The runtime, created by the first call; null, after reporting why, if
/// there is no usable device. The caller holds runtimeMutex().
VulkanDevice *getRuntime() {
  if (theRuntime)
    return theRuntime;
  if (initFailure) {
    relaxReportError(initFailure);
    return nullptr;
  }
  auto runtime = std::make_unique<VulkanDevice>();
  std::string error;
  if (!runtime->init(error)) {
    runtime->destroy();
    initFailure = internMessage("vulkan: " + error);
    relaxReportError(initFailure);
    return nullptr;
  }
  registerLeakCheck(reportLeaks);
  return theRuntime = runtime.release();
}

/// Destroys the device once compiled code holds nothing of it, so a process
/// that unloads its modules (from global destructors) leaves no Vulkan
/// objects behind. The next call creates it again.
void releaseIfUnused() {
  if (theRuntime && theRuntime->unused()) {
    theRuntime->destroy();
    delete theRuntime;
    theRuntime = nullptr;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// The mgpu* functions
//===----------------------------------------------------------------------===//

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuModuleLoad(void *data,
                                                         size_t sizeBytes) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  SPIRVKernelInterface interface;
  std::string error;
  if (!reflectSPIRV(data, sizeBytes, interface, error)) {
    reportError("vulkan: cannot load a kernel module: %s", error.c_str());
    return nullptr;
  }
  VulkanDevice *runtime = getRuntime();
  if (!runtime)
    return nullptr;
  Module *module = runtime->loadModule(data, sizeBytes, std::move(interface));
  if (!module)
    releaseIfUnused();
  return module;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuModuleLoadJIT(void *, int) {
  reportError("vulkan: mgpuModuleLoadJIT: SPIR-V kernels are loaded as "
              "binaries; serialize the gpu.module to a binary object, not "
              "assembly");
  return nullptr;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuModuleUnload(void *module) {
  if (!module)
    return; // Its load failed, and said so.
  std::lock_guard<std::mutex> lock(runtimeMutex());
  auto *m = static_cast<Module *>(module);
  if (!theRuntime || !theRuntime->modules.count(m)) {
    reportError("vulkan: mgpuModuleUnload: %p is not a loaded module", module);
    return;
  }
  theRuntime->unloadModule(m);
  releaseIfUnused();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *
mgpuModuleGetFunction(void *module, const char *name) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!module) {
    reportError("vulkan: cannot get kernel '%s': its module failed to load",
                name ? name : "");
    return nullptr;
  }
  auto *m = static_cast<Module *>(module);
  if (!theRuntime || !theRuntime->modules.count(m)) {
    reportError("vulkan: cannot get kernel '%s': %p is not a loaded module",
                name ? name : "", module);
    return nullptr;
  }
  if (!name || m->interface.entryPoint != name) {
    reportError("vulkan: the module has no kernel '%s'; its one entry point "
                "is '%s'",
                name ? name : "", m->interface.entryPoint.c_str());
    return nullptr;
  }
  if (m->function)
    return m->function;
  return theRuntime->createFunction(*m);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuStreamCreate(void) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  VulkanDevice *runtime = getRuntime();
  if (!runtime)
    return nullptr;
  Stream *stream = runtime->createStream();
  if (!stream) {
    releaseIfUnused();
    return nullptr;
  }
  runtime->streams.insert(stream);
  return stream;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamDestroy(void *stream) {
  if (!stream)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  auto *s = static_cast<Stream *>(stream);
  if (!theRuntime || !theRuntime->streams.count(s)) {
    reportError("vulkan: mgpuStreamDestroy: %p is not a stream from "
                "mgpuStreamCreate",
                stream);
    return;
  }
  theRuntime->flush(*s);
  theRuntime->destroyStream(s);
  releaseIfUnused();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamSynchronize(void *stream) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  VulkanDevice *runtime = getRuntime();
  if (!runtime)
    return;
  if (Stream *s = runtime->lookupStream(stream, "mgpuStreamSynchronize"))
    runtime->flush(*s);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t smemBytes, void *stream, void **params, void **extra,
                 size_t paramsCount) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!function) {
    reportError("vulkan: mgpuLaunchKernel of a null kernel (loading its "
                "module or mgpuModuleGetFunction failed)");
    return;
  }
  auto *f = static_cast<Function *>(function);
  if (!theRuntime || !theRuntime->functions.count(f)) {
    reportError("vulkan: mgpuLaunchKernel: %p is not a kernel of a loaded "
                "module",
                function);
    return;
  }
  if (extra) {
    reportError("vulkan: kernel '%s': the `extra` launch parameters are not "
                "supported",
                f->name());
    return;
  }
  Stream *s = theRuntime->lookupStream(stream, "mgpuLaunchKernel");
  if (!s)
    return;
  const intptr_t grid[3] = {gridX, gridY, gridZ};
  const intptr_t block[3] = {blockX, blockY, blockZ};
  theRuntime->launch(*f, grid, block, smemBytes, *s, params, paramsCount);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *
mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/, bool /*isHostShared*/) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  VulkanDevice *runtime = getRuntime();
  if (!runtime)
    return nullptr;
  HostBuffer buffer;
  if (!runtime->createHostBuffer(sizeBytes, buffer)) {
    releaseIfUnused();
    return nullptr;
  }
  runtime->allocations[reinterpret_cast<uintptr_t>(buffer.mapped)] = buffer;
  return buffer.mapped;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuMemFree(void *ptr,
                                                     void * /*stream*/) {
  if (!ptr)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  auto address = reinterpret_cast<uintptr_t>(ptr);
  if (!theRuntime || !theRuntime->allocations.count(address)) {
    reportError("vulkan: mgpuMemFree: %p is not a pointer from mgpuMemAlloc",
                ptr);
    return;
  }
  // Recorded dispatches may use it.
  theRuntime->flushAll();
  theRuntime->destroyHostBuffer(theRuntime->allocations[address]);
  theRuntime->allocations.erase(address);
  releaseIfUnused();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void * /*stream*/) {
  if (sizeBytes == 0)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  VulkanDevice *runtime = getRuntime();
  if (!runtime || !runtime->checkHostRange(dst, sizeBytes, "mgpuMemcpy") ||
      !runtime->checkHostRange(src, sizeBytes, "mgpuMemcpy"))
    return;
  if (!runtime->flushAll())
    return;
  std::memmove(dst, src, sizeBytes);
}

namespace {
template <typename T>
void memsetWords(void *dst, T value, size_t count, const char *caller) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  VulkanDevice *runtime = getRuntime();
  if (!runtime || !runtime->checkHostRange(dst, count * sizeof(T), caller) ||
      !runtime->flushAll())
    return;
  auto *bytes = static_cast<uint8_t *>(dst);
  for (size_t i = 0; i < count; ++i)
    std::memcpy(bytes + i * sizeof(T), &value, sizeof(T));
}
} // namespace

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset32(void *dst, unsigned value, size_t count, void * /*stream*/) {
  memsetWords<uint32_t>(dst, value, count, "mgpuMemset32");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset16(void *dst, unsigned short value, size_t count, void * /*stream*/) {
  memsetWords<uint16_t>(dst, value, count, "mgpuMemset16");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuEventCreate(void) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  VulkanDevice *runtime = getRuntime();
  if (!runtime)
    return nullptr;
  auto *event = new Event;
  runtime->events.insert(event);
  return event;
}

namespace {
/// Whether `event` is a live event; reports for `caller` if it is not.
bool isEvent(void *event, const char *caller) {
  if (theRuntime && theRuntime->events.count(static_cast<Event *>(event)))
    return true;
  reportError("vulkan: %s: %p is not an event from mgpuEventCreate", caller,
              event);
  return false;
}
} // namespace

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventDestroy(void *event) {
  if (!event)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!isEvent(event, "mgpuEventDestroy"))
    return;
  theRuntime->events.erase(static_cast<Event *>(event));
  delete static_cast<Event *>(event);
  releaseIfUnused();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventSynchronize(void *event) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  isEvent(event, "mgpuEventSynchronize");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventRecord(void *event,
                                                         void *stream) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!isEvent(event, "mgpuEventRecord"))
    return;
  if (Stream *s = theRuntime->lookupStream(stream, "mgpuEventRecord"))
    theRuntime->flush(*s);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamWaitEvent(void *stream,
                                                             void *event) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (isEvent(event, "mgpuStreamWaitEvent"))
    theRuntime->lookupStream(stream, "mgpuStreamWaitEvent");
}
