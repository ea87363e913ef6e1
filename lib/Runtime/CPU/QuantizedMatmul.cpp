//===- QuantizedMatmul.cpp - Products by q4_0 and q8_0 weights on the CPU -===//
//
// `relax.cpu.matmul_q4_0` and `relax.cpu.matmul_q8_0` compute
// y[m, n] = sum_k x[m, k] * w[n, k] for f32 activations `x` (leading dims
// are rows) and weights `w` in GGUF's blocks of 32, split as the IR holds
// them (`relax.dequantize`): packed data `[N, K / 2]` (q4_0: weight j of a
// block in the low nibble of byte j, weight j + 16 in its high nibble) or
// `[N, K]` (q8_0), both i8, and one f16 scale per block, `[N, K / 32]`.
//
// As llama.cpp computes them: each row of `x` is quantized once to 8-bit
// blocks of 32 (scale max|x| / 127, values rounded to nearest even), each
// block's product is an integer dot product, and the sum over blocks is
// taken in f32 with both scales. The weights are read once per tile of
// rows and never unpacked to memory.
//
// The kernels are chosen at the first call, from the CPU that runs them:
// AMX for products of several rows (a tile multiply per block and 16 x 16
// outputs; fewer rows take AVX-512), AVX-512 VNNI (`vpdpbusd` on pairs of
// blocks), AVX2 (`vpmaddubsw` per block), or portable C++.
// RELAX_CPU_KERNELS=avx512, =avx2 or =scalar picks lesser ones (the tests
// compare each that the CPU runs).
//
//===----------------------------------------------------------------------===//

#include "../GemmOperands.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif
#if defined(__x86_64__) && defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

constexpr int64_t kBlock = 32;

enum class Format { Q4_0, Q8_0 };
enum class Isa { Scalar, Avx2, Avx512, Amx };

/// Products of at least this many rows take the AMX kernel: below, most
/// of each 16-row tile would be padding.
constexpr int64_t kAmxMinRows = 8;

[[noreturn]] void fail(const char *function, const char *message) {
  std::fprintf(stderr, "%s: %s\n", function, message);
  std::fflush(stderr);
  std::abort();
}

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16;
  uint32_t exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  uint32_t bits;
  if (exponent == 0x1f) {
    bits = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent != 0) {
    bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    bits = sign;
  } else {
    // A subnormal half is a normal float.
    int shift = 0;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      ++shift;
    }
    bits = sign | (uint32_t(113 - shift) << 23) | ((mantissa & 0x3ff) << 13);
  }
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

/// Whether this process may use AMX's tiles: Linux hands out their state
/// only to a process that asks for it.
bool amxPermitted() {
#if defined(__x86_64__) && defined(__linux__)
  constexpr long kReqXcompPerm = 0x1023, kXfeatureXtiledata = 18;
  return syscall(SYS_arch_prctl, kReqXcompPerm, kXfeatureXtiledata) == 0;
#else
  return false;
#endif
}

/// The best kernels this CPU runs, or those RELAX_CPU_KERNELS names if it
/// runs them.
Isa detectIsa() {
  Isa isa = Isa::Scalar;
#if defined(__x86_64__)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512vnni"))
    isa = Isa::Avx512;
  else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") &&
           __builtin_cpu_supports("f16c"))
    isa = Isa::Avx2;
  if (isa == Isa::Avx512 && __builtin_cpu_supports("amx-tile") &&
      __builtin_cpu_supports("amx-int8") && amxPermitted())
    isa = Isa::Amx;
#endif
  if (const char *forced = std::getenv("RELAX_CPU_KERNELS")) {
    Isa wanted = isa;
    if (!std::strcmp(forced, "scalar"))
      wanted = Isa::Scalar;
    else if (!std::strcmp(forced, "avx2"))
      wanted = Isa::Avx2;
    else if (!std::strcmp(forced, "avx512"))
      wanted = Isa::Avx512;
    return std::min(isa, wanted);
  }
  return isa;
}

/// The weights of one product: `rows` rows of `k` weights, row n's packed
/// bytes at `data + n * dataStride`, its block scales at
/// `scale + n * scaleStride`.
struct Weights {
  const uint8_t *data;
  const uint16_t *scale;
  int64_t rows, k, dataStride, scaleStride;
};

/// The activations quantized to 8-bit blocks, laid out for one kernel. A
/// "group" is what one step of the kernel reads: a block (scalar, AVX2) or
/// a pair of blocks (AVX-512, the second block zero past the end). Per row
/// and group: `groupBytes` values, `groupBytes / 4` lane corrections
/// (-bias times the sum of the lane's 4 values: the kernels multiply
/// weights offset by `bias` to unsigned bytes) and `groupBytes / 32` scales.
struct QuantizedRows {
  int64_t rows, groups, groupBytes;
  std::vector<int8_t> values;
  std::vector<int32_t> corrections;
  std::vector<float> scales;

