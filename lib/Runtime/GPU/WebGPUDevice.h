//===- WebGPUDevice.h - The WebGPU device of the runtime --------*- C++ -*-===//
//
// The objects of librelax_webgpu_runtime behind the handles compiled code
// holds (modules, kernels, streams, events, device addresses) and the one
// WebGPU instance and device that owns them, on the standard webgpu.h C API
// of an implementation loaded at run time (wgpu-native). WebGPURuntime.cpp
// defines the mgpu* functions on it; what each part does and why is in
// docs/GPURuntime.md.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_WEBGPUDEVICE_H
#define RELAX_LIB_RUNTIME_GPU_WEBGPUDEVICE_H

#include "WebGPUKernelHeader.h"

#include <webgpu.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace relax::gpu {

/// The webgpu.h entry points the runtime calls, resolved with dlsym.
#define RELAX_WEBGPU_PROCS(X)                                                  \
  X(CreateInstance)                                                            \
  X(InstanceRequestAdapter)                                                    \
  X(InstanceProcessEvents)                                                     \
  X(InstanceRelease)                                                           \
  X(AdapterGetLimits)                                                          \
  X(AdapterHasFeature)                                                         \
  X(AdapterGetInfo)                                                            \
  X(AdapterInfoFreeMembers)                                                    \
  X(AdapterRequestDevice)                                                      \
  X(AdapterRelease)                                                            \
  X(DeviceGetLimits)                                                           \
  X(DeviceGetQueue)                                                            \
  X(DeviceCreateBuffer)                                                        \
  X(DeviceCreateShaderModule)                                                  \
  X(DeviceCreateBindGroupLayout)                                               \
  X(DeviceCreatePipelineLayout)                                                \
  X(DeviceCreateComputePipeline)                                               \
  X(DeviceCreateBindGroup)                                                     \
  X(DeviceCreateCommandEncoder)                                                \
  X(DeviceRelease)                                                             \
  X(BufferMapAsync)                                                            \
  X(BufferGetConstMappedRange)                                                 \
  X(BufferUnmap)                                                               \
  X(BufferRelease)                                                             \
  X(ShaderModuleRelease)                                                       \
  X(BindGroupLayoutRelease)                                                    \
  X(PipelineLayoutRelease)                                                     \
  X(ComputePipelineRelease)                                                    \
  X(BindGroupRelease)                                                          \
  X(CommandEncoderBeginComputePass)                                            \
  X(CommandEncoderCopyBufferToBuffer)                                          \
  X(CommandEncoderFinish)                                                      \
  X(CommandEncoderRelease)                                                     \
  X(ComputePassEncoderSetPipeline)                                             \
  X(ComputePassEncoderSetBindGroup)                                            \
  X(ComputePassEncoderDispatchWorkgroups)                                      \
  X(ComputePassEncoderEnd)                                                     \
  X(ComputePassEncoderRelease)                                                 \
  X(CommandBufferRelease)                                                      \
  X(QueueSubmit)                                                               \
  X(QueueWriteBuffer)                                                          \
  X(QueueOnSubmittedWorkDone)                                                  \
  X(QueueRelease)

struct WebGPUProcs {
#define RELAX_WEBGPU_PROC_MEMBER(name) WGPUProc##name wgpu##name = nullptr;
  RELAX_WEBGPU_PROCS(RELAX_WEBGPU_PROC_MEMBER)
#undef RELAX_WEBGPU_PROC_MEMBER
  /// wgpu-native's `wgpuDevicePoll` (wgpu.h), which waits for the queue;
  /// null in other implementations, which are driven by
  /// wgpuInstanceProcessEvents instead.
  WGPUBool (*wgpuDevicePoll)(WGPUDevice, WGPUBool, const uint64_t *) = nullptr;
  /// The library they come from, for messages.
  std::string path;
};

/// Loads the implementation (once per process): $RELAX_WEBGPU_LIBRARY, the
/// library found at configure time, then libwgpu_native.so. Null, after
/// reporting why, when none loads or one lacks an entry point.
const WebGPUProcs *loadWebGPUProcs();

