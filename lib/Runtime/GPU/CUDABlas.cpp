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
#include "ReportError.h"

#include <dlfcn.h>

#include <mutex>

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
  static CuBLAS blas;
  static const char *failure = nullptr;
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  if (blas.handle)
    return &blas;
  if (failure) {
    relaxReportError(failure);
    return nullptr;
  }
  auto fail = [&](std::string message) -> CuBLAS * {
    failure = internMessage("cuda: " + message);
    relaxReportError(failure);
    return nullptr;
  };
  void *library = nullptr;
  for (const char *name :
       {"libcublas.so", "libcublas.so.13", "libcublas.so.12"})
    if ((library = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
      break;
  if (!library)
    return fail("cannot load cuBLAS (libcublas.so) for a library matmul; "
                "is the CUDA toolkit's lib64 on the library path?");
  auto create = reinterpret_cast<CreateFn>(dlsym(library, "cublasCreate_v2"));
  auto setStream =
      reinterpret_cast<SetStreamFn>(dlsym(library, "cublasSetStream_v2"));
  blas.sgemm = reinterpret_cast<SgemmFn>(dlsym(library, "cublasSgemm_v2"));
  blas.statusString =
      reinterpret_cast<StatusStringFn>(dlsym(library, "cublasGetStatusString"));
  if (!create || !setStream || !blas.sgemm)
    return fail("the loaded cuBLAS lacks cublasCreate_v2, cublasSetStream_v2 "
                "or cublasSgemm_v2");
  CUstream stream;
  if (CUresult r = cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING);
      r != CUDA_SUCCESS)
    return fail("cuStreamCreate failed: " + describe(r));
  CuBlasHandle handle;
  if (CuBlasStatus s = create(&handle); s != 0)
    return fail("cublasCreate failed: status " + std::to_string(s));
  if (CuBlasStatus s = setStream(handle, stream); s != 0)
    return fail("cublasSetStream failed: status " + std::to_string(s));
  blas.stream = stream;
  blas.handle = handle;
  return &blas;
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

#define RELAX_CUDA_SGEMM(NAME, TRANS_A, TRANS_B)                               \
  extern "C" RELAX_GPU_RUNTIME_EXPORT void _mlir_ciface_##NAME(                \
      UnrankedMemRefType<float> *a, UnrankedMemRefType<float> *b,              \
      UnrankedMemRefType<float> *c) {                                          \
    sgemm(#NAME, TRANS_A, TRANS_B, a, b, c);                                   \
  }

RELAX_CUDA_SGEMM(relax_cuda_sgemm_nn, false, false)
RELAX_CUDA_SGEMM(relax_cuda_sgemm_nt, false, true)
RELAX_CUDA_SGEMM(relax_cuda_sgemm_tn, true, false)
RELAX_CUDA_SGEMM(relax_cuda_sgemm_tt, true, true)
