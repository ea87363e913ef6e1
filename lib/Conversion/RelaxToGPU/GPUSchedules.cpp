//===- GPUSchedules.cpp - GPU schedules of kernel linalg ops --------------===//
//
// The schedules that replace the generic one for the linalg ops they fit,
// each a gpu.launch built directly from the op (its loops, indexing maps and
// body):
//
// - row_reduction: one block per output element; its threads stride the
//   innermost (reduction) dim, accumulating privately, then combine across
//   the block with gpu.all_reduce, and one thread writes;
// - tiled_matmul: a block computes a 64x64 output tile, stepping through the
//   reduction dim 16 at a time: the block loads the A and B tiles into
//   workgroup memory (zero outside the bounds), synchronizes, and each thread
//   accumulates its outputs in registers;
// - gemv: few output rows. With the reduction dim innermost in B (an [N, K]
//   weight) each output is a row reduction; otherwise a block takes 32
//   adjacent columns, its threads split the reduction dim, and the partial
//   sums meet in workgroup memory.
//
// Every launch loops over its blocks' work with grid-stride loops, so grids
// stay within the 65535 blocks per dim that every target accepts.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Codegen/GPU/KernelMatchers.h"
#include "Relax/Conversion/GPUSchedules.h"
#include "Relax/Conversion/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/TransformOps/GPUTransformOps.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLOWERGPUWORKGROUPOPSPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using codegen::BodyReduction;
using codegen::Contraction;
using codegen::GPUSchedule;
using codegen::isReductionInnermostInB;
using codegen::isRowReduction;
using codegen::matchBodyReduction;
using codegen::matchContraction;

/// The most blocks a grid may have along a dim on every target.
static constexpr int64_t kMaxGridDim = 65535;

//===----------------------------------------------------------------------===//
// Building blocks
//===----------------------------------------------------------------------===//

static Value constantIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The extent of every loop of `op`, computed from its operands' dims.
static SmallVector<Value> getLoopSizes(OpBuilder &b, Location loc,
                                       linalg::LinalgOp op) {
  SmallVector<Value> sizes;
  for (Range range : op.createLoopRanges(b, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, range.size));
  return sizes;
}

static Value getProduct(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Value product = constantIndex(b, loc, 1);
  for (Value value : values)
    product = arith::MulIOp::create(b, loc, product, value);
  return product;
}

/// The indices of `linear` in a row-major space of extents `sizes`.
static SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
                                      ArrayRef<Value> sizes) {
  SmallVector<Value> indices(sizes.size());
  for (int64_t i = static_cast<int64_t>(sizes.size()) - 1; i > 0; --i) {
    indices[i] = arith::RemUIOp::create(b, loc, linear, sizes[i]);
    linear = arith::DivUIOp::create(b, loc, linear, sizes[i]);
  }
  if (!sizes.empty())
    indices[0] = linear;
  return indices;
}

/// The number of blocks along a grid dim for `work` units: at least one, at
/// most the limit; blocks loop over the rest.
static Value getGridDim(OpBuilder &b, Location loc, Value work) {
  Value clamped = arith::MinUIOp::create(b, loc, work,
                                         constantIndex(b, loc, kMaxGridDim));
  return arith::MaxUIOp::create(b, loc, clamped, constantIndex(b, loc, 1));
}

static Value ceilDiv(OpBuilder &b, Location loc, Value value, int64_t by) {
  Value biased =
      arith::AddIOp::create(b, loc, value, constantIndex(b, loc, by - 1));
  return arith::DivUIOp::create(b, loc, biased, constantIndex(b, loc, by));
}

/// The same in a kernel, with one constant fewer (constants a launch uses
/// become kernel arguments).
static Value ceilDivInKernel(OpBuilder &b, Location loc, Value value,
                             int64_t by) {
  return arith::CeilDivUIOp::create(b, loc, value, constantIndex(b, loc, by));
}

static Value isLess(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lhs, rhs);
}

/// The indices through which `operand` is accessed at the loop indices
/// `ivs` (its indexing map is a projected permutation).
static SmallVector<Value> getAccessIndices(linalg::LinalgOp op,
                                           OpOperand *operand,
                                           ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : op.getMatchingIndexingMap(operand).getResults())
    indices.push_back(ivs[cast<AffineDimExpr>(expr).getPosition()]);
  return indices;
}

/// The value of input `operand` at `ivs`: loaded from its buffer, or the
/// scalar itself.
static Value loadInput(OpBuilder &b, Location loc, linalg::LinalgOp op,
                       OpOperand *operand, ArrayRef<Value> ivs) {
  if (!isa<MemRefType>(operand->get().getType()))
    return operand->get();
  return memref::LoadOp::create(b, loc, operand->get(),
                                getAccessIndices(op, operand, ivs));
}

/// Clones the body of `op` but its combiner, with inputs `inputs` and loop
/// indices `ivs`: the value the iteration at `ivs` reduces.
static Value emitReducedValue(OpBuilder &b, linalg::LinalgOp op,
                              const BodyReduction &reduction,
                              ArrayRef<Value> inputs, ArrayRef<Value> ivs) {
  IRMapping mapping;
  for (auto [arg, value] : llvm::zip(op.getRegionInputArgs(), inputs))
    mapping.map(arg, value);
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (&inner == reduction.combiner)
      continue;
    if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    b.clone(inner, mapping);
  }
  return mapping.lookupOrDefault(reduction.reduced);
}

/// The combiner of `op` applied to `acc` and `value`.
static Value emitCombine(OpBuilder &b, linalg::LinalgOp op,
                         const BodyReduction &reduction, Value acc,
                         Value value) {
  IRMapping mapping;
  mapping.map(op.getRegionOutputArgs().front(), acc);
  mapping.map(reduction.reduced, value);
  return b.clone(*reduction.combiner, mapping)->getResult(0);
}

/// A load of `buffer[indices]` when `inBounds`, zero otherwise.
static Value loadOrZero(OpBuilder &b, Location loc, Value inBounds,
                        Value buffer, ValueRange indices) {
  Type type = cast<MemRefType>(buffer.getType()).getElementType();
  auto ifOp = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &nb, Location l) {
        scf::YieldOp::create(nb, l,
                             memref::LoadOp::create(nb, l, buffer, indices)
                                 .getResult());
      },
      [&](OpBuilder &nb, Location l) {
        scf::YieldOp::create(
            nb, l,
            arith::ConstantOp::create(nb, l, nb.getZeroAttr(type))
                .getResult());
      });
  return ifOp.getResult(0);
}

static MemRefType getWorkgroupBufferType(int64_t size, Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  return MemRefType::get(
      {size}, elementType, MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
}

/// Creates a launch of a 1-D block of `threads` with the given grid and
/// workgroup buffers; the builder is left inside its body.
static gpu::LaunchOp createLaunch(OpBuilder &b, Location loc,
                                  ArrayRef<Value> grid, int64_t threads,
                                  TypeRange workgroupBuffers = {}) {
  Value one = constantIndex(b, loc, 1);
  auto launch = gpu::LaunchOp::create(
      b, loc, grid[0], grid.size() > 1 ? grid[1] : one,
      grid.size() > 2 ? grid[2] : one, constantIndex(b, loc, threads), one,
      one, /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/{}, workgroupBuffers);
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&body);
  return launch;
}

