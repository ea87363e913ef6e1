//===- Collectives.cpp - relax.ccl.* over MPI -----------------------------===//
//
// The functions that `relax.call_library "relax.ccl.<op>_<dtype>"` reaches
// on the CPU (include/Relax/Runtime/RelaxCollectives.h). The host lowering
// passes the operand and the result as unranked memrefs (C interface); both
// are contiguous buffers of the planner's. MPI's element types do the
// reductions of f32, f64 and integers; f16 and bf16 are reduced in f32 by
// operations of our own, as MPI has no 16-bit floats. An error ends every
// rank (MPI_Abort): a peer would otherwise wait forever in the collective.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/RelaxCollectives.h"
#include "Relax/Runtime/RelaxRuntime.h"

#include "mlir/ExecutionEngine/CRunnerUtils.h"

#include <mpi.h>

#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define RELAX_EXPORT extern "C" __attribute__((visibility("default")))

namespace {
MPI_Comm comm = MPI_COMM_NULL;
int numRanks = 0, myRank = 0;
bool startedMPI = false;

/// What the collectives did, printed at the end with RELAX_CCL_STATS=1.
struct Stats {
  int64_t calls = 0, bytes = 0;
  double seconds = 0;
} stats;

/// Counts one collective of `bytes` (of the operand) for the statistics.
struct Timed {
  explicit Timed(int64_t bytes) : start(std::chrono::steady_clock::now()) {
    ++stats.calls;
    stats.bytes += bytes;
  }
  ~Timed() {
    stats.seconds += std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
  }
  std::chrono::steady_clock::time_point start;
};

[[noreturn]] void fail(const char *function, const std::string &message) {
  std::fprintf(stderr, "%s: rank %d: %s\n", function, myRank, message.c_str());
  std::fflush(stderr);
  MPI_Abort(comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, 1);
  std::abort();
}

void check(const char *function, int status) {
  if (status == MPI_SUCCESS)
    return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(status, text, &length);
  fail(function, std::string(text, length));
}

/// A contiguous buffer: what compiled code passes for an operand.
struct Buffer {
  char *data;
  int64_t numElements;
  std::vector<int64_t> sizes;
};

Buffer getBuffer(const char *function, const UnrankedMemRefType<char> *memref,
                 size_t elementSize) {
  if (comm == MPI_COMM_NULL)
    fail(function, "collectives are not initialized "
                   "(relaxCollectivesInit)");
  DynamicMemRefType<char> m(*memref);
  Buffer buffer{m.data + m.offset * static_cast<int64_t>(elementSize), 1, {}};
  int64_t stride = 1;
  for (int64_t d = m.rank; d-- > 0;) {
    if (m.sizes[d] > 1 && m.strides[d] != stride)
      fail(function, "the operand is not contiguous");
    stride *= m.sizes[d];
  }
  for (int64_t d = 0; d < m.rank; ++d) {
    buffer.sizes.push_back(m.sizes[d]);
    buffer.numElements *= m.sizes[d];
  }
  return buffer;
}

//===----------------------------------------------------------------------===//
// 16-bit floats, reduced in f32
//===----------------------------------------------------------------------===//

float fromF16(uint16_t bits) {
  _Float16 value;
  std::memcpy(&value, &bits, 2);
  return static_cast<float>(value);
}
uint16_t toF16(float value) {
  _Float16 half = static_cast<_Float16>(value);
  uint16_t bits;
  std::memcpy(&bits, &half, 2);
  return bits;
}
float fromBF16(uint16_t bits) {
  uint32_t word = static_cast<uint32_t>(bits) << 16;
  float value;
  std::memcpy(&value, &word, 4);
  return value;
}
uint16_t toBF16(float value) {
  uint32_t word;
  std::memcpy(&word, &value, 4);
  if ((word & 0x7fffffff) > 0x7f800000) // NaN stays NaN.
    return static_cast<uint16_t>((word >> 16) | 0x40);
  // Round to nearest even.
  word += 0x7fff + ((word >> 16) & 1);
  return static_cast<uint16_t>(word >> 16);
}

enum Kind { Sum, Prod, Min, Max };

template <float (*From)(uint16_t), uint16_t (*To)(float), Kind K>
void reduce16(void *in, void *inout, int *count, MPI_Datatype *) {
  auto *a = static_cast<const uint16_t *>(in);
  auto *b = static_cast<uint16_t *>(inout);
  for (int i = 0; i < *count; ++i) {
    float x = From(a[i]), y = From(b[i]);
    float r = K == Sum ? x + y : K == Prod ? x * y : K == Min ? (x < y ? x : y)
                                                             : (x > y ? x : y);
    b[i] = To(r);
  }
}

MPI_Op halfOps[2][4] = {{MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL},
                        {MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL, MPI_OP_NULL}};

void createHalfOps() {
  MPI_User_function *functions[2][4] = {
      {reduce16<fromF16, toF16, Sum>, reduce16<fromF16, toF16, Prod>,
       reduce16<fromF16, toF16, Min>, reduce16<fromF16, toF16, Max>},
      {reduce16<fromBF16, toBF16, Sum>, reduce16<fromBF16, toBF16, Prod>,
       reduce16<fromBF16, toBF16, Min>, reduce16<fromBF16, toBF16, Max>}};
  for (int type = 0; type < 2; ++type)
    for (int kind = 0; kind < 4; ++kind)
      MPI_Op_create(functions[type][kind], /*commute=*/1, &halfOps[type][kind]);
}

MPI_Op getOp(Kind kind) {
  switch (kind) {
  case Sum:
    return MPI_SUM;
  case Prod:
    return MPI_PROD;
  case Min:
    return MPI_MIN;
  case Max:
    return MPI_MAX;
  }
  return MPI_OP_NULL;
}

/// The largest count one MPI call moves; larger buffers go in pieces.
constexpr int64_t kChunk = int64_t(1) << 30;

void allReduce(const char *function, const UnrankedMemRefType<char> *x,
               const UnrankedMemRefType<char> *y, MPI_Datatype type,
               size_t elementSize, MPI_Op op) {
  Buffer in = getBuffer(function, x, elementSize);
  Buffer out = getBuffer(function, y, elementSize);
  if (in.numElements != out.numElements)
    fail(function, "the operand and the result differ in size");
  Timed timed(in.numElements * static_cast<int64_t>(elementSize));
  for (int64_t start = 0; start < in.numElements; start += kChunk) {
    int count = static_cast<int>(std::min(kChunk, in.numElements - start));
    size_t at = start * elementSize;
    check(function, MPI_Allreduce(in.data + at, out.data + at, count, type,
                                  op, comm));
  }
}

/// Concatenates every rank's operand along the one dim where the result is
/// larger (none with one rank): MPI gathers whole buffers rank after rank,
/// which are then interleaved at that dim.
void allGather(const char *function, const UnrankedMemRefType<char> *x,
               const UnrankedMemRefType<char> *y, size_t elementSize) {
  Buffer in = getBuffer(function, x, elementSize);
  Buffer out = getBuffer(function, y, elementSize);
  size_t rank = in.sizes.size();
  if (out.sizes.size() != rank || out.numElements != in.numElements * numRanks)
    fail(function, "the result is not the operand's size times the ranks");
  size_t axis = 0;
  while (axis < rank && in.sizes[axis] == out.sizes[axis])
    ++axis;
  int64_t outer = 1;
  for (size_t d = 0; d < axis && d < rank; ++d)
    outer *= in.sizes[d];
  int64_t bytes = in.numElements * static_cast<int64_t>(elementSize);
  Timed timed(bytes);
  if (bytes > INT_MAX)
    fail(function, "a block of more than 2 GiB");
  if (outer == 1) {
    check(function, MPI_Allgather(in.data, static_cast<int>(bytes), MPI_BYTE,
                                  out.data, static_cast<int>(bytes), MPI_BYTE,
                                  comm));
    return;
  }
  std::vector<char> blocks(static_cast<size_t>(bytes) * numRanks);
  check(function, MPI_Allgather(in.data, static_cast<int>(bytes), MPI_BYTE,
                                blocks.data(), static_cast<int>(bytes),
                                MPI_BYTE, comm));
  // Block r is [outer, inner] of rank r; the result is [outer, ranks, inner].
  int64_t inner = bytes / outer;
  for (int64_t o = 0; o < outer; ++o)
    for (int r = 0; r < numRanks; ++r)
      std::memcpy(out.data + (o * numRanks + r) * inner,
                  blocks.data() + r * bytes + o * inner, inner);
}

void broadcast(const char *function, const UnrankedMemRefType<char> *x,
               const UnrankedMemRefType<char> *y, size_t elementSize) {
  Buffer in = getBuffer(function, x, elementSize);
  Buffer out = getBuffer(function, y, elementSize);
  if (in.numElements != out.numElements)
    fail(function, "the operand and the result differ in size");
  int64_t bytes = in.numElements * static_cast<int64_t>(elementSize);
  Timed timed(bytes);
  if (myRank == 0 && bytes)
    std::memmove(out.data, in.data, bytes);
  for (int64_t start = 0; start < bytes; start += kChunk)
    check(function,
          MPI_Bcast(out.data + start,
                    static_cast<int>(std::min(kChunk, bytes - start)),
                    MPI_BYTE, 0, comm));
}
} // namespace