  const int8_t *value(int64_t m, int64_t g) const {
    return values.data() + (m * groups + g) * groupBytes;
  }
  const int32_t *correction(int64_t m, int64_t g) const {
    return corrections.data() + (m * groups + g) * (groupBytes / 4);
  }
  const float *scale(int64_t m, int64_t g) const {
    return scales.data() + (m * groups + g) * (groupBytes / kBlock);
  }
};

/// Quantizes `rows` rows of `k` activations (row m at `x + m * ld`).
/// `paired` lays out pairs of blocks as the AVX-512 kernels (and AVX2's for
/// q4_0) read them: dword lane 2c + b holds values 4c .. 4c + 3 of block b.
/// A block holding NaN or an infinity gets scale NaN, so that the products
/// that read it are NaN, as the f32 products would be (or infinite).
__attribute__((always_inline)) inline void
quantizeRowsImpl(const float *x, int64_t rows, int64_t k, int64_t ld,
                 bool paired, int32_t bias, QuantizedRows &out) {
  int64_t blocks = k / kBlock;
  int64_t perGroup = paired ? 2 : 1;
  out.rows = rows;
  out.groups = (blocks + perGroup - 1) / perGroup;
  out.groupBytes = perGroup * kBlock;
  size_t count = size_t(rows * out.groups);
  out.values.assign(count * out.groupBytes, 0);
  out.corrections.assign(count * out.groupBytes / 4, 0);
  out.scales.assign(count * perGroup, 0.0f);
  for (int64_t m = 0; m < rows; ++m) {
    for (int64_t block = 0; block < blocks; ++block) {
      const float *source = x + m * ld + block * kBlock;
      float amax = 0.0f;
      bool finite = true;
      for (int64_t j = 0; j < kBlock; ++j) {
        amax = std::max(amax, std::fabs(source[j]));
        finite &= std::isfinite(source[j]);
      }
      float d = finite ? amax / 127.0f : NAN;
      float inverse = finite && d != 0.0f ? 1.0f / d : 0.0f;
      int64_t g = block / perGroup, b = block % perGroup;
      int8_t *values =
          out.values.data() + (m * out.groups + g) * out.groupBytes;
      int32_t *corrections =
          out.corrections.data() + (m * out.groups + g) * out.groupBytes / 4;
      out.scales[(m * out.groups + g) * perGroup + b] = d;
      for (int64_t c = 0; c < kBlock / 4; ++c) {
        int64_t lane = paired ? 2 * c + b : c;
        int32_t sum = 0;
        for (int64_t j = 0; j < 4; ++j) {
          // Round to nearest even, as the vector conversions do.
          auto q = finite ? int8_t(std::nearbyint(source[4 * c + j] * inverse))
                          : int8_t(0);
          values[4 * lane + j] = q;
          sum += q;
        }
        corrections[lane] = -bias * sum;
      }
    }
  }
}

void quantizeRows(const float *x, int64_t rows, int64_t k, int64_t ld,
                  bool paired, int32_t bias, QuantizedRows &out) {
  quantizeRowsImpl(x, rows, k, ld, paired, bias, out);
}

//===----------------------------------------------------------------------===//
// Portable kernels: one block at a time, signed weights.
//===----------------------------------------------------------------------===//

void weightsOfBlock(Format format, const Weights &w, int64_t n, int64_t block,
                    int8_t out[kBlock]) {
  const uint8_t *row = w.data + n * w.dataStride;
  if (format == Format::Q8_0) {
    std::memcpy(out, row + block * kBlock, kBlock);
    return;
  }
  const uint8_t *bytes = row + block * (kBlock / 2);
  for (int64_t j = 0; j < kBlock / 2; ++j) {
    out[j] = int8_t((bytes[j] & 0x0f) - 8);
    out[j + kBlock / 2] = int8_t((bytes[j] >> 4) - 8);
  }
}

void matmulScalar(Format format, const QuantizedRows &x, const Weights &w,
                  float *y, int64_t ldy) {
  int64_t blocks = w.k / kBlock;
  int8_t weights[kBlock];
  for (int64_t n = 0; n < w.rows; ++n) {
    const uint16_t *scales = w.scale + n * w.scaleStride;
    for (int64_t m = 0; m < x.rows; ++m)
      y[m * ldy + n] = 0.0f;
    for (int64_t block = 0; block < blocks; ++block) {
      weightsOfBlock(format, w, n, block, weights);
      float dw = halfToFloat(scales[block]);
      for (int64_t m = 0; m < x.rows; ++m) {
        const int8_t *values = x.value(m, block);
        int32_t sum = 0;
        for (int64_t j = 0; j < kBlock; ++j)
          sum += int32_t(weights[j]) * values[j];
        y[m * ldy + n] += dw * x.scale(m, block)[0] * float(sum);
      }
    }
  }
}

