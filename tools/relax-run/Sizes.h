//===- Sizes.h - Values of symbolic variables for relax-run -----*- C++ -*-===//
//
// The values relax-run binds to the symbolic variables of a graph function:
// parsed from `--size name=value`, checked against the function's
// constraints, and turned into the shapes of its inputs, each validated
// before anything is allocated. Errors are messages for the user, never
// crashes, whatever the input.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_SIZES_H
#define RELAX_TOOLS_RELAX_RUN_SIZES_H

#include "Relax/Dialect/Relax/IR/RelaxOps.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <string>
#include <vector>

namespace relax_run {

/// Values of symbolic variables, in the order they were given.
using SizeValues = llvm::MapVector<mlir::StringAttr, int64_t>;

/// Parses `name=value` entries. Each name must be one of `vars` (the
/// variables of the parameters of `@entry`), given at most one value.
mlir::FailureOr<SizeValues>
parseSizes(llvm::ArrayRef<std::string> entries,
           const llvm::SetVector<mlir::StringAttr> &vars, llvm::StringRef entry,
           mlir::MLIRContext *context, std::string &error);

/// Checks `values` against the constraints of `func`: no value is negative,
/// and each lies in its `#sym.range` and is a multiple of its
/// `#sym.divisible` divisor.
mlir::LogicalResult checkSizes(mlir::relax::FuncOp func,
                               const SizeValues &values, std::string &error);

/// The shape of argument #`index`, of `type`, at `values`: every dim must
/// evaluate without overflow to a non-negative constant, and the array's
/// byte count (elements of `elementSize` bytes) must fit in 64 bits.
std::optional<std::vector<int64_t>>
getShape(mlir::relax::RelaxTensorType type, const SizeValues &values,
         unsigned elementSize, unsigned index, std::string &error);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_SIZES_H