RELAX_EXPORT int relaxCollectivesInit(int64_t expected, int64_t *rank) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    // Compiled code may call the collectives from another thread than this
    // one (relax-run calls on a thread with a large stack), never from two.
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) !=
            MPI_SUCCESS ||
        provided < MPI_THREAD_SERIALIZED) {
      relaxReportError("MPI could not start with MPI_THREAD_SERIALIZED");
      return 1;
    }
    startedMPI = true;
    // A program that loads a split library through librelax_runtime never
    // calls relaxCollectivesFinalize itself.
    std::atexit(relaxCollectivesFinalize);
  }
  if (comm == MPI_COMM_NULL) {
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    MPI_Comm_size(comm, &numRanks);
    MPI_Comm_rank(comm, &myRank);
    createHalfOps();
  }
  if (numRanks != expected) {
    static std::string message;
    message = "the model is partitioned over " + std::to_string(expected) +
              " ranks but this launch has " + std::to_string(numRanks) +
              ": run it under `mpiexec -n " + std::to_string(expected) + "`";
    relaxReportError(message.c_str());
    return 1;
  }
  *rank = myRank;
  return 0;
}

RELAX_EXPORT void relaxCollectivesFinalize(void) {
  const char *printStats = std::getenv("RELAX_CCL_STATS");
  if (comm != MPI_COMM_NULL && printStats && std::strcmp(printStats, "0")) {
    std::fprintf(stderr,
                 "relax collectives: rank %d of %d: %lld calls, %lld bytes, "
                 "%.3f ms\n",
                 myRank, numRanks, static_cast<long long>(stats.calls),
                 static_cast<long long>(stats.bytes), stats.seconds * 1e3);
    std::fflush(stderr);
  }
  if (comm != MPI_COMM_NULL) {
    for (auto &ops : halfOps)
      for (MPI_Op &op : ops)
        if (op != MPI_OP_NULL)
          MPI_Op_free(&op);
    MPI_Comm_free(&comm);
  }
  if (startedMPI) {
    MPI_Finalize();
    startedMPI = false;
  }
}

