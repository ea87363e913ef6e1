//===- HIPBlas.cpp - relax.rocm.sgemm_<a><b> with hipBLAS -----------------===//
//
// The library functions that `--relax-dispatch-library=target=rocm` calls:
// C = op(A) * op(B) in f32 on device memory (GemmOperands.h), computed with
// hipBLAS on the runtime's device. hipBLAS is loaded when the first product
// runs (libhipblas.so of a ROCm installation; Debian ships no headers for
// it, so its few entry points are declared here from its C API). The host
// code waits for the work before the call; the product runs on a stream of
// its own and is finished when the function returns.
//
//===----------------------------------------------------------------------===//

#include "../GemmOperands.h"
#include "HIPDevice.h"
#include "LibraryLoader.h"

using namespace relax::gpu;
using namespace relax::gpu::hip;

namespace {
// hipBLAS's C API (hipblas.h): a status of 0 is success; the operations are
// the BLAS enumerants HIPBLAS_OP_N = 111 and HIPBLAS_OP_T = 112.
using HipBlasHandle = void *;
using HipBlasStatus = int;
constexpr int kOpN = 111, kOpT = 112;
using CreateFn = HipBlasStatus (*)(HipBlasHandle *);
using SetStreamFn = HipBlasStatus (*)(HipBlasHandle, hipStream_t);
using SgemmFn = HipBlasStatus (*)(HipBlasHandle, int, int, int, int, int,
                                  const float *, const float *, int,
                                  const float *, int, const float *, float *,
                                  int);

struct HipBLAS {
  SgemmFn sgemm = nullptr;
  HipBlasHandle handle = nullptr;
  hipStream_t stream = nullptr;
};

/// hipBLAS with a handle and a stream on the runtime's device, set up by the
/// first call; null, after reporting why, if it cannot be.
HipBLAS *getHipBLAS() {
  static LazyLibrary<HipBLAS> hipblas;
  return hipblas.get("hip", [](HipBLAS &blas) -> std::string {
    void *library = openFirstLibrary(
        {"libhipblas.so", "libhipblas.so.3", "libhipblas.so.2"});
    if (!library)
      return "cannot load hipBLAS (libhipblas.so) for a library matmul; is "
             "ROCm's lib directory on the library path?";
    auto create = lookupFunction<CreateFn>(library, "hipblasCreate");
    auto setStream = lookupFunction<SetStreamFn>(library, "hipblasSetStream");
    blas.sgemm = lookupFunction<SgemmFn>(library, "hipblasSgemm");
    if (!create || !setStream || !blas.sgemm)
      return "the loaded hipBLAS lacks hipblasCreate, hipblasSetStream or "
             "hipblasSgemm";
    if (hipError_t r =
            hipStreamCreateWithFlags(&blas.stream, hipStreamNonBlocking);
        r != hipSuccess)
      return "hipStreamCreateWithFlags failed: " + describe(r);
    if (HipBlasStatus s = create(&blas.handle); s != 0)
      return "hipblasCreate failed: status " + std::to_string(s);
    if (HipBlasStatus s = setStream(blas.handle, blas.stream); s != 0)
      return "hipblasSetStream failed: status " + std::to_string(s);
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
    reportError("hip: %s: %s", function, error);
    return;
  }
  if (empty || !useDevice())
    return;
  HipBLAS *blas = getHipBLAS();
  if (!blas)
    return;
  const float alpha = 1.0f, beta = 0.0f;
  HipBlasStatus status =
      blas->sgemm(blas->handle, call.transFirst ? kOpT : kOpN,
                  call.transSecond ? kOpT : kOpN, call.m, call.n, call.k,
                  &alpha, call.first, call.ldFirst, call.second, call.ldSecond,
                  &beta, call.c, call.ldc);
  if (status != 0) {
    reportError("hip: %s: hipblasSgemm failed: status %d", function, status);
    return;
  }
  check(hipStreamSynchronize(blas->stream), "hipStreamSynchronize");
}
} // namespace

RELAX_DEFINE_SGEMM_ENTRY_POINTS(relax_rocm, sgemm)
