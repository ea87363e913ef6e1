//===- DeviceMemory.cpp - Device memory from host code --------------------===//

#include "Relax/Codegen/GPU/DeviceMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

SmallVector<Value> codegen::getDynamicSizes(OpBuilder &b, Location loc,
                                            Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<Value> sizes;
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size))
      sizes.push_back(memref::DimOp::create(b, loc, buffer, i));
  return sizes;
}

Value codegen::createDeviceAlloc(OpBuilder &b, Location loc, MemRefType type,
                                 ValueRange sizes) {
  return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/ValueRange(), sizes,
                              /*symbolOperands=*/ValueRange(),
                              /*hostShared=*/false)
      .getMemref();
}

Value codegen::createDeviceAllocLike(OpBuilder &b, Location loc, Value buffer) {
  return createDeviceAlloc(b, loc, cast<MemRefType>(buffer.getType()),
                           getDynamicSizes(b, loc, buffer));
}

void codegen::createDeviceDealloc(OpBuilder &b, Location loc, Value buffer) {
  gpu::DeallocOp::create(b, loc, /*asyncToken=*/Type(),
                         /*asyncDependencies=*/ValueRange(), buffer);
}

/// `buffer` as the one-dim buffer of identity layout that the runtime's
/// copies take. A reshape of a buffer is a `memref.reinterpret_cast` to
/// row-major strides; folded to static sizes, it carries them as an explicit
/// layout. Host code makes no other views, so a layout whose static strides
/// are the row-major ones from offset 0 is one block of memory, and its
/// dynamic strides are the row-major products of the sizes. Null for any
/// other layout.
///
/// The flat view is one reinterpret cast whose result type says stride 1.
/// A collapse would not do: canonicalization folds a cast to the identity
/// layout (here, or where host code made the view) into the collapse, which
/// then has the original layout's `strided<[?]>`, and the copy's lowering
/// refuses that.
static Value flattenContiguous(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getLayout().isIdentity() && type.getRank() <= 1)
    return buffer;
  auto identity =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  auto [strides, offset] = type.getStridesAndOffset();
  auto [rowMajor, zero] = identity.getStridesAndOffset();
  if (offset != 0 || strides != rowMajor)
    return nullptr;
  OpFoldResult count = b.getIndexAttr(1);
  for (auto [i, size] : llvm::enumerate(type.getShape())) {
    OpFoldResult dim =
        ShapedType::isDynamic(size)
            ? OpFoldResult(memref::DimOp::create(b, loc, buffer, i).getResult())
            : OpFoldResult(b.getIndexAttr(size));
    count = arith::MulIOp::create(
                b, loc, getValueOrCreateConstantIndexOp(b, loc, count),
                getValueOrCreateConstantIndexOp(b, loc, dim))
                .getResult();
  }
  std::optional<int64_t> staticCount = getConstantIntValue(count);
  auto flat = MemRefType::get({staticCount ? *staticCount : ShapedType::kDynamic},
                              type.getElementType(), MemRefLayoutAttrInterface(),
                              type.getMemorySpace());
  return memref::ReinterpretCastOp::create(b, loc, flat, buffer,
                                           b.getIndexAttr(0), {count},
                                           {b.getIndexAttr(1)});
}

LogicalResult codegen::createDeviceCopy(OpBuilder &b, Operation *op, Value dst,
                                        Value src) {
  Location loc = op->getLoc();
  Value flatDst = flattenContiguous(b, loc, dst);
  Value flatSrc = flattenContiguous(b, loc, src);
  if (!flatDst || !flatSrc)
    return op->emitOpError("copies a view that is not contiguous, which a "
                           "device copy does not take");
  gpu::MemcpyOp::create(b, loc, /*asyncToken=*/Type(),
                        /*asyncDependencies=*/ValueRange(), flatDst, flatSrc);
  return success();
}