/// A grid-stride loop from the block id to `end` by the grid's size along
/// its dim, `gridDim`, computed again in the kernel from the sizes
/// (gpu.grid_dim would need the ROCm device libraries to read it); the
/// builder is left inside its body.
static Value createGridStrideLoop(OpBuilder &b, Location loc, Value blockId,
                                  Value gridDim, Value end) {
  auto loop = scf::ForOp::create(b, loc, blockId, end, gridDim);
  b.setInsertionPointToStart(loop.getBody());
  return loop.getInductionVar();
}

//===----------------------------------------------------------------------===//
// row_reduction
//===----------------------------------------------------------------------===//

/// The reduction of one row of `op`, at parallel indices `ivs`, by the
/// threads of a block (`tid` of `blockSize`): the threads stride the
/// reduction dim (of extent `length`) from their id, accumulating from the
/// combiner's neutral element, then gpu.all_reduce combines their values and
/// thread 0 combines the result into the output.
static void emitRowInBlock(OpBuilder &b, Location loc, linalg::LinalgOp op,
                           const BodyReduction &reduction,
                           ArrayRef<Value> ivs, Value length, Value tid,
                           int64_t blockSize, Value init = nullptr) {
  Value identity = arith::ConstantOp::create(b, loc, reduction.identity);
  auto strideLoop = scf::ForOp::create(
      b, loc, tid, length, constantIndex(b, loc, blockSize),
      ValueRange{identity},
      [&](OpBuilder &nb, Location l, Value k, ValueRange acc) {
        SmallVector<Value> all(ivs);
        all.push_back(k);
        SmallVector<Value> inputs;
        for (OpOperand *input : op.getDpsInputOperands())
          inputs.push_back(loadInput(nb, l, op, input, all));
        Value value = emitReducedValue(nb, op, reduction, inputs, all);
        scf::YieldOp::create(nb, l,
                             emitCombine(nb, op, reduction, acc[0], value));
      });
  Value total = gpu::AllReduceOp::create(
      b, loc, strideLoop.getResult(0),
      gpu::AllReduceOperationAttr::get(b.getContext(), reduction.kind),
      /*uniform=*/true);

  OpBuilder::InsertionGuard guard(b);
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, tid,
                                      constantIndex(b, loc, 0));
  auto ifFirst = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  b.setInsertionPointToStart(ifFirst.thenBlock());
  OpOperand *output = op.getDpsInitOperand(0);
  SmallVector<Value> all(ivs);
  all.push_back(constantIndex(b, loc, 0));
  SmallVector<Value> indices = getAccessIndices(op, output, all);
  Value old = init ? init
                   : memref::LoadOp::create(b, loc, output->get(), indices)
                         .getResult();
  memref::StoreOp::create(b, loc, emitCombine(b, op, reduction, old, total),
                          output->get(), indices);
}

/// One block per output element (per row), each block striding over the
/// grid while rows remain.
static void applyRowReduction(linalg::LinalgOp op, int64_t blockSize) {
  BodyReduction reduction = *matchBodyReduction(op);
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> sizes = getLoopSizes(b, loc, op);
  ArrayRef<Value> parallelSizes = ArrayRef<Value>(sizes).drop_back();
  Value rows = getProduct(b, loc, parallelSizes);
  Value grid = getGridDim(b, loc, rows);
  gpu::LaunchOp launch = createLaunch(b, loc, {grid}, blockSize);
  grid = getGridDim(b, loc, rows);
  Value row = createGridStrideLoop(b, loc, launch.getBlockIds().x, grid, rows);
  SmallVector<Value> ivs = delinearize(b, loc, row, parallelSizes);
  emitRowInBlock(b, loc, op, reduction, ivs, sizes.back(),
                 launch.getThreadIds().x, blockSize);
}

/// The rows of row reduction `op` inside a block (the tile of a block
/// forall, usually one row), one after the other by all of its threads.
static void applyRowReductionInBlock(linalg::LinalgOp op, Value tid,
                                     int64_t blockSize, Value init) {
  BodyReduction reduction = *matchBodyReduction(op);
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> sizes = getLoopSizes(b, loc, op);
  ArrayRef<Value> parallelSizes = ArrayRef<Value>(sizes).drop_back();
  // One iteration for a tile of one row, which canonicalization unrolls.
  Value rows = getProduct(b, loc, parallelSizes);
  auto loop = scf::ForOp::create(b, loc, constantIndex(b, loc, 0), rows,
                                 constantIndex(b, loc, 1));
  b.setInsertionPointToStart(loop.getBody());
  SmallVector<Value> ivs =
      delinearize(b, loc, loop.getInductionVar(), parallelSizes);
  emitRowInBlock(b, loc, op, reduction, ivs, sizes.back(), tid, blockSize,
                 init);
}

//===----------------------------------------------------------------------===//
// tiled_matmul
//===----------------------------------------------------------------------===//

/// The loop indices of a contraction at batch index `batch` (linear), row
/// `row` (linear over the m dims), column `n` and reduction index `k`; any
/// of them may be null where the caller does not access through it.
static SmallVector<Value>
getContractionIvs(OpBuilder &b, Location loc, linalg::LinalgOp op,
                  const Contraction &c, ArrayRef<Value> sizes, Value batch,
                  Value row, Value n, Value k) {
  Value zero = constantIndex(b, loc, 0);
  SmallVector<Value> ivs(op.getNumLoops(), zero);
  auto scatter = [&](ArrayRef<unsigned> dims, Value linear) {
    if (!linear)
      return;
    SmallVector<Value> dimSizes;
    for (unsigned dim : dims)
      dimSizes.push_back(sizes[dim]);
    for (auto [dim, index] :
         llvm::zip(dims, delinearize(b, loc, linear, dimSizes)))
      ivs[dim] = index;
  };
  scatter(c.batch, batch);
  scatter(c.m, row);
  if (n)
    ivs[c.n] = n;
  if (k)
    ivs[c.k] = k;
  return ivs;
}

static SmallVector<Value> getSizes(ArrayRef<Value> sizes,
                                   ArrayRef<unsigned> dims) {
  SmallVector<Value> result;
  for (unsigned dim : dims)
    result.push_back(sizes[dim]);
  return result;
}

/// The inputs of the body in operand order, from the A and B values.
static SmallVector<Value> orderInputs(const Contraction &c, Value a,
                                      Value bValue) {
  SmallVector<Value> inputs(2);
  inputs[c.a] = a;
  inputs[c.b] = bValue;
  return inputs;
}

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

