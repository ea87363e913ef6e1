//===- Random.h - Seeded random inputs for relax-run ------------*- C++ -*-===//
//
// Random inputs are the same for the same seed on every machine: floats of
// mean 0 and variance 1, small integers, booleans.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_RANDOM_H
#define RELAX_TOOLS_RELAX_RUN_RANDOM_H

#include "Npy.h"

#include "mlir/IR/Types.h"

#include <cstdint>

namespace relax_run {

/// xorshift64* (Vigna, "An experiment with Marsaglia's xorshift
/// generators"): 64 random bits a step, the same ones for the same seed.
class RandomBits {
public:
  explicit RandomBits(uint64_t seed);
  uint64_t next();

private:
  uint64_t state;
};

/// Fills `array` with floats of mean 0 and variance 1, integers in [-3, 3]
/// or booleans, as `element` is.
void fillRandom(Array &array, mlir::Type element, RandomBits &bits);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_RANDOM_H
