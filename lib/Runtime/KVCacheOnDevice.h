//===- KVCacheOnDevice.h - KV caches in a GPU library's memory --*- C++ -*-===//
//
// A KV cache's pool lives where the model's calls read it: in host memory
// for a CPU library, in its device's memory for a GPU library (the module
// creates it, relaxModuleCreateKVCache), so that a step copies nothing but
// its small tables.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_KVCACHEONDEVICE_H
#define RELAX_LIB_RUNTIME_KVCACHEONDEVICE_H

#include "Relax/Runtime/RelaxKVCache.h"

#include <memory>

namespace relax_runtime {
class DeviceMemory;
} // namespace relax_runtime

namespace relax::runtime {

/// relaxKVCacheCreate with the pool in `device`'s memory, whose tensors
/// have DLPack device type `deviceType`; in host memory for a null
/// `device`. The cache shares `device`.
RelaxStatus createKVCache(int64_t numLayers, int64_t numKVHeads,
                          int64_t headDim, int64_t pageSize, int64_t numPages,
                          DLDataType dtype,
                          std::shared_ptr<relax_runtime::DeviceMemory> device,
                          DLDeviceType deviceType, RelaxKVCache **cache);

} // namespace relax::runtime

#endif // RELAX_LIB_RUNTIME_KVCACHEONDEVICE_H
