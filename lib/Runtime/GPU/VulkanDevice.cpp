//===- VulkanDevice.cpp - The Vulkan device of the runtime ----------------===//
//
// The instance and device, device memory, streams, pipelines and the
// recording of launches of librelax_vulkan_runtime. The caller holds the
// runtime's lock (VulkanRuntime.cpp).
//
//===----------------------------------------------------------------------===//

#include "VulkanDevice.h"

#include "LibraryLoader.h"
#include "ReportError.h"

#include <algorithm>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace relax::gpu;

namespace {

const char *resultName(VkResult result) {
  switch (result) {
#define CASE(x)                                                                \
  case x:                                                                      \
    return #x;
    CASE(VK_NOT_READY)
    CASE(VK_TIMEOUT)
    CASE(VK_INCOMPLETE)
    CASE(VK_ERROR_OUT_OF_HOST_MEMORY)
    CASE(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    CASE(VK_ERROR_INITIALIZATION_FAILED)
    CASE(VK_ERROR_DEVICE_LOST)
    CASE(VK_ERROR_MEMORY_MAP_FAILED)
    CASE(VK_ERROR_LAYER_NOT_PRESENT)
    CASE(VK_ERROR_EXTENSION_NOT_PRESENT)
    CASE(VK_ERROR_FEATURE_NOT_PRESENT)
    CASE(VK_ERROR_INCOMPATIBLE_DRIVER)
    CASE(VK_ERROR_TOO_MANY_OBJECTS)
    CASE(VK_ERROR_FORMAT_NOT_SUPPORTED)
    CASE(VK_ERROR_FRAGMENTED_POOL)
    CASE(VK_ERROR_OUT_OF_POOL_MEMORY)
    CASE(VK_ERROR_INVALID_SHADER_NV)
#undef CASE
  default:
    return "an unknown VkResult";
  }
}

/// A zeroed Vulkan struct with its sType set.
template <typename T>
T makeInfo(VkStructureType type) {
  T info{};
  info.sType = type;
  return info;
}

/// Reports a failed Vulkan call; returns whether `result` is a success.
bool check(VkResult result, const char *call) {
  if (result == VK_SUCCESS)
    return true;
  reportError("vulkan: %s failed: %s (%d)", call, resultName(result),
              static_cast<int>(result));
  return false;
}

std::string formatVersion(uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." +
         std::to_string(VK_API_VERSION_MINOR(version));
}

} // namespace

//===----------------------------------------------------------------------===//
// Instance and device
//===----------------------------------------------------------------------===//

namespace {
std::optional<uint32_t> findComputeQueueFamily(VkPhysicalDevice device) {
  uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
  for (uint32_t i = 0; i < count; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT)
      return i;
  return std::nullopt;
}

bool hasValidationLayer() {
  uint32_t count = 0;
  if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS)
    return false;
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  return std::any_of(layers.begin(), layers.end(), [](auto &layer) {
    return std::strcmp(layer.layerName, "VK_LAYER_KHRONOS_validation") == 0;
  });
}

bool hasDeviceExtension(VkPhysicalDevice device, const char *name) {
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> extensions(count);
  vkEnumerateDeviceExtensionProperties(device, nullptr, &count,
                                       extensions.data());
  return std::any_of(extensions.begin(), extensions.end(), [&](auto &e) {
    return std::strcmp(e.extensionName, name) == 0;
  });
}

} // namespace

