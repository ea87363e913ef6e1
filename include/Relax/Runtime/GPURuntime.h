/*===- GPURuntime.h - The mgpu* functions of the GPU runtimes ----*- C -*-===*\
|*                                                                            *|
|* The functions that upstream MLIR's gpu-to-llvm lowering and the LLVM IR    *|
|* translation of gpu.binary and gpu.launch_func call, as MLIR 22 declares    *|
|* them. librelax_vulkan_runtime, librelax_cuda_runtime and                   *|
|* librelax_hip_runtime each define all of them, for one kind of device.      *|
|*                                                                            *|
|* None of them aborts. A failure is reported with relaxReportError           *|
|* (RelaxRuntime.h) and the function returns: a null handle or pointer, or    *|
|* nothing done. A call on a null handle that an earlier failure returned     *|
|* reports again and does nothing, so the error reaches the program through   *|
|* relaxGetError even if it was cleared in between.                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RELAX_RUNTIME_GPURUNTIME_H
#define RELAX_RUNTIME_GPURUNTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Loads the device code of one gpu.binary (a SPIR-V module, a cubin or PTX,
/// an AMD code object). Compiled code calls it from a global constructor.
void *mgpuModuleLoad(void *data, size_t sizeBytes);
/// The same for an object in assembly form (PTX) that the driver compiles at
/// `optLevel`; `data` is NUL-terminated.
void *mgpuModuleLoadJIT(void *data, int optLevel);
void mgpuModuleUnload(void *module);
/// The kernel `name` (a NUL-terminated string) of `module`.
void *mgpuModuleGetFunction(void *module, const char *name);

void *mgpuStreamCreate(void);
/// Destroys `stream`; the work queued on it still runs to completion.
void mgpuStreamDestroy(void *stream);
void mgpuStreamSynchronize(void *stream);

/// Launches `function` on a grid of `gridX x gridY x gridZ` blocks of
/// `blockX x blockY x blockZ` threads. `params` holds `paramsCount` pointers,
/// each to the value of one parameter: a memref argument of rank 1 is five
/// parameters (allocated pointer, aligned pointer, i64 offset, i64 size, i64
/// stride), a scalar one is one.
void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t smemBytes, void *stream,
                      void **params, void **extra, size_t paramsCount);

/// Device memory of `sizeBytes` bytes; `isHostShared` asks for memory that
/// the host may also address.
void *mgpuMemAlloc(uint64_t sizeBytes, void *stream, bool isHostShared);
void mgpuMemFree(void *ptr, void *stream);
void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, void *stream);
/// Sets `count` 32-bit (16-bit) words at `dst` to `value`.
void mgpuMemset32(void *dst, unsigned value, size_t count, void *stream);
void mgpuMemset16(void *dst, unsigned short value, size_t count, void *stream);

void *mgpuEventCreate(void);
void mgpuEventDestroy(void *event);
void mgpuEventSynchronize(void *event);
void mgpuEventRecord(void *event, void *stream);
void mgpuStreamWaitEvent(void *stream, void *event);

#ifdef __cplusplus
}
#endif

#endif // RELAX_RUNTIME_GPURUNTIME_H