#if defined(__x86_64__)
//===----------------------------------------------------------------------===//
// AVX2: one block (8 lanes of 4 values) per step, vpmaddubsw.
//===----------------------------------------------------------------------===//

#define RELAX_AVX2 __attribute__((target("avx2,fma,f16c")))

/// The packed bytes of a pair of blocks.
template <Format F>
constexpr int64_t kPairBytes = F == Format::Q4_0 ? 32 : 64;

/// How far ahead the kernels prefetch weight rows.
constexpr int64_t kPrefetchRows = 8;

/// Prefetches `offset` bytes into the weight row `kPrefetchRows` rows
/// (`stride` bytes each) after `row`: each kernel fetches the rows a tile
/// or two on, as far along as it reads, so that those stream from memory
/// while a tile computes. Into L2: a tile's rows of a long product (q8_0
/// rows of 11008 weights) would push the current ones out of L1. A prefetch
/// past the end does not fault.
inline void prefetchAhead(const uint8_t *row, int64_t stride, int64_t offset) {
  _mm_prefetch(reinterpret_cast<const char *>(row) + kPrefetchRows * stride +
                   offset,
               _MM_HINT_T1);
}

/// quantizeRows with the rounding and the block maxima in vectors.
RELAX_AVX2 void quantizeRowsAvx2(const float *x, int64_t rows, int64_t k,
                                 int64_t ld, bool paired, int32_t bias,
                                 QuantizedRows &out) {
  quantizeRowsImpl(x, rows, k, ld, paired, bias, out);
}

RELAX_AVX2 inline float sumAvx2(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_movehdup_ps(s));
  return _mm_cvtss_f32(s);
}

/// q8_0 on AVX2, rows m0 .. m0 + MR of y by columns n0 .. n0 + NR, a block
/// at a time: vpmaddubsw of |w| (once per weight row) and x with w's sign,
/// whose pair sums cannot saturate.
template <int MR, int NR>
RELAX_AVX2 void tileAvx2Q8(const QuantizedRows &x, const Weights &w, int64_t m0,
                           int64_t n0, float *y, int64_t ldy) {
  __m256 acc[MR][NR];
  for (int i = 0; i < MR; ++i)
    for (int j = 0; j < NR; ++j)
      acc[i][j] = _mm256_setzero_ps();
  const __m256i ones = _mm256_set1_epi16(1);
  int64_t blocks = w.k / kBlock;
  for (int64_t block = 0; block < blocks; ++block) {
    __m256i weights[NR], magnitudes[NR];
    float dw[NR];
    for (int j = 0; j < NR; ++j) {
      weights[j] = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(
          w.data + (n0 + j) * w.dataStride + block * kBlock));
      magnitudes[j] = _mm256_abs_epi8(weights[j]);
      prefetchAhead(w.data + (n0 + j) * w.dataStride, w.dataStride,
                    block * kBlock);
      dw[j] = _cvtsh_ss(w.scale[(n0 + j) * w.scaleStride + block]);
    }
    for (int i = 0; i < MR; ++i) {
      __m256i values = _mm256_loadu_si256(
          reinterpret_cast<const __m256i *>(x.value(m0 + i, block)));
      float dx = x.scale(m0 + i, block)[0];
      for (int j = 0; j < NR; ++j) {
        __m256i pairs = _mm256_maddubs_epi16(
            magnitudes[j], _mm256_sign_epi8(values, weights[j]));
        __m256 sums = _mm256_cvtepi32_ps(_mm256_madd_epi16(pairs, ones));
        acc[i][j] =
            _mm256_fmadd_ps(sums, _mm256_set1_ps(dw[j] * dx), acc[i][j]);
      }
    }
  }
  for (int i = 0; i < MR; ++i)
    for (int j = 0; j < NR; ++j)
      y[(m0 + i) * ldy + n0 + j] = sumAvx2(acc[i][j]);
}

