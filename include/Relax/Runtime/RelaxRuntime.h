/*===- RelaxRuntime.h - Run-time errors of compiled Relax code ----*- C -*-===*\
|*                                                                            *|
|* The C API of librelax_runtime: how compiled code reports a failed run-time *|
|* check, and how the program that calls it learns of it. A check that fails  *|
|* calls relaxReportError with its message; the function that checked returns *|
|* at once, and so does every compiled caller, up to the entry point the      *|
|* program called. The program then reads relaxGetError: a result returned    *|
|* after an error is meaningless and must not be used or freed.               *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RELAX_RUNTIME_RELAXRUNTIME_H
#define RELAX_RUNTIME_RELAXRUNTIME_H

#ifdef __cplusplus
extern "C" {
#endif

/// Receives the message of a run-time error, without a trailing newline, and
/// the `userData` given to relaxSetErrorHandler.
typedef void (*RelaxErrorHandler)(const char *message, void *userData);

/// Installs `handler`, or the default one for a null `handler`: it writes
/// `error: run-time check failed: <message>` and a newline to stderr. The
/// handler is called once per error, for the first report after
/// relaxClearError, on the thread that reported it; it must return.
void relaxSetErrorHandler(RelaxErrorHandler handler, void *userData);

/// Records `message` as the current error unless one is recorded already, and
/// then calls the handler. Compiled code calls it; `message` must stay valid
/// until relaxClearError (compiled code passes its own constant strings).
/// Safe to call from several threads at once.
void relaxReportError(const char *message);

/// The message of the first error reported since the last relaxClearError,
/// or null when there is none.
const char *relaxGetError(void);

/// Forgets the recorded error, before the next call into compiled code, and
/// resets the calling thread's call depth (a failed check returns from every
/// call without leaving it).
void relaxClearError(void);

/// Compiled functions that can call themselves (directly or through others)
/// enter and leave through these: relaxEnterCall returns 0, without entering,
/// when the calling thread is already `limit` calls deep, and the function
/// then fails its check. The limit is 10,000 unless set: enough for small
/// frames on a default 8 MiB stack. Set it before the call, on the thread
/// that makes it; a larger limit needs a larger stack.
void relaxSetMaxCallDepth(unsigned long long limit);
int relaxEnterCall(void);
void relaxLeaveCall(void);

#ifdef __cplusplus
}
#endif

#endif // RELAX_RUNTIME_RELAXRUNTIME_H
