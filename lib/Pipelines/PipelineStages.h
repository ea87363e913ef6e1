//===- PipelineStages.h - Stages the lowering pipelines share ---*- C++ -*-===//
//
// The stages that --relax-lower-to-cpu and --relax-lower-to-gpu run alike:
// the graph level, the cleanup after kernels are bufferized, and the host
// lowering. What differs per target (the kernel schedule, where buffers
// live, code generation) stays in each pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_PIPELINES_PIPELINESTAGES_H
#define RELAX_LIB_PIPELINES_PIPELINESTAGES_H

#include "Relax/Conversion/Passes.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"

namespace mlir::relax {

/// Graph level: from high-level ops to planned allocations and calls of
/// tensor programs (with a `library` target, matmuls offloaded to it first;
/// with `quantizedKernels`, products by q4_0 / q8_0 weights to the CPU's
/// micro-kernels); storages are aligned to `alignment` bytes.
void addGraphStage(
    OpPassManager &pm, bool inferShapes, StringRef library,
    bool quantizedKernels, bool fuse, bool planMemory, int64_t alignment = 64,
    PagedAttentionForm pagedAttention = PagedAttentionForm::Gather);

/// After --relax-kernels-to-func: what the kernels' deallocation left,
/// simplified and lowered.
void addKernelCleanupStage(OpPassManager &pm);

/// Host functions: patterns on memrefs with the kernel calls as calls of
/// `target` (see --relax-to-func); the ranges of
/// `sym.constraints` are used by the range analysis before the assumptions
/// go.
void addHostStage(OpPassManager &pm, HostTarget target);

} // namespace mlir::relax

#endif // RELAX_LIB_PIPELINES_PIPELINESTAGES_H
