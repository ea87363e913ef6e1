//===- RelaxTensorParallel.h - Splits of values over ranks -------*- C++ -*-===//
//
// Reading the tensor-parallel annotations of a `relax.func`: the one-axis
// `shard.grid` it is written for (`relax.grid`) or partitioned over
// (`relax.partitioned`), and the split of each parameter and result
// (`relax.split_axes`, `relax.split_segments`). The dialect verifies them;
// `--relax-tensor-parallel` and the runtimes read them through these
// helpers.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXTENSORPARALLEL_H
#define RELAX_DIALECT_RELAX_IR_RELAXTENSORPARALLEL_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::relax {

/// How a parameter or result is split over the ranks of a one-axis grid:
/// dim `axis` is cut into equal consecutive blocks, rank `r` holding block
/// `r`; with `segments` (global sizes along `axis`), each segment is cut so,
/// and a rank holds its block of every segment, in order.
struct SplitSpec {
  int64_t axis = 0;
  SmallVector<int64_t> segments;
};

/// The split that the attributes of one parameter or result give (null
/// `attrs`, or no `relax.split_axes` naming the grid's axis: replicated).
/// Assumes the attributes verified.
std::optional<SplitSpec> getSplitSpec(DictionaryAttr attrs);

/// The number of ranks of the grid that `func` (a relax.func) is written
/// for or partitioned over, and whether it is partitioned; std::nullopt
/// when it has neither attribute or the grid is not a one-axis grid of
/// static size.
struct GridInfo {
  FlatSymbolRefAttr grid;
  int64_t numRanks = 1;
  bool partitioned = false;
};
std::optional<GridInfo> getGridInfo(Operation *func);

/// Verifies `relax.grid` / `relax.partitioned` on `op`.
LogicalResult verifyGridAttr(Operation *op, NamedAttribute attr);
/// Verifies `relax.split_axes` / `relax.split_segments` of parameter or
/// result `index` of `op`, whose type is `type`.
LogicalResult verifySplitAttr(Operation *op, Type type, StringRef what,
                              unsigned index, NamedAttribute attr,
                              DictionaryAttr all);

} // namespace mlir::relax

#endif // RELAX_DIALECT_RELAX_IR_RELAXTENSORPARALLEL_H