/// The tile `t` of a tiled matmul (the config's `tile` and `threads`): for
/// each chunk of tileSizeK along the reduction dim the block loads the A
/// tile (transposed, so that threads read it along m) and the B tile into
/// the workgroup buffers `aTile` and `bTile`, zero outside the bounds,
/// synchronizes, and each thread updates its rowsPerThread x
/// (tileSizeN / threadsN) outputs, strided so that a warp's threads read
/// adjacent columns of B and write adjacent columns of the output.
static void emitMatmulTile(OpBuilder &b, Location loc, linalg::LinalgOp op,
                           const Contraction &c,
                           codegen::GPULoweringConfigAttr config,
                           const ContractionTile &t, Value aTile,
                           Value bTile) {
  const int64_t blockSize = config.getWorkgroup();
  const int64_t tileSizeM = config.getTile()[0],
                tileSizeN = config.getTile()[1],
                tileSizeK = config.getTile()[2];
  const int64_t threadsM = config.getThreads()[0],
                threadsN = config.getThreads()[1];
  const int64_t rowsPerThread = tileSizeM / threadsM;
  const int64_t colsPerThread = tileSizeN / threadsN;
  BodyReduction reduction = *matchBodyReduction(op);
  OpOperand *aOperand = op.getDpsInputOperand(c.a);
  OpOperand *bOperand = op.getDpsInputOperand(c.b);
  OpOperand *init = op.getDpsInitOperand(0);
  Value tid = t.tid, batch = t.batch, m0 = t.m0, n0 = t.n0;
  Value mSize = t.mSize, nSize = t.nSize, kSize = t.kSize;
  ArrayRef<Value> sizes = t.sizes;
  Value tx = arith::RemUIOp::create(b, loc, tid,
                                    constantIndex(b, loc, threadsN));
  Value ty = arith::DivUIOp::create(b, loc, tid,
                                    constantIndex(b, loc, threadsN));

  // The outputs of this thread: their positions, bounds and initial values.
  struct Output {
    Value row, col, inBounds;
  };
  SmallVector<Output> outputs;
  SmallVector<Value> accs;
  // Offsets are stepped rather than each made from its own constant:
  // constants a launch uses become kernel arguments, each a storage buffer on
  // SPIR-V, where a kernel binds few.
  // The steps come from the block size (the launch's operand, not a
  // constant to the folder), so that canonicalization does not fold the
  // stepped offsets back into one constant each.
  Value blockDim = t.blockDim;
  Value colStep = arith::DivUIOp::create(b, loc, blockDim,
                                         constantIndex(b, loc, threadsM));
  Value rowStep = arith::DivUIOp::create(b, loc, blockDim, colStep);
  Value row = arith::AddIOp::create(b, loc, m0, ty);
  for (int64_t i = 0; i < rowsPerThread; ++i) {
    if (i > 0)
      row = arith::AddIOp::create(b, loc, row, rowStep);
    Value col = arith::AddIOp::create(b, loc, n0, tx);
    for (int64_t j = 0; j < colsPerThread; ++j) {
      if (j > 0)
        col = arith::AddIOp::create(b, loc, col, colStep);
      Value inBounds = arith::AndIOp::create(b, loc, isLess(b, loc, row, mSize),
                                             isLess(b, loc, col, nSize));
      outputs.push_back({row, col, inBounds});
      if (t.init) {
        accs.push_back(t.init);
        continue;
      }
      SmallVector<Value> ivs =
          getContractionIvs(b, loc, op, c, sizes, batch, row, col, nullptr);
      accs.push_back(loadOrZero(b, loc, inBounds, init->get(),
                                getAccessIndices(op, init, ivs)));
    }
  }

  auto chunkLoop = scf::ForOp::create(
      b, loc, constantIndex(b, loc, 0), kSize, constantIndex(b, loc, tileSizeK),
      accs, [&](OpBuilder &nb, Location l, Value k0, ValueRange chunkAccs) {
        // Cooperative loads: thread tid loads elements tid, tid + threads,
        // ... of each tile (a loop rather than unrolled: constants a launch
        // uses become kernel arguments, each a storage buffer on SPIR-V,
        // where a kernel binds few).
        Value threads = constantIndex(nb, l, blockSize);
        scf::ForOp::create(
            nb, l, tid, constantIndex(nb, l, tileSizeM * tileSizeK), threads,
            ValueRange{}, [&](OpBuilder &lb, Location ll, Value index,
                              ValueRange) {
              Value r = arith::DivUIOp::create(lb, ll, index,
                                               constantIndex(lb, ll, tileSizeK));
              Value kk = arith::RemUIOp::create(
                  lb, ll, index, constantIndex(lb, ll, tileSizeK));
              Value row = arith::AddIOp::create(lb, ll, m0, r);
              Value k = arith::AddIOp::create(lb, ll, k0, kk);
              Value inBounds = arith::AndIOp::create(
                  lb, ll, isLess(lb, ll, row, mSize), isLess(lb, ll, k, kSize));
              SmallVector<Value> ivs = getContractionIvs(
                  lb, ll, op, c, sizes, batch, row, nullptr, k);
              Value value = loadOrZero(lb, ll, inBounds, aOperand->get(),
                                       getAccessIndices(op, aOperand, ivs));
              Value at = arith::AddIOp::create(
                  lb, ll,
                  arith::MulIOp::create(lb, ll, kk,
                                        constantIndex(lb, ll, tileSizeM)),
                  r);
              memref::StoreOp::create(lb, ll, value, aTile, ValueRange{at});
              scf::YieldOp::create(lb, ll);
            });
        scf::ForOp::create(
            nb, l, tid, constantIndex(nb, l, tileSizeK * tileSizeN), threads,
            ValueRange{}, [&](OpBuilder &lb, Location ll, Value index,
                              ValueRange) {
              Value kk = arith::DivUIOp::create(lb, ll, index,
                                                constantIndex(lb, ll, tileSizeN));
              Value col = arith::RemUIOp::create(
                  lb, ll, index, constantIndex(lb, ll, tileSizeN));
              Value n = arith::AddIOp::create(lb, ll, n0, col);
              Value k = arith::AddIOp::create(lb, ll, k0, kk);
              Value inBounds = arith::AndIOp::create(
                  lb, ll, isLess(lb, ll, n, nSize), isLess(lb, ll, k, kSize));
              SmallVector<Value> ivs = getContractionIvs(
                  lb, ll, op, c, sizes, batch, nullptr, n, k);
              Value value = loadOrZero(lb, ll, inBounds, bOperand->get(),
                                       getAccessIndices(op, bOperand, ivs));
              memref::StoreOp::create(lb, ll, value, bTile, ValueRange{index});
              scf::YieldOp::create(lb, ll);
            });
        gpu::BarrierOp::create(nb, l);
        auto innerLoop = scf::ForOp::create(
            nb, l, constantIndex(nb, l, 0), constantIndex(nb, l, tileSizeK),
            constantIndex(nb, l, 1), chunkAccs,
            [&](OpBuilder &ib, Location il, Value kk, ValueRange innerAccs) {
              SmallVector<Value> aValues, bValues;
              Value aBase = arith::MulIOp::create(
                  ib, il, kk, constantIndex(ib, il, tileSizeM));
              Value bBase = arith::MulIOp::create(
                  ib, il, kk, constantIndex(ib, il, tileSizeN));
              Value at = arith::AddIOp::create(ib, il, aBase, ty);
              for (int64_t i = 0; i < rowsPerThread; ++i) {
                if (i > 0)
                  at = arith::AddIOp::create(ib, il, at, rowStep);
                aValues.push_back(
                    memref::LoadOp::create(ib, il, aTile, ValueRange{at}));
              }
              at = arith::AddIOp::create(ib, il, bBase, tx);
              for (int64_t j = 0; j < colsPerThread; ++j) {
                if (j > 0)
                  at = arith::AddIOp::create(ib, il, at, colStep);
                bValues.push_back(
                    memref::LoadOp::create(ib, il, bTile, ValueRange{at}));
              }
              SmallVector<Value> updated;
              for (int64_t i = 0; i < rowsPerThread; ++i)
                for (int64_t j = 0; j < colsPerThread; ++j) {
                  Value product = emitReducedValue(
                      ib, op, reduction,
                      orderInputs(c, aValues[i], bValues[j]), {});
                  updated.push_back(emitCombine(
                      ib, op, reduction,
                      innerAccs[i * colsPerThread + j], product));
                }
              scf::YieldOp::create(ib, il, updated);
            });
        gpu::BarrierOp::create(nb, l);
        scf::YieldOp::create(nb, l, innerLoop.getResults());
      });

  for (auto [output, acc] : llvm::zip(outputs, chunkLoop.getResults())) {
    auto ifIn = scf::IfOp::create(b, loc, output.inBounds,
                                  /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifIn.thenBlock());
    SmallVector<Value> ivs = getContractionIvs(b, loc, op, c, sizes, batch,
                                               output.row, output.col,
                                               nullptr);
    memref::StoreOp::create(b, loc, acc, init->get(),
                            getAccessIndices(op, init, ivs));
  }
}

