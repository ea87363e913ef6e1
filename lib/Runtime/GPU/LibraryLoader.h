//===- LibraryLoader.h - Vendor libraries loaded on first use ---*- C++ -*-===//
//
// The GPU runtimes load vendor libraries (cuBLAS, hipBLAS) with dlopen when a
// program first needs them, so that the runtimes build and load without
// them. A library is set up once: the first call resolves its entry points
// and creates its handles; a failure is remembered, and reported again to
// every later caller instead of being retried.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_LIBRARYLOADER_H
#define RELAX_LIB_RUNTIME_GPU_LIBRARYLOADER_H

#include "ReportError.h"

#include <dlfcn.h>
#include <link.h>

#include <cstring>
#include <initializer_list>
#include <mutex>
#include <string>
#include <vector>

namespace relax::gpu {

/// The first of `names` that dlopen loads, or null.
inline void *openFirstLibrary(std::initializer_list<const char *> names) {
  for (const char *name : names)
    if (void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL))
      return library;
  return nullptr;
}

/// The entry point `name` of `library` as a `Fn`, or null.
template <typename Fn>
Fn lookupFunction(void *library, const char *name) {
  return reinterpret_cast<Fn>(dlsym(library, name));
}

/// Keeps the drivers (ICDs) that the Vulkan loader opened loaded until the
/// process exits. The loader closes them when the last instance goes, and
/// what a driver keeps past that (lavapipe keeps 128 bytes through the
/// Vulkan runtime, more through wgpu-native) is then reported by leak
/// checkers against code they can no longer name, so that it can neither be
/// read nor suppressed.
inline void pinLoadedVulkanDrivers() {
  std::vector<std::string> drivers;
  dl_iterate_phdr(
      [](dl_phdr_info *info, size_t, void *data) {
        const char *name = info->dlpi_name;
        if (name && std::strstr(name, "libvulkan_"))
          static_cast<std::vector<std::string> *>(data)->push_back(name);
        return 0;
      },
      &drivers);
  // dlopen cannot run inside dl_iterate_phdr, which holds the loader lock.
  for (const std::string &driver : drivers)
    dlopen(driver.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

/// A library's entry points and handles (`State`), set up by the first call
/// to `get`.
template <typename State>
class LazyLibrary {
public:
  /// The state, set up by `setup(State &)` on the first call: it returns an
  /// empty string on success, or why the library cannot be used. On failure
  /// the reason, prefixed with `runtime` ("cuda", "hip"), is reported now and
  /// on every later call, which returns null.
  template <typename SetupFn>
  State *get(const char *runtime, SetupFn setup) {
    std::lock_guard<std::mutex> lock(mutex);
    if (ready)
      return &state;
    if (!failure) {
      std::string reason = setup(state);
      if (reason.empty()) {
        ready = true;
        return &state;
      }
      failure = internMessage(std::string(runtime) + ": " + reason);
    }
    relaxReportError(failure);
    return nullptr;
  }

private:
  State state;
  bool ready = false;
  const char *failure = nullptr;
  std::mutex mutex;
};

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_LIBRARYLOADER_H
