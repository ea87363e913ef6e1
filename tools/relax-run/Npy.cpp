//===- Npy.cpp - Arrays and .npy files for relax-run ----------------------===//

#include "Npy.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <limits>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

using namespace mlir;
using namespace relax_run;

std::optional<ElementLayout> relax_run::getElementLayout(Type type) {
  if (type.isF16())
    return ElementLayout{"<f2", 2};
  if (type.isF32())
    return ElementLayout{"<f4", 4};
  if (type.isF64())
    return ElementLayout{"<f8", 8};
  if (type.isInteger(1))
    return ElementLayout{"|b1", 1};
  if (auto integer = dyn_cast<IntegerType>(type)) {
    if (!integer.isSignless())
      return std::nullopt;
    switch (integer.getWidth()) {
    case 8:
      return ElementLayout{"|i1", 1};
    case 16:
      return ElementLayout{"<i2", 2};
    case 32:
      return ElementLayout{"<i4", 4};
    case 64:
      return ElementLayout{"<i8", 8};
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<uint64_t> relax_run::getNumBytes(ArrayRef<int64_t> shape,
                                               unsigned elementSize) {
  // Element counts, offsets and strides are signed 64-bit integers, and
  // strides are products of dims also when another dim is 0: the product of
  // the non-zero dims must fit.
  uint64_t count = elementSize;
  bool empty = false;
  for (int64_t d : shape) {
    bool overflow = false;
    if (d < 0)
      return std::nullopt;
    if (d == 0) {
      empty = true;
      continue;
    }
    count =
        llvm::SaturatingMultiply(count, static_cast<uint64_t>(d), &overflow);
    if (overflow ||
        count > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      return std::nullopt;
  }
  return empty ? 0 : count;
}

/// Arrays this large are aligned to, and padded to, huge pages.
static constexpr uint64_t kHugePageBytes = 2 << 20;

std::optional<Array> Array::copyOf(const Array &other) {
  std::optional<Array> copy = allocate(other.shape, other.layout);
  if (copy && other.getNumBytes())
    std::memcpy(copy->data(), other.data(), other.getNumBytes());
  return copy;
}

std::optional<Array> Array::allocate(std::vector<int64_t> shape,
                                     ElementLayout layout) {
  uint64_t bytes = *relax_run::getNumBytes(shape, layout.size);
  void *storage = nullptr;
  if (bytes >= kHugePageBytes) {
    // Weights and large activations go on transparent huge pages: a kernel
    // that walks a weight matrix down its rows (a matrix-vector product by
    // `[K, N]` weights) touches a new 4 KiB page at every step, and the TLB
    // misses, not the memory, would bound it.
    uint64_t rounded = llvm::alignTo(bytes, kHugePageBytes);
    storage = std::aligned_alloc(kHugePageBytes, rounded);
    if (!storage)
      return std::nullopt;
#ifdef MADV_HUGEPAGE
    (void)madvise(storage, rounded, MADV_HUGEPAGE);
#endif
    std::memset(storage, 0, bytes);
  } else if (bytes) {
    storage = std::calloc(bytes, 1);
    if (!storage)
      return std::nullopt;
  }
  return Array(std::move(shape), std::move(layout), storage);
}

int64_t Array::getNumElements() const {
  int64_t count = 1;
  for (int64_t d : shape)
    count *= d;
  return count;
}

/// The value of `key` in a .npy header dictionary, without quotes or
/// parentheses.
static StringRef getHeaderValue(StringRef header, StringRef key) {
  StringRef rest = header.split(("'" + key + "':").str()).second.ltrim();
  if (rest.consume_front("'"))
    return rest.split('\'').first;
  if (rest.consume_front("("))
    return rest.split(')').first;
  return rest.split(',').first.trim();
}

std::unique_ptr<llvm::MemoryBuffer>
relax_run::readRegularFile(StringRef path, std::string &error) {
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(path, status)) {
    error = ("cannot open " + path + ": " + ec.message()).str();
    return nullptr;
  }
  if (status.type() != llvm::sys::fs::file_type::regular_file) {
    error = ("cannot read " + path + ": not a regular file").str();
    return nullptr;
  }
  auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                            /*RequiresNullTerminator=*/false);
  if (!buffer) {
    error = ("cannot read " + path + ": " + buffer.getError().message()).str();
    return nullptr;
  }
  return std::move(*buffer);
}

std::optional<Array> relax_run::readNpy(StringRef path, std::string &error) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readRegularFile(path, error);
  if (!buffer)
    return std::nullopt;
  return parseNpy(buffer->getBuffer(), path, error);
}

std::optional<Array> relax_run::parseNpy(StringRef bytes, StringRef path,
                                         std::string &error) {
  if (!bytes.starts_with("\x93NUMPY") || bytes.size() < 10) {
    error = path.str() + " is not a .npy file";
    return std::nullopt;
  }
  unsigned major = static_cast<unsigned char>(bytes[6]);
  size_t headerLen, offset;
  if (major == 1) {
    headerLen = static_cast<unsigned char>(bytes[8]) |
                (static_cast<unsigned char>(bytes[9]) << 8);
    offset = 10;
  } else {
    if (bytes.size() < 12) {
      error = path.str() + " is not a .npy file";
      return std::nullopt;
    }
    headerLen = static_cast<unsigned char>(bytes[8]) |
                (static_cast<unsigned char>(bytes[9]) << 8) |
                (static_cast<unsigned char>(bytes[10]) << 16) |
                (static_cast<unsigned char>(bytes[11]) << 24);
    offset = 12;
  }
  StringRef header = bytes.substr(offset, headerLen);
  if (getHeaderValue(header, "fortran_order") == "True") {
    error = path.str() + ": Fortran-ordered arrays are not supported";
    return std::nullopt;
  }
  ElementLayout layout{getHeaderValue(header, "descr").str(), 0};
  for (const char *descr :
       {"<f2", "<f4", "<f8", "|b1", "|i1", "<i2", "<i4", "<i8"})
    if (layout.descr == descr)
      layout.size = layout.descr[2] - '0';
  if (layout.size == 0) {
    error = path.str() + ": dtype '" + layout.descr +
            "' is not supported (float16/32/64, bool, int8/16/32/64 are)";
    return std::nullopt;
  }
  std::vector<int64_t> shape;
  SmallVector<StringRef> parts;
  getHeaderValue(header, "shape").split(parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    int64_t dim;
    if (part.trim().getAsInteger(10, dim) || dim < 0) {
      error = path.str() + ": bad shape in header";
      return std::nullopt;
    }
    shape.push_back(dim);
  }
  std::optional<uint64_t> numBytes = getNumBytes(shape, layout.size);
  if (!numBytes) {
    error = path.str() + ": the shape in the header is too large";
    return std::nullopt;
  }
  StringRef data = bytes.substr(offset + headerLen);
  if (data.size() != *numBytes) {
    error = path.str() + ": data size does not match the shape";
    return std::nullopt;
  }
  std::optional<Array> array = Array::allocate(std::move(shape), layout);
  if (!array) {
    error = path.str() + ": out of memory";
    return std::nullopt;
  }
  if (!data.empty())
    std::memcpy(array->data(), data.data(), data.size());
  return array;
}

LogicalResult relax_run::writeNpy(StringRef path, const Array &array) {
  std::string shape = "(";
  for (int64_t d : array.shape)
    shape += std::to_string(d) + ", ";
  if (array.shape.size() > 1)
    shape.erase(shape.size() - 2);
  else if (array.shape.size() == 1)
    shape.erase(shape.size() - 1);
  shape += ")";
  std::string header = "{'descr': '" + array.layout.descr +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return failure();
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
     << char(header.size() >> 8) << header;
  os.write(static_cast<const char *>(array.data()), array.getNumBytes());
  os.close();
  if (os.has_error()) {
    os.clear_error();
    return failure();
  }
  return success();
}

std::string relax_run::getResultPath(StringRef output, unsigned index) {
  if (index == 0)
    return output.str();
  StringRef stem = output;
  stem.consume_back(".npy");
  return (stem + "." + Twine(index) + ".npy").str();
}
