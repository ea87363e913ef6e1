//===- CPUSchedule.h - Choosing the CPU schedule of a kernel ---*- C++ -*-===//
//
// Choosing a schedule is separate from applying it: `chooseCPUSchedule`
// decides the tiles of one linalg op, `--relax-choose-cpu-schedule` records
// the choice on the op as `relax.cpu_schedule`, and
// `--relax-tile-and-vectorize` applies a recorded schedule (choosing one
// only where none is recorded). A schedule written by hand or by another
// heuristic is applied the same way.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TRANSFORMS_CPUSCHEDULE_H
#define RELAX_TRANSFORMS_CPUSCHEDULE_H

#include "Relax/Dialect/Relax/IR/RelaxDialect.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::relax {

/// The attribute that records a linalg op's schedule.
constexpr StringLiteral kCPUScheduleAttrName =
    RelaxDialect::getCPUScheduleAttrName();

struct CPUScheduleOptions {
  /// Elements per vector along the innermost dim.
  int64_t vectorWidth = 16;
  /// Rows and columns of the register tile of a contraction.
  int64_t contractionRows = 8;
  int64_t contractionCols = 32;
  /// Rows and columns of the register tile of a dot-product contraction
  /// (the reduction dim innermost in both operands); each element of the
  /// tile is a vector of `vectorWidth` partial sums.
  int64_t dotRows = 4;
  int64_t dotCols = 4;
};

/// The tiles of one op. The innermost tile is vectorized whole, so these are
/// also the vector sizes.
struct CPUSchedule {
  /// The tile of every loop dim.
  SmallVector<int64_t> tiles;
  /// Order of the tile loops, outermost first (empty: the op's order).
  SmallVector<int64_t> order;
  /// A parallel dim tiled by a sequential loop that is then peeled, so that
  /// its full tiles need no mask (-1: none).
  int64_t peeled = -1;
  /// Whether the op is a register-tiled contraction (rank-1 updates).
  bool isContraction = false;
  /// Whether the op is a register-tiled contraction whose reduction dim is
  /// innermost in both operands (a matmul by a transposed matrix): each
  /// element of the tile accumulates partial sums along the reduction dim in
  /// a vector, which is reduced once after the reduction loop.
  bool isDot = false;
  /// Whether the op is a windowed contraction (a convolution): reduction
  /// loops step one at a time, and the windowed input is read as a strided
  /// row along the output's innermost dim.
  bool isWindowed = false;

  /// Whether the op is tiled by registers (any of the kinds above), so that
  /// an elementwise epilogue can be computed on its tiles.
  bool hasRegisterTile() const { return isContraction || isDot || isWindowed; }

  /// `{tiles = array<i64: ...>, order = array<i64: ...>, peeled = k,
  /// contraction, dot, windowed}`; empty order, no peeled dim and no kind
  /// are left out.
  DictionaryAttr toAttr(MLIRContext *context) const;
  /// Reads a recorded schedule of `op`; fails with an error at `op` when it
  /// does not fit the op's loops.
  static FailureOr<CPUSchedule> fromAttr(linalg::LinalgOp op,
                                         DictionaryAttr attr);
};

/// The schedule this project's CPU heuristic chooses: a register tile of
/// `contractionRows` x `contractionCols` over a reduction step of 1 for a
/// row-major contraction (rows innermost and peeled), a register tile of
/// `dotRows` x `dotCols` vectors of partial sums over a reduction step of
/// `vectorWidth` for a contraction by a transposed matrix, a tile of
/// `vectorWidth` along the innermost loop for everything else; a static dim
/// smaller than its tile is taken whole.
CPUSchedule chooseCPUSchedule(linalg::LinalgOp op,
                              const CPUScheduleOptions &options);

/// Splits a window expression `stride * w + k` (or `w + k`) of an indexing
/// map into the position loop `w`, the stride and the window loop `k`;
/// false for any other expression.
bool matchWindowExpr(AffineExpr expr, unsigned &position, int64_t &stride,
                     unsigned &window);

} // namespace mlir::relax

#endif // RELAX_TRANSFORMS_CPUSCHEDULE_H
