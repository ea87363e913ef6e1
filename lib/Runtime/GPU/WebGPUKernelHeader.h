//===- WebGPUKernelHeader.h - Interface line of a WGSL kernel ---*- C++ -*-===//
//
// The webgpu target embeds each kernel as WGSL text whose first line says how
// the launch parameters of a `gpu.launch_func` map to the shader's bindings:
//
//   // relax.webgpu.kernel {"kernel": ..., "entry": ..., "workgroup_size":
//   //   [x, y, z], "workgroup_bytes": N, "bindings": [...]}
//
// (one line), then the WGSL. All bindings are in @group(0), numbered from 0:
// first one storage binding per memref argument, in launch order, then at
// most one uniform binding holding all of the kernel's scalars. WGSL cannot
// be reflected without a WGSL parser, which is why the compiler states the
// interface instead.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GPU_WEBGPUKERNELHEADER_H
#define RELAX_LIB_RUNTIME_GPU_WEBGPUKERNELHEADER_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace relax::gpu {

/// The text the first line of a WGSL kernel starts with.
constexpr const char kWebGPUKernelMarker[] = "// relax.webgpu.kernel ";

/// One scalar argument: `bytes` bytes of its host value go at `offset` in the
/// uniform binding.
struct WebGPUScalar {
  uint32_t offset;
  uint32_t bytes;
};

struct WebGPUBinding {
  enum class Kind { Storage, Uniform };
  Kind kind;

  /// Storage: a memref argument of rank `rank`, which takes 3 + 2 * rank
  /// launch parameters (its descriptor). Its view is bound as
  /// `read` (read-only storage) or `read_write`.
  bool readOnly = false;
  std::string elementType;
  uint32_t elementBytes = 0;
  uint32_t rank = 0;
  /// The bytes the shader declares (a sized array), or 0: a smaller view is
  /// an error.
  uint64_t minBytes = 0;

  /// Uniform: a struct of `size` bytes holding `scalars`, which take one
  /// launch parameter each.
  uint32_t size = 0;
  std::vector<WebGPUScalar> scalars;

  size_t numParams() const {
    return kind == Kind::Storage ? 3 + 2 * size_t(rank) : scalars.size();
  }
  const char *access() const { return readOnly ? "read" : "read_write"; }
};

/// What the first line of a WGSL kernel says.
struct WebGPUKernelInterface {
  /// The name mgpuModuleGetFunction asks for.
  std::string kernel;
  /// The WGSL entry point.
  std::string entry;
  uint32_t workgroupSize[3] = {1, 1, 1};
  /// Workgroup memory the kernel declares.
  uint64_t workgroupBytes = 0;
  /// Indexed by binding number.
  std::vector<WebGPUBinding> bindings;

  size_t numParams() const;
  size_t numStorage() const;
  size_t numScalars() const;
  /// The uniform binding, if the kernel has scalars.
  const WebGPUBinding *uniform() const {
    return !bindings.empty() &&
                   bindings.back().kind == WebGPUBinding::Kind::Uniform
               ? &bindings.back()
               : nullptr;
  }
};

/// Reads the header line of the WGSL kernel `data` of `sizeBytes` bytes. On
/// failure returns false and sets `error` to a sentence that says what is
/// wrong.
bool parseWebGPUKernelHeader(const void *data, size_t sizeBytes,
                             WebGPUKernelInterface &result, std::string &error);

} // namespace relax::gpu

#endif // RELAX_LIB_RUNTIME_GPU_WEBGPUKERNELHEADER_H
