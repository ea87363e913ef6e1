//===- WebGPUDevice.cpp - The WebGPU device of the runtime ----------------===//
//
// Loading the implementation, the instance and device, device memory and its
// addresses, streams, pipelines, the recording of launches and their traces
// of librelax_webgpu_runtime. The caller holds the runtime's lock
// (WebGPURuntime.cpp).
//
//===----------------------------------------------------------------------===//

#include "WebGPUDevice.h"

#include "LibraryLoader.h"
#include "ReportError.h"

#include <wgpu.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <thread>

#include <sys/stat.h>

using namespace relax::gpu;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

constexpr uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return (value + alignment - 1) / alignment * alignment;
}

WGPUStringView toStringView(const std::string &text) {
  return {text.data(), text.size()};
}

std::string toString(WGPUStringView view) {
  if (!view.data)
    return "";
  if (view.length == WGPU_STRLEN)
    return view.data;
  return std::string(view.data, view.length);
}

/// Device addresses: compiled code does arithmetic on the pointers
/// mgpuMemAlloc returns (views at offsets into an arena), so each allocation
/// gets a range of made-up addresses that the runtime maps back to its
/// buffer. They start at 2^44, below where Linux on x86-64 puts a process's
/// heap, libraries and stacks (from about 2^46.4 up), and are never reused,
/// so that a stale pointer is recognized as one. Each range is aligned and
/// followed by a gap, so a pointer one past the end of an allocation is in
/// no other.
constexpr uintptr_t kAddressBase = uintptr_t(1) << 44;
constexpr uintptr_t kAddressLimit = uintptr_t(1) << 47;
constexpr uint64_t kAddressAlignment = 4096;
uintptr_t nextAddress = kAddressBase;
uint64_t nextAllocationId = 1;
/// The index of the next traced dispatch.
uint64_t nextDispatch = 0;

/// An empty view is bound to this many bytes of the runtime's own, enough
/// for any array element type.
constexpr uint64_t kEmptyViewBytes = 256;

std::string mib(uint64_t bytes) {
  if (bytes % (1024 * 1024) == 0)
    return std::to_string(bytes / (1024 * 1024)) + " MiB";
  return std::to_string(bytes) + " bytes";
}

/// Waits until a callback sets `done`: wgpu-native runs callbacks in
/// wgpuDevicePoll, which blocks until the queue is empty; other
/// implementations in wgpuInstanceProcessEvents.
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

/// Creates `path` and its parents where they do not exist.
bool makeDirectories(const std::string &path) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    std::string prefix = path.substr(0, slash);
    if (mkdir(prefix.c_str(), 0777) != 0 && errno != EEXIST)
      return false;
    if (slash == std::string::npos)
      return true;
  }
}

bool writeFile(const std::string &path, const void *data, size_t size,
               const char *mode = "wb") {
  FILE *file = std::fopen(path.c_str(), mode);
  if (!file)
    return false;
  bool ok = std::fwrite(data, 1, size, file) == size;
  return std::fclose(file) == 0 && ok;
}

std::string jsonString(const std::string &text) {
  std::string result = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      result += '\\';
      result += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\u%04x", c);
      result += escape;
    } else {
      result += c;
    }
  }
  return result + "\"";
}

/// FNV-1a: a stable name for a shader in traces.
std::string hashHex(const std::string &data) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : data) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  char text[17];
  std::snprintf(text, sizeof(text), "%016" PRIx64, hash);
  return text;
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

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

WGPUBuffer WebGPUDevice::createBuffer(uint64_t size, WGPUBufferUsage usage,
                                      const char *what) {
  WGPUBufferDescriptor info = WGPU_BUFFER_DESCRIPTOR_INIT;
  info.usage = usage;
  info.size = size;
  WGPUBuffer buffer = procs->wgpuDeviceCreateBuffer(device, &info);
  if (std::string failure = takeErrors(); !failure.empty() || !buffer) {
    if (buffer)
      procs->wgpuBufferRelease(buffer);
    reportError("webgpu: cannot create a buffer of %" PRIu64 " bytes for %s: "
                "%s",
                size, what, failure.c_str());
    return nullptr;
  }
  return buffer;
}

void *WebGPUDevice::allocate(uint64_t size) {
  if (size > limits.maxBufferSize) {
    reportError("webgpu: mgpuMemAlloc of %" PRIu64 " bytes exceeds the "
                "device's maxBufferSize (%s); RELAX_WEBGPU_LIMITS=adapter "
                "asks for the adapter's",
                size, mib(limits.maxBufferSize).c_str());
    return nullptr;
  }
  uintptr_t base = nextAddress;
  if (kAddressLimit - base < size + 2 * kAddressAlignment) {
    reportError("webgpu: mgpuMemAlloc of %" PRIu64 " bytes: the runtime's "
                "range of device addresses is used up",
                size);
    return nullptr;
  }
  Allocation allocation;
  allocation.size = size;
  allocation.bufferSize = std::max<uint64_t>(alignUp(size, 4), 4);
  allocation.buffer =
      createBuffer(allocation.bufferSize,
                   WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc |
                       WGPUBufferUsage_CopyDst,
                   "mgpuMemAlloc");
  if (!allocation.buffer)
    return nullptr;
  allocation.id = nextAllocationId++;
  nextAddress = alignUp(base + size + kAddressAlignment, kAddressAlignment);
  allocations[base] = allocation;
  return reinterpret_cast<void *>(base);
}

