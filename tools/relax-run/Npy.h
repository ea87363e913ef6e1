//===- Npy.h - Arrays and .npy files for relax-run --------------*- C++ -*-===//
//
// Row-major arrays of the element types relax-run passes to compiled code,
// and reading and writing them as NumPy .npy files.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_NPY_H
#define RELAX_TOOLS_RELAX_RUN_NPY_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace relax_run {

/// How an element type is stored: the NumPy type string ("<f4") and the
/// size of an element in bytes.
struct ElementLayout {
  std::string descr;
  unsigned size;
};

/// The layout of `type` (f16, f32, f64, i1 as bool, signless i8 to i64 as
/// signed integers), or nothing for an element type .npy cannot hold.
std::optional<ElementLayout> getElementLayout(mlir::Type type);

/// A row-major array. Its bytes are kept in 8-byte words so that every
/// element type is aligned.
struct Array {
  std::vector<int64_t> shape;
  ElementLayout layout;
  std::vector<uint64_t> storage;

  Array(std::vector<int64_t> shape, ElementLayout layout);
  int64_t getNumElements() const;
  size_t getNumBytes() const { return getNumElements() * layout.size; }
  void *data() { return storage.empty() ? nullptr : storage.data(); }
  const void *data() const {
    return storage.empty() ? nullptr : storage.data();
  }
};

/// Reads a little-endian, C-ordered .npy file; on failure, says why in
/// `error`.
std::optional<Array> readNpy(llvm::StringRef path, std::string &error);

/// Writes `array` as a .npy file.
mlir::LogicalResult writeNpy(llvm::StringRef path, const Array &array);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_NPY_H
