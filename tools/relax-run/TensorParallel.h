//===- TensorParallel.h - relax-run on the ranks of an MPI launch -*- C++ -*-===//
//
// A partitioned function (--relax-tensor-parallel) runs on every rank of an
// `mpiexec -n N` launch: relax-run starts the collectives of
// librelax_mpi_runtime, and each rank cuts its blocks out of the full
// weights and inputs, by the split annotations of the parameters.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TOOLS_RELAX_RUN_TENSORPARALLEL_H
#define RELAX_TOOLS_RELAX_RUN_TENSORPARALLEL_H

#include "Npy.h"

#include "Relax/Dialect/Relax/IR/RelaxTensorParallel.h"

#include <optional>
#include <string>

namespace relax_run {

/// The collectives of librelax_mpi_runtime (Relax/Runtime/RelaxCollectives.h),
/// loaded into the process, where the compiled code finds them too.
class Collectives {
public:
  /// Loads the library at `path` and starts MPI; the launch must have
  /// `numRanks` ranks. On failure, says why in `error`.
  static std::optional<Collectives> start(const std::string &path,
                                          int64_t numRanks, std::string &error);

  int64_t getRank() const { return rank; }
  /// Waits for every rank (before timed calls).
  void barrier() const { waitForRanks(); }
  /// Ends the run: finalizes on success, or ends every rank (MPI_Abort) so
  /// that none waits for this one.
  void finish(int status) const;

private:
  int64_t rank = 0;
  void (*finalize)() = nullptr;
  void (*abort)(int) = nullptr;
  void (*waitForRanks)() = nullptr;
};

/// Rank `rank`'s block of `array` (of `numRanks`) by `split`, or nothing
/// with `error` set when the dim does not divide.
std::optional<Array> sliceForRank(const Array &array,
                                  const mlir::relax::SplitSpec &split,
                                  int64_t numRanks, int64_t rank,
                                  std::string &error);

} // namespace relax_run

#endif // RELAX_TOOLS_RELAX_RUN_TENSORPARALLEL_H