/// q4_0 on AVX2 a pair of blocks at a time, in the paired layout that the
/// AVX-512 kernels read: the low nibbles' and the high nibbles' byte pair
/// sums (each below 2^13) add in 16 bits, so a pair costs one vpmaddwd and
/// one conversion instead of two each, and the scales of both blocks come
/// from one load.
template <int MR, int NR>
RELAX_AVX2 void tileAvx2Q4Pairs(const QuantizedRows &x, const Weights &w,
                                int64_t m0, int64_t n0, float *y, int64_t ldy) {
  __m256 acc[MR][NR];
  for (int i = 0; i < MR; ++i)
    for (int j = 0; j < NR; ++j)
      acc[i][j] = _mm256_setzero_ps();
  int64_t blocks = w.k / kBlock;
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  const __m256i mask = _mm256_set1_epi8(0x0f);
  const __m256i ones = _mm256_set1_epi16(1);
  for (int64_t pair = 0; pair < x.groups; ++pair) {
    bool whole = 2 * pair + 1 < blocks;
    __m256i low[NR], high[NR];
    __m256 dw[NR];
    for (int j = 0; j < NR; ++j) {
      const uint8_t *bytes = w.data + (n0 + j) * w.dataStride + pair * 32;
      __m256i v =
          whole ? _mm256_loadu_si256(reinterpret_cast<const __m256i *>(bytes))
                : _mm256_castsi128_si256(_mm_loadu_si128(
                      reinterpret_cast<const __m128i *>(bytes)));
      if (!whole)
        v = _mm256_inserti128_si256(v, _mm_setzero_si128(), 1);
      v = _mm256_permutevar8x32_epi32(v, order);
      prefetchAhead(bytes, w.dataStride, 0);
      low[j] = _mm256_and_si256(v, mask);
      high[j] = _mm256_and_si256(_mm256_srli_epi16(v, 4), mask);
      const uint16_t *scales = w.scale + (n0 + j) * w.scaleStride;
      uint32_t bits = scales[2 * pair];
      if (whole)
        bits |= uint32_t(scales[2 * pair + 1]) << 16;
      dw[j] = _mm256_cvtph_ps(_mm_set1_epi32(int(bits)));
    }
    for (int i = 0; i < MR; ++i) {
      const auto *values =
          reinterpret_cast<const __m256i *>(x.value(m0 + i, pair));
      const auto *corrections =
          reinterpret_cast<const __m256i *>(x.correction(m0 + i, pair));
      __m256i xLow = _mm256_loadu_si256(values);
      __m256i xHigh = _mm256_loadu_si256(values + 1);
      __m256i correction = _mm256_add_epi32(
          _mm256_loadu_si256(corrections), _mm256_loadu_si256(corrections + 1));
      double dxPair;
      std::memcpy(&dxPair, x.scale(m0 + i, pair), sizeof(dxPair));
      __m256 dx = _mm256_castpd_ps(_mm256_set1_pd(dxPair));
      for (int j = 0; j < NR; ++j) {
        __m256i pairs = _mm256_add_epi16(_mm256_maddubs_epi16(low[j], xLow),
                                         _mm256_maddubs_epi16(high[j], xHigh));
        __m256i sums =
            _mm256_add_epi32(_mm256_madd_epi16(pairs, ones), correction);
        acc[i][j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sums),
                                    _mm256_mul_ps(dw[j], dx), acc[i][j]);
      }
    }
  }
  for (int i = 0; i < MR; ++i)
    for (int j = 0; j < NR; ++j)
      y[(m0 + i) * ldy + n0 + j] = sumAvx2(acc[i][j]);
}

//===----------------------------------------------------------------------===//
// AVX-512 VNNI: a pair of blocks (16 lanes of 4 values, lane 2c + b holding
// values 4c .. 4c + 3 of block b) per step, vpdpbusd.
//===----------------------------------------------------------------------===//

#define RELAX_AVX512                                                           \
  __attribute__((target("avx512f,avx512bw,avx512vl,avx512vnni,fma,f16c")))