bool WebGPUDevice::free(void *pointer) {
  auto it = allocations.find(reinterpret_cast<uintptr_t>(pointer));
  if (it == allocations.end()) {
    reportError("webgpu: mgpuMemFree: %p is not a pointer from mgpuMemAlloc",
                pointer);
    return false;
  }
  // Recorded dispatches may use it: submitted, they keep the buffer alive
  // until they are done.
  bool ok = flushAll();
  procs->wgpuBufferRelease(it->second.buffer);
  allocations.erase(it);
  return ok;
}

Allocation *WebGPUDevice::findAllocation(uintptr_t address, uint64_t &offset) {
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return nullptr;
  --it;
  offset = address - it->first;
  if (offset >= std::max<uint64_t>(it->second.size, 1))
    return nullptr;
  return &it->second;
}

bool WebGPUDevice::isDeviceAddress(uintptr_t address) const {
  return address >= kAddressBase && address < nextAddress;
}

Allocation *WebGPUDevice::resolveRange(uintptr_t address, uint64_t bytes,
                                       uint64_t &offset, const char *caller) {
  Allocation *allocation = findAllocation(address, offset);
  if (!allocation) {
    reportError("webgpu: %s: %p is a device address in no live allocation "
                "(freed, or past the end of one)",
                caller, reinterpret_cast<void *>(address));
    return nullptr;
  }
  if (bytes > allocation->size - offset) {
    reportError("webgpu: %s of %" PRIu64 " bytes at byte %" PRIu64
                " of an allocation of %" PRIu64 " bytes runs past its end",
                caller, bytes, offset, allocation->size);
    return nullptr;
  }
  return allocation;
}

bool WebGPUDevice::readBuffer(WGPUBuffer buffer, uint64_t offset, uint64_t size,
                              void *host) {
  if (size == 0)
    return true;
  if (!flushAll())
    return false;
  WGPUBuffer staging =
      createBuffer(size, WGPUBufferUsage_MapRead | WGPUBufferUsage_CopyDst,
                   "a copy to the host");
  if (!staging)
    return false;
  WGPUCommandEncoder encoder =
      procs->wgpuDeviceCreateCommandEncoder(device, nullptr);
  procs->wgpuCommandEncoderCopyBufferToBuffer(encoder, buffer, offset, staging,
                                              0, size);
  WGPUCommandBuffer commands =
      procs->wgpuCommandEncoderFinish(encoder, nullptr);
  procs->wgpuQueueSubmit(queue, 1, &commands);
  procs->wgpuCommandBufferRelease(commands);
  procs->wgpuCommandEncoderRelease(encoder);

  struct MapState {
    bool done = false;
    WGPUMapAsyncStatus status = WGPUMapAsyncStatus_Success;
    std::string message;
  } state;
  WGPUBufferMapCallbackInfo callback = WGPU_BUFFER_MAP_CALLBACK_INFO_INIT;
  callback.mode = WGPUCallbackMode_AllowProcessEvents;
  callback.callback = [](WGPUMapAsyncStatus status, WGPUStringView message,
                         void *userdata, void *) {
    auto *state = static_cast<MapState *>(userdata);
    state->done = true;
    state->status = status;
    state->message = toString(message);
  };
  callback.userdata1 = &state;
  procs->wgpuBufferMapAsync(staging, WGPUMapMode_Read, 0, size, callback);
  bool ok = waitFor(*procs, instance, device, state.done);
  std::string failure = takeErrors();
  if (ok && state.status == WGPUMapAsyncStatus_Success && failure.empty()) {
    const void *mapped = procs->wgpuBufferGetConstMappedRange(staging, 0, size);
    if (mapped)
      std::memcpy(host, mapped, size);
    else
      failure = "wgpuBufferGetConstMappedRange returned null";
    procs->wgpuBufferUnmap(staging);
  } else if (failure.empty()) {
    failure = ok ? state.message : "the mapping did not complete";
  }
  procs->wgpuBufferRelease(staging);
  if (!failure.empty()) {
    reportError("webgpu: copying %" PRIu64 " bytes of device memory to the "
                "host failed: %s",
                size, failure.c_str());
    return false;
  }
  return true;
}

bool WebGPUDevice::readDevice(const Allocation &allocation, uint64_t offset,
                              uint64_t bytes, void *host) {
  // Copies between buffers take multiples of 4 bytes: read the enclosing
  // words.
  uint64_t start = offset & ~uint64_t(3);
  uint64_t end = alignUp(offset + bytes, 4);
  if (start == offset && end == offset + bytes)
    return readBuffer(allocation.buffer, offset, bytes, host);
  std::vector<uint8_t> words(end - start);
  if (!readBuffer(allocation.buffer, start, end - start, words.data()))
    return false;
  std::memcpy(host, words.data() + (offset - start), bytes);
  return true;
}