/// A launch of blocks that each compute output tiles of the matmul, over a
/// grid of the tiles along n (x), the linear m dims (y) and the linear
/// batch dims (z), each block striding over the tiles left.
static void applyTiledMatmul(linalg::LinalgOp op, const Contraction &c,
                             codegen::GPULoweringConfigAttr config) {
  const int64_t tileSizeM = config.getTile()[0],
                tileSizeN = config.getTile()[1],
                tileSizeK = config.getTile()[2];
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> sizes = getLoopSizes(b, loc, op);
  Value batchSize = getProduct(b, loc, getSizes(sizes, c.batch));
  Value mSize = getProduct(b, loc, getSizes(sizes, c.m));
  Value nSize = sizes[c.n], kSize = sizes[c.k];
  Value tilesM = ceilDiv(b, loc, mSize, tileSizeM);
  Value tilesN = ceilDiv(b, loc, nSize, tileSizeN);
  Type aType = getElementTypeOrSelf(op.getDpsInputs()[c.a].getType());
  Type bType = getElementTypeOrSelf(op.getDpsInputs()[c.b].getType());
  SmallVector<Value> grid = {getGridDim(b, loc, tilesN),
                             getGridDim(b, loc, tilesM),
                             getGridDim(b, loc, batchSize)};
  gpu::LaunchOp launch = createLaunch(
      b, loc, grid, config.getWorkgroup(),
      {getWorkgroupBufferType(tileSizeK * tileSizeM, aType),
       getWorkgroupBufferType(tileSizeK * tileSizeN, bType)});
  // Recomputed in the kernel rather than captured: on SPIR-V every captured
  // scalar is a storage buffer, of which a kernel may bind few.
  tilesM = ceilDivInKernel(b, loc, mSize, tileSizeM);
  tilesN = ceilDivInKernel(b, loc, nSize, tileSizeN);
  grid = {getGridDim(b, loc, tilesN), getGridDim(b, loc, tilesM),
          getGridDim(b, loc, batchSize)};
  Value batch = createGridStrideLoop(b, loc, launch.getBlockIds().z, grid[2],
                                     batchSize);
  Value tileM = createGridStrideLoop(b, loc, launch.getBlockIds().y, grid[1],
                                     tilesM);
  Value tileN = createGridStrideLoop(b, loc, launch.getBlockIds().x, grid[0],
                                     tilesN);
  ContractionTile t;
  t.tid = launch.getThreadIds().x;
  t.blockDim = launch.getBlockSize().x;
  t.batch = batch;
  t.m0 = arith::MulIOp::create(b, loc, tileM, constantIndex(b, loc, tileSizeM));
  t.n0 = arith::MulIOp::create(b, loc, tileN, constantIndex(b, loc, tileSizeN));
  t.mSize = mSize;
  t.nSize = nSize;
  t.kSize = kSize;
  t.sizes = sizes;
  emitMatmulTile(b, loc, op, c, config, t,
                 launch.getWorkgroupAttributions()[0],
                 launch.getWorkgroupAttributions()[1]);
}

//===----------------------------------------------------------------------===//
// gemv
//===----------------------------------------------------------------------===//

/// A GEMV on [K, N] weights, at the row `row` (linear over the batch and m
/// dims) and the columns from `t.n0`: a block takes `columns` adjacent
/// columns of one output row; its threads form blockSize / `columns` slices
/// that stride the reduction dim, reading B along its rows; the slices'
/// partial values meet in the workgroup buffer `partials`, where the first
/// slice combines them into the output (or into `t.init`).
static void emitColumnGEMVTile(OpBuilder &b, Location loc, linalg::LinalgOp op,
                               const Contraction &c,
                               codegen::GPULoweringConfigAttr config,
                               const ContractionTile &t, Value row,
                               Value partials) {
  const int64_t blockSize = config.getWorkgroup();
  const int64_t columns = config.getTile()[0];
  const int64_t slices = blockSize / columns;
  BodyReduction reduction = *matchBodyReduction(op);
  OpOperand *init = op.getDpsInitOperand(0);
  ArrayRef<Value> sizes = t.sizes;
  SmallVector<unsigned> rowDims(c.batch);
  llvm::append_range(rowDims, c.m);
  Value tid = t.tid;
  Value tx = arith::RemUIOp::create(b, loc, tid,
                                    constantIndex(b, loc, columns));
  Value ty = arith::DivUIOp::create(b, loc, tid,
                                    constantIndex(b, loc, columns));
  Value n = arith::AddIOp::create(b, loc, t.n0, tx);
  Value inBounds = isLess(b, loc, n, t.nSize);
  // The row's indices over the batch and m dims, in their loop positions.
  SmallVector<Value> rowIvs =
      delinearize(b, loc, row, getSizes(sizes, rowDims));
  Value zero = constantIndex(b, loc, 0);
  auto ivsAt = [&](Value k) {
    SmallVector<Value> ivs(op.getNumLoops(), zero);
    for (auto [dim, index] : llvm::zip(rowDims, rowIvs))
      ivs[dim] = index;
    ivs[c.n] = n;
    if (k)
      ivs[c.k] = k;
    return ivs;
  };
  Value identity = arith::ConstantOp::create(b, loc, reduction.identity);
  auto ifIn = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &nb, Location l) {
        auto loop = scf::ForOp::create(
            nb, l, ty, t.kSize, constantIndex(nb, l, slices),
            ValueRange{identity},
            [&](OpBuilder &ib, Location il, Value k, ValueRange acc) {
              SmallVector<Value> ivs = ivsAt(k);
              SmallVector<Value> inputs;
              for (OpOperand *input : op.getDpsInputOperands())
                inputs.push_back(loadInput(ib, il, op, input, ivs));
              Value value = emitReducedValue(ib, op, reduction, inputs, ivs);
              scf::YieldOp::create(
                  ib, il, emitCombine(ib, op, reduction, acc[0], value));
            });
        scf::YieldOp::create(nb, l, loop.getResults());
      },
      [&](OpBuilder &nb, Location l) {
        scf::YieldOp::create(nb, l, identity);
      });
  memref::StoreOp::create(b, loc, ifIn.getResult(0), partials,
                          ValueRange{tid});
  gpu::BarrierOp::create(b, loc);
  Value firstSlice = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq, ty, constantIndex(b, loc, 0));
  Value writes = arith::AndIOp::create(b, loc, firstSlice, inBounds);
  {
    auto ifWrites = scf::IfOp::create(b, loc, writes, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifWrites.thenBlock());
    SmallVector<Value> indices = getAccessIndices(op, init, ivsAt(nullptr));
    Value sum = t.init ? t.init
                       : memref::LoadOp::create(b, loc, init->get(), indices)
                             .getResult();
    Value at = tx;
    Value step = constantIndex(b, loc, columns);
    for (int64_t s = 0; s < slices; ++s) {
      if (s > 0)
        at = arith::AddIOp::create(b, loc, at, step);
      Value partial = memref::LoadOp::create(b, loc, partials, ValueRange{at});
      sum = emitCombine(b, op, reduction, sum, partial);
    }
    memref::StoreOp::create(b, loc, sum, init->get(), indices);
  }
  // The buffer is reused by the block's next columns.
  gpu::BarrierOp::create(b, loc);
}

