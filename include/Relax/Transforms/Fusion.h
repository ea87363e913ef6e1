//===- Fusion.h - Grouping graph ops and merging their programs -*- C++ -*-===//
//
// Fusion in two steps, as in Relax: the ops of a dataflow region are
// partitioned into groups by their pattern kinds on the region's
// post-dominator tree (FuseOps), then the tensor programs a group calls are
// merged into one program (FuseTIR). `--relax-fuse` runs both; the steps are
// public so that other pipelines can inspect or reuse the grouping.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_TRANSFORMS_FUSION_H
#define RELAX_TRANSFORMS_FUSION_H

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Sym/IR/SymProver.h"
#include "Relax/Interfaces/PatternKindInterface.h"

#include "mlir/IR/PatternMatch.h"

namespace mlir::relax {

struct FusionOptions {
  /// The most ops one group may hold.
  int64_t maxGroupSize = 256;
  /// An injective group joins the injective groups that consume it, when
  /// they are not its post-dominator (a split and the concatenations of its
  /// parts into a KV cache): one kernel with several outputs.
  bool injectiveConsumers = true;
  /// Contractions that read the same value (the q, k and v projections of
  /// one input) join one group.
  bool horizontal = true;
  /// A normalization or elementwise group whose only consumers are the
  /// contractions of one group (their left operand) joins that group.
  bool prologue = true;
};

/// A group of ops of one dataflow region, in block order.
struct FusionGroup {
  SmallVector<Operation *> ops;
  /// The least fusable kind among the ops.
  PatternKind kind = PatternKind::ElementWise;
  /// Number of output-elementwise-fusable ops (matmul, convolution).
  unsigned anchors = 0;
};

/// The kind fusion sees for `op`: its PatternKindOpInterface kind, or
/// opaque for ops that are not computations on tensors of known shape.
/// Reshapes and views are opaque: they become views of storage, not kernels.
PatternKind getFusionKind(Operation *op);

/// Partitions the ops of `block`, the body of a `relax.dataflow`, into
/// groups, following TVM's FuseOps rules and, where `options` ask, the
/// horizontal and prologue rules. `prover` decides shape equalities. A group
/// never spans a `relax.match_cast`. Groups of one op are included.
SmallVector<FusionGroup>
partitionIntoFusionGroups(Block &block, const sym::SymProver &prover,
                          const FusionOptions &options);

/// Moves the reshapes of `func` that regroup rows (keep the last dim) below
/// the matmuls and elementwise ops they feed, and folds reshape chains, so
/// that a product wrapped in reshapes (`[b, s, k] -> [b * s, k]`, the
/// product, back to `[b, s, n]`) is adjacent to its epilogue again.
void sinkReshapes(FuncOp func);

/// Merges the programs that `calls` (the `relax.call_tir` ops of one group,
/// in block order) call into one `tprog.func` named after `name`, inserted
/// before the function that holds the calls, and replaces the calls with one
/// `relax.call_tir` of it placed at the last call. Values only the group
/// uses become tensors inside the program; symbolic values its tensors
/// cannot give become symbolic arguments. The block may need a topological
/// sort afterwards (values the group produces can be used between its
/// calls). Fails, changing nothing, when a callee is not a single-block
/// program or when no result of the group is used outside it.
FailureOr<CallTIROp> mergeTensorProgramCalls(ArrayRef<CallTIROp> calls,
                                             StringRef name,
                                             RewriterBase &rewriter);

} // namespace mlir::relax

#endif // RELAX_TRANSFORMS_FUSION_H