bool WebGPUDevice::writeDevice(const Allocation &allocation, uint64_t offset,
                               uint64_t bytes, const void *host) {
  if (bytes == 0)
    return true;
  uint64_t start = offset & ~uint64_t(3);
  uint64_t end = alignUp(offset + bytes, 4);
  const void *data = host;
  std::vector<uint8_t> words;
  if (start != offset || end != offset + bytes) {
    // wgpuQueueWriteBuffer writes whole words: complete the first and last
    // with the bytes the device holds.
    words.resize(end - start);
    if (end - start <= 8) {
      if (!readBuffer(allocation.buffer, start, end - start, words.data()))
        return false;
    } else {
      if (start != offset &&
          !readBuffer(allocation.buffer, start, 4, words.data()))
        return false;
      if (end != offset + bytes &&
          !readBuffer(allocation.buffer, end - 4, 4,
                      words.data() + (end - 4 - start)))
        return false;
    }
    std::memcpy(words.data() + (offset - start), host, bytes);
    data = words.data();
  }
  // A write takes effect before the command buffers submitted after it, so
  // dispatches recorded before it are submitted first.
  if (!flushAll())
    return false;
  procs->wgpuQueueWriteBuffer(queue, allocation.buffer, start, data,
                              end - start);
  if (std::string failure = takeErrors(); !failure.empty()) {
    reportError("webgpu: copying %" PRIu64 " bytes from the host to device "
                "memory failed: %s",
                bytes, failure.c_str());
    return false;
  }
  return true;
}

bool WebGPUDevice::copy(void *dst, const void *src, uint64_t bytes,
                        const char *caller) {
  auto dstAddress = reinterpret_cast<uintptr_t>(dst);
  auto srcAddress = reinterpret_cast<uintptr_t>(src);
  bool dstOnDevice = isDeviceAddress(dstAddress);
  bool srcOnDevice = isDeviceAddress(srcAddress);
  if (!dstOnDevice && !srcOnDevice) {
    std::memmove(dst, src, bytes);
    return true;
  }
  uint64_t dstOffset = 0, srcOffset = 0;
  Allocation *to = nullptr, *from = nullptr;
  if (dstOnDevice && !(to = resolveRange(dstAddress, bytes, dstOffset, caller)))
    return false;
  if (srcOnDevice &&
      !(from = resolveRange(srcAddress, bytes, srcOffset, caller)))
    return false;
  if (!to)
    return readDevice(*from, srcOffset, bytes, dst);
  if (!from)
    return writeDevice(*to, dstOffset, bytes, src);

  // Between buffers, copyBufferToBuffer takes whole words, and never one
  // buffer as both source and destination; anything else goes through the
  // host.
  if (to->buffer == from->buffer || dstOffset % 4 || srcOffset % 4 ||
      bytes % 4) {
    std::vector<uint8_t> staging(bytes);
    return readDevice(*from, srcOffset, bytes, staging.data()) &&
           writeDevice(*to, dstOffset, bytes, staging.data());
  }
  if (!flushAll())
    return false;
  WGPUCommandEncoder encoder =
      procs->wgpuDeviceCreateCommandEncoder(device, nullptr);
  procs->wgpuCommandEncoderCopyBufferToBuffer(encoder, from->buffer, srcOffset,
                                              to->buffer, dstOffset, bytes);
  WGPUCommandBuffer commands =
      procs->wgpuCommandEncoderFinish(encoder, nullptr);
  procs->wgpuQueueSubmit(queue, 1, &commands);
  procs->wgpuCommandBufferRelease(commands);
  procs->wgpuCommandEncoderRelease(encoder);
  if (std::string failure = takeErrors(); !failure.empty()) {
    reportError("webgpu: %s of %" PRIu64 " bytes between device buffers "
                "failed: %s",
                caller, bytes, failure.c_str());
    return false;
  }
  return true;
}

bool WebGPUDevice::fill(void *dst, const void *pattern, uint32_t patternBytes,
                        uint64_t count, const char *caller) {
  std::vector<uint8_t> bytes(count * patternBytes);
  for (uint64_t i = 0; i < count; ++i)
    std::memcpy(bytes.data() + i * patternBytes, pattern, patternBytes);
  return copy(dst, bytes.data(), bytes.size(), caller);
}

WGPUBuffer WebGPUDevice::emptyView(bool readOnly) {
  WGPUBuffer &buffer = emptyViews[readOnly];
  if (!buffer)
    buffer = createBuffer(kEmptyViewBytes,
                          WGPUBufferUsage_Storage | WGPUBufferUsage_CopySrc,
                          "an empty view");
  return buffer;
}

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

Stream *WebGPUDevice::createStream() { return new Stream; }

void WebGPUDevice::destroyStream(Stream *stream) {
  flush(*stream);
  for (UniformChunk &chunk : stream->uniforms)
    procs->wgpuBufferRelease(chunk.buffer);
  streams.erase(stream);
  if (stream == defaultStream)
    defaultStream = nullptr;
  delete stream;
}

Stream *WebGPUDevice::lookupStream(void *stream, const char *caller) {
  if (!stream) {
    if (!defaultStream)
      defaultStream = createStream();
    return defaultStream;
  }
  auto *result = static_cast<Stream *>(stream);
  if (streams.count(result))
    return result;
  reportError("webgpu: %s: %p is not a stream from mgpuStreamCreate", caller,
              stream);
  return nullptr;
}

