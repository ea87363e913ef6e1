//===- Npy.h - Arrays and .npy files for relax-run --------------*- C++ -*-===//
//
// Row-major arrays of the element types relax-run passes to compiled code,
// and reading and writing them as NumPy .npy files.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_NPY_H
#define RELAX_TOOLS_RELAX_RUN_NPY_H

#include "mlir/IR/Types.h"
#include "llvm/Support/MemoryBuffer.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
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

/// The size in bytes of a row-major array of `shape` whose elements take
/// `elementSize` bytes each, or nothing when a dim is negative or the count
/// of elements or bytes, not counting dims of 0, does not fit in a signed
/// 64-bit integer.
std::optional<uint64_t> getNumBytes(llvm::ArrayRef<int64_t> shape,
                                    unsigned elementSize);

/// A row-major array. Its bytes are aligned for every element type.
class Array {
public:
  /// Allocates a zeroed array, or returns nothing when the memory is not
  /// there. `shape` must pass getNumBytes.
  static std::optional<Array> allocate(std::vector<int64_t> shape,
                                       ElementLayout layout);

  /// A copy of `other`, or nothing when the memory is not there.
  static std::optional<Array> copyOf(const Array &other);

  std::vector<int64_t> shape;
  ElementLayout layout;

  int64_t getNumElements() const;
  size_t getNumBytes() const { return getNumElements() * layout.size; }
  void *data() { return storage.get(); }
  const void *data() const { return storage.get(); }

private:
  struct Free {
    void operator()(void *ptr) const { std::free(ptr); }
  };

  Array(std::vector<int64_t> shape, ElementLayout layout, void *storage)
      : shape(std::move(shape)), layout(std::move(layout)), storage(storage) {}

  /// Null for an array without elements.
  std::unique_ptr<void, Free> storage;
};

/// Reads a little-endian, C-ordered .npy file; on failure, says why in
/// `error`.
/// The bytes of the regular file at `path`, or null with `error` set: a
/// path that is not a regular file (a directory, a device such as
/// /dev/zero, a pipe) is refused rather than read until memory runs out.
std::unique_ptr<llvm::MemoryBuffer> readRegularFile(llvm::StringRef path,
                                                    std::string &error);

std::optional<Array> readNpy(llvm::StringRef path, std::string &error);
/// Reads the contents of a .npy file; `path` names it in errors.
std::optional<Array> parseNpy(llvm::StringRef bytes, llvm::StringRef path,
                              std::string &error);

/// Writes `array` as a .npy file.
mlir::LogicalResult writeNpy(llvm::StringRef path, const Array &array);

/// Where --output puts result `index`: `output` itself for the first, then
/// y.1.npy, y.2.npy, ... for `output` y.npy.
std::string getResultPath(llvm::StringRef output, unsigned index);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_NPY_H