/// A pair of blocks of one row as unsigned bytes in the paired layout: q4_0
/// nibbles (offset 8), q8_0 values plus 128; past the last block, zeros.
template <Format F>
RELAX_AVX512 inline __m512i loadPairAvx512(const uint8_t *row, int64_t pair,
                                           bool whole) {
  if constexpr (F == Format::Q4_0) {
    const uint8_t *bytes = row + pair * 32;
    __m256i v =
        whole ? _mm256_loadu_si256(reinterpret_cast<const __m256i *>(bytes))
              : _mm256_maskz_loadu_epi32(0x0f, bytes);
    // Dwords c of both blocks side by side, then the low nibbles (values
    // 4c ..) and the high nibbles (values 16 + 4c ..).
    v = _mm256_permutevar8x32_epi32(v,
                                    _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
    __m256i mask = _mm256_set1_epi8(0x0f);
    __m256i low = _mm256_and_si256(v, mask);
    __m256i high = _mm256_and_si256(_mm256_srli_epi16(v, 4), mask);
    return _mm512_inserti64x4(_mm512_castsi256_si512(low), high, 1);
  } else {
    const uint8_t *bytes = row + pair * 64;
    __m512i v = whole ? _mm512_loadu_si512(bytes)
                      : _mm512_maskz_loadu_epi32(0x00ff, bytes);
    v = _mm512_permutexvar_epi32(
        _mm512_setr_epi32(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15),
        v);
    return _mm512_xor_si512(v, _mm512_set1_epi8(char(0x80)));
  }
}

/// One step of an AVX-512 tile: pair `pair` of the rows `weights` (scales
/// `scales`) against the activation rows `values` (corrections
/// `corrections`, scales `dx`), accumulated into `acc`; the rows ahead of
/// the weight rows (`stride` bytes each) are prefetched. `Whole`: the pair has
/// both blocks (all but an odd last one).
template <Format F, int MR, int NR, bool Whole>
RELAX_AVX512 __attribute__((always_inline)) inline void
stepAvx512(int64_t pair, int64_t stride, const uint8_t *const (&weights)[NR],
           const uint16_t *const (&scales)[NR],
           const int8_t *const (&values)[MR],
           const int32_t *const (&corrections)[MR],
           const float *const (&dx)[MR], __m512 (&acc)[MR][NR]) {
  __m512i w[NR];
  __m512 dw[NR];
  for (int j = 0; j < NR; ++j) {
    w[j] = loadPairAvx512<F>(weights[j], pair, Whole);
    // The two blocks' scales, alternating across the 16 lanes.
    uint32_t bits = scales[j][2 * pair];
    if constexpr (Whole)
      std::memcpy(&bits, scales[j] + 2 * pair, sizeof(bits));
    dw[j] = _mm512_cvtph_ps(_mm256_set1_epi32(int(bits)));
    prefetchAhead(weights[j], stride, pair * kPairBytes<F>);
  }
  for (int i = 0; i < MR; ++i) {
    __m512i x = _mm512_loadu_si512(values[i] + pair * 64);
    __m512i correction = _mm512_loadu_si512(corrections[i] + pair * 16);
    double dxPair;
    std::memcpy(&dxPair, dx[i] + pair * 2, sizeof(dxPair));
    __m512 scale = _mm512_castpd_ps(_mm512_set1_pd(dxPair));
    for (int j = 0; j < NR; ++j) {
      __m512 sums =
          _mm512_cvtepi32_ps(_mm512_dpbusd_epi32(correction, w[j], x));
      acc[i][j] = _mm512_fmadd_ps(sums, _mm512_mul_ps(dw[j], scale), acc[i][j]);
    }
  }
}

template <Format F, int MR, int NR>
RELAX_AVX512 void tileAvx512(const QuantizedRows &x, const Weights &w,
                             int64_t m0, int64_t n0, float *y, int64_t ldy) {
  __m512 acc[MR][NR];
  for (int i = 0; i < MR; ++i)
    for (int j = 0; j < NR; ++j)
      acc[i][j] = _mm512_setzero_ps();
  const uint8_t *weights[NR];
  const uint16_t *scales[NR];
  for (int j = 0; j < NR; ++j) {
    weights[j] = w.data + (n0 + j) * w.dataStride;
    scales[j] = w.scale + (n0 + j) * w.scaleStride;
  }
  const int8_t *values[MR];
  const int32_t *corrections[MR];
  const float *dx[MR];
  for (int i = 0; i < MR; ++i) {
    values[i] = x.value(m0 + i, 0);
    corrections[i] = x.correction(m0 + i, 0);
    dx[i] = x.scale(m0 + i, 0);
  }
  int64_t wholePairs = w.k / kBlock / 2;
  for (int64_t pair = 0; pair < wholePairs; ++pair)
    stepAvx512<F, MR, NR, true>(pair, w.dataStride, weights, scales, values,
                                corrections, dx, acc);
  if (x.groups > wholePairs)
    stepAvx512<F, MR, NR, false>(wholePairs, w.dataStride, weights, scales,
                                 values, corrections, dx, acc);
  for (int i = 0; i < MR; ++i)
    for (int j = 0; j < NR; ++j)
      y[(m0 + i) * ldy + n0 + j] = _mm512_reduce_add_ps(acc[i][j]);
}

//===----------------------------------------------------------------------===//
// Tiling.
//===----------------------------------------------------------------------===//

using TileFn = void (*)(const QuantizedRows &, const Weights &, int64_t,
                        int64_t, float *, int64_t);

/// Tiles of up to 4 rows of x by 4 rows of w (more rows of x: each weight
/// row's unpacked bytes serve 4 of them), and for a single row of x (a
/// decode step), `RowNR` weight rows in flight.
template <Format F, template <Format, int, int> class Kernel, int RowNR>
void matmulTiled(const QuantizedRows &x, const Weights &w, float *y,
                 int64_t ldy) {
  static constexpr TileFn full[4] = {Kernel<F, 1, 4>::fn, Kernel<F, 2, 4>::fn,
                                     Kernel<F, 3, 4>::fn, Kernel<F, 4, 4>::fn};
  static constexpr TileFn edge[4] = {Kernel<F, 1, 1>::fn, Kernel<F, 2, 1>::fn,
                                     Kernel<F, 3, 1>::fn, Kernel<F, 4, 1>::fn};
  // Blocks of 64 rows of x (about 550 KB of quantized activations for
  // K = 4096, in L2) meet every weight row once: the weights stream from
  // memory once per block, and each tile's weights stay in L1 across it.
  constexpr int64_t kRowBlock = 64;
  for (int64_t mb = 0; mb < x.rows; mb += kRowBlock) {
    int64_t mEnd = std::min(x.rows, mb + kRowBlock);
    auto tiles = [&](const TileFn *fns, int64_t n0) {
      for (int64_t m0 = mb; m0 < mEnd; m0 += 4)
        fns[std::min<int64_t>(4, mEnd - m0) - 1](x, w, m0, n0, y, ldy);
    };
    int64_t n0 = 0;
    if (mEnd - mb == 1)
      for (; n0 + RowNR <= w.rows; n0 += RowNR)
        Kernel<F, 1, RowNR>::fn(x, w, mb, n0, y, ldy);
    for (; n0 + 4 <= w.rows; n0 += 4)
      tiles(full, n0);
    for (; n0 < w.rows; ++n0)
      tiles(edge, n0);
  }
}

template <Format F, int MR, int NR>
struct Avx2Kernel {
  static constexpr TileFn fn =
      F == Format::Q4_0 ? tileAvx2Q4Pairs<MR, NR> : tileAvx2Q8<MR, NR>;
};
template <Format F, int MR, int NR>
struct Avx512Kernel {
  static constexpr TileFn fn = tileAvx512<F, MR, NR>;
};

//===----------------------------------------------------------------------===//
// AMX: a tile multiply per block, 16 weight rows by 16 rows of x.
//===----------------------------------------------------------------------===//

#define RELAX_AMX                                                              \
  __attribute__((target("avx512f,avx512bw,avx512vl,fma,f16c,amx-tile,"         \
                        "amx-int8")))

/// The palette-1 tile configuration `ldtilecfg` reads.
struct alignas(64) TileConfig {
  uint8_t palette = 1, startRow = 0;
  uint8_t reserved[14] = {};
  uint16_t colsb[16] = {};
  uint8_t rows[16] = {};
};

/// Tile registers: the 16 x 16 sums of a block, 16 weight rows of it (A)
/// and the 16 rows of x as AMX's B operand (8 rows of 4 values per row).
enum : int { kTileC = 0, kTileA = 1, kTileB = 2 };

/// Rows of x as B operands (`x` quantized without pairing, values in
/// order): per group of 16 rows and block, 8 rows of 64 bytes where row r
/// holds values 4r .. 4r + 3 of each of the 16 rows; the rows' block
/// scales beside them, 0 for the padding rows past the end.
struct AmxRows {
  int64_t groups, blocks;
  std::vector<int8_t> values;
  std::vector<float> scales;

  const int8_t *value(int64_t g, int64_t block) const {
    return values.data() + (g * blocks + block) * 512;
  }
  const float *scale(int64_t g, int64_t block) const {
    return scales.data() + (g * blocks + block) * 16;
  }
};

void layoutAmxRows(const QuantizedRows &x, int64_t blocks, AmxRows &out) {
  out.groups = (x.rows + 15) / 16;
  out.blocks = blocks;
  out.values.assign(size_t(out.groups * blocks * 512), 0);
  out.scales.assign(size_t(out.groups * blocks * 16), 0.0f);
  for (int64_t m = 0; m < x.rows; ++m)
    for (int64_t block = 0; block < blocks; ++block) {
      const int8_t *values = x.value(m, block);
      int64_t g = m / 16, i = m % 16;
      int8_t *b = out.values.data() + (g * blocks + block) * 512;
      for (int64_t r = 0; r < kBlock / 4; ++r)
        std::memcpy(b + r * 64 + i * 4, values + 4 * r, 4);
      out.scales[(g * blocks + block) * 16 + i] = x.scale(m, block)[0];
    }
}

/// Weight rows n0 .. n0 + 16 (zero past `w.rows`) as signed bytes in
/// order, row j at `a + j * stride`, and their block scales, `dw[block *
/// 16 + j]`: q4_0 unpacked into `buffer` (stride `w.k`), q8_0 read where it
/// is unless the tile is partial.
template <Format F>
RELAX_AMX const int8_t *unpackAmxWeights(const Weights &w, int64_t n0,
                                         int8_t *buffer, int64_t &stride,
                                         float *dw) {
  int64_t blocks = w.k / kBlock;
  bool whole = n0 + 16 <= w.rows;
  if (F == Format::Q8_0 && whole) {
    for (int64_t j = 0; j < 16; ++j)
      for (int64_t block = 0; block < blocks; ++block)
        dw[block * 16 + j] =
            _cvtsh_ss(w.scale[(n0 + j) * w.scaleStride + block]);
    stride = w.dataStride;
    return reinterpret_cast<const int8_t *>(w.data + n0 * w.dataStride);
  }
  int8_t *a = buffer;
  stride = w.k;
  for (int64_t j = 0; j < 16; ++j) {
    int8_t *out = a + j * w.k;
    if (n0 + j >= w.rows) {
      std::memset(out, 0, size_t(w.k));
      for (int64_t block = 0; block < blocks; ++block)
        dw[block * 16 + j] = 0.0f;
      continue;
    }
    const uint8_t *row = w.data + (n0 + j) * w.dataStride;
    const uint16_t *scales = w.scale + (n0 + j) * w.scaleStride;
    for (int64_t block = 0; block < blocks; ++block)
      dw[block * 16 + j] = _cvtsh_ss(scales[block]);
    if constexpr (F == Format::Q8_0) {
      std::memcpy(out, row, size_t(w.k));
    } else {
      __m128i mask = _mm_set1_epi8(0x0f), eight = _mm_set1_epi8(8);
      for (int64_t block = 0; block < blocks; ++block) {
        __m128i v = _mm_loadu_si128(
            reinterpret_cast<const __m128i *>(row + block * 16));
        __m128i low = _mm_sub_epi8(_mm_and_si128(v, mask), eight);
        __m128i high =
            _mm_sub_epi8(_mm_and_si128(_mm_srli_epi16(v, 4), mask), eight);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(out + block * 32), low);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(out + block * 32 + 16),
                         high);
      }
    }
  }
  return a;
}

