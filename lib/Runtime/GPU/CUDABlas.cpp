//===- CUDABlas.cpp - relax.cuda.sgemm_<a><b> with cuBLAS -----------------===//
//
// The library functions that `--relax-dispatch-library=target=cuda` calls:
// C = op(A) * op(B) in f32 on device memory (GemmOperands.h), computed with
// cuBLAS in the runtime's context. cuBLAS is loaded when the first product
// runs (libcublas.so from the toolkit or the system), and its few entry
// points are declared here from its C API, so the runtime itself needs only
// the driver to build and to load. The host code waits for the work before the
// call (gpu-async-region makes a call a synchronization point); the product
// runs on a stream of its own and is finished when the function returns.
//
//===----------------------------------------------------------------------===//

#include "../GemmOperands.h"
#include "CUDAContext.h"
#include "LibraryLoader.h"

using namespace relax::gpu;
using namespace relax::gpu::cuda;

namespace {
// cuBLAS's C API (cublas_api.h): a status of 0 is success; the operations are
// CUBLAS_OP_N = 0 and CUBLAS_OP_T = 1; a cudaStream_t is a CUstream.
using CuBlasHandle = void *;
using CuBlasStatus = int;
constexpr int kOpN = 0, kOpT = 1;
using CreateFn = CuBlasStatus (*)(CuBlasHandle *);
using SetStreamFn = CuBlasStatus (*)(CuBlasHandle, CUstream);
using SgemmFn = CuBlasStatus (*)(CuBlasHandle, int, int, int, int, int,
                                 const float *, const float *, int,
                                 const float *, int, const float *, float *,
                                 int);
using StatusStringFn = const char *(*)(CuBlasStatus);

/// The cuBLAS entry points used, resolved from the loaded library.
struct CuBLAS {
  SgemmFn sgemm = nullptr;
  StatusStringFn statusString = nullptr;
  CuBlasHandle handle = nullptr;
  CUstream stream = nullptr;
};

/// cuBLAS with a handle and a stream in the runtime's context, set up by the
/// first call (which must run in that context); null, after reporting why,
/// if it cannot be.
CuBLAS *getCuBLAS() {
  static LazyLibrary<CuBLAS> cublas;
  return cublas.get("cuda", [](CuBLAS &blas) -> std::string {
    void *library = openFirstLibrary(
        {"libcublas.so", "libcublas.so.13", "libcublas.so.12"});
    if (!library)
      return "cannot load cuBLAS (libcublas.so) for a library matmul; is the "
             "CUDA toolkit's lib64 on the library path?";
    auto create = lookupFunction<CreateFn>(library, "cublasCreate_v2");
    auto setStream = lookupFunction<SetStreamFn>(library, "cublasSetStream_v2");
    blas.sgemm = lookupFunction<SgemmFn>(library, "cublasSgemm_v2");
    blas.statusString =
        lookupFunction<StatusStringFn>(library, "cublasGetStatusString");
    if (!create || !setStream || !blas.sgemm)
      return "the loaded cuBLAS lacks cublasCreate_v2, cublasSetStream_v2 or "
             "cublasSgemm_v2";
    if (CUresult r = cuStreamCreate(&blas.stream, CU_STREAM_NON_BLOCKING);
        r != CUDA_SUCCESS)
      return "cuStreamCreate failed: " + describe(r);
    if (CuBlasStatus s = create(&blas.handle); s != 0)
      return "cublasCreate failed: status " + std::to_string(s);
    if (CuBlasStatus s = setStream(blas.handle, blas.stream); s != 0)
      return "cublasSetStream failed: status " + std::to_string(s);
    return {};
  });
}

void sgemm(const char *function, bool transA, bool transB,
           const UnrankedMemRefType<float> *a,
           const UnrankedMemRefType<float> *b,
           const UnrankedMemRefType<float> *c) {
  relax::ColumnMajorGemm call;
  bool empty = false;
  if (const char *error =
          relax::getColumnMajorGemm(transA, transB, a, b, c, call, empty)) {
    reportError("cuda: %s: %s", function, error);
    return;
  }
  if (empty)
    return;
  ScopedContext context;
  if (!context)
    return;
  CuBLAS *blas = getCuBLAS();
  if (!blas)
    return;
  const float alpha = 1.0f, beta = 0.0f;
  CuBlasStatus status =
      blas->sgemm(blas->handle, call.transFirst ? kOpT : kOpN,
                  call.transSecond ? kOpT : kOpN, call.m, call.n, call.k,
                  &alpha, call.first, call.ldFirst, call.second, call.ldSecond,
                  &beta, call.c, call.ldc);
  if (status != 0) {
    reportError("cuda: %s: cublasSgemm failed: %s", function,
                blas->statusString ? blas->statusString(status)
                                   : std::to_string(status).c_str());
    return;
  }
  check(cuStreamSynchronize(blas->stream), "cuStreamSynchronize");
}
} // namespace

RELAX_DEFINE_SGEMM_ENTRY_POINTS(relax_cuda, sgemm)