/// A launch over a grid of column groups (x) and rows (y), each block
/// striding over the groups and rows left.
static void applyColumnGEMV(linalg::LinalgOp op, const Contraction &c,
                            codegen::GPULoweringConfigAttr config) {
  const int64_t columns = config.getTile()[0];
  OpBuilder b(op);
  Location loc = op.getLoc();
  SmallVector<Value> sizes = getLoopSizes(b, loc, op);
  SmallVector<unsigned> rowDims(c.batch);
  llvm::append_range(rowDims, c.m);
  Value rows = getProduct(b, loc, getSizes(sizes, rowDims));
  Value nSize = sizes[c.n];
  Value groups = ceilDiv(b, loc, nSize, columns);
  Type accType = getElementTypeOrSelf(op.getDpsInits()[0].getType());
  SmallVector<Value> grid = {getGridDim(b, loc, groups),
                             getGridDim(b, loc, rows)};
  gpu::LaunchOp launch =
      createLaunch(b, loc, grid, config.getWorkgroup(),
                   {getWorkgroupBufferType(config.getWorkgroup(), accType)});
  groups = ceilDivInKernel(b, loc, nSize, columns);
  grid = {getGridDim(b, loc, groups), getGridDim(b, loc, rows)};
  Value row = createGridStrideLoop(b, loc, launch.getBlockIds().y, grid[1],
                                   rows);
  Value group = createGridStrideLoop(b, loc, launch.getBlockIds().x, grid[0],
                                     groups);
  ContractionTile t;
  t.tid = launch.getThreadIds().x;
  t.n0 = arith::MulIOp::create(b, loc, group, constantIndex(b, loc, columns));
  t.nSize = nSize;
  t.kSize = sizes[c.k];
  t.sizes = sizes;
  emitColumnGEMVTile(b, loc, op, c, config, t, row,
                     launch.getWorkgroupAttributions()[0]);
}

//===----------------------------------------------------------------------===//
// Block foralls
//===----------------------------------------------------------------------===//

static codegen::GPULoweringConfigAttr getGPUConfig(Operation *op) {
  return op->getAttrOfType<codegen::GPULoweringConfigAttr>(
      codegen::RelaxCodegenDialect::getLoweringConfigAttrName());
}

/// Whether `forall` distributes its iterations over blocks
/// (--relax-gpu-tile-to-blocks).
static bool isBlockForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<gpu::GPUBlockMappingAttr>);
}

/// The value of the fill of `op`'s output that `fill` is, when it fills
/// exactly the buffer `op` accumulates into (a fill fused into the tile).
static Value getFusedFillValue(linalg::LinalgOp fill, linalg::LinalgOp op) {
  auto fillOp = dyn_cast_or_null<linalg::FillOp>(fill.getOperation());
  if (!fillOp || !op || op.getNumDpsInits() != 1 ||
      fillOp.getDpsInits()[0] != op.getDpsInits()[0] ||
      llvm::is_contained(op.getDpsInputs(), fillOp.getDpsInits()[0]))
    return nullptr;
  return fillOp.value();
}

/// Whether `op` reads a buffer in workgroup memory.
static bool readsWorkgroupMemory(linalg::LinalgOp op) {
  return llvm::any_of(op.getDpsInputs(), [](Value input) {
    auto type = dyn_cast<MemRefType>(input.getType());
    return type && gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type);
  });
}

/// Applies a scheduled op in a block's tile, inlined in `launch`, its
/// accumulators starting from `init` (or from the output when null).
static LogicalResult applyScheduleInBlock(linalg::LinalgOp op,
                                          codegen::GPULoweringConfigAttr config,
                                          gpu::LaunchOp launch, Value init) {
  GPUSchedule schedule = config.getSchedule();
  auto fail = [&](StringRef why) {
    return op->emitOpError("cannot be mapped with the GPU schedule '")
           << stringifyGPUSchedule(schedule) << "': " << why;
  };
  Value tid = launch.getThreadIds().x;
  int64_t blockSize = config.getWorkgroup();
  OpBuilder b(op);
  Location loc = op.getLoc();
  std::optional<Contraction> c = matchContraction(op);
  bool asRows = schedule == GPUSchedule::RowReduction ||
                (schedule == GPUSchedule::GEMV && c &&
                 isReductionInnermostInB(op, *c) && isRowReduction(op));
  if (asRows) {
    if (!isRowReduction(op))
      return fail("it is not a reduction along its innermost loop with a "
                  "known combiner");
    applyRowReductionInBlock(op, tid, blockSize, init);
    return success();
  }
  if (!c)
    return fail("it is not a contraction");
  // The tile's extents: its own loops' (the dims of its views).
  ContractionTile t;
  t.tid = tid;
  t.blockDim = launch.getBlockSize().x;
  Value zero = constantIndex(b, loc, 0);
  t.batch = t.m0 = t.n0 = zero;
  t.sizes = getLoopSizes(b, loc, op);
  t.mSize = getProduct(b, loc, getSizes(t.sizes, c->m));
  t.nSize = t.sizes[c->n];
  t.kSize = t.sizes[c->k];
  t.init = init;
  auto addBuffer = [&](int64_t size, Type type) {
    return launch.addWorkgroupAttribution(
        getWorkgroupBufferType(size, getElementTypeOrSelf(type)), loc);
  };
  if (schedule == GPUSchedule::TiledMatmul) {
    ArrayRef<int64_t> tile = config.getTile();
    Value aTile = addBuffer(tile[2] * tile[0], op.getDpsInputs()[c->a].getType());
    Value bTile = addBuffer(tile[2] * tile[1], op.getDpsInputs()[c->b].getType());
    emitMatmulTile(b, loc, op, *c, config, t, aTile, bTile);
    return success();
  }
  if (schedule == GPUSchedule::GEMV) {
    Value partials = addBuffer(blockSize, op.getDpsInits()[0].getType());
    emitColumnGEMVTile(b, loc, op, *c, config, t, zero, partials);
    return success();
  }
  return fail("it does not apply inside a block's tile");
}

