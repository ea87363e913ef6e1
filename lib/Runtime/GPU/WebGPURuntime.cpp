//===- WebGPURuntime.cpp - The mgpu* functions on WebGPU ------------------===//
//
// librelax_webgpu_runtime: runs the WGSL kernels of the webgpu target on a
// WebGPU implementation's webgpu.h C API (wgpu-native, loaded with dlopen),
// behind the same mgpu* functions as the other GPU runtimes
// (include/Relax/Runtime/GPURuntime.h).
//
// - One instance, adapter and device per process, created by the first call
//   that needs one, with WebGPU's default limits (what a browser grants), and
//   released when the last module, allocation, stream and event is gone.
// - WebGPU has no host-mapped storage buffers: mgpuMemAlloc returns a device
//   address from ranges of the runtime's own, which compiled code offsets
//   like a pointer and the runtime maps back to (WGPUBuffer, byte offset).
//   mgpuMemcpy writes through the queue and reads through a mappable copy.
// - A module is WGSL text whose first line states the kernel's bindings
//   (WebGPUKernelHeader.h): a storage binding per memref argument, then one
//   uniform binding holding the scalars.
// - A stream records dispatches into one compute pass and submits them when
//   their work must be ordered before a copy or complete: at
//   mgpuStreamSynchronize and mgpuEventRecord, before a copy, a memset or a
//   free, at unload and when its batch is full.
//
// Every entry point takes one process-wide lock. The device and its objects
// are in WebGPUDevice.h.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/GPURuntime.h"

#include "LeakCheck.h"
#include "ReportError.h"
#include "WebGPUDevice.h"
#include "WebGPUKernelHeader.h"

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
WebGPUDevice *theRuntime = nullptr;
/// Why the runtime could not be created, reported again by every later call.
const char *initFailure = nullptr;

/// RELAX_GPU_LEAK_CHECK: the buffers still allocated at exit.
void reportLeaks() {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  reportUnfreed("webgpu", theRuntime);
}

/// The runtime, created by the first call; null, after reporting why, if
/// there is no usable device. The caller holds runtimeMutex().
WebGPUDevice *getRuntime() {
  if (theRuntime)
    return theRuntime;
  if (initFailure) {
    relaxReportError(initFailure);
    return nullptr;
  }
  const WebGPUProcs *procs = loadWebGPUProcs();
  if (!procs)
    return nullptr; // Reported, now and by every later call.
  auto runtime = std::make_unique<WebGPUDevice>();
  std::string error;
  if (!runtime->init(*procs, error)) {
    runtime->destroy();
    initFailure = internMessage("webgpu: " + error);
    relaxReportError(initFailure);
    return nullptr;
  }
  registerLeakCheck(reportLeaks);
  return theRuntime = runtime.release();
}

