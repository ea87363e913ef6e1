//===- LeakCheck.h - Device buffers never freed, at exit --------*- C++ -*-===//
//
// With RELAX_GPU_LEAK_CHECK=1 in the environment, a GPU runtime reports at
// process exit the device buffers that compiled code allocated
// (mgpuMemAlloc) and never freed: a failed run-time check must free what
// its function owned (--relax-release-on-check-failure), which LeakSanitizer
// cannot see in device memory.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_LEAKCHECK_H
#define RELAX_LIB_RUNTIME_GPU_LEAKCHECK_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace relax::gpu {

/// Registers, once and only when RELAX_GPU_LEAK_CHECK is set, `report` to
/// run at exit.
inline void registerLeakCheck(void (*report)()) {
  static std::once_flag once;
  std::call_once(once, [&] {
    const char *value = std::getenv("RELAX_GPU_LEAK_CHECK");
    if (value && *value && std::strcmp(value, "0") != 0)
      std::atexit(report);
  });
}

/// Writes the report of the allocations `device` (a runtime's device, with
/// a map of allocations that know their `size`) still holds, if any.
template <typename Device>
void reportUnfreed(const char *runtime, const Device *device) {
  if (!device || device->allocations.empty())
    return;
  uint64_t bytes = 0;
  for (const auto &entry : device->allocations)
    bytes += entry.second.size;
  std::fprintf(stderr, "%s: %zu device buffers (%llu bytes) were never freed\n",
               runtime, device->allocations.size(),
               static_cast<unsigned long long>(bytes));
}

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_LEAKCHECK_H
