//===- WebGPUDevice.cpp - The WebGPU device of the runtime ----------------===//
//
// Loading the implementation, the instance and device with their limits, the
// errors that calls fail validation with, and waiting for the queue, of
// librelax_webgpu_runtime. Device memory is in WebGPUMemory.cpp, kernels,
// streams and launches in WebGPULaunch.cpp, traces in WebGPUTrace.cpp. The
// caller holds the runtime's lock (WebGPURuntime.cpp).
//
//===----------------------------------------------------------------------===//

#include "WebGPUDevice.h"
#include "WebGPUDeviceInternal.h"

#include "LibraryLoader.h"
#include "ReportError.h"

#include <wgpu.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>

using namespace relax::gpu;
using namespace relax::gpu::webgpu;

namespace relax::gpu::webgpu {

bool waitFor(const WebGPUProcs &procs, WGPUInstance instance, WGPUDevice device,
             const bool &done) {
  for (unsigned polls = 0; !done; ++polls) {
    if (procs.wgpuDevicePoll) {
      // After a blocking poll the callback must have run; do not spin if an
      // implementation never calls it.
      if (polls == 100)
        return false;
      procs.wgpuDevicePoll(device, true, nullptr);
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    procs.wgpuInstanceProcessEvents(instance);
  }
  return true;
}

} // namespace relax::gpu::webgpu

namespace {

/// Waits for the callback of an adapter or device request, which
/// wgpu-native calls at once and other implementations from
/// wgpuInstanceProcessEvents; gives up after 30 seconds.
bool waitForRequest(const WebGPUProcs &procs, WGPUInstance instance,
                    const bool &done) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!done) {
    procs.wgpuInstanceProcessEvents(instance);
    if (done)
      break;
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  }
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// The implementation's library
//===----------------------------------------------------------------------===//

// The struct layouts of webgpu.h still change between releases: the library
// must be the release whose headers the runtime was built with. A missing
// entry point is the likely sign of another.
const WebGPUProcs *relax::gpu::loadWebGPUProcs() {
  static auto *library = new LazyLibrary<WebGPUProcs>;
  return library->get("webgpu", [](WebGPUProcs &procs) -> std::string {
    std::vector<std::string> candidates;
    if (const char *path = std::getenv("RELAX_WEBGPU_LIBRARY"); path && *path)
      candidates.push_back(path);
#ifdef RELAX_WEBGPU_DEFAULT_LIBRARY
    candidates.push_back(RELAX_WEBGPU_DEFAULT_LIBRARY);
#endif
    candidates.push_back("libwgpu_native.so");
    void *library = nullptr;
    std::string failures;
    for (const std::string &candidate : candidates) {
      if ((library = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL))) {
        procs.path = candidate;
        break;
      }
      const char *why = dlerror();
      failures += (failures.empty() ? "" : "; ") +
                  std::string(why ? why : candidate.c_str());
    }
    if (!library)
      return "cannot load wgpu-native (" + failures +
             "); set RELAX_WEBGPU_LIBRARY to the path of libwgpu_native.so "
             "(the wgpu Python package has it as "
             "wgpu/resources/libwgpu_native-release.so)";
#define RELAX_WEBGPU_RESOLVE(name)                                             \
  procs.wgpu##name = lookupFunction<WGPUProc##name>(library, "wgpu" #name);    \
  if (!procs.wgpu##name)                                                       \
    return procs.path + " has no wgpu" #name " (the runtime was built with "   \
                        "the webgpu.h of wgpu-native 29)";
    RELAX_WEBGPU_PROCS(RELAX_WEBGPU_RESOLVE)
#undef RELAX_WEBGPU_RESOLVE
    procs.wgpuDevicePoll = lookupFunction<decltype(procs.wgpuDevicePoll)>(
        library, "wgpuDevicePoll");
    return "";
  });
}

//===----------------------------------------------------------------------===//
// Instance and device
//===----------------------------------------------------------------------===//

namespace {

struct AdapterRequest {
  bool done = false;
  WGPUAdapter adapter = nullptr;
  std::string message;
};

struct DeviceRequest {
  bool done = false;
  WGPUDevice device = nullptr;
  std::string message;
};

void onUncapturedError(const WGPUDevice *, WGPUErrorType type,
                       WGPUStringView message, void *userdata, void *) {
  static_cast<WebGPUDevice *>(userdata)->recordError(type, message);
}

/// The limits of WebGPU's spec that compute needs, which every browser
/// grants: what kernels are held to unless RELAX_WEBGPU_LIMITS=adapter. An
/// adapter below one of them gets its own.
WGPULimits defaultLimits(const WGPULimits &adapter) {
  WGPULimits limits = WGPU_LIMITS_INIT;
  auto atMost = [](uint64_t value, uint64_t adapterValue) {
    return std::min(value, adapterValue);
  };
  limits.maxBindGroups = atMost(4, adapter.maxBindGroups);
  limits.maxBindingsPerBindGroup =
      atMost(1000, adapter.maxBindingsPerBindGroup);
  limits.maxStorageBuffersPerShaderStage =
      atMost(8, adapter.maxStorageBuffersPerShaderStage);
  limits.maxUniformBuffersPerShaderStage =
      atMost(12, adapter.maxUniformBuffersPerShaderStage);
  limits.maxComputeWorkgroupSizeX =
      atMost(256, adapter.maxComputeWorkgroupSizeX);
  limits.maxComputeWorkgroupSizeY =
      atMost(256, adapter.maxComputeWorkgroupSizeY);
  limits.maxComputeWorkgroupSizeZ =
      atMost(64, adapter.maxComputeWorkgroupSizeZ);
  limits.maxComputeInvocationsPerWorkgroup =
      atMost(256, adapter.maxComputeInvocationsPerWorkgroup);
  limits.maxComputeWorkgroupStorageSize =
      atMost(16384, adapter.maxComputeWorkgroupStorageSize);
  limits.maxComputeWorkgroupsPerDimension =
      atMost(65535, adapter.maxComputeWorkgroupsPerDimension);
  limits.maxStorageBufferBindingSize =
      atMost(128ull << 20, adapter.maxStorageBufferBindingSize);
  limits.maxUniformBufferBindingSize =
      atMost(65536, adapter.maxUniformBufferBindingSize);
  limits.maxBufferSize = atMost(256ull << 20, adapter.maxBufferSize);
  // Alignments are better when smaller.
  limits.minStorageBufferOffsetAlignment =
      std::max(256u, adapter.minStorageBufferOffsetAlignment);
  limits.minUniformBufferOffsetAlignment =
      std::max(256u, adapter.minUniformBufferOffsetAlignment);
  return limits;
}

} // namespace

bool WebGPUDevice::init(const WebGPUProcs &loaded, std::string &error) {
  procs = &loaded;
  auto fail = [&](std::string message) {
    error = std::move(message);
    return false;
  };

  bool adapterLimits = false;
  if (const char *value = std::getenv("RELAX_WEBGPU_LIMITS"); value && *value) {
    if (std::strcmp(value, "adapter") == 0)
      adapterLimits = true;
    else if (std::strcmp(value, "default") != 0)
      return fail(std::string("RELAX_WEBGPU_LIMITS=") + value +
                  " is neither 'default' nor 'adapter'");
  }

  // wgpu-native would also start its OpenGL backend (EGL), which compute
  // has no use for: ask for Vulkan, Metal or D3D12 first, and for any
  // backend only if they have no adapter.
  for (bool primaryOnly : {true, false}) {
    if (primaryOnly && !procs->wgpuDevicePoll)
      continue; // Not wgpu-native: its extras would not be understood.
    WGPUInstanceExtras extras{};
    extras.chain.sType = static_cast<WGPUSType>(WGPUSType_InstanceExtras);
    extras.backends = WGPUInstanceBackend_Primary;
    extras.flags = WGPUInstanceFlag_Default;
    WGPUInstanceDescriptor instanceInfo = WGPU_INSTANCE_DESCRIPTOR_INIT;
    if (primaryOnly)
      instanceInfo.nextInChain = &extras.chain;
    instance = procs->wgpuCreateInstance(&instanceInfo);
    if (!instance)
      return fail("wgpuCreateInstance failed");

    AdapterRequest request;
    WGPURequestAdapterOptions options = WGPU_REQUEST_ADAPTER_OPTIONS_INIT;
    options.featureLevel = WGPUFeatureLevel_Core;
    options.powerPreference = WGPUPowerPreference_HighPerformance;
    WGPURequestAdapterCallbackInfo callback =
        WGPU_REQUEST_ADAPTER_CALLBACK_INFO_INIT;
    callback.mode = WGPUCallbackMode_AllowProcessEvents;
    callback.callback = [](WGPURequestAdapterStatus status, WGPUAdapter adapter,
                           WGPUStringView message, void *userdata, void *) {
      auto *request = static_cast<AdapterRequest *>(userdata);
      request->done = true;
      if (status == WGPURequestAdapterStatus_Success)
        request->adapter = adapter;
      else
        request->message = toString(message);
    };
    callback.userdata1 = &request;
    procs->wgpuInstanceRequestAdapter(instance, &options, callback);
    if (!waitForRequest(*procs, instance, request.done))
      return fail("the request for an adapter did not complete");
    if (request.adapter) {
      adapter = request.adapter;
      break;
    }
    procs->wgpuInstanceRelease(instance);
    instance = nullptr;
    if (!primaryOnly)
      return fail("no WebGPU adapter" +
                  (request.message.empty() ? std::string()
                                           : " (" + request.message + ")") +
                  " (is a Vulkan driver such as Mesa's lavapipe, "
                  "mesa-vulkan-drivers, installed?)");
  }

  WGPUAdapterInfo info = WGPU_ADAPTER_INFO_INIT;
  if (procs->wgpuAdapterGetInfo(adapter, &info) == WGPUStatus_Success) {
    adapterName = toString(info.device);
    if (adapterName.empty())
      adapterName = toString(info.description);
    procs->wgpuAdapterInfoFreeMembers(info);
  }
  WGPULimits adapterLimitValues = WGPU_LIMITS_INIT;
  if (procs->wgpuAdapterGetLimits(adapter, &adapterLimitValues) !=
      WGPUStatus_Success)
    return fail("wgpuAdapterGetLimits failed for '" + adapterName + "'");
  WGPULimits required = defaultLimits(adapterLimitValues);
  if (adapterLimits) {
    required.maxBufferSize = adapterLimitValues.maxBufferSize;
    required.maxStorageBufferBindingSize =
        adapterLimitValues.maxStorageBufferBindingSize;
  }

  std::vector<WGPUFeatureName> features;
  adapterHasF16 =
      procs->wgpuAdapterHasFeature(adapter, WGPUFeatureName_ShaderF16);
  // As tvmjs does: the feature when the adapter offers it (kernels compiled
  // without `shader-f16` do not use it), unless RELAX_WEBGPU_F16=0 asks for
  // a device like a browser's without a GPU.
  const char *f16Setting = std::getenv("RELAX_WEBGPU_F16");
  if (adapterHasF16 && !(f16Setting && std::strcmp(f16Setting, "0") == 0))
    features.push_back(WGPUFeatureName_ShaderF16);

  DeviceRequest request;
  WGPUDeviceDescriptor deviceInfo = WGPU_DEVICE_DESCRIPTOR_INIT;
  deviceInfo.requiredFeatureCount = features.size();
  deviceInfo.requiredFeatures = features.data();
  deviceInfo.requiredLimits = &required;
  deviceInfo.uncapturedErrorCallbackInfo.callback = onUncapturedError;
  deviceInfo.uncapturedErrorCallbackInfo.userdata1 = this;
  WGPURequestDeviceCallbackInfo callback =
      WGPU_REQUEST_DEVICE_CALLBACK_INFO_INIT;
  callback.mode = WGPUCallbackMode_AllowProcessEvents;
  callback.callback = [](WGPURequestDeviceStatus status, WGPUDevice device,
                         WGPUStringView message, void *userdata, void *) {
    auto *request = static_cast<DeviceRequest *>(userdata);
    request->done = true;
    if (status == WGPURequestDeviceStatus_Success)
      request->device = device;
    else
      request->message = toString(message);
  };
  callback.userdata1 = &request;
  procs->wgpuAdapterRequestDevice(adapter, &deviceInfo, callback);
  if (!waitForRequest(*procs, instance, request.done))
    return fail("the request for a device on '" + adapterName +
                "' did not complete");
  if (!request.device)
    return fail("cannot create a device on '" + adapterName +
                "': " + request.message);
  device = request.device;
  // A Vulkan backend has loaded its driver by now.
  pinLoadedVulkanDrivers();
  f16 = !features.empty();
  limits = WGPU_LIMITS_INIT;
  if (procs->wgpuDeviceGetLimits(device, &limits) != WGPUStatus_Success)
    return fail("wgpuDeviceGetLimits failed on '" + adapterName + "'");
  queue = procs->wgpuDeviceGetQueue(device);

  if (const char *dir = std::getenv("RELAX_WEBGPU_TRACE"); dir && *dir) {
    traceDir = dir;
    // A directory that earlier programs recorded into gets this one's
    // dispatches after theirs.
    std::ifstream recorded(traceDir + "/dispatches.jsonl");
    uint64_t lines = 0;
    for (std::string line; std::getline(recorded, line);)
      ++lines;
    nextDispatch = std::max(nextDispatch, lines);
  }
  return true;
}

void WebGPUDevice::destroy() {
  if (device) {
    if (queue) {
      flushAll();
      waitIdle();
    }
    if (defaultStream)
      destroyStream(defaultStream);
    for (Stream *stream : std::set<Stream *>(streams))
      destroyStream(stream);
    for (Function *function : std::set<Function *>(functions))
      destroyFunction(function);
    for (Module *module : modules) {
      if (module->shader)
        procs->wgpuShaderModuleRelease(module->shader);
      delete module;
    }
    for (auto &[address, allocation] : allocations)
      procs->wgpuBufferRelease(allocation.buffer);
    for (Event *event : events)
      delete event;
    for (WGPUBuffer buffer : emptyViews)
      if (buffer)
        procs->wgpuBufferRelease(buffer);
    if (queue)
      procs->wgpuQueueRelease(queue);
    procs->wgpuDeviceRelease(device);
  }
  if (adapter)
    procs->wgpuAdapterRelease(adapter);
  if (instance)
    procs->wgpuInstanceRelease(instance);
}

void WebGPUDevice::recordError(WGPUErrorType type, WGPUStringView message) {
  // wgpu-native's messages span lines (a cause chain, a source excerpt);
  // keep them, without trailing blanks.
  std::string text;
  for (char c : toString(message)) {
    if (c == '\n')
      while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.pop_back();
    text += c;
  }
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.pop_back();
  if (type == WGPUErrorType_OutOfMemory)
    text = "out of memory: " + text;
  if (!errors.empty())
    errors += "; ";
  errors += text;
}

std::string WebGPUDevice::takeErrors() {
  std::string result;
  std::swap(result, errors);
  return result;
}

bool WebGPUDevice::waitIdle() {
  bool done = false;
  WGPUQueueWorkDoneCallbackInfo callback =
      WGPU_QUEUE_WORK_DONE_CALLBACK_INFO_INIT;
  callback.mode = WGPUCallbackMode_AllowProcessEvents;
  callback.callback = [](WGPUQueueWorkDoneStatus, WGPUStringView, void *done,
                         void *) { *static_cast<bool *>(done) = true; };
  callback.userdata1 = &done;
  procs->wgpuQueueOnSubmittedWorkDone(queue, callback);
  if (!waitFor(*procs, instance, device, done)) {
    reportError("webgpu: the submitted work did not complete on '%s'",
                adapterName.c_str());
    return false;
  }
  return true;
}