bool VulkanDevice::init(std::string &error) {
  auto fail = [&](std::string message) {
    error = std::move(message);
    return false;
  };

  // Vulkan 1.1 makes the StorageBuffer storage class core, 1.2 the 8- and
  // 16-bit types; ask for what the loader offers, up to 1.2.
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  auto enumerateVersion = reinterpret_cast<PFN_vkEnumerateInstanceVersion>(
      vkGetInstanceProcAddr(nullptr, "vkEnumerateInstanceVersion"));
  if (enumerateVersion)
    enumerateVersion(&loaderVersion);
  uint32_t apiVersion = std::min(loaderVersion, VK_API_VERSION_1_2);

  std::vector<const char *> layers;
  if (const char *validation = std::getenv("RELAX_VULKAN_VALIDATION");
      validation && std::strcmp(validation, "1") == 0) {
    if (hasValidationLayer())
      layers.push_back("VK_LAYER_KHRONOS_validation");
    else
      std::fprintf(stderr,
                   "warning: vulkan: RELAX_VULKAN_VALIDATION=1, but the "
                   "VK_LAYER_KHRONOS_validation layer is not installed\n");
  }

  auto app = makeInfo<VkApplicationInfo>(VK_STRUCTURE_TYPE_APPLICATION_INFO);
  app.pApplicationName = "relax";
  app.pEngineName = "relax-mlir";
  app.apiVersion = apiVersion;
  auto instanceInfo =
      makeInfo<VkInstanceCreateInfo>(VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO);
  instanceInfo.pApplicationInfo = &app;
  instanceInfo.enabledLayerCount = layers.size();
  instanceInfo.ppEnabledLayerNames = layers.data();
  if (VkResult r = vkCreateInstance(&instanceInfo, nullptr, &instance);
      r != VK_SUCCESS) {
    instance = VK_NULL_HANDLE;
    return fail(std::string("vkCreateInstance failed: ") + resultName(r) +
                " (is a Vulkan driver installed?)");
  }

  pinLoadedVulkanDrivers();

  uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  devices.resize(count);
  if (devices.empty())
    return fail("no Vulkan device found (is a driver such as Mesa's "
                "lavapipe, mesa-vulkan-drivers, installed?)");

  std::optional<uint32_t> family;
  if (const char *chosen = std::getenv("RELAX_VULKAN_DEVICE");
      chosen && *chosen) {
    char *end = nullptr;
    unsigned long index = std::strtoul(chosen, &end, 10);
    if (*end != '\0' || index >= devices.size())
      return fail(std::string("RELAX_VULKAN_DEVICE=") + chosen +
                  " is not the index of one of the " +
                  std::to_string(devices.size()) + " Vulkan devices");
    physicalDevice = devices[index];
    family = findComputeQueueFamily(physicalDevice);
    if (!family)
      return fail(std::string("the Vulkan device RELAX_VULKAN_DEVICE=") +
                  chosen + " has no compute queue");
  } else {
    for (VkPhysicalDevice candidate : devices) {
      if ((family = findComputeQueueFamily(candidate))) {
        physicalDevice = candidate;
        break;
      }
    }
    if (!family)
      return fail("none of the " + std::to_string(devices.size()) +
                  " Vulkan devices has a compute queue");
  }
  queueFamily = *family;
  vkGetPhysicalDeviceProperties(physicalDevice, &properties);
  vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memoryProperties);
  uint32_t deviceVersion = std::min(properties.apiVersion, apiVersion);
  if (deviceVersion >= VK_API_VERSION_1_1) {
    auto subgroups = makeInfo<VkPhysicalDeviceSubgroupProperties>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES);
    auto all = makeInfo<VkPhysicalDeviceProperties2>(
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2);
    all.pNext = &subgroups;
    vkGetPhysicalDeviceProperties2(physicalDevice, &all);
    subgroupArithmetic =
        (subgroups.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT) &&
        (subgroups.supportedOperations & VK_SUBGROUP_FEATURE_ARITHMETIC_BIT);
  }

  // Enable the features kernels on small or wide types need, where the
  // device has them: the shader declares the capability, the device must
  // enable it.
  auto supported = makeInfo<VkPhysicalDeviceFeatures2>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  auto supported11 = makeInfo<VkPhysicalDeviceVulkan11Features>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
  auto supported12 = makeInfo<VkPhysicalDeviceVulkan12Features>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
  bool is12 = deviceVersion >= VK_API_VERSION_1_2;
  if (is12) {
    supported.pNext = &supported11;
    supported11.pNext = &supported12;
    vkGetPhysicalDeviceFeatures2(physicalDevice, &supported);
  } else {
    vkGetPhysicalDeviceFeatures(physicalDevice, &supported.features);
  }
  auto enabled = makeInfo<VkPhysicalDeviceFeatures2>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2);
  auto enabled11 = makeInfo<VkPhysicalDeviceVulkan11Features>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
  auto enabled12 = makeInfo<VkPhysicalDeviceVulkan12Features>(
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
  enabled.features.shaderInt64 = supported.features.shaderInt64;
  enabled.features.shaderInt16 = supported.features.shaderInt16;
  enabled.features.shaderFloat64 = supported.features.shaderFloat64;
  enabled11.storageBuffer16BitAccess = supported11.storageBuffer16BitAccess;
  enabled12.storageBuffer8BitAccess = supported12.storageBuffer8BitAccess;
  enabled12.shaderFloat16 = supported12.shaderFloat16;
  enabled12.shaderInt8 = supported12.shaderInt8;

  std::vector<const char *> extensions;
  if (deviceVersion < VK_API_VERSION_1_1) {
    if (!hasDeviceExtension(physicalDevice,
                            "VK_KHR_storage_buffer_storage_class"))
      return fail("the Vulkan device '" + std::string(properties.deviceName) +
                  "' (Vulkan " + formatVersion(deviceVersion) +
                  ") lacks VK_KHR_storage_buffer_storage_class, which "
                  "kernels need");
    extensions.push_back("VK_KHR_storage_buffer_storage_class");
  }

  float priority = 1.0f;
  auto queueInfo = makeInfo<VkDeviceQueueCreateInfo>(
      VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO);
  queueInfo.queueFamilyIndex = queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  auto deviceInfo =
      makeInfo<VkDeviceCreateInfo>(VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO);
  deviceInfo.queueCreateInfoCount = 1;
  deviceInfo.pQueueCreateInfos = &queueInfo;
  deviceInfo.enabledExtensionCount = extensions.size();
  deviceInfo.ppEnabledExtensionNames = extensions.data();
  if (is12) {
    enabled.pNext = &enabled11;
    enabled11.pNext = &enabled12;
    deviceInfo.pNext = &enabled;
  } else {
    deviceInfo.pEnabledFeatures = &enabled.features;
  }
  if (VkResult r =
          vkCreateDevice(physicalDevice, &deviceInfo, nullptr, &device);
      r != VK_SUCCESS) {
    device = VK_NULL_HANDLE;
    return fail("vkCreateDevice failed for '" +
                std::string(properties.deviceName) + "': " + resultName(r));
  }
  vkGetDeviceQueue(device, queueFamily, 0, &queue);
  return true;
}