bool WebGPUDevice::flush(Stream &stream) {
  if (!stream.encoder)
    return true;
  procs->wgpuComputePassEncoderEnd(stream.pass);
  procs->wgpuComputePassEncoderRelease(stream.pass);
  WGPUCommandBuffer commands =
      procs->wgpuCommandEncoderFinish(stream.encoder, nullptr);
  procs->wgpuCommandEncoderRelease(stream.encoder);
  stream.pass = nullptr;
  stream.encoder = nullptr;
  // The scalars of the batch, written just before it: the queue runs the
  // writes and submissions in order, so a chunk is free again for the next
  // batch as soon as this one is submitted.
  for (UniformChunk &chunk : stream.uniforms) {
    if (chunk.used)
      procs->wgpuQueueWriteBuffer(queue, chunk.buffer, 0, chunk.bytes.data(),
                                  chunk.used);
    chunk.used = 0;
  }
  stream.uniformChunk = 0;
  if (commands) {
    procs->wgpuQueueSubmit(queue, 1, &commands);
    procs->wgpuCommandBufferRelease(commands);
  }
  for (WGPUBindGroup group : stream.bindGroups)
    procs->wgpuBindGroupRelease(group);
  stream.bindGroups.clear();
  stream.dispatches = 0;
  if (std::string failure = takeErrors(); !failure.empty()) {
    reportError("webgpu: submitting the recorded kernels failed: %s",
                failure.c_str());
    return false;
  }
  return true;
}

bool WebGPUDevice::flushAll() {
  bool ok = !defaultStream || flush(*defaultStream);
  for (Stream *stream : streams)
    ok = flush(*stream) && ok;
  return ok;
}

bool WebGPUDevice::synchronize() { return flushAll() && waitIdle(); }

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

Module *WebGPUDevice::loadModule(const void *data, size_t sizeBytes,
                                 WebGPUKernelInterface interface) {
  auto module = std::make_unique<Module>();
  module->interface = std::move(interface);
  module->source.assign(static_cast<const char *>(data), sizeBytes);
  const char *name = module->interface.kernel.c_str();

  bool usesF16 = module->source.find("enable f16") != std::string::npos;
  for (const WebGPUBinding &binding : module->interface.bindings)
    usesF16 |= binding.elementType == "f16";
  if (usesF16 && !f16) {
    reportError(
        "webgpu: kernel '%s' uses f16, which needs the shader-f16 "
        "feature: %s",
        name,
        adapterHasF16
            ? "RELAX_WEBGPU_F16=0 disabled it"
            : ("the adapter '" + adapterName + "' does not have it").c_str());
    return nullptr;
  }

  // A gpu.binary may carry a terminating NUL, which is no WGSL.
  std::string_view code = module->source;
  while (!code.empty() && code.back() == '\0')
    code.remove_suffix(1);
  WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
  wgsl.code = {code.data(), code.size()};
  WGPUShaderModuleDescriptor info = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
  info.nextInChain = &wgsl.chain;
  info.label = toStringView(module->interface.kernel);
  module->shader = procs->wgpuDeviceCreateShaderModule(device, &info);
  if (std::string failure = takeErrors(); !failure.empty() || !module->shader) {
    if (module->shader)
      procs->wgpuShaderModuleRelease(module->shader);
    reportError("webgpu: cannot load kernel '%s': its WGSL does not "
                "compile: %s",
                name, failure.c_str());
    return nullptr;
  }
  modules.insert(module.get());
  return module.release();
}

void WebGPUDevice::unloadModule(Module *module) {
  flushAll();
  if (module->function)
    destroyFunction(module->function);
  procs->wgpuShaderModuleRelease(module->shader);
  modules.erase(module);
  delete module;
}

