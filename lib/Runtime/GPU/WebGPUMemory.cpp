//===- WebGPUMemory.cpp - Device memory of the WebGPU runtime -------------===//
//
// The device addresses of librelax_webgpu_runtime and the buffers behind
// them: allocation, copies between the host and the device and within it,
// fills. The caller holds the runtime's lock (WebGPURuntime.cpp).
//
//===----------------------------------------------------------------------===//

#include "WebGPUDevice.h"
#include "WebGPUDeviceInternal.h"

#include "ReportError.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>

using namespace relax::gpu;
using namespace relax::gpu::webgpu;

namespace {

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

} // namespace

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
