//===- SPIRVReflection.h - Kernel interface of a SPIR-V module --*- C++ -*-===//
//
// What the Vulkan runtime needs to know about a compute shader before it can
// launch it with the arguments of a `gpu.launch_func`: the entry point, its
// workgroup size, and one descriptor binding per kernel argument, in the shape
// MLIR's convert-gpu-to-spirv and spirv-lower-abi-attrs give them (descriptor
// set 0, binding i for argument i, each a storage buffer holding either an
// array, for a memref argument, or one scalar).
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_SPIRVREFLECTION_H
#define RELAX_LIB_RUNTIME_GPU_SPIRVREFLECTION_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace relax::gpu {

/// One scalar kernel argument: where it lies in its binding's struct.
struct SPIRVScalar {
  uint32_t offset;
  uint32_t bytes;
  bool isFloat;
};

/// Kernel arguments, seen through the storage buffer they are bound to.
struct SPIRVBinding {
  enum class Kind {
    /// A memref argument: the buffer holds an array of `bytes`-sized elements
    /// (its ArrayStride). It takes the five parameters of a rank-1 memref
    /// descriptor.
    Buffer,
    /// Scalar arguments: the buffer holds a struct of `bytes` bytes, one
    /// integer or float member per argument (one member where each scalar
    /// has a binding of its own, all of a kernel's scalars where they are
    /// packed into its last binding). Each takes one parameter, in order.
    Scalar,
  };
  Kind kind;
  uint32_t bytes;
  /// For scalars: the members, in order.
  std::vector<SPIRVScalar> scalars;
};

/// The interface of a module with a single GLCompute entry point.
struct SPIRVKernelInterface {
  std::string entryPoint;
  uint32_t localSize[3] = {1, 1, 1};
  /// Indexed by binding number.
  std::vector<SPIRVBinding> bindings;
  /// Whether the module declares GroupNonUniformArithmetic (subgroup
  /// reductions), which a device supports in compute shaders or not.
  bool subgroupArithmetic = false;

  /// The number of `void *` launch parameters the arguments take: five per
  /// buffer, one per scalar.
  size_t numParams() const;
  size_t numBuffers() const;
  size_t numScalars() const;
};

/// Reads the interface of the SPIR-V binary `data` of `sizeBytes` bytes (no
/// alignment needed). On failure returns false and sets `error` to a sentence
/// that says what in the module is wrong or unsupported.
bool reflectSPIRV(const void *data, size_t sizeBytes,
                  SPIRVKernelInterface &result, std::string &error);

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_SPIRVREFLECTION_H