/// y = x w^T with a signed tile multiply (`tdpbssd`) per block: its 16 x 16
/// integer sums go through memory into 16 vectors (one per weight row,
/// lanes the rows of x), each scaled by both block scales and added up in
/// f32. Blocks of up to 256 rows of x whose B operands take at most 1 MiB
/// (L2 holds them: 2 MiB on AMX's CPUs) meet every tile of weight rows,
/// unpacked once per block of rows.
template <Format F>
RELAX_AMX void matmulAmx(const QuantizedRows &x, const Weights &w, float *y,
                         int64_t ldy) {
  int64_t blocks = w.k / kBlock;
  static thread_local AmxRows rows;
  layoutAmxRows(x, blocks, rows);
  static thread_local std::vector<int8_t> a;
  static thread_local std::vector<float> dw;
  a.resize(size_t(16 * w.k));
  dw.resize(size_t(16 * blocks));
  TileConfig config;
  config.rows[kTileC] = 16;
  config.colsb[kTileC] = 64;
  config.rows[kTileA] = 16;
  config.colsb[kTileA] = kBlock;
  config.rows[kTileB] = kBlock / 4;
  config.colsb[kTileB] = 64;
  _tile_loadconfig(&config);
  int64_t groupsPerBlock =
      std::clamp<int64_t>((int64_t(1) << 20) / (16 * w.k), 1, 16);
  alignas(64) int32_t sums[16][16];
  alignas(64) float tile[16][16];
  for (int64_t g0 = 0; g0 < rows.groups; g0 += groupsPerBlock) {
    int64_t gEnd = std::min(rows.groups, g0 + groupsPerBlock);
    for (int64_t n0 = 0; n0 < w.rows; n0 += 16) {
      int64_t stride;
      const int8_t *weights =
          unpackAmxWeights<F>(w, n0, a.data(), stride, dw.data());
      for (int64_t g = g0; g < gEnd; ++g) {
        __m512 acc[16];
        for (__m512 &v : acc)
          v = _mm512_setzero_ps();
        for (int64_t block = 0; block < blocks; ++block) {
          _tile_zero(kTileC);
          _tile_loadd(kTileA, weights + block * kBlock, stride);
          _tile_loadd(kTileB, rows.value(g, block), 64);
          _tile_dpbssd(kTileC, kTileA, kTileB);
          _tile_stored(kTileC, sums, 64);
          __m512 dx = _mm512_loadu_ps(rows.scale(g, block));
          const float *dwBlock = dw.data() + block * 16;
          for (int j = 0; j < 16; ++j) {
            __m512 s = _mm512_cvtepi32_ps(_mm512_load_si512(sums[j]));
            acc[j] = _mm512_fmadd_ps(
                s, _mm512_mul_ps(dx, _mm512_set1_ps(dwBlock[j])), acc[j]);
          }
        }
        for (int j = 0; j < 16; ++j)
          _mm512_store_ps(tile[j], acc[j]);
        int64_t mEnd = std::min<int64_t>(16, x.rows - g * 16);
        int64_t nEnd = std::min<int64_t>(16, w.rows - n0);
        for (int64_t i = 0; i < mEnd; ++i)
          for (int64_t j = 0; j < nEnd; ++j)
            y[(g * 16 + i) * ldy + n0 + j] = tile[j][i];
      }
    }
  }
  _tile_release();
}
#endif // __x86_64__

