//===- ReportError.h - Formatted errors of the GPU runtimes -----*- C++ -*-===//
//
// The GPU runtime libraries report every failure through librelax_runtime's
// relaxReportError, which keeps the pointer it is given. A formatted message
// is therefore interned: each distinct text is stored once, for the life of
// the process, and the stored copy is what is reported.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_REPORTERROR_H
#define RELAX_LIB_RUNTIME_GPU_REPORTERROR_H

#include "Relax/Runtime/RelaxRuntime.h"

#include <cstdarg>
#include <cstdio>
#include <mutex>
#include <string>
#include <unordered_set>

#define RELAX_GPU_RUNTIME_EXPORT __attribute__((visibility("default")))

namespace relax::gpu {

/// Returns a copy of `message` that stays valid until the process exits. Equal
/// messages share one copy, so an error repeated in a loop does not grow the
/// set.
inline const char *internMessage(std::string message) {
  // Leaked on purpose: a message may be read after static destructors ran.
  static auto *mutex = new std::mutex;
  static auto *messages = new std::unordered_set<std::string>;
  std::lock_guard<std::mutex> lock(*mutex);
  return messages->insert(std::move(message)).first->c_str();
}

/// Formats a message like printf and reports it with relaxReportError.
__attribute__((format(printf, 1, 2))) inline void
reportError(const char *format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string message(length > 0 ? length : 0, '\0');
  if (length > 0)
    std::vsnprintf(message.data(), message.size() + 1, format, args);
  va_end(args);
  relaxReportError(internMessage(std::move(message)));
}

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_REPORTERROR_H
