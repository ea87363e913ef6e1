//===- Sgemm.cpp - Matrix products for relax.call_library on the CPU ------===//
//
// `relax.cpu.sgemm_<a><b>` (`n` or `t` for each operand) computes
// C = op(A) * op(B) in f32 with OpenBLAS. The host lowering passes every
// operand as an unranked memref through the C interface. A may have leading
// batch dims, which become rows; B is a matrix. Operands must be row-major
// with contiguous rows; anything else stops the program with a message
// rather than computing a wrong result.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <cblas.h>

#include <cstdio>
#include <cstdlib>

namespace {
/// A row-major matrix view of a memref.
struct Matrix {
  float *data;
  int64_t rows, cols, ld;
};
} // namespace

[[noreturn]] static void fail(const char *function, const char *message) {
  std::fprintf(stderr, "%s: %s\n", function, message);
  std::fflush(stderr);
  std::abort();
}

/// Views `memref` as a matrix: the last dim is the columns, all others are
/// flattened into rows (so they must be contiguous), and the row stride is
/// the leading dimension.
static Matrix asMatrix(const UnrankedMemRefType<float> *memref,
                       const char *function, bool allowBatch) {
  DynamicMemRefType<float> m(*memref);
  if (allowBatch ? m.rank < 1 : m.rank != 2)
    fail(function, allowBatch ? "operand must have a rank of at least 1"
                              : "operand must be a matrix");
  int64_t cols = m.sizes[m.rank - 1];
  if (m.strides[m.rank - 1] != 1 && cols > 1)
    fail(function, "operand columns are not contiguous");
  int64_t rows = 1;
  for (int64_t i = 0; i + 1 < m.rank; ++i)
    rows *= m.sizes[i];
  int64_t ld = m.rank >= 2 ? m.strides[m.rank - 2] : cols;
  for (int64_t i = 0; i + 2 < m.rank; ++i)
    if (m.sizes[i] > 1 && m.strides[i] != m.strides[i + 1] * m.sizes[i + 1])
      fail(function, "operand batch dims are not contiguous");
  if (ld < cols)
    ld = cols > 0 ? cols : 1;
  return {m.data + m.offset, rows, cols, ld};
}

static void sgemm(const char *function, bool transA, bool transB,
                  const UnrankedMemRefType<float> *a,
                  const UnrankedMemRefType<float> *b,
                  const UnrankedMemRefType<float> *c) {
  Matrix ma = asMatrix(a, function, /*allowBatch=*/!transA);
  Matrix mb = asMatrix(b, function, /*allowBatch=*/false);
  Matrix mc = asMatrix(c, function, /*allowBatch=*/true);
  int64_t m = transA ? ma.cols : ma.rows;
  int64_t k = transA ? ma.rows : ma.cols;
  int64_t n = transB ? mb.rows : mb.cols;
  if ((transB ? mb.cols : mb.rows) != k || mc.rows != m || mc.cols != n)
    fail(function, "operand shapes do not match");
  if (m == 0 || n == 0)
    return;
  if (k == 0) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        mc.data[i * mc.ld + j] = 0;
    return;
  }
  cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
              transB ? CblasTrans : CblasNoTrans, m, n, k, 1.0f, ma.data, ma.ld,
              mb.data, mb.ld, 0.0f, mc.data, mc.ld);
}

#define RELAX_SGEMM(NAME, TRANS_A, TRANS_B)                                    \
  extern "C" __attribute__((visibility("default"))) void _mlir_ciface_##NAME(  \
      UnrankedMemRefType<float> *a, UnrankedMemRefType<float> *b,              \
      UnrankedMemRefType<float> *c) {                                          \
    sgemm(#NAME, TRANS_A, TRANS_B, a, b, c);                                   \
  }

RELAX_SGEMM(relax_cpu_sgemm_nn, false, false)
RELAX_SGEMM(relax_cpu_sgemm_nt, false, true)
RELAX_SGEMM(relax_cpu_sgemm_tn, true, false)
RELAX_SGEMM(relax_cpu_sgemm_tt, true, true)
