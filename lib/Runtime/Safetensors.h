//===- Safetensors.h - Memory-mapped safetensors files ----------*- C++ -*-===//
//
// A safetensors file (an 8-byte little-endian header size, a JSON header
// naming each tensor's dtype, shape and byte range, then the data) mapped
// into memory: tensors are read in place, never copied. The mapping is
// private and writable, so that compiled code that updates a weight in place
// changes only this process's copy.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_SAFETENSORS_H
#define RELAX_LIB_RUNTIME_SAFETENSORS_H

#include <dlpack/dlpack.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace relax::runtime {

struct MappedTensor {
  DLDataType dtype;
  std::vector<int64_t> shape;
  void *data;
};

class SafetensorsFile {
public:
  /// Maps the file at `path` and reads its header, or returns null with a
  /// message in `error`.
  static std::unique_ptr<SafetensorsFile> open(const std::string &path,
                                               std::string &error);
  ~SafetensorsFile();

  /// The tensor `name`, or null.
  const MappedTensor *lookup(const std::string &name) const;

  /// Whether `ptr` points into the mapping.
  bool contains(const void *ptr) const;

  const std::string &getPath() const { return path; }

private:
  SafetensorsFile() = default;
  std::string path;
  void *mapping = nullptr;
  size_t size = 0;
  std::map<std::string, MappedTensor> tensors;
};

} // namespace relax::runtime

#endif // RELAX_LIB_RUNTIME_SAFETENSORS_H