/// Releases the device once compiled code holds nothing of it; the next call
/// creates it again.
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
  WebGPUKernelInterface interface;
  std::string error;
  if (!data || !parseWebGPUKernelHeader(data, sizeBytes, interface, error)) {
    reportError("webgpu: cannot load a kernel module: %s",
                data ? error.c_str() : "the module is null");
    return nullptr;
  }
  WebGPUDevice *runtime = getRuntime();
  if (!runtime)
    return nullptr;
  Module *module = runtime->loadModule(data, sizeBytes, std::move(interface));
  if (!module)
    releaseIfUnused();
  return module;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuModuleLoadJIT(void *, int) {
  reportError("webgpu: mgpuModuleLoadJIT: WGSL kernels are loaded with "
              "mgpuModuleLoad; serialize the gpu.module to a binary object, "
              "not assembly");
  return nullptr;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuModuleUnload(void *module) {
  if (!module)
    return; // Its load failed, and said so.
  std::lock_guard<std::mutex> lock(runtimeMutex());
  auto *m = static_cast<Module *>(module);
  if (!theRuntime || !theRuntime->modules.count(m)) {
    reportError("webgpu: mgpuModuleUnload: %p is not a loaded module", module);
    return;
  }
  theRuntime->unloadModule(m);
  releaseIfUnused();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *
mgpuModuleGetFunction(void *module, const char *name) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!module) {
    reportError("webgpu: cannot get kernel '%s': its module failed to load",
                name ? name : "");
    return nullptr;
  }
  auto *m = static_cast<Module *>(module);
  if (!theRuntime || !theRuntime->modules.count(m)) {
    reportError("webgpu: cannot get kernel '%s': %p is not a loaded module",
                name ? name : "", module);
    return nullptr;
  }
  if (!name || m->interface.kernel != name) {
    reportError("webgpu: the module has no kernel '%s'; its one kernel is "
                "'%s'",
                name ? name : "", m->interface.kernel.c_str());
    return nullptr;
  }
  if (m->function)
    return m->function;
  return theRuntime->createFunction(*m);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuStreamCreate(void) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  WebGPUDevice *runtime = getRuntime();
  if (!runtime)
    return nullptr;
  Stream *stream = runtime->createStream();
  runtime->streams.insert(stream);
  return stream;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamDestroy(void *stream) {
  if (!stream)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  auto *s = static_cast<Stream *>(stream);
  if (!theRuntime || !theRuntime->streams.count(s)) {
    reportError("webgpu: mgpuStreamDestroy: %p is not a stream from "
                "mgpuStreamCreate",
                stream);
    return;
  }
  // Its work still runs: it is submitted, and the queue finishes it.
  theRuntime->destroyStream(s);
  releaseIfUnused();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamSynchronize(void *stream) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  WebGPUDevice *runtime = getRuntime();
  if (!runtime)
    return;
  // One queue: waiting for a stream is waiting for all of them.
  if (runtime->lookupStream(stream, "mgpuStreamSynchronize"))
    runtime->synchronize();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                 intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                 int32_t smemBytes, void *stream, void **params, void **extra,
                 size_t paramsCount) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!function) {
    reportError("webgpu: mgpuLaunchKernel of a null kernel (loading its "
                "module or mgpuModuleGetFunction failed)");
    return;
  }
  auto *f = static_cast<Function *>(function);
  if (!theRuntime || !theRuntime->functions.count(f)) {
    reportError("webgpu: mgpuLaunchKernel: %p is not a kernel of a loaded "
                "module",
                function);
    return;
  }
  if (extra) {
    reportError("webgpu: kernel '%s': the `extra` launch parameters are not "
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
mgpuMemAlloc(uint64_t sizeBytes, void * /*stream*/, bool isHostShared) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (isHostShared) {
    reportError("webgpu: mgpuMemAlloc: WebGPU has no memory that both the "
                "host and kernels address (host_shared)");
    return nullptr;
  }
  WebGPUDevice *runtime = getRuntime();
  if (!runtime)
    return nullptr;
  void *pointer = runtime->allocate(sizeBytes);
  if (!pointer)
    releaseIfUnused();
  return pointer;
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuMemFree(void *ptr,
                                                     void * /*stream*/) {
  if (!ptr)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!theRuntime) {
    reportError("webgpu: mgpuMemFree: %p is not a pointer from mgpuMemAlloc",
                ptr);
    return;
  }
  theRuntime->free(ptr);
  releaseIfUnused();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void * /*stream*/) {
  if (sizeBytes == 0)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (WebGPUDevice *runtime = getRuntime())
    runtime->copy(dst, src, sizeBytes, "mgpuMemcpy");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset32(void *dst, unsigned value, size_t count, void * /*stream*/) {
  if (count == 0)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  uint32_t word = value;
  if (WebGPUDevice *runtime = getRuntime())
    runtime->fill(dst, &word, sizeof(word), count, "mgpuMemset32");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void
mgpuMemset16(void *dst, unsigned short value, size_t count, void * /*stream*/) {
  if (count == 0)
    return;
  std::lock_guard<std::mutex> lock(runtimeMutex());
  uint16_t half = value;
  if (WebGPUDevice *runtime = getRuntime())
    runtime->fill(dst, &half, sizeof(half), count, "mgpuMemset16");
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void *mgpuEventCreate(void) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  WebGPUDevice *runtime = getRuntime();
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
  reportError("webgpu: %s: %p is not an event from mgpuEventCreate", caller,
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
  if (isEvent(event, "mgpuEventSynchronize"))
    theRuntime->synchronize();
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuEventRecord(void *event,
                                                         void *stream) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (!isEvent(event, "mgpuEventRecord"))
    return;
  // Submitted, the stream's work precedes whatever any stream submits
  // later on the one queue.
  if (Stream *s = theRuntime->lookupStream(stream, "mgpuEventRecord"))
    theRuntime->flush(*s);
}

extern "C" RELAX_GPU_RUNTIME_EXPORT void mgpuStreamWaitEvent(void *stream,
                                                             void *event) {
  std::lock_guard<std::mutex> lock(runtimeMutex());
  if (isEvent(event, "mgpuStreamWaitEvent"))
    theRuntime->lookupStream(stream, "mgpuStreamWaitEvent");
}
