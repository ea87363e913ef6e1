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

#include <initializer_list>
#include <mutex>
#include <string>

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
