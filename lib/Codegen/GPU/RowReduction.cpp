//===- RowReduction.cpp - The row_reduction schedule ----------------------===//
//
// row_reduction: one block per output element; its threads stride the
// innermost (reduction) dim, accumulating privately, then combine across
// the block with gpu.all_reduce, and one thread writes. Also a thread's part
// of a row (--relax-gpu-tile-to-threads) as a loop with a value accumulator.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;

namespace mlir::relax::codegen {
/// The reduction of the row of `op` at parallel indices `ivs`, along its
/// innermost loop from `lb` to `ub` by `step`, combined into `init` in a
/// loop-carried value.
static Value emitRowLoop(OpBuilder &b, Location loc, linalg::LinalgOp op,
                         const BodyReduction &reduction, ArrayRef<Value> ivs,
                         Value lb, Value ub, Value step, Value init) {
  auto loop = scf::ForOp::create(
      b, loc, lb, ub, step, ValueRange{init},
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
  return loop.getResult(0);
}

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
  Value partial = emitRowLoop(b, loc, op, reduction, ivs, tid, length,
                              constantIndex(b, loc, blockSize), identity);
  Value total = gpu::AllReduceOp::create(
      b, loc, partial,
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

/// A constant upper bound of `value`. The bound of an affine.max (a
/// thread's tile size, max(0, min(1, size - t))) is the largest of its
/// results' bounds, which the value bounds analysis does not derive.
static FailureOr<int64_t> getUpperBound(Value value) {
  if (auto max = value.getDefiningOp<affine::AffineMaxOp>()) {
    AffineMap map = max.getAffineMap();
    int64_t bound = std::numeric_limits<int64_t>::min();
    for (AffineExpr result : map.getResults()) {
      FailureOr<int64_t> resultBound =
          ValueBoundsConstraintSet::computeConstantBound(
              presburger::BoundType::UB,
              ValueBoundsConstraintSet::Variable(
                  AffineMap::get(map.getNumDims(), map.getNumSymbols(), result),
                  max.getMapOperands()),
              /*stopCondition=*/nullptr, /*closedUB=*/true);
      if (failed(resultBound))
        return failure();
      bound = std::max(bound, *resultBound);
    }
    return bound;
  }
  return ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, value, /*stopCondition=*/nullptr,
      /*closedUB=*/true);
}

/// Whether dim `dim` of `buffer` has at most one element: static 0 or 1,
/// or a size whose upper bound is 1 (a thread's tile of at most one).
static bool hasAtMostOneElement(Value buffer, int64_t dim) {
  int64_t size = cast<MemRefType>(buffer.getType()).getDimSize(dim);
  if (!ShapedType::isDynamic(size))
    return size <= 1;
  auto subview = buffer.getDefiningOp<memref::SubViewOp>();
  if (!subview)
    return false;
  // The size of a rank-reducing subview's dim is its non-dropped size.
  llvm::SmallBitVector dropped = subview.getDroppedDims();
  for (auto [i, sizeValue] : llvm::enumerate(subview.getMixedSizes())) {
    if (dropped.test(i))
      continue;
    if (dim-- != 0)
      continue;
    auto value = dyn_cast<Value>(sizeValue);
    if (!value)
      return false;
    FailureOr<int64_t> bound = getUpperBound(value);
    return succeeded(bound) && *bound <= 1;
  }
  return false;
}

bool isThreadRowReduction(linalg::LinalgOp op) {
  if (!isRowReduction(op) || !op.hasPureBufferSemantics())
    return false;
  Value output = op.getDpsInits()[0];
  auto type = dyn_cast<MemRefType>(output.getType());
  if (!type)
    return false;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (!hasAtMostOneElement(output, dim))
      return false;
  return true;
}

void emitThreadRowReduction(OpBuilder &b, linalg::LinalgOp op) {
  OpBuilder::InsertionGuard guard(b);
  BodyReduction reduction = *matchBodyReduction(op);
  Location loc = op.getLoc();
  Value zero = constantIndex(b, loc, 0);
  OpOperand *output = op.getDpsInitOperand(0);
  auto type = cast<MemRefType>(output->get().getType());
  // An output of a dynamic size has its element only where that size is 1.
  Value present;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    if (!type.isDynamicDim(dim))
      continue;
    Value size = memref::DimOp::create(b, loc, output->get(), dim);
    Value nonEmpty =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, size, zero);
    present = present
                  ? arith::AndIOp::create(b, loc, present, nonEmpty).getResult()
                  : nonEmpty;
  }
  if (type.getNumElements() == 0)
    return;
  if (present) {
    auto ifPresent = scf::IfOp::create(b, loc, present,
                                       /*withElseRegion=*/false);
    b.setInsertionPointToStart(ifPresent.thenBlock());
  }
  SmallVector<Value> sizes = getLoopSizes(b, loc, op);
  SmallVector<Value> at(type.getRank(), zero);
  Value init = memref::LoadOp::create(b, loc, output->get(), at);
  SmallVector<Value> ivs(op.getNumLoops() - 1, zero);
  Value total = emitRowLoop(b, loc, op, reduction, ivs, zero, sizes.back(),
                            constantIndex(b, loc, 1), init);
  memref::StoreOp::create(b, loc, total, output->get(), at);
}

} // namespace mlir::relax::codegen
