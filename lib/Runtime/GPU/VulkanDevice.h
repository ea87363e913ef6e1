//===- VulkanDevice.h - The Vulkan device of the runtime --------*- C++ -*-===//
//
// The objects of librelax_vulkan_runtime behind the handles compiled code
// holds (modules, kernels, streams, events, allocations) and the one Vulkan
// instance and device that owns them. VulkanRuntime.cpp defines the mgpu*
// functions on it; what each part does and why is in docs/GPURuntime.md.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_VULKANDEVICE_H
#define RELAX_LIB_RUNTIME_GPU_VULKANDEVICE_H

#include "SPIRVReflection.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace relax::gpu {

/// A VkBuffer on host-visible, host-coherent memory, mapped while it lives.
struct HostBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  uint8_t *mapped = nullptr;
  /// The bytes asked for; views must lie inside them.
  uint64_t size = 0;
};

struct Function;

struct Module {
  SPIRVKernelInterface interface;
  VkShaderModule shader = VK_NULL_HANDLE;
  /// The pipeline of the one entry point, made by the first
  /// mgpuModuleGetFunction.
  Function *function = nullptr;
};

struct Function {
  Module *module = nullptr;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;

  const char *name() const { return module->interface.entryPoint.c_str(); }
  const SPIRVKernelInterface &interface() const { return module->interface; }
};

/// What one stream may record before it must submit and wait.
constexpr uint32_t kSetsPerBatch = 256;
constexpr uint32_t kDescriptorsPerBatch = 4096;
constexpr uint64_t kScalarBytesPerBatch = 64 * 1024;
/// Allocations and empty views get at least this many bytes.
constexpr uint64_t kMinBufferBytes = 16;

struct Stream {
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  /// The values of the scalar arguments of the recorded dispatches.
  HostBuffer scalars;
  uint64_t scalarBytesUsed = 0;
  uint32_t setsUsed = 0;
  uint32_t descriptorsUsed = 0;
  bool recording = false;
};

/// Streams submit and wait whenever their work must be complete, so an event
/// recorded on a stream is complete as soon as mgpuEventRecord returns, and
/// waiting for it has nothing left to do.
struct Event {};

class VulkanDevice {
public:
  /// Creates the instance and device. On failure returns false, with the
  /// reason in `error`; destroy() then frees what was created.
  bool init(std::string &error);
  void destroy();
  /// Whether nothing that compiled code holds is left.
  bool unused() const {
    return modules.empty() && functions.empty() && streams.empty() &&
           events.empty() && allocations.empty();
  }

  bool createHostBuffer(uint64_t size, HostBuffer &result);
  void destroyHostBuffer(HostBuffer &buffer);

  Stream *createStream();
  void destroyStream(Stream *stream);
  /// The stream of a `stream` argument (the default stream for null), or null
  /// after reporting that it is not a stream.
  Stream *lookupStream(void *stream, const char *caller);
  /// Submits what `stream` recorded and waits for it.
  bool flush(Stream &stream);
  bool flushAll();

  /// The allocation that holds the byte at `address`, if any.
  const HostBuffer *findAllocation(uintptr_t address) const;
  /// Reports, for `caller`, a range of host memory that starts inside an
  /// allocation and ends outside it.
  bool checkHostRange(const void *pointer, uint64_t bytes,
                      const char *caller) const;

  /// Creates the shader module of a SPIR-V binary whose interface was read.
  Module *loadModule(const void *data, size_t sizeBytes,
                     SPIRVKernelInterface interface);
  /// Finishes the work that may use `module`, then destroys it.
  void unloadModule(Module *module);
  Function *createFunction(Module &module);
  void destroyFunction(Function *function);
  void launch(Function &function, const intptr_t grid[3],
              const intptr_t block[3], int32_t smemBytes, Stream &stream,
              void **params, size_t paramsCount);

  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkPhysicalDeviceProperties properties{};
  VkPhysicalDeviceMemoryProperties memoryProperties{};
  /// Whether compute shaders may use subgroup arithmetic (Vulkan 1.1).
  bool subgroupArithmetic = false;

  /// Allocations of mgpuMemAlloc, by mapped address.
  std::map<uintptr_t, HostBuffer> allocations;
  std::set<Module *> modules;
  std::set<Function *> functions;
  std::set<Stream *> streams;
  std::set<Event *> events;
  /// The stream of a null stream argument; not counted as one in use.
  Stream *defaultStream = nullptr;
  /// What an empty view is bound to.
  HostBuffer emptyView;
};

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_VULKANDEVICE_H
