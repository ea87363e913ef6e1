//===- KernelMatchers.h - What GPU schedules recognize ----------*- C++ -*-===//
//
// The kinds of linalg op of a GPU kernel that its schedules fit: the GPU
// chooser decides from them, and the schedules read the dims they find.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_GPU_KERNELMATCHERS_H
#define RELAX_CODEGEN_GPU_KERNELMATCHERS_H

#include "Relax/Codegen/IR/CodegenAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <optional>

namespace mlir::relax::codegen {

/// The reduction an op's body performs: `out = combiner(out, reduced)`.
struct BodyReduction {
  Operation *combiner;
  Value reduced;
  gpu::AllReduceOperation kind;
  TypedAttr identity;
};

/// The dims of a contraction: the A operand reads batch, m and k dims, the B
/// operand batch, n and k dims.
struct Contraction {
  SmallVector<unsigned> batch, m;
  unsigned n, k;
  unsigned a, b; // Input operand numbers.
};

/// The reduction of `op`'s body, when it has one output and one combiner
/// that `gpu.all_reduce` knows and that has a neutral element.
std::optional<BodyReduction> matchBodyReduction(linalg::LinalgOp op);

/// Whether `op` reduces along its innermost loop, its only reduction dim,
/// with a combiner gpu.all_reduce knows.
bool isRowReduction(linalg::LinalgOp op);

/// The dims of `op` when it is a contraction with one n and one k dim and a
/// combiner gpu.all_reduce knows.
std::optional<Contraction> matchContraction(linalg::LinalgOp op);

/// The product of the static extents of the loops `dims` of `op`, or nothing
/// if one is dynamic.
std::optional<int64_t> getStaticExtent(linalg::LinalgOp op,
                                       ArrayRef<unsigned> dims);

/// Whether B's innermost index is the reduction dim (an [N, K] weight).
bool isReductionInnermostInB(linalg::LinalgOp op, const Contraction &c);

/// The GPU lowering config recorded on `op`, or null.
GPULoweringConfigAttr getGPULoweringConfig(Operation *op);

/// Whether `forall` distributes its iterations over blocks
/// (--relax-gpu-tile-to-blocks).
bool isBlockForall(scf::ForallOp forall);

/// Whether `forall` distributes its iterations over the threads of a block
/// (--relax-gpu-tile-to-threads).
bool isThreadForall(scf::ForallOp forall);

} // namespace mlir::relax::codegen

#endif // RELAX_CODEGEN_GPU_KERNELMATCHERS_H
