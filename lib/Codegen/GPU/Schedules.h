//===- Schedules.h - The GPU schedules' building blocks ---------*- C++ -*-===//
//
// What the GPU schedules share, private to the GPU codegen library: index
// arithmetic, loads and the op body's reduction, launches and grid-stride
// loops (ScheduleBuilders.cpp), and each schedule's builders, whole-op and
// inside a block's tile (RowReduction.cpp, TiledMatmul.cpp, GEMV.cpp).
// BlockTiles.cpp applies them.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_CODEGEN_GPU_SCHEDULES_H
#define RELAX_LIB_CODEGEN_GPU_SCHEDULES_H

#include "Relax/Codegen/GPU/KernelMatchers.h"
#include "Relax/Codegen/IR/CodegenAttrs.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"

namespace mlir::relax::codegen {

/// The most blocks a grid may have along a dim on every target.
inline constexpr int64_t kMaxGridDim = 65535;

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

Value constantIndex(OpBuilder &b, Location loc, int64_t value);

/// The extent of every loop of `op`, computed from its operands' dims.
SmallVector<Value> getLoopSizes(OpBuilder &b, Location loc,
                                linalg::LinalgOp op);

Value getProduct(OpBuilder &b, Location loc, ArrayRef<Value> values);

/// The indices of `linear` in a row-major space of extents `sizes`.
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                               ArrayRef<Value> sizes);

/// The number of blocks along a grid dim for `work` units: at least one, at
/// most the limit; blocks loop over the rest.
Value getGridDim(OpBuilder &b, Location loc, Value work);

Value ceilDiv(OpBuilder &b, Location loc, Value value, int64_t by);

/// The same in a kernel, with one constant fewer (constants a launch uses
/// become kernel arguments).
Value ceilDivInKernel(OpBuilder &b, Location loc, Value value, int64_t by);

Value isLess(OpBuilder &b, Location loc, Value lhs, Value rhs);

/// The indices through which `operand` is accessed at the loop indices
/// `ivs` (its indexing map is a projected permutation).
SmallVector<Value> getAccessIndices(linalg::LinalgOp op, OpOperand *operand,
                                    ArrayRef<Value> ivs);

/// The value of input `operand` at `ivs`: loaded from its buffer, or the
/// scalar itself.
Value loadInput(OpBuilder &b, Location loc, linalg::LinalgOp op,
                OpOperand *operand, ArrayRef<Value> ivs);

/// Clones the body of `op` but its combiner, with inputs `inputs` and loop
/// indices `ivs`: the value the iteration at `ivs` reduces.
Value emitReducedValue(OpBuilder &b, linalg::LinalgOp op,
                       const BodyReduction &reduction, ArrayRef<Value> inputs,
                       ArrayRef<Value> ivs);

/// The combiner of `op` applied to `acc` and `value`.
Value emitCombine(OpBuilder &b, linalg::LinalgOp op,
                  const BodyReduction &reduction, Value acc, Value value);

/// A load of `buffer[indices]` when `inBounds`, zero otherwise.
Value loadOrZero(OpBuilder &b, Location loc, Value inBounds, Value buffer,
                 ValueRange indices);

MemRefType getWorkgroupBufferType(int64_t size, Type elementType);

/// Creates a launch of a 1-D block of `threads` with the given grid and
/// workgroup buffers; the builder is left inside its body.
gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, ArrayRef<Value> grid,
                           int64_t threads, TypeRange workgroupBuffers = {});

/// A grid-stride loop from the block id to `end` by the grid's size along
/// its dim, `gridDim`, computed again in the kernel from the sizes
/// (gpu.grid_dim would need the ROCm device libraries to read it); the
/// builder is left inside its body.
Value createGridStrideLoop(OpBuilder &b, Location loc, Value blockId,
                           Value gridDim, Value end);

/// The loop indices of a contraction at batch index `batch` (linear), row
/// `row` (linear over the m dims), column `n` and reduction index `k`; any
/// of them may be null where the caller does not access through it.
SmallVector<Value> getContractionIvs(OpBuilder &b, Location loc,
                                     linalg::LinalgOp op, const Contraction &c,
                                     ArrayRef<Value> sizes, Value batch,
                                     Value row, Value n, Value k);

