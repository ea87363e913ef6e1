//===- ExplicitAlloc.h - Helpers for explicit allocation -------*- C++ -*-===//

#ifndef RELAX_TRANSFORMS_EXPLICITALLOC_H
#define RELAX_TRANSFORMS_EXPLICITALLOC_H

#include "Relax/Dialect/Relax/IR/RelaxOps.h"

namespace mlir::relax {

/// The bytes an element of `type` occupies: a byte for sub-byte types.
int64_t getElementBytes(Type type);

/// The bytes a dense tensor of `type` occupies, as a symbolic expression.
/// Sub-byte element types take a byte per element.
sym::SymExprAttr getTensorByteSize(RelaxTensorType type);

/// Creates a storage of the byte size of `type` and a tensor at offset 0 in
/// it. `type` must have a fully known shape.
Value createAllocation(OpBuilder &b, Location loc, RelaxTensorType type,
                       int64_t alignment = 64);

} // namespace mlir::relax

#endif // RELAX_TRANSFORMS_EXPLICITALLOC_H
