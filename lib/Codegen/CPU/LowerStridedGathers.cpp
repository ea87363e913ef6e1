//===- LowerStridedGathers.cpp - Gathers from strided buffers -------------===//
//
// --relax-cpu-lower-strided-gathers: a vector.gather from a buffer that is
// not contiguous reads the same memory through a flat view, at addresses
// computed from the view's sizes and strides.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPULOWERSTRIDEDGATHERSPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

/// Whether consecutive row-major positions of `type` are consecutive
/// elements in memory, as upstream's gather lowering assumes.
static bool isContiguousRowMajor(MemRefType type) {
  if (type.getLayout().isIdentity())
    return true;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  int64_t expected = 1;
  for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
    if (type.getDimSize(dim) != 1 && strides[dim] != expected)
      return false;
    if (dim == 0)
      break;
    if (ShapedType::isDynamic(type.getDimSize(dim)))
      return false;
    expected *= type.getDimSize(dim);
  }
  return true;
}

static void lowerGather(RewriterBase &rewriter, vector::GatherOp gather) {
  Location loc = gather.getLoc();
  auto type = cast<MemRefType>(gather.getBase().getType());
  int64_t rank = type.getRank();
  VectorType indexVectorType =
      gather.getIndexVectorType().clone(rewriter.getIndexType());
  rewriter.setInsertionPoint(gather);
  auto metadata =
      memref::ExtractStridedMetadataOp::create(rewriter, loc, gather.getBase());
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  };
  auto splat = [&](Value scalar) -> Value {
    return vector::BroadcastOp::create(rewriter, loc, indexVectorType, scalar);
  };
  Value zero = constant(0), one = constant(1);

  // The row-major position in the view of the offsets, plus the index.
  Value offsetsPosition = zero, rowSize = one;
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    Value scaled = rewriter.createOrFold<arith::MulIOp>(
        loc, gather.getOffsets()[dim], rowSize);
    offsetsPosition =
        rewriter.createOrFold<arith::AddIOp>(loc, offsetsPosition, scaled);
    if (dim != 0)
      rowSize = rewriter.createOrFold<arith::MulIOp>(loc, rowSize,
                                                     metadata.getSizes()[dim]);
  }
  Value position = gather.getIndices();
  if (!gather.getIndexVectorType().getElementType().isIndex())
    position =
        arith::IndexCastOp::create(rewriter, loc, indexVectorType, position);
  if (!matchPattern(offsetsPosition, m_Zero()))
    position =
        arith::AddIOp::create(rewriter, loc, position, splat(offsetsPosition));

  // Split the position by the sizes into coordinates, and address the memory
  // by the strides. A lane the mask turns off may hold any position, so
  // sizes of 0 divide as 1. The flat view spans the view's last element.
  Value address = splat(metadata.getOffset());
  Value extent =
      arith::AddIOp::create(rewriter, loc, metadata.getOffset(), one);
  for (int64_t dim = rank - 1; dim >= 0; --dim) {
    Value size = metadata.getSizes()[dim];
    Value stride = metadata.getStrides()[dim];
    Value coordinate = position;
    if (dim != 0) {
      Value divisor = splat(arith::MaxSIOp::create(rewriter, loc, size, one));
      coordinate = arith::RemUIOp::create(rewriter, loc, position, divisor);
      position = arith::DivUIOp::create(rewriter, loc, position, divisor);
    }
    Value step =
        arith::MulIOp::create(rewriter, loc, coordinate, splat(stride));
    address = arith::AddIOp::create(rewriter, loc, address, step);
    Value last = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, size, one), zero);
    extent = arith::AddIOp::create(
        rewriter, loc, extent,
        arith::MulIOp::create(rewriter, loc, last, stride));
  }

  auto flatType =
      MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  Value flat = memref::ReinterpretCastOp::create(
      rewriter, loc, flatType, metadata.getBaseBuffer(),
      /*offset=*/rewriter.getIndexAttr(0), /*sizes=*/{OpFoldResult(extent)},
      /*strides=*/{rewriter.getIndexAttr(1)});
  rewriter.replaceOpWithNewOp<vector::GatherOp>(
      gather, gather.getType(), flat, ValueRange{zero}, address,
      gather.getMask(), gather.getPassThru(), gather.getAlignmentAttr());
}

namespace {
struct RelaxCPULowerStridedGathersPass
    : codegen::impl::RelaxCPULowerStridedGathersPassBase<
          RelaxCPULowerStridedGathersPass> {
  void runOnOperation() override {
    SmallVector<vector::GatherOp> gathers;
    getOperation()->walk([&](vector::GatherOp gather) {
      auto type = dyn_cast<MemRefType>(gather.getBase().getType());
      if (type && !isContiguousRowMajor(type))
        gathers.push_back(gather);
    });
    IRRewriter rewriter(&getContext());
    for (vector::GatherOp gather : gathers)
      lowerGather(rewriter, gather);
  }
};
} // namespace