void VulkanDevice::destroy() {
  if (device) {
    vkDeviceWaitIdle(device);
    if (defaultStream)
      destroyStream(defaultStream);
    for (Stream *stream : std::set<Stream *>(streams))
      destroyStream(stream);
    for (Function *function : std::set<Function *>(functions))
      destroyFunction(function);
    for (Module *module : modules) {
      vkDestroyShaderModule(device, module->shader, nullptr);
      delete module;
    }
    for (auto &[address, allocation] : allocations)
      destroyHostBuffer(allocation);
    for (Event *event : events)
      delete event;
    destroyHostBuffer(emptyView);
    vkDestroyDevice(device, nullptr);
  }
  if (instance)
    vkDestroyInstance(instance, nullptr);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

bool VulkanDevice::createHostBuffer(uint64_t size, HostBuffer &result) {
  auto info =
      makeInfo<VkBufferCreateInfo>(VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO);
  info.size = std::max(size, kMinBufferBytes);
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
               VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  HostBuffer buffer;
  buffer.size = size;
  if (!check(vkCreateBuffer(device, &info, nullptr, &buffer.buffer),
             "vkCreateBuffer"))
    return false;
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, buffer.buffer, &requirements);

  // Host-visible and coherent, device-local too where there is such memory.
  constexpr VkMemoryPropertyFlags host = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                         VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  std::optional<uint32_t> type;
  for (uint32_t i = 0; i < memoryProperties.memoryTypeCount; ++i) {
    VkMemoryPropertyFlags flags = memoryProperties.memoryTypes[i].propertyFlags;
    if (!(requirements.memoryTypeBits & (1u << i)) || (flags & host) != host)
      continue;
    if (flags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT) {
      type = i;
      break;
    }
    if (!type)
      type = i;
  }
  if (!type) {
    vkDestroyBuffer(device, buffer.buffer, nullptr);
    reportError("vulkan: the device '%s' has no host-visible, host-coherent "
                "memory for storage buffers; this runtime maps device memory "
                "into the host and needs such memory",
                properties.deviceName);
    return false;
  }

  auto allocateInfo =
      makeInfo<VkMemoryAllocateInfo>(VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO);
  allocateInfo.allocationSize = requirements.size;
  allocateInfo.memoryTypeIndex = *type;
  if (VkResult r =
          vkAllocateMemory(device, &allocateInfo, nullptr, &buffer.memory);
      r != VK_SUCCESS) {
    vkDestroyBuffer(device, buffer.buffer, nullptr);
    reportError("vulkan: cannot allocate %" PRIu64 " bytes of device memory: "
                "vkAllocateMemory failed: %s",
                size, resultName(r));
    return false;
  }
  void *mapped = nullptr;
  if (!check(vkBindBufferMemory(device, buffer.buffer, buffer.memory, 0),
             "vkBindBufferMemory") ||
      !check(vkMapMemory(device, buffer.memory, 0, VK_WHOLE_SIZE, 0, &mapped),
             "vkMapMemory")) {
    vkDestroyBuffer(device, buffer.buffer, nullptr);
    vkFreeMemory(device, buffer.memory, nullptr);
    return false;
  }
  buffer.mapped = static_cast<uint8_t *>(mapped);
  result = buffer;
  return true;
}