/// Memory of mgpuMemAlloc: a WGPUBuffer, and the range of device addresses
/// compiled code sees for it.
struct Allocation {
  WGPUBuffer buffer = nullptr;
  /// The bytes asked for; views must lie inside them. The buffer has them
  /// rounded up to a multiple of 4.
  uint64_t size = 0;
  uint64_t bufferSize = 0;
  /// A number of its own, for traces.
  uint64_t id = 0;
};

struct Function;

struct Module {
  WebGPUKernelInterface interface;
  /// The WGSL text, kept for traces.
  std::string source;
  WGPUShaderModule shader = nullptr;
  /// The pipeline of the one kernel, made by the first mgpuModuleGetFunction.
  Function *function = nullptr;
};

struct Function {
  Module *module = nullptr;
  WGPUBindGroupLayout bindGroupLayout = nullptr;
  WGPUPipelineLayout pipelineLayout = nullptr;
  WGPUComputePipeline pipeline = nullptr;

  const char *name() const { return module->interface.kernel.c_str(); }
  const WebGPUKernelInterface &interface() const { return module->interface; }
};

/// The scalars of the dispatches a stream records go into 256-byte aligned
/// slots of uniform buffers of this size, written just before the batch is
/// submitted.
constexpr uint64_t kUniformChunkBytes = 64 * 1024;
/// A stream submits its batch once it holds this many dispatches, or its
/// scalars fill this many uniform buffers.
constexpr uint32_t kDispatchesPerBatch = 1024;
constexpr size_t kUniformChunksPerBatch = 16;

struct UniformChunk {
  WGPUBuffer buffer = nullptr;
  /// The bytes of the recorded dispatches, written to `buffer` at submit.
  std::vector<uint8_t> bytes;
  uint64_t used = 0;
};

/// A command encoder with an open compute pass, recording dispatches until
/// its work must be submitted.
struct Stream {
  WGPUCommandEncoder encoder = nullptr;
  WGPUComputePassEncoder pass = nullptr;
  std::vector<UniformChunk> uniforms;
  /// The chunk slots are taken from.
  size_t uniformChunk = 0;
  /// Released once the batch is submitted.
  std::vector<WGPUBindGroup> bindGroups;
  uint32_t dispatches = 0;
};

/// WebGPU has one queue and streams submit whenever their work must be
/// ordered or complete, so an event needs no state: waiting for one waits
/// for the queue.
struct Event {};

class WebGPUDevice {
public:
  /// Creates the instance, adapter and device. On failure returns false,
  /// with the reason in `error`; destroy() then frees what was created.
  bool init(const WebGPUProcs &procs, std::string &error);
  void destroy();
  /// Whether nothing that compiled code holds is left.
  bool unused() const {
    return modules.empty() && functions.empty() && streams.empty() &&
           events.empty() && allocations.empty();
  }

  /// A device address range backed by a new buffer of at least `size`
  /// bytes; null after reporting.
  void *allocate(uint64_t size);
  /// Submits what may use it, then releases it.
  bool free(void *pointer);

  /// The allocation holding the byte at `address` and its offset in it, or
  /// null for an address that no allocation holds.
  Allocation *findAllocation(uintptr_t address, uint64_t &offset);
  /// Whether `address` is in the range of device addresses the runtime
  /// hands out (live or freed).
  bool isDeviceAddress(uintptr_t address) const;
  /// mgpuMemcpy and mgpuMemset: each side is device memory or host memory.
  bool copy(void *dst, const void *src, uint64_t bytes, const char *caller);
  bool fill(void *dst, const void *pattern, uint32_t patternBytes,
            uint64_t count, const char *caller);

  Stream *createStream();
  void destroyStream(Stream *stream);
  /// The stream of a `stream` argument (the default stream for null), or null
  /// after reporting that it is not a stream.
  Stream *lookupStream(void *stream, const char *caller);
  /// Submits what `stream` recorded.
  bool flush(Stream &stream);
  bool flushAll();
  /// Submits everything and waits until the queue is idle.
  bool synchronize();