/// Views an unranked memref of bytes or halves as a matrix.
template <typename T>
const char *viewBytes(const UnrankedMemRefType<T> *memref, const T *&data,
                      int64_t &rows, int64_t &cols, int64_t &ld) {
  DynamicMemRefType<T> m(*memref);
  if (m.rank != 2)
    return "quantized weights must be matrices";
  if (m.strides[1] != 1 && m.sizes[1] > 1)
    return "quantized weight rows are not contiguous";
  data = m.data + m.offset;
  rows = m.sizes[0];
  cols = m.sizes[1];
  ld = std::max<int64_t>(m.strides[0], cols);
  return nullptr;
}

void matmul(const char *function, Format format,
            const UnrankedMemRefType<float> *xMemRef,
            const UnrankedMemRefType<int8_t> *dataMemRef,
            const UnrankedMemRefType<uint16_t> *scaleMemRef,
            const UnrankedMemRefType<float> *yMemRef) {
  static const Isa isa = detectIsa();
  relax::MatrixView x, y;
  if (const char *error = relax::viewAsMatrix(xMemRef, true, x))
    fail(function, error);
  if (const char *error = relax::viewAsMatrix(yMemRef, true, y))
    fail(function, error);
  const int8_t *data;
  const uint16_t *scale;
  int64_t dataRows, dataCols, dataLd, scaleRows, scaleCols, scaleLd;
  if (const char *error =
          viewBytes(dataMemRef, data, dataRows, dataCols, dataLd))
    fail(function, error);
  if (const char *error =
          viewBytes(scaleMemRef, scale, scaleRows, scaleCols, scaleLd))
    fail(function, error);
  int64_t k = x.cols;
  int64_t packed = format == Format::Q4_0 ? k / 2 : k;
  if (k % kBlock || dataCols != packed || scaleCols != k / kBlock ||
      dataRows != scaleRows || y.rows != x.rows || y.cols != dataRows)
    fail(function, "operand shapes do not match");
  if (x.rows == 0 || y.cols == 0)
    return;
  Weights w{reinterpret_cast<const uint8_t *>(data),
            scale,
            dataRows,
            k,
            dataLd,
            scaleLd};
  // AMX multiplies signed weights in order; a product of few rows takes
  // the AVX-512 kernels.
  bool amx = isa == Isa::Amx && x.rows >= kAmxMinRows;
  Isa vectorIsa = isa == Isa::Amx ? Isa::Avx512 : isa;
  int32_t bias = amx                        ? 0
                 : format == Format::Q4_0   ? 8
                 : vectorIsa == Isa::Avx512 ? 128
                                            : 0;
  static thread_local QuantizedRows rows;
  bool paired = !amx && (vectorIsa == Isa::Avx512 ||
                         (vectorIsa == Isa::Avx2 && format == Format::Q4_0));
#if defined(__x86_64__)
  if (isa != Isa::Scalar)
    quantizeRowsAvx2(x.data, x.rows, k, x.ld, paired, bias, rows);
  else
#endif
    quantizeRows(x.data, x.rows, k, x.ld, paired, bias, rows);
#if defined(__x86_64__)
  if (amx) {
    if (format == Format::Q4_0)
      matmulAmx<Format::Q4_0>(rows, w, y.data, y.ld);
    else
      matmulAmx<Format::Q8_0>(rows, w, y.data, y.ld);
    return;
  }
#endif
  switch (vectorIsa) {
#if defined(__x86_64__)
  case Isa::Avx512:
    if (format == Format::Q4_0)
      matmulTiled<Format::Q4_0, Avx512Kernel, 8>(rows, w, y.data, y.ld);
    else
      matmulTiled<Format::Q8_0, Avx512Kernel, 8>(rows, w, y.data, y.ld);
    return;
  case Isa::Avx2:
    if (format == Format::Q4_0)
      matmulTiled<Format::Q4_0, Avx2Kernel, 4>(rows, w, y.data, y.ld);
    else
      matmulTiled<Format::Q8_0, Avx2Kernel, 4>(rows, w, y.data, y.ld);
    return;
#endif
  default:
    matmulScalar(format, rows, w, y.data, y.ld);
    return;
  }
}

} // namespace

extern "C" __attribute__((visibility("default"))) void
_mlir_ciface_relax_cpu_matmul_q4_0(UnrankedMemRefType<float> *x,
                                   UnrankedMemRefType<int8_t> *data,
                                   UnrankedMemRefType<uint16_t> *scale,
                                   UnrankedMemRefType<float> *y) {
  matmul("relax_cpu_matmul_q4_0", Format::Q4_0, x, data, scale, y);
}

extern "C" __attribute__((visibility("default"))) void
_mlir_ciface_relax_cpu_matmul_q8_0(UnrankedMemRefType<float> *x,
                                   UnrankedMemRefType<int8_t> *data,
                                   UnrankedMemRefType<uint16_t> *scale,
                                   UnrankedMemRefType<float> *y) {
  matmul("relax_cpu_matmul_q8_0", Format::Q8_0, x, data, scale, y);
}