void VulkanDevice::destroyHostBuffer(HostBuffer &buffer) {
  if (buffer.buffer)
    vkDestroyBuffer(device, buffer.buffer, nullptr);
  if (buffer.memory)
    vkFreeMemory(device, buffer.memory, nullptr); // Unmaps it.
  buffer = HostBuffer();
}

const HostBuffer *VulkanDevice::findAllocation(uintptr_t address) const {
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return nullptr;
  --it;
  if (address - it->first >= std::max<uint64_t>(it->second.size, 1))
    return nullptr;
  return &it->second;
}

bool VulkanDevice::checkHostRange(const void *pointer, uint64_t bytes,
                                  const char *caller) const {
  auto address = reinterpret_cast<uintptr_t>(pointer);
  const HostBuffer *allocation = findAllocation(address);
  if (!allocation)
    return true; // Host memory, which the caller vouches for.
  uint64_t offset = address - reinterpret_cast<uintptr_t>(allocation->mapped);
  if (bytes <= allocation->size - offset)
    return true;
  reportError("vulkan: %s of %" PRIu64 " bytes at byte %" PRIu64
              " of an allocation of %" PRIu64 " bytes runs past its end",
              caller, bytes, offset, allocation->size);
  return false;
}

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

Stream *VulkanDevice::createStream() {
  auto stream = std::make_unique<Stream>();
  auto poolInfo = makeInfo<VkCommandPoolCreateInfo>(
      VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO);
  poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
  poolInfo.queueFamilyIndex = queueFamily;
  auto commandsInfo = makeInfo<VkCommandBufferAllocateInfo>(
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO);
  commandsInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  commandsInfo.commandBufferCount = 1;
  auto fenceInfo =
      makeInfo<VkFenceCreateInfo>(VK_STRUCTURE_TYPE_FENCE_CREATE_INFO);
  VkDescriptorPoolSize poolSize{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                kDescriptorsPerBatch};
  auto descriptorsInfo = makeInfo<VkDescriptorPoolCreateInfo>(
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO);
  descriptorsInfo.maxSets = kSetsPerBatch;
  descriptorsInfo.poolSizeCount = 1;
  descriptorsInfo.pPoolSizes = &poolSize;

  bool ok = check(
      vkCreateCommandPool(device, &poolInfo, nullptr, &stream->commandPool),
      "vkCreateCommandPool");
  commandsInfo.commandPool = stream->commandPool;
  ok = ok &&
       check(vkAllocateCommandBuffers(device, &commandsInfo, &stream->commands),
             "vkAllocateCommandBuffers");
  ok = ok && check(vkCreateFence(device, &fenceInfo, nullptr, &stream->fence),
                   "vkCreateFence");
  ok = ok && check(vkCreateDescriptorPool(device, &descriptorsInfo, nullptr,
                                          &stream->descriptorPool),
                   "vkCreateDescriptorPool");
  ok = ok && createHostBuffer(kScalarBytesPerBatch, stream->scalars);
  if (!ok) {
    destroyStream(stream.release());
    return nullptr;
  }
  return stream.release();
}

void VulkanDevice::destroyStream(Stream *stream) {
  if (stream->descriptorPool)
    vkDestroyDescriptorPool(device, stream->descriptorPool, nullptr);
  if (stream->fence)
    vkDestroyFence(device, stream->fence, nullptr);
  if (stream->commandPool)
    vkDestroyCommandPool(device, stream->commandPool, nullptr);
  destroyHostBuffer(stream->scalars);
  streams.erase(stream);
  if (stream == defaultStream)
    defaultStream = nullptr;
  delete stream;
}

