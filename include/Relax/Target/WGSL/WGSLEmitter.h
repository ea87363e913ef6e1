//===- WGSLEmitter.h - SPIR-V compute shaders as WGSL -----------*- C++ -*-===//
//
// Browsers take WebGPU shaders only in WGSL. The emitter prints the one
// compute entry point of a `spirv.module` (logical addressing, structured
// control flow, as `--relax-gpu-to-spirv` produces for the webgpu target) as
// a WGSL module, preceded by a header line that describes its bindings for
// the runtime:
//
//   // relax.webgpu.kernel {"kernel": ..., "entry": ..., "workgroup_size":
//   //   [x, y, z], "workgroup_bytes": N, "bindings": [...]}
//
// Storage buffers are `var<storage, read>` or `var<storage, read_write>`
// by what the kernel stores (and what the caller asks for), the struct of
// scalars is one `var<uniform>`, and WebGPU's limits are checked with
// located errors.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TARGET_WGSL_WGSLEMITTER_H
#define RELAX_TARGET_WGSL_WGSLEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir {
namespace spirv {
class ModuleOp;
} // namespace spirv

namespace relax::wgsl {

/// What the host passes for one argument of a kernel, in launch order: a
/// buffer (a memref descriptor of `rank`) or a scalar.
struct KernelArgument {
  /// The element type of a buffer, or the type of a scalar, on the host.
  Type type;
  /// The rank of a buffer's memref; -1 for a scalar.
  int64_t rank = -1;
  /// A buffer the kernel does not write that must still be bound writable:
  /// a launch passes it a view of memory that another argument writes, and
  /// WebGPU forbids read-only and writable views of one buffer in a dispatch.
  bool forceReadWrite = false;

  bool isBuffer() const { return rank >= 0; }
};

/// WebGPU's limits that the emitter checks (the defaults of the spec).
struct WGSLLimits {
  int64_t maxStorageBuffers = 8;
  int64_t maxInvocations = 256;
  int64_t maxWorkgroupSizeXY = 256;
  int64_t maxWorkgroupSizeZ = 64;
  int64_t maxWorkgroupStorageBytes = 16384;
  /// Whether f16 is computed in f16 (the device has `shader-f16`) rather
  /// than in f32 on f16 storage packed in u32 words.
  bool shaderF16 = false;
};

/// Prints the entry point of `module`, the kernel `kernelName` whose
/// arguments are `arguments`, as a WGSL module with its header line to `os`.
/// Reports a located error and fails where the kernel needs what WebGPU does
/// not have (64-bit types, a construct the emitter does not know) or
/// exceeds `limits`.
LogicalResult translateToWGSL(spirv::ModuleOp module, StringRef kernelName,
                              ArrayRef<KernelArgument> arguments,
                              const WGSLLimits &limits, raw_ostream &os);

/// The storage buffer bindings of the entry point of `module` that it
/// writes (stores or atomics), by binding number.
SmallVector<bool> getWrittenBindings(spirv::ModuleOp module);

/// Translates the `spirv.module` of every `gpu.module` in `root` whose
/// target environment is WebGPU's, calling `emit` with the gpu.module and
/// its WGSL. A kernel's arguments come from its `gpu.func`, and a buffer
/// it only reads is bound writable where a launch in `root` passes it a
/// view of the memory another argument of the launch writes.
LogicalResult translateModuleToWGSL(
    Operation *root, const WGSLLimits &limits,
    function_ref<LogicalResult(Operation *gpuModule, StringRef wgsl)> emit);

} // namespace relax::wgsl
} // namespace mlir

#endif // RELAX_TARGET_WGSL_WGSLEMITTER_H