Function *WebGPUDevice::createFunction(Module &module) {
  const WebGPUKernelInterface &interface = module.interface;
  const char *name = interface.kernel.c_str();
  const uint32_t *size = interface.workgroupSize;
  const uint32_t maxSize[3] = {limits.maxComputeWorkgroupSizeX,
                               limits.maxComputeWorkgroupSizeY,
                               limits.maxComputeWorkgroupSizeZ};
  for (int i = 0; i < 3; ++i) {
    if (size[i] > maxSize[i]) {
      reportError("webgpu: kernel '%s' has workgroups of %ux%ux%u threads, "
                  "more than the device's maxComputeWorkgroupSize%c (%u)",
                  name, size[0], size[1], size[2], "XYZ"[i], maxSize[i]);
      return nullptr;
    }
  }
  uint64_t invocations = uint64_t(size[0]) * size[1] * size[2];
  if (invocations > limits.maxComputeInvocationsPerWorkgroup) {
    reportError("webgpu: kernel '%s' has workgroups of %ux%ux%u threads, "
                "more than the device's maxComputeInvocationsPerWorkgroup "
                "(%u)",
                name, size[0], size[1], size[2],
                limits.maxComputeInvocationsPerWorkgroup);
    return nullptr;
  }
  if (interface.workgroupBytes > limits.maxComputeWorkgroupStorageSize) {
    reportError("webgpu: kernel '%s' uses %" PRIu64 " bytes of workgroup "
                "memory, more than the device's "
                "maxComputeWorkgroupStorageSize (%u)",
                name, interface.workgroupBytes,
                limits.maxComputeWorkgroupStorageSize);
    return nullptr;
  }
  if (interface.numStorage() > limits.maxStorageBuffersPerShaderStage) {
    reportError("webgpu: kernel '%s' has %zu storage bindings, more than the "
                "device's maxStorageBuffersPerShaderStage (%u)",
                name, interface.numStorage(),
                limits.maxStorageBuffersPerShaderStage);
    return nullptr;
  }

  // The layout comes from the header rather than from the shader ("auto"
  // layout), so that a header that disagrees with its WGSL fails here.
  std::vector<WGPUBindGroupLayoutEntry> entries(interface.bindings.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    const WebGPUBinding &binding = interface.bindings[i];
    WGPUBindGroupLayoutEntry &entry = entries[i];
    entry = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
    entry.binding = i;
    entry.visibility = WGPUShaderStage_Compute;
    entry.buffer.type = binding.kind == WebGPUBinding::Kind::Uniform
                            ? WGPUBufferBindingType_Uniform
                        : binding.readOnly
                            ? WGPUBufferBindingType_ReadOnlyStorage
                            : WGPUBufferBindingType_Storage;
    // The texture and sampler members stay unused.
    entry.sampler.type = WGPUSamplerBindingType_BindingNotUsed;
    entry.texture.sampleType = WGPUTextureSampleType_BindingNotUsed;
    entry.storageTexture.access = WGPUStorageTextureAccess_BindingNotUsed;
  }
  auto function = std::make_unique<Function>();
  function->module = &module;
  auto fail = [&](const char *what) {
    std::string failure = takeErrors();
    reportError("webgpu: cannot create the %s of kernel '%s': %s", what, name,
                failure.c_str());
    destroyFunction(function.release());
    return nullptr;
  };
  functions.insert(function.get());

  WGPUBindGroupLayoutDescriptor layoutInfo =
      WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
  layoutInfo.entryCount = entries.size();
  layoutInfo.entries = entries.data();
  function->bindGroupLayout =
      procs->wgpuDeviceCreateBindGroupLayout(device, &layoutInfo);
  if (!errors.empty() || !function->bindGroupLayout)
    return fail("bind group layout");

  WGPUPipelineLayoutDescriptor pipelineLayoutInfo =
      WGPU_PIPELINE_LAYOUT_DESCRIPTOR_INIT;
  pipelineLayoutInfo.bindGroupLayoutCount = 1;
  pipelineLayoutInfo.bindGroupLayouts = &function->bindGroupLayout;
  function->pipelineLayout =
      procs->wgpuDeviceCreatePipelineLayout(device, &pipelineLayoutInfo);
  if (!errors.empty() || !function->pipelineLayout)
    return fail("pipeline layout");

  WGPUComputePipelineDescriptor pipelineInfo =
      WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
  pipelineInfo.label = toStringView(interface.kernel);
  pipelineInfo.layout = function->pipelineLayout;
  pipelineInfo.compute.module = module.shader;
  pipelineInfo.compute.entryPoint = toStringView(interface.entry);
  function->pipeline =
      procs->wgpuDeviceCreateComputePipeline(device, &pipelineInfo);
  if (!errors.empty() || !function->pipeline)
    return fail("pipeline");
  return module.function = function.release();
}

