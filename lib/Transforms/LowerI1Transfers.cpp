//===- LowerI1Transfers.cpp - i1 vectors to and from memory as bytes ------===//
//
// LLVM's layout of a vector of i1 in memory is packed bits, MLIR's layout of
// a memref of i1 is a byte per element: a vector transfer between the two
// reads or writes the wrong bytes. Each such transfer moves a vector of i8
// through the same buffer viewed as bytes instead, compared with zero after
// a read and extended before a write.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLOWERI1TRANSFERSPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;

static bool isI1MemoryTransfer(VectorTransferOpInterface op) {
  return isa<MemRefType>(op.getShapedType()) &&
         op.getShapedType().getElementType().isInteger(1);
}

/// `buffer`, a memref of i1, as the same memref of i8. There is no memref op
/// that changes the element type; the cast is between two memrefs whose LLVM
/// descriptors are the same struct (element types do not appear in it, and an
/// i1 and an i8 element are both one byte apart), so once the memref lowering
/// has run it is a cast of a descriptor to itself, which
/// reconcile-unrealized-casts removes.
static Value viewAsBytes(RewriterBase &rewriter, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  auto bytes = MemRefType::get(type.getShape(), rewriter.getI8Type(),
                               type.getLayout(), type.getMemorySpace());
  return UnrealizedConversionCastOp::create(rewriter, loc, bytes, buffer)
      .getResult(0);
}

static void lowerTransfer(RewriterBase &rewriter,
                          VectorTransferOpInterface op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value bytes = viewAsBytes(rewriter, loc, op.getBase());
  VectorType boolType = op.getVectorType();
  VectorType byteType = boolType.clone(rewriter.getI8Type());
  if (auto write = dyn_cast<vector::TransferWriteOp>(op.getOperation())) {
    Value extended =
        arith::ExtUIOp::create(rewriter, loc, byteType, write.getVector());
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(
        write, extended, bytes, write.getIndices(),
        write.getPermutationMapAttr(), write.getMask(),
        write.getInBoundsAttr());
    return;
  }
  auto read = cast<vector::TransferReadOp>(op.getOperation());
  Value padding = arith::ExtUIOp::create(rewriter, loc, rewriter.getI8Type(),
                                         read.getPadding());
  Value loaded = vector::TransferReadOp::create(
      rewriter, loc, byteType, bytes, read.getIndices(),
      read.getPermutationMapAttr(), padding, read.getMask(),
      read.getInBoundsAttr());
  Value zero = arith::ConstantOp::create(
      rewriter, loc,
      DenseElementsAttr::get(byteType, rewriter.getI8IntegerAttr(0)));
  rewriter.replaceOpWithNewOp<arith::CmpIOp>(read, arith::CmpIPredicate::ne,
                                             loaded, zero);
}

namespace {
struct RelaxLowerI1TransfersPass
    : relax::impl::RelaxLowerI1TransfersPassBase<RelaxLowerI1TransfersPass> {
  void runOnOperation() override {
    SmallVector<VectorTransferOpInterface> transfers;
    getOperation().walk([&](VectorTransferOpInterface op) {
      if (isI1MemoryTransfer(op))
        transfers.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (VectorTransferOpInterface op : transfers)
      lowerTransfer(rewriter, op);
  }
};
} // namespace
