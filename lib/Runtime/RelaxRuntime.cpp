//===- RelaxRuntime.cpp - Run-time errors of compiled Relax code ----------===//
//
// The one recorded error is process-wide, not per thread: a check inside a
// parallel loop reports from a worker thread, and the thread that called the
// compiled code reads it afterwards.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/RelaxRuntime.h"
#include "SilentCalls.h"

#include <atomic>
#include <cstdio>

#define RELAX_RUNTIME_EXPORT __attribute__((visibility("default")))

namespace {
// Calls through the module API return their errors: while one runs, the
// default handler prints nothing.
std::atomic<int> silentCalls{0};

void printToStderr(const char *message, void *) {
  if (silentCalls.load() > 0)
    return;
  std::fprintf(stderr, "error: run-time check failed: %s\n", message);
  std::fflush(stderr);
}

std::atomic<RelaxErrorHandler> handler{printToStderr};
std::atomic<void *> handlerData{nullptr};
std::atomic<const char *> recorded{nullptr};

// Recursion is on the thread that called the compiled code.
thread_local unsigned long long callDepth = 0;
thread_local unsigned long long maxCallDepth = 10000;
} // namespace

relax::runtime::SilentCall::SilentCall() { ++silentCalls; }
relax::runtime::SilentCall::~SilentCall() { --silentCalls; }

extern "C" RELAX_RUNTIME_EXPORT void
relaxSetErrorHandler(RelaxErrorHandler newHandler, void *userData) {
  handlerData.store(userData);
  handler.store(newHandler ? newHandler : printToStderr);
}

extern "C" RELAX_RUNTIME_EXPORT void relaxReportError(const char *message) {
  const char *none = nullptr;
  if (!recorded.compare_exchange_strong(none, message))
    return;
  handler.load()(message, handlerData.load());
}

extern "C" RELAX_RUNTIME_EXPORT const char *relaxGetError(void) {
  return recorded.load();
}

extern "C" RELAX_RUNTIME_EXPORT void relaxClearError(void) {
  recorded.store(nullptr);
  callDepth = 0;
}

extern "C" RELAX_RUNTIME_EXPORT void
relaxSetMaxCallDepth(unsigned long long limit) {
  maxCallDepth = limit;
}

extern "C" RELAX_RUNTIME_EXPORT int relaxEnterCall(void) {
  if (callDepth >= maxCallDepth)
    return 0;
  ++callDepth;
  return 1;
}

extern "C" RELAX_RUNTIME_EXPORT void relaxLeaveCall(void) {
  if (callDepth)
    --callDepth;
}
