//===- WeightsFuzzer.cpp - Fuzz relax-run's weights file reader -----------===//
//
// Reads the input as a weights file: a .npz archive when it starts as a zip
// archive does, else a .safetensors file. A file that is accepted holds
// arrays whose sizes agree with their shapes; one that is refused says why.
//
//===----------------------------------------------------------------------===//

#include "../tools/relax-run/Weights.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef bytes(reinterpret_cast<const char *>(data), size);
  std::string error;
  std::optional<llvm::StringMap<relax_run::Array>> arrays =
      relax_run::parseWeights(bytes, "weights", error);
  if (!arrays) {
    if (error.empty())
      abort();
    return 0;
  }
  unsigned sum = 0;
  uint64_t total = 0;
  for (const auto &entry : *arrays) {
    const relax_run::Array &array = entry.getValue();
    std::optional<uint64_t> numBytes =
        relax_run::getNumBytes(array.shape, array.layout.size);
    if (!numBytes || *numBytes != array.getNumBytes())
      abort();
    total += *numBytes;
    // Touch every byte, so that the sanitizers see a short allocation.
    const auto *p = static_cast<const unsigned char *>(array.data());
    for (uint64_t i = 0; i < *numBytes; ++i)
      sum += p[i];
  }
  // Accepted entries do not share bytes, so they fit in the input.
  if (total > size)
    abort();
  return sum == 0xFFFFFFFF;
}
