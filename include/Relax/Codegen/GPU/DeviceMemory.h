//===- DeviceMemory.h - Device memory from host code -----------*- C++ -*-===//
//
// Builders of the host-side ops on device memory that the GPU host lowering
// and the kernel mapping share: device allocations, frees and copies.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_GPU_DEVICEMEMORY_H
#define RELAX_CODEGEN_GPU_DEVICEMEMORY_H

#include "mlir/IR/Builders.h"

namespace mlir::relax::codegen {

/// The dynamic sizes of `buffer`, read with memref.dim.
SmallVector<Value> getDynamicSizes(OpBuilder &b, Location loc, Value buffer);

/// A device buffer of `type` with the dynamic `sizes`.
Value createDeviceAlloc(OpBuilder &b, Location loc, MemRefType type,
                        ValueRange sizes);

/// A device buffer of the type and sizes of `buffer`.
Value createDeviceAllocLike(OpBuilder &b, Location loc, Value buffer);

/// Frees the device buffer `buffer`.
void createDeviceDealloc(OpBuilder &b, Location loc, Value buffer);

/// A runtime copy from `src` to `dst`, either on the device or the host, of
/// any layout that is one block of memory (the identity layout, or a view
/// with row-major strides from offset 0); an error at `op` for any other.
LogicalResult createDeviceCopy(OpBuilder &b, Operation *op, Value dst,
                               Value src);

} // namespace mlir::relax::codegen

#endif // RELAX_CODEGEN_GPU_DEVICEMEMORY_H