  /// Creates the shader module of a WGSL kernel whose header was read.
  Module *loadModule(const void *data, size_t sizeBytes,
                     WebGPUKernelInterface interface);
  void unloadModule(Module *module);
  Function *createFunction(Module &module);
  void destroyFunction(Function *function);
  void launch(Function &function, const intptr_t grid[3],
              const intptr_t block[3], int32_t smemBytes, Stream &stream,
              void **params, size_t paramsCount);

  /// Called by the implementation with the errors of calls that failed
  /// validation; they are collected and reported by the caller.
  void recordError(WGPUErrorType type, WGPUStringView message);

  const WebGPUProcs *procs = nullptr;
  WGPUInstance instance = nullptr;
  WGPUAdapter adapter = nullptr;
  WGPUDevice device = nullptr;
  WGPUQueue queue = nullptr;
  std::string adapterName;
  WGPULimits limits{};
  /// Whether the device has shader-f16 (RELAX_WEBGPU_F16=1 asked for it).
  bool f16 = false;
  bool adapterHasF16 = false;

  /// Allocations by base device address.
  std::map<uintptr_t, Allocation> allocations;
  std::set<Module *> modules;
  std::set<Function *> functions;
  std::set<Stream *> streams;
  std::set<Event *> events;
  /// The stream of a null stream argument; not counted as one in use.
  Stream *defaultStream = nullptr;

private:
  WGPUBuffer createBuffer(uint64_t size, WGPUBufferUsage usage,
                          const char *what);
  /// The messages of the errors since the last call, cleared.
  std::string takeErrors();
  /// Waits for the queue (wgpuDevicePoll, or events until the submitted work
  /// is done).
  bool waitIdle();
  /// Copies `size` bytes at `offset` of `buffer` (both multiples of 4) to
  /// `host` through a mappable buffer, after submitting all recorded work.
  bool readBuffer(WGPUBuffer buffer, uint64_t offset, uint64_t size,
                  void *host);
  /// Reads or writes `bytes` bytes at any offset of an allocation.
  bool readDevice(const Allocation &allocation, uint64_t offset, uint64_t bytes,
                  void *host);
  bool writeDevice(const Allocation &allocation, uint64_t offset,
                   uint64_t bytes, const void *host);
  /// The allocation and offset of the device range [address, address +
  /// bytes), or null after reporting a range that is not inside one.
  Allocation *resolveRange(uintptr_t address, uint64_t bytes, uint64_t &offset,
                           const char *caller);
  /// The bytes of the buffer an empty view is bound to, read-only or not
  /// (one buffer cannot be both in one dispatch).
  WGPUBuffer emptyView(bool readOnly);
  /// What one binding of a launch is bound to.
  struct BoundRange;
  /// The checks of a launch that need no arguments.
  bool checkLaunch(Function &function, const intptr_t grid[3],
                   const intptr_t block[3], int32_t smemBytes, void **params,
                   size_t paramsCount);
  /// Resolves each binding's view; false after reporting one that cannot be
  /// bound.
  bool bindArguments(Function &function, void **params,
                     std::vector<BoundRange> &ranges);
  /// Records the dispatch into the stream's batch, its scalars into a
  /// uniform slot.
  bool record(Function &function, const intptr_t grid[3], Stream &stream,
              std::vector<BoundRange> &ranges);
  /// Write the trace of one dispatch (RELAX_WEBGPU_TRACE): its bindings
  /// before it runs, then its outputs and its line in dispatches.jsonl.
  bool traceInputs(const std::vector<BoundRange> &ranges, uint64_t index);
  void traceDispatch(Function &function, const intptr_t grid[3],
                     const std::vector<BoundRange> &ranges, uint64_t index);

  std::string errors;
  /// RELAX_WEBGPU_TRACE: where dispatches are recorded, if anywhere.
  std::string traceDir;
  WGPUBuffer emptyViews[2] = {nullptr, nullptr};
};

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_WEBGPUDEVICE_H
