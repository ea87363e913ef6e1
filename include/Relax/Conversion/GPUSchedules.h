//===- GPUSchedules.h - GPU schedules of kernel linalg ops ------*- C++ -*-===//
//
// A kernel's linalg ops are mapped to the GPU by one of several schedules.
// Choosing a schedule (from the kind of the op and its shapes) is separate
// from applying it: `chooseGPUSchedule` decides, `--relax-choose-gpu-schedule`
// records the decision on each op as a `#relax_codegen.gpu_schedule`, and
// `--relax-map-kernels-to-gpu` applies what is recorded through
// `applyGPUSchedules`, the generic schedule for the rest.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CONVERSION_GPUSCHEDULES_H
#define RELAX_CONVERSION_GPUSCHEDULES_H

#include "Relax/Codegen/IR/CodegenAttrs.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::relax {

/// The schedules a kernel's linalg op can be mapped with (see
/// `#relax_codegen.gpu_schedule`).
using codegen::GPUSchedule;

/// The name of the attribute that records an op's schedule.
inline StringRef getGPUScheduleAttrName() {
  return codegen::RelaxCodegenDialect::getLoweringConfigAttrName();
}

/// Chooses the schedule of `op` from its kind and its static shapes (the
/// generic one when no other applies).
GPUSchedule chooseGPUSchedule(linalg::LinalgOp op);

/// Replaces every linalg op of `kernel` (on buffers, in its body) whose
/// recorded schedule is not the generic one by a gpu.launch that implements
/// it, with `blockSize` threads per block. Ops without a record are left to
/// the generic schedule.
LogicalResult applyGPUSchedules(func::FuncOp kernel, int64_t blockSize);

/// Adds patterns that rewrite, in the kernels of a gpu.module, every
/// `gpu.all_reduce` of a one-dimensional block of known size into a tree
/// reduction through workgroup memory with barriers, which needs no subgroup
/// operations (for SPIR-V targets, whose subgroup size is not known when
/// compiling and whose group operations are limited to subgroup scope).
void populateGPUAllReduceToWorkgroupTreePatterns(RewritePatternSet &patterns);

} // namespace mlir::relax

#endif // RELAX_CONVERSION_GPUSCHEDULES_H
