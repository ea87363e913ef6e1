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

#include "../GemmOperands.h"

#include <cblas.h>

#include <cstdio>
#include <cstdlib>

[[noreturn]] static void fail(const char *function, const char *message) {
  std::fprintf(stderr, "%s: %s\n", function, message);
  std::fflush(stderr);
  std::abort();
}

static void sgemm(const char *function, bool transA, bool transB,
                  const UnrankedMemRefType<float> *a,
                  const UnrankedMemRefType<float> *b,
                  const UnrankedMemRefType<float> *c) {
  relax::GemmOperands gemm;
  if (const char *error = relax::getGemmOperands(transA, transB, a, b, c, gemm))
    fail(function, error);
  const relax::MatrixView &ma = gemm.a, &mb = gemm.b, &mc = gemm.c;
  int64_t m = gemm.m, n = gemm.n, k = gemm.k;
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

RELAX_DEFINE_SGEMM_ENTRY_POINTS(relax_cpu, sgemm)