/// Applies the ops of a block's tile, inlined in `launch`: scheduled ops
/// with the block's threads, starting from the fill of their output when
/// it comes right before them (the fill is then dropped); the other ops as
/// loops on thread 0, with a barrier after them.
static LogicalResult applyInBlock(Block &body, gpu::LaunchOp launch) {
  SmallVector<linalg::LinalgOp> ops(body.getOps<linalg::LinalgOp>());
  Value tid = launch.getThreadIds().x;
  IRRewriter rewriter(launch.getContext());
  auto isScheduled = [](linalg::LinalgOp op) {
    codegen::GPULoweringConfigAttr config = op ? getGPUConfig(op) : nullptr;
    return config && config.getSchedule() != GPUSchedule::Generic;
  };
  Value fillValue;
  for (auto [i, op] : llvm::enumerate(ops)) {
    linalg::LinalgOp next = i + 1 < ops.size() ? ops[i + 1] : nullptr;
    if (isScheduled(op)) {
      // The merge of values that the block's threads left in workgroup
      // memory.
      if (readsWorkgroupMemory(op)) {
        rewriter.setInsertionPoint(op);
        gpu::BarrierOp::create(rewriter, op.getLoc());
      }
      if (failed(applyScheduleInBlock(op, getGPUConfig(op), launch,
                                      fillValue)))
        return failure();
      fillValue = nullptr;
      rewriter.eraseOp(op);
      continue;
    }
    if (isScheduled(next)) {
      if (Value value = getFusedFillValue(op, next)) {
        fillValue = value;
        rewriter.eraseOp(op);
        continue;
      }
    }
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    Value first = arith::CmpIOp::create(rewriter, loc,
                                        arith::CmpIPredicate::eq, tid,
                                        constantIndex(rewriter, loc, 0));
    auto ifFirst =
        scf::IfOp::create(rewriter, loc, first, /*withElseRegion=*/false);
    rewriter.moveOpBefore(op, ifFirst.thenBlock()->getTerminator());
    rewriter.setInsertionPoint(op);
    if (failed(linalg::linalgOpToLoops(rewriter, op)))
      return op->emitOpError("cannot be lowered to loops for the GPU");
    rewriter.eraseOp(op);
    // The ops after it may read what thread 0 wrote on any thread.
    if (next) {
      rewriter.setInsertionPointAfter(ifFirst);
      gpu::BarrierOp::create(rewriter, loc);
    }
  }
  return success();
}

/// Whether `forall` distributes its iterations over the threads of a block
/// (--relax-gpu-tile-to-threads).
static bool isThreadForall(scf::ForallOp forall) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  return mapping && !mapping->empty() &&
         llvm::all_of(*mapping, llvm::IsaPred<gpu::GPUThreadMappingAttr>);
}

/// Whether `op` is a row reduction into one element (a thread's part of a
/// row reduction, --relax-gpu-tile-to-threads).
static bool isThreadRowReduction(linalg::LinalgOp op) {
  if (!isRowReduction(op) || !op.hasPureBufferSemantics())
    return false;
  auto type = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  return type && type.hasStaticShape() && type.getNumElements() == 1;
}

/// The row reduction `op` into one element as a loop over its row whose
/// accumulator is a value: the element is loaded once and stored once, so
/// that it stays in a register (a loop of loads and stores of workgroup
/// memory is not promoted by every target's compiler).
static void emitThreadRowReduction(OpBuilder &b, linalg::LinalgOp op) {
  BodyReduction reduction = *matchBodyReduction(op);
  Location loc = op.getLoc();
  SmallVector<Value> sizes = getLoopSizes(b, loc, op);
  Value zero = constantIndex(b, loc, 0);
  OpOperand *output = op.getDpsInitOperand(0);
  SmallVector<Value> at(cast<MemRefType>(output->get().getType()).getRank(),
                        zero);
  Value init = memref::LoadOp::create(b, loc, output->get(), at);
  auto loop = scf::ForOp::create(
      b, loc, zero, sizes.back(), constantIndex(b, loc, 1), ValueRange{init},
      [&](OpBuilder &nb, Location l, Value k, ValueRange acc) {
        SmallVector<Value> ivs(op.getNumLoops() - 1, zero);
        ivs.push_back(k);
        SmallVector<Value> inputs;
        for (OpOperand *input : op.getDpsInputOperands())
          inputs.push_back(loadInput(nb, l, op, input, ivs));
        Value value = emitReducedValue(nb, op, reduction, inputs, ivs);
        scf::YieldOp::create(nb, l,
                             emitCombine(nb, op, reduction, acc[0], value));
      });
  memref::StoreOp::create(b, loc, loop.getResult(0), output->get(), at);
}

/// Maps the thread foralls in `launch` (a block's tile, on buffers) to the
/// thread ids of its 1-D block of `blockSize` threads with upstream's
/// mapping, their ops lowered to loops that each thread runs, and makes the
/// workgroup buffers the tile allocates attributions of the launch.
static LogicalResult mapThreadForalls(gpu::LaunchOp launch,
                                      int64_t blockSize) {
  SmallVector<scf::ForallOp> foralls;
  launch.getBody().walk([&](scf::ForallOp forall) {
    if (isThreadForall(forall))
      foralls.push_back(forall);
  });
  if (foralls.empty())
    return success();
  IRRewriter rewriter(launch.getContext());
  for (scf::ForallOp forall : foralls) {
    SmallVector<Operation *> ops;
    forall.getBody()->walk([&](Operation *op) {
      if (isa<linalg::LinalgOp, memref::CopyOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        if (copy.getSource() != copy.getTarget())
          op = linalg::CopyOp::create(rewriter, copy.getLoc(),
                                      copy.getSource(), copy.getTarget());
        rewriter.eraseOp(copy);
        if (isa<memref::CopyOp>(op))
          continue;
      }
      auto linalgOp = cast<linalg::LinalgOp>(op);
      if (isThreadRowReduction(linalgOp)) {
        emitThreadRowReduction(rewriter, linalgOp);
      } else if (failed(linalg::linalgOpToLoops(rewriter, linalgOp))) {
        return op->emitOpError("cannot be lowered to loops for a thread");
      }
      rewriter.eraseOp(op);
    }
  }
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  // Every thread writes only its own elements of the workgroup buffers
  // until the merge, which starts with a barrier: no barrier after each
  // forall.
  DiagnosedSilenceableFailure mapped =
      transform::gpu::mapNestedForallToThreadsImpl(
          rewriter, std::nullopt, launch, {blockSize, 1, 1},
          /*warpSize=*/32, /*syncAfterDistribute=*/false);
  if (!mapped.succeeded()) {
    (void)mapped.silence();
    return launch.emitOpError("cannot map the thread foralls of a block's "
                              "tile to a block of ")
           << blockSize << " threads";
  }
  SmallVector<memref::AllocOp> allocs;
  launch.getBody().walk([&](memref::AllocOp alloc) {
    if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType()))
      allocs.push_back(alloc);
  });
  for (memref::AllocOp alloc : allocs) {
    if (!alloc.getType().hasStaticShape())
      return alloc.emitOpError("is workgroup memory of a dynamic size");
    BlockArgument buffer =
        launch.addWorkgroupAttribution(alloc.getType(), alloc.getLoc());
    for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
      if (isa<memref::DeallocOp>(user))
        rewriter.eraseOp(user);
    rewriter.replaceOp(alloc, buffer);
  }
  return success();
}

