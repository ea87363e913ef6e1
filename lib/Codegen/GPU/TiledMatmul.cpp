//===- TiledMatmul.cpp - The tiled_matmul schedule ------------------------===//
//
// tiled_matmul: a block computes an output tile, stepping through the
// reduction dim a chunk at a time: the block loads the A and B chunks into
// workgroup memory (zero outside the bounds), synchronizes, and each thread
// accumulates its outputs in registers.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace mlir::relax::codegen {
void emitMatmulTile(OpBuilder &b, Location loc, linalg::LinalgOp op,
                    const Contraction &c, GPULoweringConfigAttr config,
                    const ContractionTile &t, Value aTile, Value bTile) {
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
  Value tx =
      arith::RemUIOp::create(b, loc, tid, constantIndex(b, loc, threadsN));
  Value ty =
      arith::DivUIOp::create(b, loc, tid, constantIndex(b, loc, threadsN));

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
  Value colStep =
      arith::DivUIOp::create(b, loc, blockDim, constantIndex(b, loc, threadsM));
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
            ValueRange{},
            [&](OpBuilder &lb, Location ll, Value index, ValueRange) {
              Value r = arith::DivUIOp::create(
                  lb, ll, index, constantIndex(lb, ll, tileSizeK));
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
            ValueRange{},
            [&](OpBuilder &lb, Location ll, Value index, ValueRange) {
              Value kk = arith::DivUIOp::create(
                  lb, ll, index, constantIndex(lb, ll, tileSizeN));
              Value col = arith::RemUIOp::create(
                  lb, ll, index, constantIndex(lb, ll, tileSizeN));
              Value n = arith::AddIOp::create(lb, ll, n0, col);
              Value k = arith::AddIOp::create(lb, ll, k0, kk);
              Value inBounds = arith::AndIOp::create(
                  lb, ll, isLess(lb, ll, n, nSize), isLess(lb, ll, k, kSize));
              SmallVector<Value> ivs =
                  getContractionIvs(lb, ll, op, c, sizes, batch, nullptr, n, k);
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
                      ib, op, reduction, orderInputs(c, aValues[i], bValues[j]),
                      {});
                  updated.push_back(
                      emitCombine(ib, op, reduction,
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
                                               output.row, output.col, nullptr);
    memref::StoreOp::create(b, loc, acc, init->get(),
                            getAccessIndices(op, init, ivs));
  }
}

void applyTiledMatmul(linalg::LinalgOp op, const Contraction &c,
                      GPULoweringConfigAttr config) {
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
  gpu::LaunchOp launch =
      createLaunch(b, loc, grid, config.getWorkgroup(),
                   {getWorkgroupBufferType(tileSizeK * tileSizeM, aType),
                    getWorkgroupBufferType(tileSizeK * tileSizeN, bType)});
  // Recomputed in the kernel rather than captured: on SPIR-V every captured
  // scalar is a storage buffer, of which a kernel may bind few.
  tilesM = ceilDivInKernel(b, loc, mSize, tileSizeM);
  tilesN = ceilDivInKernel(b, loc, nSize, tileSizeN);
  grid = {getGridDim(b, loc, tilesN), getGridDim(b, loc, tilesM),
          getGridDim(b, loc, batchSize)};
  Value batch =
      createGridStrideLoop(b, loc, launch.getBlockIds().z, grid[2], batchSize);
  Value tileM =
      createGridStrideLoop(b, loc, launch.getBlockIds().y, grid[1], tilesM);
  Value tileN =
      createGridStrideLoop(b, loc, launch.getBlockIds().x, grid[0], tilesN);
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
  emitMatmulTile(b, loc, op, c, config, t, launch.getWorkgroupAttributions()[0],
                 launch.getWorkgroupAttributions()[1]);
}

} // namespace mlir::relax::codegen