void WebGPUDevice::destroyFunction(Function *function) {
  if (function->pipeline)
    procs->wgpuComputePipelineRelease(function->pipeline);
  if (function->pipelineLayout)
    procs->wgpuPipelineLayoutRelease(function->pipelineLayout);
  if (function->bindGroupLayout)
    procs->wgpuBindGroupLayoutRelease(function->bindGroupLayout);
  if (function->module->function == function)
    function->module->function = nullptr;
  functions.erase(function);
  delete function;
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

/// What one binding of a launch is bound to.
struct WebGPUDevice::BoundRange {
  WGPUBuffer buffer = nullptr;
  uint64_t offset = 0, size = 0;
  /// The allocation of a view; null for an empty view and the uniform.
  const Allocation *allocation = nullptr;
  /// The uniform's bytes.
  std::vector<uint8_t> uniform;
};

namespace {
/// Reads the value of type T that launch parameter `param` points to.
template <typename T>
T readParam(void **params, size_t param) {
  T value;
  std::memcpy(&value, params[param], sizeof(T));
  return value;
}
} // namespace

bool WebGPUDevice::checkLaunch(Function &function, const intptr_t grid[3],
                               const intptr_t block[3], int32_t smemBytes,
                               void **params, size_t paramsCount) {
  const WebGPUKernelInterface &interface = function.interface();
  const char *name = function.name();

  if (paramsCount != interface.numParams()) {
    reportError("webgpu: kernel '%s' takes %zu memref and %zu scalar "
                "arguments, which are %zu launch parameters (3 + 2 * rank "
                "per memref descriptor, 1 per scalar), but the launch passed "
                "%zu",
                name, interface.numStorage(), interface.numScalars(),
                interface.numParams(), paramsCount);
    return false;
  }
  if (paramsCount && !params) {
    reportError("webgpu: kernel '%s' was launched with null parameters", name);
    return false;
  }
  const uint32_t *local = interface.workgroupSize;
  if (block[0] != local[0] || block[1] != local[1] || block[2] != local[2]) {
    reportError("webgpu: kernel '%s' was compiled for workgroups of %ux%ux%u "
                "threads, but the launch asks for blocks of %" PRIdPTR
                "x%" PRIdPTR "x%" PRIdPTR,
                name, local[0], local[1], local[2], block[0], block[1],
                block[2]);
    return false;
  }
  for (int i = 0; i < 3; ++i) {
    if (grid[i] < 0) {
      reportError("webgpu: kernel '%s': grid %" PRIdPTR "x%" PRIdPTR
                  "x%" PRIdPTR " has a negative size",
                  name, grid[0], grid[1], grid[2]);
      return false;
    }
    if (uint64_t(grid[i]) > limits.maxComputeWorkgroupsPerDimension) {
      reportError("webgpu: kernel '%s': grid %" PRIdPTR "x%" PRIdPTR
                  "x%" PRIdPTR " exceeds the device's maximum workgroup "
                  "count %u in %c (maxComputeWorkgroupsPerDimension)",
                  name, grid[0], grid[1], grid[2],
                  limits.maxComputeWorkgroupsPerDimension, "xyz"[i]);
      return false;
    }
  }
  if (smemBytes != 0) {
    reportError("webgpu: kernel '%s': dynamic shared memory (%d bytes) is "
                "not supported; declare workgroup memory in the kernel",
                name, smemBytes);
    return false;
  }
  return true;
}

bool WebGPUDevice::bindArguments(Function &function, void **params,
                                 std::vector<BoundRange> &ranges) {
  const WebGPUKernelInterface &interface = function.interface();
  const char *name = function.name();
  ranges.assign(interface.bindings.size(), BoundRange());
  size_t param = 0;
  for (size_t b = 0; b < interface.bindings.size(); ++b) {
    const WebGPUBinding &binding = interface.bindings[b];
    BoundRange &range = ranges[b];
    if (binding.kind == WebGPUBinding::Kind::Uniform) {
      // Bound whole, in 16-byte units as WGSL sizes uniform structs.
      range.size = alignUp(binding.size, 16);
      range.uniform.assign(range.size, 0);
      // Little endian: the low bytes of a wider host value (an i64 index
      // that the kernel reads as i32) come first.
      for (const WebGPUScalar &scalar : binding.scalars)
        std::memcpy(range.uniform.data() + scalar.offset, params[param++],
                    scalar.bytes);
      continue;
    }
    auto aligned = readParam<uintptr_t>(params, param + 1);
    auto offset = readParam<int64_t>(params, param + 2);
    uint64_t elements = 1;
    for (uint32_t d = 0; d < binding.rank; ++d) {
      auto size = readParam<int64_t>(params, param + 3 + d);
      if (size < 0 ||
          __builtin_mul_overflow(elements, uint64_t(size), &elements)) {
        reportError("webgpu: kernel '%s' binding %zu: the memref has size "
                    "%" PRId64 " in dim %u",
                    name, b, size, d);
        return false;
      }
    }
    param += binding.numParams();
    if (offset < 0) {
      reportError("webgpu: kernel '%s' binding %zu: the memref descriptor "
                  "has the negative offset %" PRId64,
                  name, b, offset);
      return false;
    }
    if (elements == 0) {
      // Nothing of an empty view is read; bind a few bytes of our own.
      range.buffer = emptyView(binding.readOnly);
      range.size = kEmptyViewBytes;
      if (!range.buffer)
        return false;
      continue;
    }
    uint64_t elementBytes = binding.elementBytes;
    uint64_t startOffset, bytes;
    uintptr_t start;
    if (__builtin_mul_overflow(uint64_t(offset), elementBytes, &startOffset) ||
        __builtin_mul_overflow(elements, elementBytes, &bytes) ||
        __builtin_add_overflow(aligned, startOffset, &start)) {
      reportError("webgpu: kernel '%s' binding %zu: offset %" PRId64
                  " and %" PRIu64 " elements of %" PRIu64
                  " bytes overflow the address space",
                  name, b, offset, elements, elementBytes);
      return false;
    }
    uint64_t byteOffset = 0;
    const Allocation *allocation = findAllocation(start, byteOffset);
    if (!allocation) {
      reportError("webgpu: kernel '%s' binding %zu: its data at %p (aligned "
                  "pointer %p + %" PRId64 " elements of %" PRIu64
                  " bytes) is not in memory from mgpuMemAlloc",
                  name, b, reinterpret_cast<void *>(start),
                  reinterpret_cast<void *>(aligned), offset, elementBytes);
      return false;
    }
    if (byteOffset % limits.minStorageBufferOffsetAlignment != 0) {
      reportError("webgpu: kernel '%s' binding %zu: the view starts at byte "
                  "%" PRIu64 " of its allocation, which is not a multiple of "
                  "the device's minStorageBufferOffsetAlignment (%u bytes)",
                  name, b, byteOffset, limits.minStorageBufferOffsetAlignment);
      return false;
    }
    if (bytes > allocation->size - byteOffset) {
      reportError("webgpu: kernel '%s' binding %zu: the view of %" PRIu64
                  " bytes at byte %" PRIu64 " runs past the end of its "
                  "allocation of %" PRIu64 " bytes",
                  name, b, bytes, byteOffset, allocation->size);
      return false;
    }
    // Binding sizes are whole words: i8 and i1 data is read as packed u32.
    // The allocation's buffer has its size rounded up, so this stays inside.
    uint64_t boundBytes = alignUp(bytes, 4);
    if (boundBytes > limits.maxStorageBufferBindingSize) {
      reportError("webgpu: kernel '%s' binding %zu: the view of %" PRIu64
                  " bytes is larger than the device's "
                  "maxStorageBufferBindingSize (%s); RELAX_WEBGPU_LIMITS="
                  "adapter asks for the adapter's",
                  name, b, bytes,
                  mib(limits.maxStorageBufferBindingSize).c_str());
      return false;
    }
    range.buffer = allocation->buffer;
    range.offset = byteOffset;
    range.size = boundBytes;
    range.allocation = allocation;
  }

  // One dispatch cannot use a buffer both as read-only storage and as
  // writable storage (one usage scope).
  for (size_t r = 0; r < ranges.size(); ++r) {
    if (!interface.bindings[r].readOnly || !ranges[r].allocation)
      continue;
    for (size_t w = 0; w < ranges.size(); ++w) {
      const WebGPUBinding &other = interface.bindings[w];
      if (other.kind != WebGPUBinding::Kind::Storage || other.readOnly ||
          ranges[w].buffer != ranges[r].buffer)
        continue;
      reportError("webgpu: kernel '%s': binding %zu (read) and binding %zu "
                  "(read_write) are views of one allocation, which WebGPU "
                  "does not allow in one dispatch; the compiler must bind "
                  "both read_write",
                  name, r, w);
      return false;
    }
  }
  return true;
}

bool WebGPUDevice::record(Function &function, const intptr_t grid[3],
                          Stream &stream, std::vector<BoundRange> &ranges) {
  const WebGPUKernelInterface &interface = function.interface();

  // Make room in the stream's batch, submitting what it holds if it is full
  // or its uniform buffers are: the scalars take a slot of the current
  // uniform buffer, or of the next.
  const WebGPUBinding *uniform = interface.uniform();
  uint64_t slotBytes =
      uniform ? alignUp(ranges.back().size,
                        std::max<uint64_t>(
                            limits.minUniformBufferOffsetAlignment, 256))
              : 0;
  auto fitsCurrentChunk = [&] {
    return stream.uniformChunk < stream.uniforms.size() &&
           stream.uniforms[stream.uniformChunk].used + slotBytes <=
               kUniformChunkBytes;
  };
  if (stream.dispatches >= kDispatchesPerBatch ||
      (uniform && !fitsCurrentChunk() &&
       stream.uniformChunk + 1 >= kUniformChunksPerBatch))
    if (!flush(stream))
      return false;
  if (uniform) {
    if (!fitsCurrentChunk() && stream.uniformChunk < stream.uniforms.size())
      ++stream.uniformChunk;
    if (stream.uniformChunk == stream.uniforms.size()) {
      UniformChunk chunk;
      chunk.buffer = createBuffer(
          kUniformChunkBytes, WGPUBufferUsage_Uniform | WGPUBufferUsage_CopyDst,
          "the scalars of kernels");
      if (!chunk.buffer)
        return false;
      chunk.bytes.resize(kUniformChunkBytes);
      stream.uniforms.push_back(std::move(chunk));
    }
    UniformChunk &chunk = stream.uniforms[stream.uniformChunk];
    BoundRange &range = ranges.back();
    std::memcpy(chunk.bytes.data() + chunk.used, range.uniform.data(),
                range.uniform.size());
    range.buffer = chunk.buffer;
    range.offset = chunk.used;
    chunk.used += slotBytes;
  }

  std::vector<WGPUBindGroupEntry> entries(ranges.size());
  for (size_t i = 0; i < ranges.size(); ++i) {
    entries[i] = WGPU_BIND_GROUP_ENTRY_INIT;
    entries[i].binding = i;
    entries[i].buffer = ranges[i].buffer;
    entries[i].offset = ranges[i].offset;
    entries[i].size = ranges[i].size;
  }
  WGPUBindGroupDescriptor groupInfo = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
  groupInfo.layout = function.bindGroupLayout;
  groupInfo.entryCount = entries.size();
  groupInfo.entries = entries.data();
  WGPUBindGroup group = procs->wgpuDeviceCreateBindGroup(device, &groupInfo);
  if (std::string failure = takeErrors(); !failure.empty() || !group) {
    if (group)
      procs->wgpuBindGroupRelease(group);
    reportError("webgpu: kernel '%s': cannot bind its arguments: %s",
                function.name(), failure.c_str());
    return false;
  }
  stream.bindGroups.push_back(group);

  if (!stream.encoder) {
    stream.encoder = procs->wgpuDeviceCreateCommandEncoder(device, nullptr);
    stream.pass =
        procs->wgpuCommandEncoderBeginComputePass(stream.encoder, nullptr);
  }
  // WebGPU orders the dispatches of a pass and makes the writes of one
  // visible to the next: no barriers to record.
  procs->wgpuComputePassEncoderSetPipeline(stream.pass, function.pipeline);
  procs->wgpuComputePassEncoderSetBindGroup(stream.pass, 0, group, 0, nullptr);
  procs->wgpuComputePassEncoderDispatchWorkgroups(stream.pass, grid[0], grid[1],
                                                  grid[2]);
  ++stream.dispatches;
  return true;
}

void WebGPUDevice::launch(Function &function, const intptr_t grid[3],
                          const intptr_t block[3], int32_t smemBytes,
                          Stream &stream, void **params, size_t paramsCount) {
  // Everything is checked before anything is recorded, so that a refused
  // launch leaves the stream's batch as it was.
  std::vector<BoundRange> ranges;
  if (!checkLaunch(function, grid, block, smemBytes, params, paramsCount) ||
      !bindArguments(function, params, ranges))
    return;
  if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0)
    return; // An empty grid runs nothing.
  if (traceDir.empty()) {
    record(function, grid, stream, ranges);
    return;
  }
  uint64_t index = nextDispatch++;
  if (traceInputs(ranges, index) && record(function, grid, stream, ranges) &&
      flush(stream) && waitIdle())
    traceDispatch(function, grid, ranges, index);
}

