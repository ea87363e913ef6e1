//===- ScheduleBuilders.cpp - What the GPU schedules build with -----------===//
//
// Index arithmetic, loads, the op body's reduction, launches and
// grid-stride loops that the GPU schedules build their kernels with.
//
//===----------------------------------------------------------------------===//

#include "Schedules.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace mlir::relax::codegen {
Value constantIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

SmallVector<Value> getLoopSizes(OpBuilder &b, Location loc,
                                linalg::LinalgOp op) {
  SmallVector<Value> sizes;
  for (Range range : op.createLoopRanges(b, loc))
    sizes.push_back(getValueOrCreateConstantIndexOp(b, loc, range.size));
  return sizes;
}

Value getProduct(OpBuilder &b, Location loc, ArrayRef<Value> values) {
  Value product = constantIndex(b, loc, 1);
  for (Value value : values)
    product = arith::MulIOp::create(b, loc, product, value);
  return product;
}

SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value linear,
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

Value getGridDim(OpBuilder &b, Location loc, Value work) {
  Value clamped =
      arith::MinUIOp::create(b, loc, work, constantIndex(b, loc, kMaxGridDim));
  return arith::MaxUIOp::create(b, loc, clamped, constantIndex(b, loc, 1));
}

Value ceilDiv(OpBuilder &b, Location loc, Value value, int64_t by) {
  Value biased =
      arith::AddIOp::create(b, loc, value, constantIndex(b, loc, by - 1));
  return arith::DivUIOp::create(b, loc, biased, constantIndex(b, loc, by));
}

Value ceilDivInKernel(OpBuilder &b, Location loc, Value value, int64_t by) {
  return arith::CeilDivUIOp::create(b, loc, value, constantIndex(b, loc, by));
}

Value isLess(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lhs, rhs);
}

SmallVector<Value> getAccessIndices(linalg::LinalgOp op, OpOperand *operand,
                                    ArrayRef<Value> ivs) {
  SmallVector<Value> indices;
  for (AffineExpr expr : op.getMatchingIndexingMap(operand).getResults())
    indices.push_back(ivs[cast<AffineDimExpr>(expr).getPosition()]);
  return indices;
}

Value loadInput(OpBuilder &b, Location loc, linalg::LinalgOp op,
                OpOperand *operand, ArrayRef<Value> ivs) {
  if (!isa<MemRefType>(operand->get().getType()))
    return operand->get();
  return memref::LoadOp::create(b, loc, operand->get(),
                                getAccessIndices(op, operand, ivs));
}

Value emitReducedValue(OpBuilder &b, linalg::LinalgOp op,
                       const BodyReduction &reduction, ArrayRef<Value> inputs,
                       ArrayRef<Value> ivs) {
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

Value emitCombine(OpBuilder &b, linalg::LinalgOp op,
                  const BodyReduction &reduction, Value acc, Value value) {
  IRMapping mapping;
  mapping.map(op.getRegionOutputArgs().front(), acc);
  mapping.map(reduction.reduced, value);
  return b.clone(*reduction.combiner, mapping)->getResult(0);
}

Value loadOrZero(OpBuilder &b, Location loc, Value inBounds, Value buffer,
                 ValueRange indices) {
  Type type = cast<MemRefType>(buffer.getType()).getElementType();
  auto ifOp = scf::IfOp::create(
      b, loc, inBounds,
      [&](OpBuilder &nb, Location l) {
        scf::YieldOp::create(
            nb, l, memref::LoadOp::create(nb, l, buffer, indices).getResult());
      },
      [&](OpBuilder &nb, Location l) {
        scf::YieldOp::create(
            nb, l,
            arith::ConstantOp::create(nb, l, nb.getZeroAttr(type)).getResult());
      });
  return ifOp.getResult(0);
}

MemRefType getWorkgroupBufferType(int64_t size, Type elementType) {
  MLIRContext *ctx = elementType.getContext();
  return MemRefType::get(
      {size}, elementType, MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
}

gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, ArrayRef<Value> grid,
                           int64_t threads, TypeRange workgroupBuffers) {
  Value one = constantIndex(b, loc, 1);
  auto launch = gpu::LaunchOp::create(
      b, loc, grid[0], grid.size() > 1 ? grid[1] : one,
      grid.size() > 2 ? grid[2] : one, constantIndex(b, loc, threads), one, one,
      /*dynamicSharedMemorySize=*/nullptr, /*asyncTokenType=*/nullptr,
      /*asyncDependencies=*/{}, workgroupBuffers);
  Block &body = launch.getBody().front();
  b.setInsertionPointToEnd(&body);
  gpu::TerminatorOp::create(b, loc);
  b.setInsertionPointToStart(&body);
  return launch;
}

Value createGridStrideLoop(OpBuilder &b, Location loc, Value blockId,
                           Value gridDim, Value end) {
  auto loop = scf::ForOp::create(b, loc, blockId, end, gridDim);
  b.setInsertionPointToStart(loop.getBody());
  return loop.getInductionVar();
}

SmallVector<Value> getContractionIvs(OpBuilder &b, Location loc,
                                     linalg::LinalgOp op, const Contraction &c,
                                     ArrayRef<Value> sizes, Value batch,
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

SmallVector<Value> getSizes(ArrayRef<Value> sizes, ArrayRef<unsigned> dims) {
  SmallVector<Value> result;
  for (unsigned dim : dims)
    result.push_back(sizes[dim]);
  return result;
}

SmallVector<Value> orderInputs(const Contraction &c, Value a, Value bValue) {
  SmallVector<Value> inputs(2);
  inputs[c.a] = a;
  inputs[c.b] = bValue;
  return inputs;
}

} // namespace mlir::relax::codegen