Stream *VulkanDevice::lookupStream(void *stream, const char *caller) {
  if (!stream) {
    if (!defaultStream)
      defaultStream = createStream();
    return defaultStream;
  }
  auto *result = static_cast<Stream *>(stream);
  if (streams.count(result))
    return result;
  reportError("vulkan: %s: %p is not a stream from mgpuStreamCreate", caller,
              stream);
  return nullptr;
}

bool VulkanDevice::flush(Stream &stream) {
  if (!stream.recording)
    return true;
  stream.recording = false;
  bool ok = check(vkEndCommandBuffer(stream.commands), "vkEndCommandBuffer");
  if (ok) {
    auto submit = makeInfo<VkSubmitInfo>(VK_STRUCTURE_TYPE_SUBMIT_INFO);
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &stream.commands;
    ok = check(vkQueueSubmit(queue, 1, &submit, stream.fence), "vkQueueSubmit");
    if (ok) {
      ok = check(vkWaitForFences(device, 1, &stream.fence, VK_TRUE, UINT64_MAX),
                 "vkWaitForFences");
      vkResetFences(device, 1, &stream.fence);
    }
  }
  vkResetCommandPool(device, stream.commandPool, 0);
  vkResetDescriptorPool(device, stream.descriptorPool, 0);
  stream.scalarBytesUsed = 0;
  stream.setsUsed = 0;
  stream.descriptorsUsed = 0;
  return ok;
}

bool VulkanDevice::flushAll() {
  bool ok = !defaultStream || flush(*defaultStream);
  for (Stream *stream : streams)
    ok = flush(*stream) && ok;
  return ok;
}

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

Module *VulkanDevice::loadModule(const void *data, size_t sizeBytes,
                                 SPIRVKernelInterface interface) {
  if (interface.subgroupArithmetic && !subgroupArithmetic) {
    reportError("vulkan: kernel '%s' reduces with subgroup operations, which "
                "the device '%s' does not support in compute shaders; compile "
                "with --relax-lower-to-gpu=subgroups=0 (relax-run: "
                "--pipeline-options=subgroups=0)",
                interface.entryPoint.c_str(), properties.deviceName);
    return nullptr;
  }
  auto module = std::make_unique<Module>();
  module->interface = std::move(interface);
  // Copied: the shader module wants aligned words.
  std::vector<uint32_t> code(sizeBytes / 4);
  std::memcpy(code.data(), data, sizeBytes);
  auto info = makeInfo<VkShaderModuleCreateInfo>(
      VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO);
  info.codeSize = sizeBytes;
  info.pCode = code.data();
  if (VkResult r =
          vkCreateShaderModule(device, &info, nullptr, &module->shader);
      r != VK_SUCCESS) {
    reportError("vulkan: cannot load kernel '%s': vkCreateShaderModule "
                "failed: %s",
                module->interface.entryPoint.c_str(), resultName(r));
    return nullptr;
  }
  modules.insert(module.get());
  return module.release();
}

void VulkanDevice::unloadModule(Module *module) {
  // Recorded dispatches may use its pipeline.
  flushAll();
  if (module->function)
    destroyFunction(module->function);
  vkDestroyShaderModule(device, module->shader, nullptr);
  modules.erase(module);
  delete module;
}

