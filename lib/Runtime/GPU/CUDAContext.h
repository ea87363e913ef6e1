//===- CUDAContext.h - The CUDA runtime's context and errors ----*- C++ -*-===//
//
// What the parts of librelax_cuda_runtime share: the one context every call
// runs in (the primary context of device 0 or RELAX_CUDA_DEVICE) and the
// reporting of failed driver calls.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_CUDACONTEXT_H
#define RELAX_LIB_RUNTIME_GPU_CUDACONTEXT_H

#include <cuda.h>

#include <string>

namespace relax::gpu::cuda {

/// The name and description of a driver result.
std::string describe(CUresult result);

/// Reports a failed driver call; returns whether `result` is a success.
bool check(CUresult result, const char *call);

/// The primary context of the chosen device, retained by the first call and
/// kept for the life of the process; null, after reporting why, if there is
/// none.
CUcontext getContext();

/// Makes the runtime's context current for the life of the object.
class ScopedContext {
public:
  ScopedContext() {
    if (CUcontext context = getContext())
      pushed = check(cuCtxPushCurrent(context), "cuCtxPushCurrent");
  }
  ~ScopedContext() {
    CUcontext popped;
    if (pushed)
      cuCtxPopCurrent(&popped);
  }
  ScopedContext(const ScopedContext &) = delete;
  ScopedContext &operator=(const ScopedContext &) = delete;
  explicit operator bool() const { return pushed; }

private:
  bool pushed = false;
};

} // namespace relax::gpu::cuda

#endif // RELAX_LIB_RUNTIME_GPU_CUDACONTEXT_H
