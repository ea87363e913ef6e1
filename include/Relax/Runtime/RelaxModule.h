/*===- RelaxModule.h - Load and call compiled Relax libraries -----*- C -*-===*\
|*                                                                            *|
|* The C API of librelax_runtime for programs that run a model library that  *|
|* relax-compile wrote: load it with its weights (a safetensors file, mapped *|
|* into memory), look up a graph function, call it with DLPack tensors.      *|
|*                                                                            *|
|* A function's inputs are its parameters that are not weights: weights are  *|
|* bound by name from the weights file, and the values the library computes  *|
|* from weights alone (`relax.transform_params`) are computed once, when the *|
|* function is first looked up. Every call returns a status; a failed one    *|
|* leaves its message in relaxGetLastErrorMessage, and never aborts.         *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RELAX_RUNTIME_RELAXMODULE_H
#define RELAX_RUNTIME_RELAXMODULE_H

#include <dlpack/dlpack.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The version of the library format this runtime loads: relax-compile
/// writes it into every library, and a library of another version is
/// refused with RELAX_ERROR_VERSION.
#define RELAX_LIBRARY_VERSION 1

typedef enum RelaxStatus {
  RELAX_OK = 0,
  /// A null pointer, an unknown name, a tensor of the wrong dtype, rank,
  /// device or layout.
  RELAX_ERROR_INVALID_ARGUMENT = 1,
  /// The library or the weights file cannot be opened or read.
  RELAX_ERROR_LOAD = 2,
  /// The library is of another format version, or was compiled for a CPU
  /// with features this one lacks.
  RELAX_ERROR_VERSION = 3,
  /// The weights file lacks a weight a function needs, or holds it with
  /// another dtype or shape.
  RELAX_ERROR_WEIGHTS = 4,
  /// A run-time check of the compiled code failed: sizes that break the
  /// function's constraints, an index out of range.
  RELAX_ERROR_CHECK = 5,
  RELAX_ERROR_OUT_OF_MEMORY = 6,
  /// A KV cache has not the free pages a step needs
  /// (Relax/Runtime/RelaxKVCache.h).
  RELAX_ERROR_CAPACITY = 7,
  /// The GPU runtime of a library compiled for a GPU failed: no device, or a
  /// failed allocation, copy or launch.
  RELAX_ERROR_DEVICE = 8,
} RelaxStatus;

typedef struct RelaxModule RelaxModule;
typedef struct RelaxFunction RelaxFunction;

/// The message of the last call on this thread that did not return
/// RELAX_OK; valid until the next call of this API on the thread.
const char *relaxGetLastErrorMessage(void);

/// Loads the library at `libraryPath` and maps the safetensors file at
/// `weightsPath` (null for a library whose functions take no weights).
RelaxStatus relaxModuleLoad(const char *libraryPath, const char *weightsPath,
                            RelaxModule **module);

/// Releases the module, its functions and the values computed from its
/// weights. Results returned by calls stay valid.
void relaxModuleFree(RelaxModule *module);

/// A library compiled from a model split over N ranks (tensor parallelism,
/// --relax-tensor-parallel) runs on every rank of an `mpiexec -n N` launch:
/// relaxModuleLoad starts MPI (librelax_mpi_runtime, which the library
/// links) and fails unless the launch has N ranks, and each rank binds its
/// block of every split weight, cut from the full one in the weights file.
/// This gives the process's rank and the number of ranks (0 of 1 for a
/// library that is not split).
RelaxStatus relaxModuleGetRank(const RelaxModule *module, int64_t *rank,
                               int64_t *numRanks);

/// With a library split over ranks, ends every rank of the launch with exit
/// code `code` (MPI_Abort): a rank that fails calls it, since its peers
/// would otherwise wait for it in their next collective. Otherwise does
/// nothing.
void relaxModuleAbortRanks(const RelaxModule *module, int code);

/// The library's metadata record, as JSON text (see docs/UserGuide.md):
/// the format version, the target, and each function's parameters and
/// results with their symbolic shapes.
const char *relaxModuleGetMetadata(const RelaxModule *module);

/// The graph functions the library exports, by index.
int relaxModuleGetNumFunctions(const RelaxModule *module);
const char *relaxModuleGetFunctionName(const RelaxModule *module, int index);

/// Looks up the graph function `name`, binds its weights and, the first
/// time, computes the values its `relax.transform_params` function derives
/// from them. The function belongs to the module.
RelaxStatus relaxModuleGetFunction(RelaxModule *module, const char *name,
                                   RelaxFunction **function);

/// How many tensors a call takes and returns.
int relaxFunctionGetNumInputs(const RelaxFunction *function);
int relaxFunctionGetNumResults(const RelaxFunction *function);

/// The dtype and rank input `index` must have.
RelaxStatus relaxFunctionGetInput(const RelaxFunction *function, int index,
                                  DLDataType *dtype, int *rank);

/// Calls the function on `numInputs` row-major tensors and stores its
/// results in `results[0 .. numResults)`: new CPU tensors that the caller
/// releases with their `deleter`. A library compiled for a GPU
/// (relax-compile --device) keeps its weights in device memory; its inputs
/// may be CPU tensors, copied to the device for the call (a KV cache's
/// pages, which the call writes, are copied back), or tensors in the
/// device memory of its GPU runtime (the DLPack device type of the
/// metadata's target.device), passed as they are. On failure nothing is
/// stored. The run-time error a call records is process-wide
/// (RelaxRuntime.h): calls of compiled code must not run on several threads
/// at once.
RelaxStatus relaxFunctionCall(RelaxFunction *function, const DLTensor *inputs,
                              int numInputs, DLManagedTensor **results,
                              int numResults);

#ifdef __cplusplus
}
#endif

#endif // RELAX_RUNTIME_RELAXMODULE_H
