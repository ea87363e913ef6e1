//===- GPUSchedules.h - GPU schedules of kernel linalg ops ------*- C++ -*-===//
//
// A kernel's linalg ops are mapped to the GPU by one of several schedules.
// Choosing a schedule is separate from applying it:
// `--relax-gpu-select-lowering-config` records a `#relax_codegen.gpu_config`
// on each op, and `--relax-map-kernels-to-gpu` applies what is recorded
// through `applyGPUSchedules`, the generic schedule for the rest.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_GPU_GPUSCHEDULES_H
#define RELAX_CODEGEN_GPU_GPUSCHEDULES_H

#include "Relax/Codegen/IR/CodegenAttrs.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::relax::codegen {

/// Replaces every linalg op of `kernel` (on buffers, in its body) whose
/// `#relax_codegen.gpu_config` has another schedule than the generic one by
/// a gpu.launch that implements it. Ops without a config are left to the
/// generic schedule.
LogicalResult applyGPUSchedules(func::FuncOp kernel);

/// Adds patterns that rewrite, in the kernels of a gpu.module, every
/// `gpu.all_reduce` of a one-dimensional block of known size into a tree
/// reduction through workgroup memory with barriers, which needs no subgroup
/// operations (for SPIR-V targets, whose subgroup size is not known when
/// compiling and whose group operations are limited to subgroup scope).
void populateGPUAllReduceToWorkgroupTreePatterns(RewritePatternSet &patterns);

/// Adds patterns that rewrite, in the kernels of a gpu.module, every
/// `gpu.all_reduce` of a one-dimensional block of known size into
/// `gpu.subgroup_reduce` in each subgroup and a combination of the
/// subgroups' results through workgroup memory (for SPIR-V targets with
/// subgroup arithmetic, whatever their subgroup size).
void populateGPUAllReduceThroughSubgroupsPatterns(RewritePatternSet &patterns);

} // namespace mlir::relax::codegen

#endif // RELAX_CODEGEN_GPU_GPUSCHEDULES_H
