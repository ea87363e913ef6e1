//===- NpyFuzzer.cpp - Fuzz relax-run's .npy reader -----------------------===//
//
// Reads the input as a .npy file. A file that is accepted must hold exactly
// the bytes its shape and element type need.
//
//===----------------------------------------------------------------------===//

#include "../tools/relax-run/Npy.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  std::string error;
  std::optional<relax_run::Array> array =
      relax_run::parseNpy(bytes, "input.npy", error);
  if (!array) {
    if (error.empty())
      abort();
    return 0;
  }
  std::optional<uint64_t> numBytes =
      relax_run::getNumBytes(array->shape, array->layout.size);
  if (!numBytes || *numBytes != array->getNumBytes() || *numBytes > size)
    abort();
  // Touch every byte, so that the sanitizers see a short allocation.
  const auto *p = static_cast<const unsigned char *>(array->data());
  unsigned sum = 0;
  for (uint64_t i = 0; i < *numBytes; ++i)
    sum += p[i];
  return sum == 0xFFFFFFFF;
}
