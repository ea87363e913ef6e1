//===- TensorParallel.cpp - relax-run on the ranks of an MPI launch -------===//

#include "TensorParallel.h"

#include "Relax/Runtime/RelaxRuntime.h"

#include "llvm/Support/DynamicLibrary.h"

#include <cstring>

using namespace relax_run;

std::optional<Collectives> Collectives::start(const std::string &path,
                                              int64_t numRanks,
                                              std::string &error) {
  auto library =
      llvm::sys::DynamicLibrary::getPermanentLibrary(path.c_str(), &error);
  if (!library.isValid())
    return std::nullopt;
  auto init = reinterpret_cast<int (*)(int64_t, int64_t *)>(
      library.getAddressOfSymbol("relaxCollectivesInit"));
  Collectives collectives;
  collectives.finalize = reinterpret_cast<void (*)()>(
      library.getAddressOfSymbol("relaxCollectivesFinalize"));
  collectives.abort = reinterpret_cast<void (*)(int)>(
      library.getAddressOfSymbol("relaxCollectivesAbort"));
  if (!init || !collectives.finalize || !collectives.abort) {
    error = path + " is not librelax_mpi_runtime";
    return std::nullopt;
  }
  relaxClearError();
  if (init(numRanks, &collectives.rank)) {
    error = relaxGetError() ? relaxGetError() : "MPI did not start";
    relaxClearError();
    // MPI started: end it, or the launcher waits for this rank.
    collectives.finalize();
    return std::nullopt;
  }
  return collectives;
}

void Collectives::finish(int status) const {
  if (status)
    abort(status);
  else
    finalize();
}

std::optional<Array> relax_run::sliceForRank(const Array &array,
                                             const mlir::relax::SplitSpec &split,
                                             int64_t numRanks, int64_t rank,
                                             std::string &error) {
  if (split.axis >= static_cast<int64_t>(array.shape.size())) {
    error = "has rank " + std::to_string(array.shape.size()) +
            ", but dim " + std::to_string(split.axis) + " is split";
    return std::nullopt;
  }
  int64_t size = array.shape[split.axis];
  std::vector<int64_t> segments(split.segments.begin(), split.segments.end());
  if (segments.empty())
    segments.push_back(size);
  int64_t total = 0, local = 0;
  for (int64_t segment : segments) {
    if (segment % numRanks) {
      error = "dim " + std::to_string(split.axis) + " (" +
              std::to_string(segment) + ") is not a multiple of the " +
              std::to_string(numRanks) + " ranks";
      return std::nullopt;
    }
    total += segment;
    local += segment / numRanks;
  }
  if (total != size) {
    error = "dim " + std::to_string(split.axis) + " is " +
            std::to_string(size) + " but its segments sum to " +
            std::to_string(total);
    return std::nullopt;
  }
  std::vector<int64_t> shape = array.shape;
  shape[split.axis] = local;
  std::optional<Array> block = Array::allocate(shape, array.layout);
  if (!block) {
    error = "out of memory";
    return std::nullopt;
  }
  // [outer, size, inner] to [outer, local, inner], segment by segment.
  int64_t outer = 1, inner = array.layout.size;
  for (int64_t d = 0; d < split.axis; ++d)
    outer *= array.shape[d];
  for (size_t d = split.axis + 1; d < array.shape.size(); ++d)
    inner *= array.shape[d];
  const char *from = static_cast<const char *>(array.data());
  char *to = static_cast<char *>(block->data());
  for (int64_t o = 0; o < outer; ++o) {
    int64_t start = 0;
    for (int64_t segment : segments) {
      int64_t part = segment / numRanks;
      if (part)
        std::memcpy(to, from + (o * size + start + rank * part) * inner,
                    part * inner);
      to += part * inner;
      start += segment;
    }
  }
  return block;
}