//===----------------------------------------------------------------------===//
// Traces
//===----------------------------------------------------------------------===//
//
// RELAX_WEBGPU_TRACE=DIR records every dispatch, so that each kernel can be
// run again, elsewhere (another WebGPU implementation, a browser), on the
// same inputs and its outputs compared:
//
//   DIR/shaders/<hash>.wgsl      each module, once
//   DIR/data/d<N>_b<B>.in        binding B of dispatch N before it runs
//   DIR/data/d<N>_b<B>.out       a read_write binding after it
//   DIR/dispatches.jsonl         one JSON object per dispatch
//
// The runtime waits for each dispatch to finish, so traced runs are slow.

namespace {
std::string dataName(uint64_t dispatch, size_t binding, const char *suffix) {
  return "data/d" + std::to_string(dispatch) + "_b" + std::to_string(binding) +
         suffix;
}
} // namespace

bool WebGPUDevice::traceInputs(const std::vector<BoundRange> &ranges,
                               uint64_t index) {
  if (!makeDirectories(traceDir + "/data") ||
      !makeDirectories(traceDir + "/shaders")) {
    reportError("webgpu: RELAX_WEBGPU_TRACE: cannot create %s",
                (traceDir + "/data").c_str());
    return false;
  }
  for (size_t b = 0; b < ranges.size(); ++b) {
    const BoundRange &range = ranges[b];
    std::vector<uint8_t> bytes = range.uniform;
    if (range.uniform.empty()) {
      bytes.resize(range.size);
      if (range.allocation &&
          !readBuffer(range.buffer, range.offset, range.size, bytes.data()))
        return false;
    }
    std::string path = traceDir + "/" + dataName(index, b, ".in");
    if (!writeFile(path, bytes.data(), bytes.size())) {
      reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s", path.c_str());
      return false;
    }
  }
  return true;
}