/// Makes block forall `forall` (on buffers) one launch of a 1-D grid of
/// blocks of the workgroup its ops' configs name: the grid has one block
/// per iteration up to the limit, the blocks take the iterations in the
/// order of the mapping ids (linear_dim_0 fastest) and stride over the grid
/// while iterations remain, and the body is applied with the block's
/// threads.
static LogicalResult mapBlockForall(scf::ForallOp forall) {
  if (!forall.getOutputs().empty())
    return forall.emitOpError("is not on buffers; a GPU kernel is mapped "
                              "after bufferization");
  std::optional<int64_t> blockSize;
  WalkResult found = forall.getBody()->walk([&](linalg::LinalgOp op) {
    if (codegen::GPULoweringConfigAttr config = getGPUConfig(op)) {
      blockSize = config.getWorkgroup();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (!found.wasInterrupted())
    return forall.emitOpError("maps to blocks but has no op with a GPU "
                              "lowering config naming the workgroup");
  // The dims slowest first: from the highest mapping id to linear_dim_0.
  ArrayAttr mapping = *forall.getMapping();
  SmallVector<unsigned> order(forall.getRank());
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](unsigned lhs, unsigned rhs) {
    return cast<DeviceMappingAttrInterface>(mapping[lhs]).getMappingId() >
           cast<DeviceMappingAttrInterface>(mapping[rhs]).getMappingId();
  });

  OpBuilder b(forall);
  Location loc = forall.getLoc();
  SmallVector<Value> lower = getValueOrCreateConstantIndexOp(
      b, loc, forall.getMixedLowerBound());
  SmallVector<Value> upper = getValueOrCreateConstantIndexOp(
      b, loc, forall.getMixedUpperBound());
  SmallVector<Value> steps =
      getValueOrCreateConstantIndexOp(b, loc, forall.getMixedStep());
  SmallVector<Value> counts;
  for (unsigned dim : order) {
    Value extent = arith::SubIOp::create(b, loc, upper[dim], lower[dim]);
    counts.push_back(arith::CeilDivUIOp::create(b, loc, extent, steps[dim]));
  }
  Value total = getProduct(b, loc, counts);
  Value grid = getGridDim(b, loc, total);
  gpu::LaunchOp launch = createLaunch(b, loc, {grid}, *blockSize);
  grid = getGridDim(b, loc, total);
  Value linear =
      createGridStrideLoop(b, loc, launch.getBlockIds().x, grid, total);
  SmallVector<Value> indices = delinearize(b, loc, linear, counts);
  SmallVector<Value> ivs(forall.getRank());
  for (auto [index, dim] : llvm::zip(indices, order))
    ivs[dim] = arith::AddIOp::create(
        b, loc, lower[dim], arith::MulIOp::create(b, loc, index, steps[dim]));

  IRRewriter rewriter(forall.getContext());
  Block *body = forall.getBody();
  rewriter.eraseOp(body->getTerminator());
  Block *loopBody = b.getInsertionBlock();
  rewriter.inlineBlockBefore(body, loopBody->getTerminator(), ivs);
  rewriter.eraseOp(forall);
  if (failed(mapThreadForalls(launch, *blockSize)))
    return failure();
  return applyInBlock(*loopBody, launch);
}

//===----------------------------------------------------------------------===//
// Applying the recorded schedules
//===----------------------------------------------------------------------===//

static LogicalResult applySchedule(linalg::LinalgOp op,
                                   codegen::GPULoweringConfigAttr config) {
  GPUSchedule schedule = config.getSchedule();
  auto fail = [&](StringRef why) {
    return op->emitOpError("cannot be mapped with the GPU schedule '")
           << stringifyGPUSchedule(schedule) << "': " << why;
  };
  if (schedule != GPUSchedule::Generic && !op.hasPureBufferSemantics())
    return fail("it is not on buffers; a GPU kernel is scheduled after "
                "bufferization");
  switch (schedule) {
  case GPUSchedule::Generic:
    return success();
  case GPUSchedule::RowReduction:
    if (!isRowReduction(op))
      return fail("it is not a reduction along its innermost loop with a "
                  "known combiner");
    applyRowReduction(op, config.getWorkgroup());
    break;
  case GPUSchedule::TiledMatmul: {
    std::optional<Contraction> c = matchContraction(op);
    if (!c)
      return fail("it is not a contraction");
    applyTiledMatmul(op, *c, config);
    break;
  }
  case GPUSchedule::GEMV: {
    std::optional<Contraction> c = matchContraction(op);
    if (!c)
      return fail("it is not a contraction");
    if (isReductionInnermostInB(op, *c) && isRowReduction(op)) {
      applyRowReduction(op, config.getWorkgroup());
      break;
    }
    applyColumnGEMV(op, *c, config);
    break;
  }
  }
  op->erase();
  return success();
}

LogicalResult relax::applyGPUSchedules(func::FuncOp kernel) {
  if (kernel.isExternal())
    return success();
  SmallVector<scf::ForallOp> foralls;
  kernel.walk<WalkOrder::PreOrder>([&](scf::ForallOp forall) {
    if (isBlockForall(forall))
      foralls.push_back(forall);
    return WalkResult::skip();
  });
  for (scf::ForallOp forall : foralls)
    if (failed(mapBlockForall(forall)))
      return failure();
  SmallVector<std::pair<linalg::LinalgOp, codegen::GPULoweringConfigAttr>>
      scheduled;
  for (auto op : kernel.getBody().front().getOps<linalg::LinalgOp>())
    if (auto config = op->getAttrOfType<codegen::GPULoweringConfigAttr>(
            codegen::RelaxCodegenDialect::getLoweringConfigAttrName()))
      scheduled.push_back({op, config});
  for (auto [op, config] : scheduled)
    if (failed(applySchedule(op, config)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// gpu.all_reduce as a tree in workgroup memory
//===----------------------------------------------------------------------===//

static Value combineAllReduce(OpBuilder &b, Location loc,
                              gpu::AllReduceOperation kind, Value lhs,
                              Value rhs) {
  using Kind = gpu::AllReduceOperation;
  bool isFloat = isa<FloatType>(lhs.getType());
  switch (kind) {
  case Kind::ADD:
    return isFloat ? arith::AddFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::AddIOp::create(b, loc, lhs, rhs).getResult();
  case Kind::MUL:
    return isFloat ? arith::MulFOp::create(b, loc, lhs, rhs).getResult()
                   : arith::MulIOp::create(b, loc, lhs, rhs).getResult();
  case Kind::MAXIMUMF:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  case Kind::MINIMUMF:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXNUMF:
    return arith::MaxNumFOp::create(b, loc, lhs, rhs);
  case Kind::MINNUMF:
    return arith::MinNumFOp::create(b, loc, lhs, rhs);
  case Kind::MAXSI:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case Kind::MINSI:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case Kind::MAXUI:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case Kind::MINUI:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case Kind::AND:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case Kind::OR:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case Kind::XOR:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown all-reduce operation");
}

namespace {
/// Rewrites a uniform `gpu.all_reduce` with an operation attribute, in a
/// kernel with a known 1-D block of N threads, into: each thread stores its
/// value at its id in a workgroup buffer of N; then, after a barrier, the
/// first half combines the second half into itself, halving until one value
/// is left (a non-power-of-two N first folds its excess onto the front);
/// every thread reads the result, and a last barrier frees the buffer for
/// the next reduction.
struct AllReduceToWorkgroupTree : OpRewritePattern<gpu::AllReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(gpu::AllReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<gpu::GPUFuncOp>();
    if (!func || !op.getOp() || !op.getUniform())
      return rewriter.notifyMatchFailure(op, "not a uniform reduction with an "
                                             "operation in a gpu.func");
    std::optional<ArrayRef<int32_t>> block = func.getKnownBlockSize();
    if (!block || (*block)[1] != 1 || (*block)[2] != 1)
      return rewriter.notifyMatchFailure(op, "no known 1-D block size");
    int64_t threads = (*block)[0];
    Location loc = op.getLoc();
    Type type = op.getType();
    gpu::AllReduceOperation kind = *op.getOp();

    OpBuilder::InsertionGuard guard(rewriter);
    Value buffer;
    rewriter.modifyOpInPlace(func, [&] {
      buffer = func.addWorkgroupAttribution(
          getWorkgroupBufferType(threads, type), loc);
    });
    rewriter.setInsertionPoint(op);
    Value tid = gpu::ThreadIdOp::create(rewriter, loc, gpu::Dimension::x);
    memref::StoreOp::create(rewriter, loc, op.getValue(), buffer,
                            ValueRange{tid});
    gpu::BarrierOp::create(rewriter, loc);
    auto step = [&](int64_t half, int64_t count) {
      // Threads below `count` combine the value `half` above theirs.
      Value active = isLess(rewriter, loc, tid,
                            constantIndex(rewriter, loc, count));
      auto ifActive =
          scf::IfOp::create(rewriter, loc, active, /*withElseRegion=*/false);
      {
        OpBuilder::InsertionGuard inner(rewriter);
        rewriter.setInsertionPointToStart(ifActive.thenBlock());
        Value other = arith::AddIOp::create(
            rewriter, loc, tid, constantIndex(rewriter, loc, half));
        Value mine =
            memref::LoadOp::create(rewriter, loc, buffer, ValueRange{tid});
        Value theirs =
            memref::LoadOp::create(rewriter, loc, buffer, ValueRange{other});
        memref::StoreOp::create(
            rewriter, loc, combineAllReduce(rewriter, loc, kind, mine, theirs),
            buffer, ValueRange{tid});
      }
      gpu::BarrierOp::create(rewriter, loc);
    };
    int64_t power = llvm::bit_floor(static_cast<uint64_t>(threads));
    if (power != threads)
      step(power, threads - power);
    for (int64_t half = power / 2; half >= 1; half /= 2)
      step(half, half);
    Value result = memref::LoadOp::create(
        rewriter, loc, buffer, ValueRange{constantIndex(rewriter, loc, 0)});
    gpu::BarrierOp::create(rewriter, loc);
    rewriter.replaceOp(op, result);
    return success();
  }
};
} // namespace

void relax::populateGPUAllReduceToWorkgroupTreePatterns(
    RewritePatternSet &patterns) {
  patterns.add<AllReduceToWorkgroupTree>(patterns.getContext());
}

//===----------------------------------------------------------------------===//
// Passes
//===----------------------------------------------------------------------===//

namespace {
struct RelaxLowerGPUWorkgroupOpsPass
    : relax::impl::RelaxLowerGPUWorkgroupOpsPassBase<
          RelaxLowerGPUWorkgroupOpsPass> {
  using Base::Base;
  void runOnOperation() override {
    // Block dims of kernels with a known block size are constants (ROCm
    // would read them through its device libraries).
    getOperation().walk([](gpu::BlockDimOp dim) {
      auto func = dim->getParentOfType<gpu::GPUFuncOp>();
      std::optional<ArrayRef<int32_t>> block =
          func ? func.getKnownBlockSize() : std::nullopt;
      if (!block)
        return;
      OpBuilder b(dim);
      dim.replaceAllUsesWith(constantIndex(
          b, dim.getLoc(),
          (*block)[static_cast<unsigned>(dim.getDimension())]));
      dim->erase();
    });
    RewritePatternSet patterns(&getContext());
    populateGPUAllReduceToWorkgroupTreePatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    bool leftOver = false;
    getOperation().walk([&](gpu::AllReduceOp op) {
      op.emitOpError("cannot be lowered to a workgroup tree (it needs an "
                     "operation, uniformity and a known 1-D block size)");
      leftOver = true;
    });
    if (leftOver)
      return signalPassFailure();
    if (!attributionsToAllocs)
      return;
    // Workgroup attributions become workgroup allocations at the entry.
    for (auto func : getOperation().getOps<gpu::GPUFuncOp>()) {
      unsigned count = func.getNumWorkgroupAttributions();
      if (count == 0)
        continue;
      Block &entry = func.getBody().front();
      OpBuilder b = OpBuilder::atBlockBegin(&entry);
      unsigned first = func.getFirstWorkgroupAttributionIndex();
      for (unsigned i = 0; i < count; ++i) {
        BlockArgument arg = entry.getArgument(first + i);
        Value alloc = memref::AllocOp::create(
            b, func.getLoc(), cast<MemRefType>(arg.getType()));
        arg.replaceAllUsesWith(alloc);
      }
      entry.eraseArguments(first, count);
      func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                    b.getI64IntegerAttr(0));
    }
    // The SPIR-V conversion maps numeric memory spaces to storage classes:
    // workgroup allocations get 3, its number for Workgroup.
    getOperation().walk([](memref::AllocOp alloc) {
      MemRefType type = alloc.getType();
      auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
      if (!space || space.getValue() != gpu::AddressSpace::Workgroup)
        return;
      alloc.getResult().setType(MemRefType::get(
          type.getShape(), type.getElementType(), type.getLayout(),
          IntegerAttr::get(IntegerType::get(alloc.getContext(), 64), 3)));
    });
  }
};
} // namespace
