//===- TensorParallel.cpp - relax-run on the ranks of an MPI launch -------===//

#include "TensorParallel.h"

#include "Relax/Runtime/RankBlocks.h"
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
  collectives.waitForRanks = reinterpret_cast<void (*)()>(
      library.getAddressOfSymbol("relaxCollectivesBarrier"));
  if (!init || !collectives.finalize || !collectives.abort ||
      !collectives.waitForRanks) {
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
  std::vector<int64_t> segments(split.segments.begin(), split.segments.end());
  std::vector<int64_t> shape = relax::runtime::getRankBlockShape(
      array.shape, split.axis, segments, numRanks, error);
  if (shape.empty())
    return std::nullopt;
  std::optional<Array> block = Array::allocate(std::move(shape), array.layout);
  if (!block) {
    error = "out of memory";
    return std::nullopt;
  }
  relax::runtime::copyRankBlock(array.data(), array.shape, array.layout.size,
                                split.axis, segments, numRanks, rank,
                                block->data());
  return block;
}
