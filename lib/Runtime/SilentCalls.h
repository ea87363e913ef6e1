//===- SilentCalls.h - Calls whose errors are returned ----------*- C++ -*-===//
//
// A call through the module API (RelaxModule.h) returns a failed check as
// a status and a message; while such a call runs, the default error handler
// of RelaxRuntime.h prints nothing. A handler the program installed is
// still called.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_SILENTCALLS_H
#define RELAX_LIB_RUNTIME_SILENTCALLS_H

namespace relax::runtime {

/// Marks a call in flight for its lifetime.
class SilentCall {
public:
  SilentCall();
  ~SilentCall();
  SilentCall(const SilentCall &) = delete;
  SilentCall &operator=(const SilentCall &) = delete;
};

} // namespace relax::runtime

#endif // RELAX_LIB_RUNTIME_SILENTCALLS_H
