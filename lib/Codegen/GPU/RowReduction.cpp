//===- RowReduction.cpp - The row_reduction schedule ----------------------===//
//
// row_reduction: one block per output element; its threads stride the
// innermost (reduction) dim, accumulating privately, then combine across
// the block with gpu.all_reduce, and one thread writes. Also a thread's part
// of a row (--relax-gpu-tile-to-threads) as a loop with a value accumulator.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace mlir::relax::codegen {
/// The reduction of one row of `op`, at parallel indices `ivs`, by the
/// threads of a block (`tid` of `blockSize`): the threads stride the
/// reduction dim (of extent `length`) from their id, accumulating from the
/// combiner's neutral element, then gpu.all_reduce combines their values and
/// thread 0 combines the result into the output.
static void emitRowInBlock(OpBuilder &b, Location loc, linalg::LinalgOp op,
                           const BodyReduction &reduction, ArrayRef<Value> ivs,
                           Value length, Value tid, int64_t blockSize,
                           Value init = nullptr) {
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
  Value old =
      init ? init
           : memref::LoadOp::create(b, loc, output->get(), indices).getResult();
  memref::StoreOp::create(b, loc, emitCombine(b, op, reduction, old, total),
                          output->get(), indices);
}

void applyRowReduction(linalg::LinalgOp op, int64_t blockSize) {
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

void applyRowReductionInBlock(linalg::LinalgOp op, Value tid, int64_t blockSize,
                              Value init) {
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

bool isThreadRowReduction(linalg::LinalgOp op) {
  if (!isRowReduction(op) || !op.hasPureBufferSemantics())
    return false;
  auto type = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  return type && type.hasStaticShape() && type.getNumElements() == 1;
}

void emitThreadRowReduction(OpBuilder &b, linalg::LinalgOp op) {
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

} // namespace mlir::relax::codegen