RELAX_EXPORT void relaxCollectivesBarrier(void) {
  if (comm == MPI_COMM_NULL)
    return;
  MPI_Barrier(comm);
  // What the statistics report starts here.
  stats = Stats();
}

RELAX_EXPORT void relaxCollectivesAbort(int code) {
  std::fflush(stdout);
  std::fflush(stderr);
  MPI_Abort(comm == MPI_COMM_NULL ? MPI_COMM_WORLD : comm, code);
}

// The entry points, one per collective and element type.
#define RELAX_CCL_ENTRY(NAME, BODY)                                            \
  RELAX_EXPORT void _mlir_ciface_relax_ccl_##NAME(                             \
      UnrankedMemRefType<char> *x, UnrankedMemRefType<char> *y) {              \
    const char *function = "relax.ccl." #NAME;                                 \
    BODY;                                                                      \
  }
#define RELAX_CCL_REDUCE(KIND, KIND_NAME, DTYPE, TYPE, SIZE)                   \
  RELAX_CCL_ENTRY(allreduce_##KIND_NAME##_##DTYPE,                             \
                  allReduce(function, x, y, TYPE, SIZE, getOp(KIND)))
#define RELAX_CCL_REDUCE_HALF(KIND, KIND_NAME, DTYPE, INDEX)                   \
  RELAX_CCL_ENTRY(allreduce_##KIND_NAME##_##DTYPE,                             \
                  allReduce(function, x, y, MPI_UINT16_T, 2,                   \
                            halfOps[INDEX][KIND]))
#define RELAX_CCL_TYPE(DTYPE, TYPE, SIZE)                                      \
  RELAX_CCL_REDUCE(Sum, sum, DTYPE, TYPE, SIZE)                                \
  RELAX_CCL_REDUCE(Prod, prod, DTYPE, TYPE, SIZE)                              \
  RELAX_CCL_REDUCE(Min, min, DTYPE, TYPE, SIZE)                                \
  RELAX_CCL_REDUCE(Max, max, DTYPE, TYPE, SIZE)                                \
  RELAX_CCL_MOVES(DTYPE, SIZE)
#define RELAX_CCL_HALF(DTYPE, INDEX)                                           \
  RELAX_CCL_REDUCE_HALF(Sum, sum, DTYPE, INDEX)                                \
  RELAX_CCL_REDUCE_HALF(Prod, prod, DTYPE, INDEX)                              \
  RELAX_CCL_REDUCE_HALF(Min, min, DTYPE, INDEX)                                \
  RELAX_CCL_REDUCE_HALF(Max, max, DTYPE, INDEX)                                \
  RELAX_CCL_MOVES(DTYPE, 2)
#define RELAX_CCL_MOVES(DTYPE, SIZE)                                           \
  RELAX_CCL_ENTRY(allgather_##DTYPE, allGather(function, x, y, SIZE))          \
  RELAX_CCL_ENTRY(broadcast_##DTYPE, broadcast(function, x, y, SIZE))

RELAX_CCL_TYPE(f32, MPI_FLOAT, 4)
RELAX_CCL_TYPE(f64, MPI_DOUBLE, 8)
RELAX_CCL_TYPE(i8, MPI_INT8_T, 1)
RELAX_CCL_TYPE(i32, MPI_INT32_T, 4)
RELAX_CCL_TYPE(i64, MPI_INT64_T, 8)
RELAX_CCL_HALF(f16, 0)
RELAX_CCL_HALF(bf16, 1)
