//===- ScalarizeI1Transfers.cpp - i1 vectors to and from memory -----------===//
//
// LLVM's layout of a vector of i1 in memory is packed bits, MLIR's layout of
// a memref of i1 is a byte per element: a vector transfer between the two
// reads or writes the wrong bytes. Such transfers become one scalar load or
// store per element, each under its mask bit and bounds check.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXSCALARIZEI1TRANSFERSPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;

/// Vectors of more elements than this are not unrolled (an error): i1
/// transfers come from tiles of one vector register.
static constexpr int64_t kMaxElements = 4096;

static bool isI1MemoryTransfer(VectorTransferOpInterface op) {
  return isa<MemRefType>(op.getShapedType()) &&
         op.getShapedType().getElementType().isInteger(1) &&
         op.getVectorType().getRank() > 0;
}

/// For the vector element at `position`: the memory indices it maps to, and
/// whether it is to be read or written (its mask bit, and its bounds where
/// the transfer may run out of them), null when it always is.
static std::pair<SmallVector<Value>, Value>
getElementAccess(RewriterBase &rewriter, VectorTransferOpInterface op,
                 ArrayRef<int64_t> position) {
  Location loc = op.getLoc();
  SmallVector<Value> indices(op.getIndices());
  Value inside;
  auto require = [&](Value condition) {
    inside = inside ? arith::AndIOp::create(rewriter, loc, inside, condition)
                          .getResult()
                    : condition;
  };
  for (auto [v, result] :
       llvm::enumerate(op.getPermutationMap().getResults())) {
    auto dim = dyn_cast<AffineDimExpr>(result);
    if (!dim)
      continue; // A broadcast dim of a read: every element reads there.
    unsigned memoryDim = dim.getPosition();
    Value offset = arith::ConstantIndexOp::create(rewriter, loc, position[v]);
    indices[memoryDim] =
        arith::AddIOp::create(rewriter, loc, indices[memoryDim], offset);
    if (op.isDimInBounds(v))
      continue;
    Value size = memref::DimOp::create(rewriter, loc, op.getBase(), memoryDim);
    require(arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                  indices[memoryDim], size));
  }
  if (Value mask = op.getMask()) {
    // The mask's dims are the memory dims the transfer moves along, in
    // memory order (vector::inferTransferOpMaskType).
    SmallVector<std::pair<unsigned, int64_t>> dims;
    for (auto [v, result] :
         llvm::enumerate(op.getPermutationMap().getResults()))
      if (auto dim = dyn_cast<AffineDimExpr>(result))
        dims.push_back({dim.getPosition(), position[v]});
    llvm::sort(dims);
    SmallVector<int64_t> maskPosition =
        llvm::to_vector(llvm::make_second_range(dims));
    require(vector::ExtractOp::create(rewriter, loc, mask, maskPosition));
  }
  return {indices, inside};
}

static LogicalResult scalarize(RewriterBase &rewriter,
                               VectorTransferOpInterface op) {
  VectorType vectorType = op.getVectorType();
  if (vectorType.isScalable() || vectorType.getNumElements() > kMaxElements)
    return op->emitOpError("moves too many i1 elements to unroll");
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<int64_t> strides = computeStrides(vectorType.getShape());
  if (auto write = dyn_cast<vector::TransferWriteOp>(op.getOperation())) {
    if (write->getNumResults())
      return write.emitOpError("writes a tensor, not i1 memory");
    for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i) {
      SmallVector<int64_t> position = delinearize(i, strides);
      auto [indices, inside] = getElementAccess(rewriter, op, position);
      OpBuilder::InsertionGuard guard(rewriter);
      if (inside) {
        auto ifOp = scf::IfOp::create(rewriter, loc, inside);
        rewriter.setInsertionPointToStart(ifOp.thenBlock());
      }
      Value element =
          vector::ExtractOp::create(rewriter, loc, write.getVector(), position);
      memref::StoreOp::create(rewriter, loc, element, write.getBase(), indices);
    }
    rewriter.eraseOp(write);
    return success();
  }
  auto read = cast<vector::TransferReadOp>(op.getOperation());
  SmallVector<Value> elements;
  for (int64_t i = 0, e = vectorType.getNumElements(); i < e; ++i) {
    SmallVector<int64_t> position = delinearize(i, strides);
    auto [indices, inside] = getElementAccess(rewriter, op, position);
    if (!inside) {
      elements.push_back(
          memref::LoadOp::create(rewriter, loc, read.getBase(), indices));
      continue;
    }
    auto ifOp = scf::IfOp::create(rewriter, loc, rewriter.getI1Type(), inside,
                                  /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(ifOp.thenBlock());
    Value loaded =
        memref::LoadOp::create(rewriter, loc, read.getBase(), indices);
    scf::YieldOp::create(rewriter, loc, loaded);
    rewriter.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(rewriter, loc, read.getPadding());
    elements.push_back(ifOp.getResult(0));
  }
  rewriter.replaceOpWithNewOp<vector::FromElementsOp>(read, vectorType,
                                                      elements);
  return success();
}

namespace {
struct RelaxScalarizeI1TransfersPass
    : relax::impl::RelaxScalarizeI1TransfersPassBase<
          RelaxScalarizeI1TransfersPass> {
  void runOnOperation() override {
    SmallVector<VectorTransferOpInterface> transfers;
    getOperation().walk([&](VectorTransferOpInterface op) {
      if (isI1MemoryTransfer(op))
        transfers.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (VectorTransferOpInterface op : transfers)
      if (failed(scalarize(rewriter, op)))
        return signalPassFailure();
  }
};
} // namespace
