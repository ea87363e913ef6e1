/*===- RelaxCollectives.h - Collectives of tensor-parallel code ---*- C -*-===*\
|*                                                                            *|
|* The C API of librelax_mpi_runtime, which runs the collectives of a         *|
|* partitioned function (`relax.ccl.*`, --relax-tensor-parallel) over MPI:    *|
|* every rank of an `mpiexec -n N` launch runs the same compiled code on its  *|
|* blocks of the weights, and the collectives combine their values. A program *|
|* calls relaxCollectivesInit once before calling compiled code, and          *|
|* relaxCollectivesFinalize at the end. Compiled code calls the collectives   *|
|* themselves (`_mlir_ciface_relax_ccl_<op>_<dtype>`) on the thread that      *|
|* makes the call; calls must not run on several threads at once.            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RELAX_RUNTIME_RELAXCOLLECTIVES_H
#define RELAX_RUNTIME_RELAXCOLLECTIVES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Starts MPI (unless the program has) and the collectives' communicator, a
/// copy of MPI_COMM_WORLD made once. Returns 0 and sets `*rank`, or reports
/// through relaxReportError and returns 1 when the launch has other than
/// `numRanks` ranks.
int relaxCollectivesInit(int64_t numRanks, int64_t *rank);

/// Frees the communicator and finalizes MPI when relaxCollectivesInit
/// started it. Every rank must call it. With the environment variable
/// RELAX_CCL_STATS=1, each rank first prints to stderr how many collectives
/// it ran, the bytes of their operands and the time spent in them.
void relaxCollectivesFinalize(void);

/// Waits until every rank has called it, and restarts the statistics: a
/// program that times calls starts the clock after it, not while a slower
/// rank still compiles.
void relaxCollectivesBarrier(void);

/// Ends every rank of the launch with exit code `code`: a rank that fails
/// calls it, since its peers would otherwise wait for it in their next
/// collective.
void relaxCollectivesAbort(int code);

#ifdef __cplusplus
}
#endif

#endif // RELAX_RUNTIME_RELAXCOLLECTIVES_H
