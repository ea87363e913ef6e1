//===- GemmOperands.h - Operands of relax.<target>.sgemm_<a><b> -*- C++ -*-===//
//
// The library functions that `--relax-dispatch-library` calls compute
// C = op(A) * op(B) in f32 on unranked memrefs (the host lowering's C
// interface): A may have leading batch dims, which become rows; B is a matrix;
// every operand is row-major with contiguous rows. The CPU runtime (OpenBLAS)
// and the GPU runtimes (cuBLAS, hipBLAS) read the operands alike, here.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_LIB_RUNTIME_GEMMOPERANDS_H
#define RELAX_LIB_RUNTIME_GEMMOPERANDS_H

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <climits>
#include <cstdint>

namespace relax {

/// A row-major matrix view of a memref: `rows` x `cols`, rows `ld` elements
/// apart.
struct MatrixView {
  float *data;
  int64_t rows, cols, ld;
};

/// The operands of one product C[m, n] = op(A)[m, k] * op(B)[k, n].
struct GemmOperands {
  MatrixView a, b, c;
  int64_t m, n, k;
};

/// Views `memref` as a matrix: the last dim is the columns, all others are
/// flattened into rows (so they must be contiguous; only with `allowBatch`
/// may there be more than one), and the row stride is the leading dimension.
/// Returns null, or what makes it no matrix.
inline const char *viewAsMatrix(const UnrankedMemRefType<float> *memref,
                                bool allowBatch, MatrixView &view) {
  DynamicMemRefType<float> m(*memref);
  if (allowBatch ? m.rank < 1 : m.rank != 2)
    return allowBatch ? "operand must have a rank of at least 1"
                      : "operand must be a matrix";
  int64_t cols = m.sizes[m.rank - 1];
  if (m.strides[m.rank - 1] != 1 && cols > 1)
    return "operand columns are not contiguous";
  int64_t rows = 1;
  for (int64_t i = 0; i + 1 < m.rank; ++i)
    rows *= m.sizes[i];
  int64_t ld = m.rank >= 2 ? m.strides[m.rank - 2] : cols;
  for (int64_t i = 0; i + 2 < m.rank; ++i)
    if (m.sizes[i] > 1 && m.strides[i] != m.strides[i + 1] * m.sizes[i + 1])
      return "operand batch dims are not contiguous";
  if (ld < cols)
    ld = cols > 0 ? cols : 1;
  view = {m.data + m.offset, rows, cols, ld};
  return nullptr;
}

/// Reads the operands of C = op(A) * op(B). Returns null, or what is wrong
/// with them.
inline const char *getGemmOperands(bool transA, bool transB,
                                   const UnrankedMemRefType<float> *a,
                                   const UnrankedMemRefType<float> *b,
                                   const UnrankedMemRefType<float> *c,
                                   GemmOperands &gemm) {
  if (const char *error = viewAsMatrix(a, /*allowBatch=*/!transA, gemm.a))
    return error;
  if (const char *error = viewAsMatrix(b, /*allowBatch=*/false, gemm.b))
    return error;
  if (const char *error = viewAsMatrix(c, /*allowBatch=*/true, gemm.c))
    return error;
  gemm.m = transA ? gemm.a.cols : gemm.a.rows;
  gemm.k = transA ? gemm.a.rows : gemm.a.cols;
  gemm.n = transB ? gemm.b.rows : gemm.b.cols;
  if ((transB ? gemm.b.cols : gemm.b.rows) != gemm.k || gemm.c.rows != gemm.m ||
      gemm.c.cols != gemm.n)
    return "operand shapes do not match";
  return nullptr;
}

/// The arguments of a column-major BLAS sgemm (cuBLAS, hipBLAS) that
/// computes row-major C = op(A) op(B): row-major C is column-major C^T =
/// op(B)^T op(A)^T, so B comes first and each operand keeps its
/// transposition. With beta = 0 a product with k = 0 writes zeros.
struct ColumnMajorGemm {
  bool transFirst, transSecond;
  int m, n, k;
  const float *first;
  int ldFirst;
  const float *second;
  int ldSecond;
  float *c;
  int ldc;
};

/// Reads the operands of C = op(A) * op(B) as the arguments of a
/// column-major sgemm with 32-bit dims. Returns null, or what is wrong with
/// them; `empty` is set when C has no element (nothing to call).
inline const char *getColumnMajorGemm(bool transA, bool transB,
                                      const UnrankedMemRefType<float> *a,
                                      const UnrankedMemRefType<float> *b,
                                      const UnrankedMemRefType<float> *c,
                                      ColumnMajorGemm &call, bool &empty) {
  GemmOperands gemm;
  if (const char *error = getGemmOperands(transA, transB, a, b, c, gemm))
    return error;
  empty = gemm.m == 0 || gemm.n == 0;
  for (int64_t value :
       {gemm.m, gemm.n, gemm.k, gemm.a.ld, gemm.b.ld, gemm.c.ld})
    if (value > INT_MAX)
      return "a dim or leading dimension is larger than a 32-bit BLAS takes";
  call = {transB,         transA,      int(gemm.n),    int(gemm.m),
          int(gemm.k),    gemm.b.data, int(gemm.b.ld), gemm.a.data,
          int(gemm.a.ld), gemm.c.data, int(gemm.c.ld)};
  return nullptr;
}

} // namespace relax

/// Defines the entry points that `--relax-dispatch-library` calls for the
/// products of `PREFIX` (`relax_cpu`, `relax_cuda`, `relax_rocm`):
/// `_mlir_ciface_<PREFIX>_sgemm_<a><b>`, `a` and `b` each `n` or `t` (the
/// operand transposed), each calling `SGEMM(name, transA, transB, a, b, c)`.
#define RELAX_DEFINE_SGEMM_ENTRY_POINTS(PREFIX, SGEMM)                         \
  RELAX_DEFINE_SGEMM_ENTRY_POINT(PREFIX##_sgemm_nn, false, false, SGEMM)       \
  RELAX_DEFINE_SGEMM_ENTRY_POINT(PREFIX##_sgemm_nt, false, true, SGEMM)        \
  RELAX_DEFINE_SGEMM_ENTRY_POINT(PREFIX##_sgemm_tn, true, false, SGEMM)        \
  RELAX_DEFINE_SGEMM_ENTRY_POINT(PREFIX##_sgemm_tt, true, true, SGEMM)
#define RELAX_DEFINE_SGEMM_ENTRY_POINT(NAME, TRANS_A, TRANS_B, SGEMM)          \
  extern "C" __attribute__((visibility("default"))) void _mlir_ciface_##NAME(  \
      UnrankedMemRefType<float> *a, UnrankedMemRefType<float> *b,              \
      UnrankedMemRefType<float> *c) {                                          \
    SGEMM(#NAME, TRANS_A, TRANS_B, a, b, c);                                   \
  }

#endif // RELAX_LIB_RUNTIME_GEMMOPERANDS_H
