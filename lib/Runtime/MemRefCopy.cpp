//===- MemRefCopy.cpp - Strided copies for compiled code ------------------===//
//
// `memref.copy` between buffers whose layouts are not both the identity
// lowers to a call of `memrefCopy`, which MLIR's C runner utilities define.
// A model library must load without MLIR's libraries, so the runtime
// defines it too, with the same signature and meaning.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstring>
#include <vector>

#define RELAX_RUNTIME_EXPORT __attribute__((visibility("default")))

namespace {
/// An unranked memref as the C interface passes it.
struct UnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

/// The ranked descriptor an unranked memref points to: allocated and
/// aligned pointers, offset, then `rank` sizes and `rank` strides.
struct Ranked {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;

  Ranked(const UnrankedMemRef &memref) {
    auto *words = static_cast<int64_t *>(memref.descriptor);
    aligned = reinterpret_cast<char *>(words[1]);
    offset = words[2];
    sizes = words + 3;
    strides = words + 3 + memref.rank;
  }
};
} // namespace

extern "C" RELAX_RUNTIME_EXPORT void
memrefCopy(int64_t elementSize, UnrankedMemRef *source,
           UnrankedMemRef *target) {
  int64_t rank = source->rank;
  Ranked from(*source), to(*target);
  for (int64_t d = 0; d < rank; ++d)
    if (from.sizes[d] == 0)
      return;
  char *src = from.aligned + from.offset * elementSize;
  char *dst = to.aligned + to.offset * elementSize;
  // Copy the innermost dim in one piece when both sides are contiguous in
  // it, and walk the others with an odometer.
  int64_t inner = rank ? from.sizes[rank - 1] : 1;
  bool contiguous =
      rank == 0 || (from.strides[rank - 1] == 1 && to.strides[rank - 1] == 1);
  int64_t outerRank = contiguous ? rank - (rank ? 1 : 0) : rank;
  int64_t chunk = contiguous ? inner * elementSize : elementSize;
  std::vector<int64_t> index(outerRank, 0);
  while (true) {
    int64_t srcOffset = 0, dstOffset = 0;
    for (int64_t d = 0; d < outerRank; ++d) {
      srcOffset += index[d] * from.strides[d];
      dstOffset += index[d] * to.strides[d];
    }
    std::memmove(dst + dstOffset * elementSize, src + srcOffset * elementSize,
                 chunk);
    int64_t d = outerRank - 1;
    for (; d >= 0; --d) {
      if (++index[d] < from.sizes[d])
        break;
      index[d] = 0;
    }
    if (d < 0)
      return;
  }
}
