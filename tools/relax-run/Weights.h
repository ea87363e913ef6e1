//===- Weights.h - Weights files for relax-run ------------------*- C++ -*-===//
//
// Reading .safetensors and .npz weights files, and binding their arrays to
// the parameters of a graph function by name: the parameter's
// `relax.param_name` attribute (which relax-import writes) names its entry
// in the file. Bound parameters take their arrays at run time, or become
// `relax.constant` ops before compilation.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_WEIGHTS_H
#define RELAX_TOOLS_RELAX_RUN_WEIGHTS_H

#include "Npy.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::relax {
class FuncOp;
} // namespace mlir::relax

namespace relax_run {

/// Reads every array of a .safetensors file (a little-endian header size,
/// a JSON header, raw little-endian data) or of a .npz file (a zip archive
/// of .npy files, stored without compression as `np.savez` writes them),
/// by name; an .npz entry `x.npy` is named `x`. On failure, says why in
/// `error`.
std::optional<llvm::StringMap<Array>> readWeights(llvm::StringRef path,
                                                  std::string &error);

/// As readWeights, on the bytes of a file read already: a .npz archive when
/// `path` ends in `.npz` or the bytes start as a zip archive does, else a
/// .safetensors file. `path` only names the file in messages.
std::optional<llvm::StringMap<Array>>
parseWeights(llvm::StringRef bytes, llvm::StringRef path, std::string &error);

/// Binds the parameters of `func` that have a `relax.param_name` attribute
/// to the arrays of the weights file at `path` of those names. With
/// `asConstants`, each becomes a `relax.constant` at the start of the body
/// and the parameter is erased; otherwise `bound` gets one entry per
/// parameter of the signature as it is, tuples flattened, holding the array
/// of each bound one. Types must match exactly: a bound parameter has a
/// static shape. On failure, says why in `error`.
mlir::LogicalResult bindWeights(mlir::relax::FuncOp func, llvm::StringRef path,
                                bool asConstants,
                                std::vector<std::optional<Array>> &bound,
                                std::string &error);

/// As above, with the arrays of the file at `path` already read: those
/// bound are moved out of `arrays`.
mlir::LogicalResult bindWeights(mlir::relax::FuncOp func,
                                llvm::StringMap<Array> &arrays,
                                llvm::StringRef path, bool asConstants,
                                std::vector<std::optional<Array>> &bound,
                                std::string &error);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_WEIGHTS_H
