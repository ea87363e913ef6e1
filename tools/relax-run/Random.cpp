//===- Random.cpp - Seeded random inputs for relax-run --------------------===//

#include "Random.h"

#include <cmath>
#include <cstring>

using namespace mlir;
using namespace relax_run;

RandomBits::RandomBits(uint64_t seed) {
  // SplitMix64 spreads the seed; the state must not be zero.
  uint64_t z = seed + 0x9e3779b97f4a7c15;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
  z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
  state = (z ^ (z >> 31)) | 1;
}

uint64_t RandomBits::next() {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545f4914f6cdd1d;
}

/// A float of mean 0 and variance 1, close to normal, from 64 random bits:
/// the sum of their four 16-bit parts (Irwin-Hall), centered and scaled. It
/// lies within +-2 sqrt(3).
static float toNormal(uint64_t bits) {
  uint64_t pairs =
      (bits & 0x0000ffff0000ffff) + ((bits >> 16) & 0x0000ffff0000ffff);
  uint64_t sum = (pairs & 0xffffffff) + (pairs >> 32);
  return (static_cast<float>(sum) - 131070.0f) * (1.7320508f / 65536);
}

/// The IEEE half-precision bits nearest to `value` (ties to even), for
/// finite values below 65520 in magnitude.
static uint16_t toHalf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  uint16_t sign = (bits >> 16) & 0x8000;
  bits &= 0x7fffffff;
  // Below 2^-14, halves are subnormal: multiples of 2^-24.
  if (bits < 0x38800000) {
    float magnitude;
    std::memcpy(&magnitude, &bits, 4);
    return sign | static_cast<uint16_t>(std::nearbyint(magnitude * 0x1p24f));
  }
  // Rebias the exponent (127 to 15) and round away 13 mantissa bits.
  bits += 0xfff + ((bits >> 13) & 1);
  return sign | static_cast<uint16_t>((bits - (112u << 23)) >> 13);
}

/// Stores `convert(bits.next())` in each of the `count` elements of type T
/// at `data`.
template <typename T, typename Convert>
static void fill(void *data, int64_t count, RandomBits &bits, Convert convert) {
  T *elements = static_cast<T *>(data);
  for (int64_t i = 0; i < count; ++i)
    elements[i] = convert(bits.next());
}

void relax_run::fillRandom(Array &array, Type element, RandomBits &bits) {
  void *data = array.data();
  int64_t count = array.getNumElements();
  auto small = [](uint64_t b) { return int64_t(((b >> 32) * 7) >> 32) - 3; };
  if (element.isF16())
    fill<uint16_t>(data, count, bits,
                   [](uint64_t b) { return toHalf(toNormal(b)); });
  else if (element.isF32())
    fill<float>(data, count, bits, toNormal);
  else if (element.isF64())
    fill<double>(data, count, bits, toNormal);
  else if (element.isInteger(1))
    fill<uint8_t>(data, count, bits, [](uint64_t b) { return b >> 63; });
  else if (element.isInteger(8))
    fill<int8_t>(data, count, bits, small);
  else if (element.isInteger(16))
    fill<int16_t>(data, count, bits, small);
  else if (element.isInteger(32))
    fill<int32_t>(data, count, bits, small);
  else
    fill<int64_t>(data, count, bits, small);
}

