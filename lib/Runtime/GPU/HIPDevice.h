//===- HIPDevice.h - The HIP runtime's device and errors --------*- C++ -*-===//
//
// What the parts of librelax_hip_runtime share: the one device every call
// runs on (device 0 or RELAX_HIP_DEVICE) and the reporting of failed HIP
// calls.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_HIPDEVICE_H
#define RELAX_LIB_RUNTIME_GPU_HIPDEVICE_H

#include <hip/hip_runtime_api.h>

#include <string>

namespace relax::gpu::hip {

/// The name and description of a HIP result.
std::string describe(hipError_t result);

/// Reports a failed HIP call; returns whether `result` is a success.
bool check(hipError_t result, const char *call);

/// Makes the chosen device current on this thread; false, after reporting
/// why, if it cannot.
bool useDevice();

} // namespace relax::gpu::hip

#endif // RELAX_LIB_RUNTIME_GPU_HIPDEVICE_H
