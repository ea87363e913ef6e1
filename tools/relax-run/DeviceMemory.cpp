//===- DeviceMemory.cpp - Device buffers through a GPU runtime ------------===//

#include "DeviceMemory.h"

#include "Relax/Runtime/RelaxRuntime.h"

#include "llvm/Support/DynamicLibrary.h"

using namespace relax_run;

std::unique_ptr<DeviceMemory> DeviceMemory::load(std::string &error) {
  std::unique_ptr<DeviceMemory> result(new DeviceMemory());
  DeviceMemory &memory = *result;
  bool missing = false;
  auto resolve = [&](auto &function, const char *name) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name));
    if (!function && !missing) {
      error = std::string("the GPU runtime library has no ") + name;
      missing = true;
    }
  };
  resolve(memory.streamCreate, "mgpuStreamCreate");
  resolve(memory.streamSynchronize, "mgpuStreamSynchronize");
  resolve(memory.streamDestroy, "mgpuStreamDestroy");
  resolve(memory.memAlloc, "mgpuMemAlloc");
  resolve(memory.memFree, "mgpuMemFree");
  resolve(memory.memcpy, "mgpuMemcpy");
  if (missing)
    return nullptr;
  memory.stream = memory.streamCreate();
  if (relaxGetError())
    return nullptr;
  return result;
}

DeviceMemory::~DeviceMemory() {
  if (stream)
    streamDestroy(stream);
}

void *DeviceMemory::upload(const void *host, size_t bytes) {
  // A buffer of no bytes still gets a distinct pointer.
  void *device = memAlloc(bytes ? bytes : 1, stream, /*isHostShared=*/false);
  if (!device || relaxGetError())
    return nullptr;
  memcpy(device, const_cast<void *>(host), bytes, stream);
  streamSynchronize(stream);
  return relaxGetError() ? nullptr : device;
}

bool DeviceMemory::download(void *host, const void *device, size_t bytes) {
  memcpy(host, const_cast<void *>(device), bytes, stream);
  streamSynchronize(stream);
  return !relaxGetError();
}

void DeviceMemory::free(void *device) {
  memFree(device, stream);
  streamSynchronize(stream);
}