SmallVector<Value> getSizes(ArrayRef<Value> sizes, ArrayRef<unsigned> dims);

/// The inputs of the body in operand order, from the A and B values.
SmallVector<Value> orderInputs(const Contraction &c, Value a, Value bValue);

/// Where a block computes an output tile of a contraction: its threads
/// (`tid` of `blockDim`), the batch index, the tile's first row and column,
/// the extents its loads and stores are checked against, and the value the
/// accumulators start from (a fill fused into the tile), or null to start
/// from the output.
struct ContractionTile {
  Value tid, blockDim, batch, m0, n0, mSize, nSize, kSize;
  SmallVector<Value> sizes;
  Value init;
};

//===----------------------------------------------------------------------===//
// row_reduction
//===----------------------------------------------------------------------===//

/// One block per output element (per row), each block striding over the
/// grid while rows remain.
void applyRowReduction(linalg::LinalgOp op, int64_t blockSize);

/// The rows of row reduction `op` inside a block (the tile of a block
/// forall, usually one row), one after the other by all of its threads.
void applyRowReductionInBlock(linalg::LinalgOp op, Value tid, int64_t blockSize,
                              Value init);

/// Whether `op` is a row reduction into at most one element, each dim of
/// its output static 0 or 1 or bounded by 1 (a thread's part of a row
/// reduction or of a merge, --relax-gpu-tile-to-threads).
bool isThreadRowReduction(linalg::LinalgOp op);

/// The row reduction `op` into at most one element as a loop over its row
/// whose accumulator is a value: the element, where there is one, is
/// loaded once and stored once, so that it stays in a register (a loop of
/// loads and stores of memory is not promoted by every target's compiler).
void emitThreadRowReduction(OpBuilder &b, linalg::LinalgOp op);

//===----------------------------------------------------------------------===//
// tiled_matmul
//===----------------------------------------------------------------------===//

/// The tile `t` of a tiled matmul (the config's `tile` and `threads`): for
/// each chunk of tileSizeK along the reduction dim the block loads the A
/// tile (transposed, so that threads read it along m) and the B tile into
/// the workgroup buffers `aTile` and `bTile`, zero outside the bounds,
/// synchronizes, and each thread updates its rowsPerThread x
/// (tileSizeN / threadsN) outputs, strided so that a warp's threads read
/// adjacent columns of B and write adjacent columns of the output.
void emitMatmulTile(OpBuilder &b, Location loc, linalg::LinalgOp op,
                    const Contraction &c, GPULoweringConfigAttr config,
                    const ContractionTile &t, Value aTile, Value bTile);

/// A launch of blocks that each compute output tiles of the matmul, over a
/// grid of the tiles along n (x), the linear m dims (y) and the linear
/// batch dims (z), each block striding over the tiles left.
void applyTiledMatmul(linalg::LinalgOp op, const Contraction &c,
                      GPULoweringConfigAttr config);

//===----------------------------------------------------------------------===//
// gemv
//===----------------------------------------------------------------------===//

/// A GEMV on [K, N] weights, at the row `row` (linear over the batch and m
/// dims) and the columns from `t.n0`: a block takes `columns` adjacent
/// columns of one output row; its threads form blockSize / `columns` slices
/// that stride the reduction dim, reading B along its rows; the slices'
/// partial values meet in the workgroup buffer `partials`, where the first
/// slice combines them into the output (or into `t.init`).
void emitColumnGEMVTile(OpBuilder &b, Location loc, linalg::LinalgOp op,
                        const Contraction &c, GPULoweringConfigAttr config,
                        const ContractionTile &t, Value row, Value partials);

/// A launch over a grid of column groups (x) and rows (y), each block
/// striding over the groups and rows left.
void applyColumnGEMV(linalg::LinalgOp op, const Contraction &c,
                     GPULoweringConfigAttr config);

} // namespace mlir::relax::codegen

#endif // RELAX_LIB_CODEGEN_GPU_SCHEDULES_H
