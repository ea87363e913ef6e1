//===- DeviceMemory.cpp - Device memory from host code --------------------===//

#include "Relax/Codegen/GPU/DeviceMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

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

/// `buffer` with the identity layout, which the runtime's copies take. A
/// reshape of a buffer is a `memref.reinterpret_cast` to row-major strides;
/// folded to static sizes, it carries them as an explicit layout. Host code
/// makes no other views, so a layout whose static strides are the row-major
/// ones from offset 0 is the same memory, recast here; its dynamic strides
/// are the row-major products of the sizes. Null for any other layout, which
/// is not one block of memory.
static Value withIdentityLayout(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getLayout().isIdentity())
    return buffer;
  auto identity =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  auto [strides, offset] = type.getStridesAndOffset();
  auto [rowMajor, zero] = identity.getStridesAndOffset();
  if (offset != 0 || strides != rowMajor)
    return nullptr;
  SmallVector<OpFoldResult> sizes, mixedStrides(type.getRank());
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    sizes.push_back(
        ShapedType::isDynamic(size)
            ? OpFoldResult(memref::DimOp::create(b, loc, buffer, i).getResult())
            : OpFoldResult(b.getIndexAttr(size)));
  OpFoldResult stride = b.getIndexAttr(1);
  for (int64_t i = type.getRank() - 1; i >= 0; --i) {
    mixedStrides[i] = ShapedType::isDynamic(rowMajor[i])
                          ? stride
                          : OpFoldResult(b.getIndexAttr(rowMajor[i]));
    stride = arith::MulIOp::create(
                 b, loc, getValueOrCreateConstantIndexOp(b, loc, stride),
                 getValueOrCreateConstantIndexOp(b, loc, sizes[i]))
                 .getResult();
  }
  return memref::ReinterpretCastOp::create(
      b, loc, identity, buffer, b.getIndexAttr(0), sizes, mixedStrides);
}

/// A buffer of rank 2 or more with the identity layout as one dim. A copy
/// takes the flat buffers: canonicalization gives a reshaped view of static
/// sizes its explicit row-major layout again and folds the cast back to the
/// identity layout into the copy, while the collapse of a contiguous buffer
/// always has the identity layout.
static Value flatten(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() < 2)
    return buffer;
  ReassociationIndices all =
      llvm::to_vector_of<int64_t>(llvm::seq<int64_t>(0, type.getRank()));
  return memref::CollapseShapeOp::create(b, loc, buffer,
                                         ArrayRef<ReassociationIndices>{all});
}

LogicalResult codegen::createDeviceCopy(OpBuilder &b, Operation *op, Value dst,
                                        Value src) {
  Location loc = op->getLoc();
  Value identityDst = withIdentityLayout(b, loc, dst);
  Value identitySrc = withIdentityLayout(b, loc, src);
  if (!identityDst || !identitySrc)
    return op->emitOpError("copies a view that is not contiguous, which a "
                           "device copy does not take");
  gpu::MemcpyOp::create(b, loc, /*asyncToken=*/Type(),
                        /*asyncDependencies=*/ValueRange(),
                        flatten(b, loc, identityDst),
                        flatten(b, loc, identitySrc));
  return success();
}