Function *VulkanDevice::createFunction(Module &module) {
  const SPIRVKernelInterface &interface = module.interface;
  const char *name = interface.entryPoint.c_str();
  const VkPhysicalDeviceLimits &limits = properties.limits;
  const uint32_t *size = interface.localSize;
  for (int i = 0; i < 3; ++i) {
    if (size[i] > limits.maxComputeWorkGroupSize[i]) {
      reportError("vulkan: kernel '%s' has workgroups of %ux%ux%u threads, "
                  "more than the device's maximum of %u in %c",
                  name, size[0], size[1], size[2],
                  limits.maxComputeWorkGroupSize[i], "xyz"[i]);
      return nullptr;
    }
  }
  uint64_t invocations = uint64_t(size[0]) * size[1] * size[2];
  if (invocations > limits.maxComputeWorkGroupInvocations) {
    reportError("vulkan: kernel '%s' has workgroups of %ux%ux%u threads, "
                "more than the device's maximum of %u per workgroup",
                name, size[0], size[1], size[2],
                limits.maxComputeWorkGroupInvocations);
    return nullptr;
  }
  uint32_t numBindings = interface.bindings.size();
  uint32_t maxBindings =
      std::min({limits.maxPerStageDescriptorStorageBuffers,
                limits.maxDescriptorSetStorageBuffers, kDescriptorsPerBatch});
  if (numBindings > maxBindings) {
    reportError("vulkan: kernel '%s' has %u arguments; the device binds at "
                "most %u storage buffers per kernel",
                name, numBindings, maxBindings);
    return nullptr;
  }

  auto function = std::make_unique<Function>();
  function->module = &module;
  std::vector<VkDescriptorSetLayoutBinding> bindings(numBindings);
  for (uint32_t i = 0; i < numBindings; ++i) {
    bindings[i].binding = i;
    bindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    bindings[i].descriptorCount = 1;
    bindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  auto setInfo = makeInfo<VkDescriptorSetLayoutCreateInfo>(
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO);
  setInfo.bindingCount = numBindings;
  setInfo.pBindings = bindings.data();
  auto layoutInfo = makeInfo<VkPipelineLayoutCreateInfo>(
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO);
  layoutInfo.setLayoutCount = 1;
  auto pipelineInfo = makeInfo<VkComputePipelineCreateInfo>(
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO);
  pipelineInfo.stage.sType =
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = module.shader;
  pipelineInfo.stage.pName = name;

  bool ok = check(vkCreateDescriptorSetLayout(device, &setInfo, nullptr,
                                              &function->setLayout),
                  "vkCreateDescriptorSetLayout");
  layoutInfo.pSetLayouts = &function->setLayout;
  ok = ok && check(vkCreatePipelineLayout(device, &layoutInfo, nullptr,
                                          &function->pipelineLayout),
                   "vkCreatePipelineLayout");
  pipelineInfo.layout = function->pipelineLayout;
  if (ok) {
    if (VkResult r =
            vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo,
                                     nullptr, &function->pipeline);
        r != VK_SUCCESS) {
      function->pipeline = VK_NULL_HANDLE;
      reportError("vulkan: cannot create the pipeline of kernel '%s': "
                  "vkCreateComputePipelines failed: %s",
                  name, resultName(r));
      ok = false;
    }
  }
  functions.insert(function.get());
  if (!ok) {
    destroyFunction(function.release());
    return nullptr;
  }
  return module.function = function.release();
}

void VulkanDevice::destroyFunction(Function *function) {
  if (function->pipeline)
    vkDestroyPipeline(device, function->pipeline, nullptr);
  if (function->pipelineLayout)
    vkDestroyPipelineLayout(device, function->pipelineLayout, nullptr);
  if (function->setLayout)
    vkDestroyDescriptorSetLayout(device, function->setLayout, nullptr);
  if (function->module->function == function)
    function->module->function = nullptr;
  functions.erase(function);
  delete function;
}

namespace {
/// Reads the value of type T that launch parameter `param` points to.
template <typename T>
T readParam(void **params, size_t param) {
  T value;
  std::memcpy(&value, params[param], sizeof(T));
  return value;
}

/// One descriptor of a launch, before it is written.
struct BoundRange {
  VkBuffer buffer;
  VkDeviceSize offset, range;
  /// For scalars: the bytes of their struct, copied into the stream's
  /// scalar buffer.
  std::vector<uint8_t> scalarData;
  uint32_t scalarBytes = 0;
};
} // namespace

