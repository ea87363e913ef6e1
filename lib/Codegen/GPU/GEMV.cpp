//===- GEMV.cpp - The gemv schedule ---------------------------------------===//
//
// gemv: few output rows. With the reduction dim innermost in B (an [N, K]
// weight) each output is a row reduction; otherwise a block takes adjacent
// columns, its threads split the reduction dim, and the partial sums meet
// in workgroup memory.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace mlir::relax::codegen {
void emitColumnGEMVTile(OpBuilder &b, Location loc, linalg::LinalgOp op,
                        const Contraction &c, GPULoweringConfigAttr config,
                        const ContractionTile &t, Value row, Value partials) {
  const int64_t blockSize = config.getWorkgroup();
  const int64_t columns = config.getTile()[0];
  const int64_t slices = blockSize / columns;
  BodyReduction reduction = *matchBodyReduction(op);
  OpOperand *init = op.getDpsInitOperand(0);
  ArrayRef<Value> sizes = t.sizes;
  SmallVector<unsigned> rowDims(c.batch);
  llvm::append_range(rowDims, c.m);
  Value tid = t.tid;
  Value tx =
      arith::RemUIOp::create(b, loc, tid, constantIndex(b, loc, columns));
  Value ty =
      arith::DivUIOp::create(b, loc, tid, constantIndex(b, loc, columns));
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
  memref::StoreOp::create(b, loc, ifIn.getResult(0), partials, ValueRange{tid});
  gpu::BarrierOp::create(b, loc);
  Value firstSlice = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, ty,
                                           constantIndex(b, loc, 0));
  Value writes = arith::AndIOp::create(b, loc, firstSlice, inBounds);
  {
    auto ifWrites = scf::IfOp::create(b, loc, writes, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifWrites.thenBlock());
    SmallVector<Value> indices = getAccessIndices(op, init, ivsAt(nullptr));
    Value sum =
        t.init
            ? t.init
            : memref::LoadOp::create(b, loc, init->get(), indices).getResult();
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

void applyColumnGEMV(linalg::LinalgOp op, const Contraction &c,
                     GPULoweringConfigAttr config) {
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
  Value row =
      createGridStrideLoop(b, loc, launch.getBlockIds().y, grid[1], rows);
  Value group =
      createGridStrideLoop(b, loc, launch.getBlockIds().x, grid[0], groups);
  ContractionTile t;
  t.tid = launch.getThreadIds().x;
  t.n0 = arith::MulIOp::create(b, loc, group, constantIndex(b, loc, columns));
  t.nSize = nSize;
  t.kSize = sizes[c.k];
  t.sizes = sizes;
  emitColumnGEMVTile(b, loc, op, c, config, t, row,
                     launch.getWorkgroupAttributions()[0]);
}

} // namespace mlir::relax::codegen