void WebGPUDevice::traceDispatch(Function &function, const intptr_t grid[3],
                                 const std::vector<BoundRange> &ranges,
                                 uint64_t index) {
  const WebGPUKernelInterface &interface = function.interface();
  static auto *writtenShaders = new std::set<std::string>;
  std::string shader = "shaders/" + hashHex(function.module->source) + ".wgsl";
  if (writtenShaders->insert(traceDir + "/" + shader).second) {
    const std::string &source = function.module->source;
    if (!writeFile(traceDir + "/" + shader, source.data(), source.size())) {
      reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s/%s",
                  traceDir.c_str(), shader.c_str());
      return;
    }
  }

  std::string line = "{\"index\": " + std::to_string(index) +
                     ", \"kernel\": " + jsonString(interface.kernel) +
                     ", \"shader\": " + jsonString(shader) +
                     ", \"entry\": " + jsonString(interface.entry) +
                     ", \"grid\": [" + std::to_string(grid[0]) + ", " +
                     std::to_string(grid[1]) + ", " + std::to_string(grid[2]) +
                     "], \"bindings\": [";
  for (size_t b = 0; b < ranges.size(); ++b) {
    const WebGPUBinding &binding = interface.bindings[b];
    const BoundRange &range = ranges[b];
    bool storage = binding.kind == WebGPUBinding::Kind::Storage;
    line += b ? ", " : "";
    line += "{\"binding\": " + std::to_string(b) +
            ", \"type\": " + (storage ? "\"storage\"" : "\"uniform\"");
    if (storage) {
      // An empty view is bound to a buffer of the runtime's own, number 0.
      line += ", \"access\": " + jsonString(binding.access()) +
              ", \"element_type\": " + jsonString(binding.elementType) +
              ", \"size\": " + std::to_string(range.size) + ", \"buffer\": " +
              std::to_string(range.allocation ? range.allocation->id : 0) +
              ", \"offset\": " + std::to_string(range.offset);
    } else {
      line += ", \"size\": " + std::to_string(range.size);
    }
    line += ", \"input\": " + jsonString(dataName(index, b, ".in"));
    if (storage && !binding.readOnly) {
      std::string output = dataName(index, b, ".out");
      std::vector<uint8_t> bytes(range.size);
      if (range.allocation &&
          !readBuffer(range.buffer, range.offset, range.size, bytes.data()))
        return;
      if (!writeFile(traceDir + "/" + output, bytes.data(), bytes.size())) {
        reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s/%s",
                    traceDir.c_str(), output.c_str());
        return;
      }
      line += ", \"output\": " + jsonString(output);
    }
    line += "}";
  }
  line += "]}\n";
  std::string path = traceDir + "/dispatches.jsonl";
  if (!writeFile(path, line.data(), line.size(), "ab"))
    reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s", path.c_str());
}