void VulkanDevice::launch(Function &function, const intptr_t grid[3],
                          const intptr_t block[3], int32_t smemBytes,
                          Stream &stream, void **params, size_t paramsCount) {
  const SPIRVKernelInterface &interface = function.interface();
  const char *name = function.name();
  const VkPhysicalDeviceLimits &limits = properties.limits;

  if (paramsCount != interface.numParams()) {
    reportError("vulkan: kernel '%s' takes %zu memref and %zu scalar "
                "arguments, which are %zu launch parameters (5 per rank-1 "
                "memref descriptor, 1 per scalar), but the launch passed %zu",
                name, interface.numBuffers(), interface.numScalars(),
                interface.numParams(), paramsCount);
    return;
  }
  if (paramsCount && !params) {
    reportError("vulkan: kernel '%s' was launched with null parameters", name);
    return;
  }
  const uint32_t *local = interface.localSize;
  if (block[0] != local[0] || block[1] != local[1] || block[2] != local[2]) {
    reportError("vulkan: kernel '%s' was compiled for blocks of %ux%ux%u "
                "threads (its LocalSize), but the launch asks for blocks of "
                "%" PRIdPTR "x%" PRIdPTR "x%" PRIdPTR,
                name, local[0], local[1], local[2], block[0], block[1],
                block[2]);
    return;
  }
  for (int i = 0; i < 3; ++i) {
    if (grid[i] < 0) {
      reportError("vulkan: kernel '%s': grid %" PRIdPTR "x%" PRIdPTR
                  "x%" PRIdPTR " has a negative size",
                  name, grid[0], grid[1], grid[2]);
      return;
    }
    if (uint64_t(grid[i]) > limits.maxComputeWorkGroupCount[i]) {
      reportError("vulkan: kernel '%s': grid %" PRIdPTR "x%" PRIdPTR
                  "x%" PRIdPTR " exceeds the device's maximum workgroup "
                  "count %u in %c",
                  name, grid[0], grid[1], grid[2],
                  limits.maxComputeWorkGroupCount[i], "xyz"[i]);
      return;
    }
  }
  if (smemBytes != 0) {
    reportError("vulkan: kernel '%s': dynamic shared memory (%d bytes) is "
                "not supported; declare workgroup memory in the kernel",
                name, smemBytes);
    return;
  }

  // Resolve every argument before anything is recorded.
  std::vector<BoundRange> ranges;
  ranges.reserve(interface.bindings.size());
  uint64_t scalarBytes = 0;
  uint64_t scalarAlignment =
      std::max<uint64_t>(limits.minStorageBufferOffsetAlignment, 16);
  size_t param = 0;
  for (size_t arg = 0; arg < interface.bindings.size(); ++arg) {
    const SPIRVBinding &binding = interface.bindings[arg];
    if (binding.kind == SPIRVBinding::Kind::Scalar) {
      BoundRange range{};
      range.scalarBytes = binding.bytes;
      range.scalarData.assign(binding.bytes, 0);
      // Little endian: the low bytes of a wider host value (an i64 index
      // that the kernel reads as i32) come first.
      for (const SPIRVScalar &scalar : binding.scalars)
        std::memcpy(range.scalarData.data() + scalar.offset, params[param++],
                    scalar.bytes);
      scalarBytes += (binding.bytes + scalarAlignment - 1) / scalarAlignment *
                     scalarAlignment;
      ranges.push_back(std::move(range));
      continue;
    }
    auto aligned = readParam<uint8_t *>(params, param + 1);
    auto offset = readParam<int64_t>(params, param + 2);
    auto size = readParam<int64_t>(params, param + 3);
    param += 5;
    uint64_t elementBytes = binding.bytes;
    if (offset < 0 || size < 0) {
      reportError("vulkan: kernel '%s' argument %zu: the memref descriptor "
                  "has offset %" PRId64 " and size %" PRId64
                  "; neither may be negative",
                  name, arg, offset, size);
      return;
    }
    if (size == 0) {
      // Nothing of an empty view is read; bind a few bytes of our own.
      if (!emptyView.buffer && !createHostBuffer(0, emptyView))
        return;
      ranges.push_back({emptyView.buffer, 0, kMinBufferBytes});
      continue;
    }
    uint64_t startOffset, bytes;
    uintptr_t start;
    if (__builtin_mul_overflow(uint64_t(offset), elementBytes, &startOffset) ||
        __builtin_mul_overflow(uint64_t(size), elementBytes, &bytes) ||
        __builtin_add_overflow(reinterpret_cast<uintptr_t>(aligned),
                               startOffset, &start)) {
      reportError("vulkan: kernel '%s' argument %zu: offset %" PRId64
                  " and size %" PRId64 " of %" PRIu64
                  "-byte elements overflow the address space",
                  name, arg, offset, size, elementBytes);
      return;
    }
    const HostBuffer *allocation = findAllocation(start);
    if (!allocation) {
      reportError("vulkan: kernel '%s' argument %zu: its data at %p (aligned "
                  "pointer %p + %" PRId64 " elements of %" PRIu64
                  " bytes) is not in memory from mgpuMemAlloc",
                  name, arg, reinterpret_cast<void *>(start),
                  static_cast<void *>(aligned), offset, elementBytes);
      return;
    }
    uint64_t byteOffset =
        start - reinterpret_cast<uintptr_t>(allocation->mapped);
    if (byteOffset % limits.minStorageBufferOffsetAlignment != 0) {
      reportError("vulkan: kernel '%s' argument %zu: the view starts at byte "
                  "%" PRIu64 " of its allocation, which is not a multiple of "
                  "the device's minStorageBufferOffsetAlignment (%" PRIu64
                  " bytes)",
                  name, arg, byteOffset,
                  uint64_t(limits.minStorageBufferOffsetAlignment));
      return;
    }
    if (bytes > allocation->size - byteOffset) {
      reportError("vulkan: kernel '%s' argument %zu: the view of %" PRIu64
                  " bytes at byte %" PRIu64 " runs past the end of its "
                  "allocation of %" PRIu64 " bytes",
                  name, arg, bytes, byteOffset, allocation->size);
      return;
    }
    if (bytes > limits.maxStorageBufferRange) {
      reportError("vulkan: kernel '%s' argument %zu: the view of %" PRIu64
                  " bytes is larger than the device's maxStorageBufferRange "
                  "(%u bytes)",
                  name, arg, bytes, limits.maxStorageBufferRange);
      return;
    }
    ranges.push_back({allocation->buffer, byteOffset, bytes});
  }
  if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0)
    return; // An empty grid runs nothing.

  // Make room in the stream's batch, submitting what it holds if needed.
  if (stream.setsUsed + 1 > kSetsPerBatch ||
      stream.descriptorsUsed + ranges.size() > kDescriptorsPerBatch ||
      stream.scalarBytesUsed + scalarBytes > kScalarBytesPerBatch) {
    if (!flush(stream))
      return;
  }
  for (BoundRange &range : ranges) {
    if (!range.scalarBytes)
      continue;
    range.buffer = stream.scalars.buffer;
    range.offset = stream.scalarBytesUsed;
    range.range = range.scalarBytes;
    std::memcpy(stream.scalars.mapped + range.offset, range.scalarData.data(),
                range.scalarBytes);
    stream.scalarBytesUsed += (range.scalarBytes + scalarAlignment - 1) /
                              scalarAlignment * scalarAlignment;
  }

  auto setInfo = makeInfo<VkDescriptorSetAllocateInfo>(
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO);
  setInfo.descriptorPool = stream.descriptorPool;
  setInfo.descriptorSetCount = 1;
  setInfo.pSetLayouts = &function.setLayout;
  VkDescriptorSet set;
  if (!check(vkAllocateDescriptorSets(device, &setInfo, &set),
             "vkAllocateDescriptorSets"))
    return;
  stream.setsUsed += 1;
  stream.descriptorsUsed += ranges.size();
  std::vector<VkDescriptorBufferInfo> infos(ranges.size());
  std::vector<VkWriteDescriptorSet> writes(ranges.size());
  for (size_t i = 0; i < ranges.size(); ++i) {
    infos[i] = {ranges[i].buffer, ranges[i].offset, ranges[i].range};
    writes[i] =
        makeInfo<VkWriteDescriptorSet>(VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET);
    writes[i].dstSet = set;
    writes[i].dstBinding = i;
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  }
  vkUpdateDescriptorSets(device, writes.size(), writes.data(), 0, nullptr);

  if (!stream.recording) {
    auto begin = makeInfo<VkCommandBufferBeginInfo>(
        VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO);
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    if (!check(vkBeginCommandBuffer(stream.commands, &begin),
               "vkBeginCommandBuffer"))
      return;
    stream.recording = true;
  }
  vkCmdBindPipeline(stream.commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                    function.pipeline);
  vkCmdBindDescriptorSets(stream.commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                          function.pipelineLayout, 0, 1, &set, 0, nullptr);
  vkCmdDispatch(stream.commands, grid[0], grid[1], grid[2]);
  // What the dispatch wrote is visible to later dispatches, in this and
  // later submissions on the queue, and to the host once the fence signals.
  auto barrier = makeInfo<VkMemoryBarrier>(VK_STRUCTURE_TYPE_MEMORY_BARRIER);
  barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT |
                          VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_HOST_READ_BIT |
                          VK_ACCESS_TRANSFER_READ_BIT |
                          VK_ACCESS_TRANSFER_WRITE_BIT;
  vkCmdPipelineBarrier(stream.commands, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT,
                       VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT |
                           VK_PIPELINE_STAGE_HOST_BIT |
                           VK_PIPELINE_STAGE_TRANSFER_BIT,
                       0, 1, &barrier, 0, nullptr, 0, nullptr);
}
