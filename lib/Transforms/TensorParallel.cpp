//===- TensorParallel.cpp - Partition graph functions over ranks ----------===//
//
// --relax-tensor-parallel: a relax.func written for the whole model, with
// the split of some parameters over the ranks of a one-axis `shard.grid`
// (`relax.grid`, `relax.split_axes`), becomes the function each rank runs on
// its blocks. The splits propagate forward through the op library; a
// product whose reduction dim is split ends in `relax.ccl.allreduce`, and a
// result the signature wants whole is gathered with `relax.ccl.allgather`.
// Then every split value's type, and the shapes ops carry, are divided by
// the number of ranks.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Relax/IR/RelaxTensorParallel.h"
#include "Relax/Dialect/Sym/IR/SymProver.h"
#include "Relax/Dialect/Sym/IR/SymShapeMatch.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXTENSORPARALLELPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::Proof;
using sym::SymExprAttr;

namespace {

/// The split of a value: dim `axis` cut into one block per rank (of every
/// segment, when `segments` lists the dim's global parts). No entry in the
/// map: the value is whole on every rank.
struct Split {
  int64_t axis;
  SmallVector<int64_t> segments;

  bool operator==(const Split &other) const {
    return axis == other.axis && segments == other.segments;
  }
  Split withAxis(int64_t newAxis) const { return {newAxis, segments}; }
};

class Partitioner {
public:
  Partitioner(FuncOp func, int64_t numRanks)
      : func(func), numRanks(numRanks), prover(func) {}

  LogicalResult run();

private:
  LogicalResult visitBlock(Block &block);
  LogicalResult visitOp(Operation *op);
  /// The rules: each sets the splits of `op`'s results (none: whole).
  LogicalResult visitElementwise(Operation *op);
  LogicalResult visitMatmul(MatmulOp op);
  LogicalResult visitRegroup(Operation *op, sym::SymShapeAttr shape);
  LogicalResult visitPermute(PermuteDimsOp op);
  LogicalResult visitRotary(RotaryEmbeddingOp op);
  LogicalResult visitConcat(ConcatOp op);
  LogicalResult visitSplit(SplitOp op);
  LogicalResult visitAttention(AttentionOp op);
  LogicalResult visitAlongAxes(Operation *op, ArrayRef<int64_t> axes,
                               bool keepdims);
  LogicalResult visitReduce(Operation *op, std::optional<ArrayRef<int64_t>>,
                            bool keepdims);
  LogicalResult visitNorm(Operation *op, std::optional<ArrayRef<int64_t>>);

  /// Results the signature wants whole are gathered; split ones must be
  /// split as declared.
  LogicalResult gatherResults();
  /// Divides the split dim of every split value's type, and the function's
  /// signature, by the number of ranks.
  LogicalResult localizeTypes();
  FailureOr<SymExprAttr> divide(SymExprAttr dim, const Split &split,
                                Location loc, const Twine &what);

  const Split *getSplit(Value value) const {
    auto it = splits.find(value);
    return it == splits.end() ? nullptr : &it->second;
  }
  /// The split dim of `value`, -1 when it is whole or split in segments.
  int64_t getSplitAxis(Value value) const {
    const Split *split = getSplit(value);
    return split && split->segments.empty() ? split->axis : -1;
  }
  void setSplit(Value value, std::optional<Split> split) {
    if (split)
      splits[value] = *split;
  }
  /// A located error naming the split of operand `index` of `op`.
  InFlightDiagnostic emitSplitError(Operation *op, unsigned index);
  /// Inserts `relax.ccl.allreduce` of `op`'s result after it.
  void allReduceResult(Operation *op, ReductionKind kind);
  SmallVector<SymExprAttr> getDims(Value value) const;

  FuncOp func;
  int64_t numRanks;
  sym::SymProver prover;
  llvm::DenseMap<Value, Split> splits;
  /// Reshapes whose target shape has a split dim to divide: (op, dim).
  SmallVector<std::pair<Operation *, int64_t>> shapeAttrs;
};

} // namespace

static int64_t normalize(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

static int64_t getRank(Value value) {
  auto type = dyn_cast<RelaxTensorType>(value.getType());
  return type && type.hasRank() ? type.getRank() : -1;
}

SmallVector<SymExprAttr> Partitioner::getDims(Value value) const {
  auto type = cast<RelaxTensorType>(value.getType());
  return llvm::to_vector(type.getDims());
}

InFlightDiagnostic Partitioner::emitSplitError(Operation *op, unsigned index) {
  InFlightDiagnostic diag = op->emitOpError("operand #") << index;
  if (const Split *split = getSplit(op->getOperand(index)))
    diag << " is split over the ranks along dim " << split->axis << ": ";
  else
    diag << " is whole on every rank: ";
  return diag;
}

void Partitioner::allReduceResult(Operation *op, ReductionKind kind) {
  Value result = op->getResult(0);
  OpBuilder builder(op->getContext());
  builder.setInsertionPointAfter(op);
  auto reduce =
      CCLAllReduceOp::create(builder, op->getLoc(), result.getType(), result,
                             ReductionKindAttr::get(op->getContext(), kind));
  result.replaceAllUsesExcept(reduce.getResult(), reduce);
}

/// Elementwise ops and their broadcasts: the split of every split operand,
/// aligned to the right, must be the same dim of the result, and a whole
/// operand must not have that dim (or have it as 1).
LogicalResult Partitioner::visitElementwise(Operation *op) {
  int64_t rank = getRank(op->getResult(0));
  std::optional<Split> result;
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    const Split *split = getSplit(operand);
    if (!split)
      continue;
    Split aligned = split->withAxis(split->axis + rank - getRank(operand));
    if (result && !(*result == aligned))
      return emitSplitError(op, i)
             << "another operand is split along another result dim";
    result = aligned;
  }
  for (auto [i, operand] : llvm::enumerate(op->getOperands())) {
    if (getSplit(operand))
      continue;
    int64_t operandRank = getRank(operand);
    int64_t dim = result->axis - (rank - operandRank);
    if (operandRank < 0)
      return op->emitOpError("operand #") << i << " has an unknown rank";
    SymExprAttr size = dim >= 0 ? getDims(operand)[dim] : SymExprAttr();
    if (dim >= 0 && !(size && size.getConstantValue() == 1))
      return op->emitOpError("operand #")
             << i << " is whole on every rank, but result dim "
             << result->axis
             << " is split: split this operand too (relax.split_axes), or "
                "keep the other whole";
  }
  for (Value value : op->getResults())
    setSplit(value, result);
  return success();
}

LogicalResult Partitioner::visitMatmul(MatmulOp op) {
  Value a = op.getA(), b = op.getB();
  int64_t ra = getRank(a), rb = getRank(b), rr = getRank(op.getResult());
  if (ra < 2 || rb < 2)
    return op.emitOpError("a product of split operands needs both of rank 2 "
                          "or more");
  const Split *sa = getSplit(a), *sb = getSplit(b);
  // Roles of the operands' last two dims.
  int64_t aRows = op.getTransposeA() ? ra - 1 : ra - 2;
  int64_t aRed = op.getTransposeA() ? ra - 2 : ra - 1;
  int64_t bRed = op.getTransposeB() ? rb - 1 : rb - 2;
  int64_t bCols = op.getTransposeB() ? rb - 2 : rb - 1;
  auto isBatch = [](int64_t axis, int64_t rank) { return axis < rank - 2; };
  // A batch dim of the result that an operand without it broadcasts over.
  auto broadcastsOver = [&](Value operand, int64_t rank, int64_t resultAxis) {
    int64_t dim = resultAxis - (rr - rank);
    if (dim < 0)
      return true;
    SymExprAttr size = getDims(operand)[dim];
    return size && size.getConstantValue() == 1;
  };

  if (sa && sb && sa->axis == aRed && sb->axis == bRed) {
    if (!sa->segments.empty() || !sb->segments.empty())
      return emitSplitError(op, 0) << "a reduction dim split in segments";
    // Each rank's product is a partial sum.
    splits.erase(op.getResult());
    allReduceResult(op, ReductionKind::Sum);
    return success();
  }
  if (sa && sb && isBatch(sa->axis, ra) && isBatch(sb->axis, rb) &&
      sa->axis + rr - ra == sb->axis + rr - rb && *sa == sb->withAxis(sa->axis)) {
    setSplit(op.getResult(), sa->withAxis(sa->axis + rr - ra));
    return success();
  }
  // One operand split: along its own output dim (the rows of a, the
  // columns of b), or a batch dim that the other broadcasts over.
  auto oneSided = [&](const Split &split, int64_t rank, int64_t ownDim,
                      int64_t resultDim, Value other, int64_t otherRank) {
    std::optional<int64_t> axis;
    if (split.axis == ownDim)
      axis = resultDim;
    else if (isBatch(split.axis, rank) &&
             broadcastsOver(other, otherRank, split.axis + rr - rank))
      axis = split.axis + rr - rank;
    if (axis)
      setSplit(op.getResult(), split.withAxis(*axis));
    return axis.has_value();
  };
  if (sa && !sb && oneSided(*sa, ra, aRows, rr - 2, b, rb))
    return success();
  if (sb && !sa && oneSided(*sb, rb, bCols, rr - 1, a, ra))
    return success();
  unsigned index = sa ? 0 : 1;
  return emitSplitError(op, index)
         << "products split along the output columns of the right operand, "
            "the rows of the left, a batch dim, or the reduction dim of both";
}

/// A reshape (or expand_dims / squeeze) keeps a split when the dims before
/// the split one hold as many elements before and after, and the result's
/// dim there is a multiple of the number of ranks: each rank's block is
/// then the same consecutive run of elements.
LogicalResult Partitioner::visitRegroup(Operation *op,
                                        sym::SymShapeAttr shape) {
  Value input = op->getOperand(0), result = op->getResult(0);
  const Split *split = getSplit(input);
  if (!split->segments.empty())
    return emitSplitError(op, 0) << "a dim split in segments is not reshaped";
  SmallVector<SymExprAttr> in = getDims(input), out = getDims(result);
  MLIRContext *ctx = op->getContext();
  SymExprAttr before = SymExprAttr::getConstant(ctx, 1);
  for (int64_t d = 0; d < split->axis; ++d) {
    if (!in[d])
      return emitSplitError(op, 0) << "dim " << d << " is unknown";
    before = SymExprAttr::mul(before, in[d]);
  }
  SymExprAttr prefix = SymExprAttr::getConstant(ctx, 1);
  for (int64_t d = 0, e = out.size(); d < e; ++d) {
    if (!out[d])
      break;
    if (prover.proveEq(prefix, before) == Proof::Proven &&
        !(out[d].getConstantValue() == 1) &&
        prover.proveDivisible(out[d], numRanks) == Proof::Proven) {
      setSplit(result, Split{d, {}});
      if (shape && shape.getDims()[d])
        shapeAttrs.push_back({op, d});
      return success();
    }
    prefix = SymExprAttr::mul(prefix, out[d]);
  }
  return emitSplitError(op, 0)
         << "no dim of the result holds the same blocks (the dims before it "
            "must hold as many elements, and it must be a multiple of "
         << numRanks << ")";
}

LogicalResult Partitioner::visitPermute(PermuteDimsOp op) {
  const Split *split = getSplit(op.getX());
  int64_t rank = getRank(op.getX());
  SmallVector<int64_t> axes;
  if (op.getAxes())
    llvm::append_range(axes, *op.getAxes());
  else
    for (int64_t d = rank - 1; d >= 0; --d)
      axes.push_back(d);
  for (auto [to, from] : llvm::enumerate(axes))
    if (normalize(from, rank) == split->axis)
      setSplit(op.getResult(), split->withAxis(to));
  return success();
}

LogicalResult Partitioner::visitRotary(RotaryEmbeddingOp op) {
  for (unsigned i : {1u, 2u})
    if (getSplit(op->getOperand(i)))
      return emitSplitError(op, i) << "the cos and sin tables stay whole";
  const Split *split = getSplit(op.getX());
  if (split->axis != 0 && split->axis != 2)
    return emitSplitError(op, 0)
           << "rotary embeddings split along the batch or the heads";
  setSplit(op.getResult(), *split);
  return success();
}

LogicalResult Partitioner::visitConcat(ConcatOp op) {
  int64_t axis = normalize(op.getAxis(), getRank(op.getResult()));
  const Split *first = getSplit(op.getInputs()[0]);
  for (auto [i, input] : llvm::enumerate(op.getInputs())) {
    const Split *split = getSplit(input);
    if (!split || !first || !(*split == *first))
      return emitSplitError(op, split ? i : 0)
             << "every input of a concat must be split alike";
    if (split->axis == axis)
      return emitSplitError(op, i) << "a concat along the split dim";
  }
  setSplit(op.getResult(), *first);
  return success();
}

LogicalResult Partitioner::visitSplit(SplitOp op) {
  const Split *split = getSplit(op.getX());
  int64_t axis = normalize(op.getAxis(), getRank(op.getX()));
  if (split->axis != axis) {
    if (!split->segments.empty())
      return emitSplitError(op, 0) << "a dim split in segments";
    for (Value result : op.getResults())
      setSplit(result, *split);
    return success();
  }
  // Along the split dim: the parts must be the segments, each cut into one
  // block per rank, so that each rank's parts are its blocks.
  ArrayRef<int64_t> segments = split->segments;
  bool matches = segments.size() == op.getNumResults();
  if (matches && op.getSections()) {
    matches = llvm::all_equal(segments);
  } else if (matches && op.getIndices()) {
    int64_t offset = 0;
    for (auto [index, segment] :
         llvm::zip(op.getIndices()->getDims(), segments.drop_back())) {
      offset += segment;
      matches &= index && index.getConstantValue() == offset;
    }
  }
  if (!matches)
    return emitSplitError(op, 0)
           << "a split along the split dim must give its segments "
              "(relax.split_segments), one part each";
  if (op.getIndices()) {
    SmallVector<SymExprAttr> local;
    int64_t offset = 0;
    for (int64_t segment : segments.drop_back())
      local.push_back(
          SymExprAttr::getConstant(op.getContext(), (offset += segment) /
                                                        numRanks));
    op.setIndicesAttr(sym::SymShapeAttr::get(op.getContext(), local));
  }
  for (Value result : op.getResults())
    setSplit(result, Split{axis, {}});
  return success();
}

LogicalResult Partitioner::visitAttention(AttentionOp op) {
  for (unsigned i : {0u, 1u, 2u}) {
    if (getSplitAxis(op->getOperand(i)) != 2)
      return op.emitOpError("operand #")
             << i << " must be split along the heads (dim 2) like q, k and v";
  }
  if (Value mask = op.getMask()) {
    if (getSplit(mask))
      return emitSplitError(op, 3) << "the mask stays whole";
    // The mask broadcasts to [batch, heads, seq, kv_seq].
    int64_t rank = getRank(mask);
    SymExprAttr heads = rank >= 3 ? getDims(mask)[rank - 3] : SymExprAttr();
    if (rank >= 3 && !(heads && heads.getConstantValue() == 1))
      return op.emitOpError("the mask must broadcast over the heads, which "
                            "are split over the ranks");
  }
  setSplit(op.getResult(), Split{2, {}});
  return success();
}

/// Ops that work along `axes` of their first operand, independently along
/// the others: the split dim must be another one.
LogicalResult Partitioner::visitAlongAxes(Operation *op, ArrayRef<int64_t> axes,
                                          bool keepdims) {
  const Split *split = getSplit(op->getOperand(0));
  int64_t rank = getRank(op->getOperand(0));
  int64_t removed = 0;
  for (int64_t axis : axes) {
    int64_t a = normalize(axis, rank);
    if (a == split->axis)
      return emitSplitError(op, 0) << "the op works along that dim";
    if (a < split->axis && !keepdims)
      ++removed;
  }
  for (unsigned i = 1; i < op->getNumOperands(); ++i)
    if (getSplit(op->getOperand(i)))
      return emitSplitError(op, i) << "only the first operand may be split";
  setSplit(op->getResult(0), split->withAxis(split->axis - removed));
  return success();
}

/// Reductions: along other dims the split stays; along the split dim each
/// rank reduces its block and an all-reduce of the same kind combines them.
LogicalResult Partitioner::visitReduce(Operation *op,
                                       std::optional<ArrayRef<int64_t>> axes,
                                       bool keepdims) {
  const Split *split = getSplit(op->getOperand(0));
  int64_t rank = getRank(op->getOperand(0));
  SmallVector<int64_t> all;
  if (axes)
    for (int64_t axis : *axes)
      all.push_back(normalize(axis, rank));
  else
    for (int64_t d = 0; d < rank; ++d)
      all.push_back(d);
  if (!llvm::is_contained(all, split->axis))
    return visitAlongAxes(op, all, keepdims);
  std::optional<ReductionKind> kind =
      llvm::TypeSwitch<Operation *, std::optional<ReductionKind>>(op)
          .Case([](SumOp) { return ReductionKind::Sum; })
          .Case([](ProdOp) { return ReductionKind::Prod; })
          .Case([](MaxOp) { return ReductionKind::Max; })
          .Case([](MinOp) { return ReductionKind::Min; })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind)
    return emitSplitError(op, 0) << "it reduces along that dim";
  if (!split->segments.empty())
    return emitSplitError(op, 0) << "a dim split in segments";
  allReduceResult(op, *kind);
  return success();
}

LogicalResult Partitioner::visitNorm(Operation *op,
                                     std::optional<ArrayRef<int64_t>> axes) {
  SmallVector<int64_t> normalized = {-1};
  if (axes)
    normalized.assign(axes->begin(), axes->end());
  return visitAlongAxes(op, normalized, /*keepdims=*/true);
}

LogicalResult Partitioner::visitOp(Operation *op) {
  if (auto dataflow = dyn_cast<DataflowOp>(op)) {
    Block &body = dataflow.getBody().front();
    if (failed(visitBlock(body)))
      return failure();
    for (auto [result, value] :
         llvm::zip(dataflow.getResults(), body.getTerminator()->getOperands()))
      if (const Split *split = getSplit(value))
        splits[result] = *split;
    return success();
  }
  // An op none of whose operands (or values it captures) is split computes
  // the same whole values on every rank.
  std::optional<unsigned> splitOperand;
  for (auto [i, operand] : llvm::enumerate(op->getOperands()))
    if (getSplit(operand) && !splitOperand)
      splitOperand = i;
  if (op->getNumRegions() && !isa<DataflowOp>(op)) {
    WalkResult captures = op->walk([&](Operation *inner) {
      for (Value operand : inner->getOperands())
        if (getSplit(operand))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (captures.wasInterrupted())
      return op->emitOpError("reads a value split over the ranks inside its "
                             "regions: only dataflow regions are partitioned");
  }
  if (!splitOperand || isa<OutputOp, ReturnOp>(op))
    return success();
  for (Value operand : op->getOperands())
    if (getSplit(operand) && getRank(operand) < 0)
      return op->emitOpError("has a split operand of unknown rank: run "
                             "--relax-infer-shapes first");

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case<ExpOp, LogOp, SqrtOp, RsqrtOp, TanhOp, SigmoidOp, SiluOp, GeluOp,
            GeluTanhOp, ErfOp, SinOp, CosOp, ReluOp, NegOp, AbsOp, AstypeOp,
            AddOp, SubtractOp, MultiplyOp, DivideOp, PowerOp, MaximumOp,
            MinimumOp, EqualOp, NotEqualOp, LessOp, LessEqualOp, GreaterOp,
            GreaterEqualOp, WhereOp, DequantizeOp>(
          [&](Operation *op) { return visitElementwise(op); })
      .Case([&](MatmulOp op) { return visitMatmul(op); })
      .Case([&](ReshapeOp op) { return visitRegroup(op, op.getShape()); })
      .Case<ExpandDimsOp, SqueezeOp>(
          [&](Operation *op) { return visitRegroup(op, {}); })
      .Case([&](PermuteDimsOp op) { return visitPermute(op); })
      .Case([&](RotaryEmbeddingOp op) { return visitRotary(op); })
      .Case([&](ConcatOp op) { return visitConcat(op); })
      .Case([&](SplitOp op) { return visitSplit(op); })
      .Case([&](AttentionOp op) { return visitAttention(op); })
      .Case<SoftmaxOp, LogSoftmaxOp>([&](Operation *op) {
        return visitAlongAxes(op, {cast<IntegerAttr>(op->getAttr("axis"))
                                       .getInt()},
                              /*keepdims=*/true);
      })
      .Case<SumOp, ProdOp, MaxOp, MinOp, MeanOp, VarianceOp>(
          [&](Operation *op) {
            auto axes = op->getAttrOfType<DenseI64ArrayAttr>("axes");
            auto keepdims = op->getAttrOfType<BoolAttr>("keepdims");
            return visitReduce(
                op,
                axes ? std::optional<ArrayRef<int64_t>>(axes.asArrayRef())
                     : std::nullopt,
                keepdims && keepdims.getValue());
          })
      .Case([&](RmsNormOp op) { return visitNorm(op, op.getAxes()); })
      .Case([&](LayerNormOp op) { return visitNorm(op, op.getAxes()); })
      .Case([&](PagedKVAppendOp op) -> LogicalResult {
        // Each rank's cache holds its kv heads.
        if (getSplitAxis(op.getPages()) != 3 || getSplitAxis(op.getK()) != 1 ||
            getSplitAxis(op.getV()) != 1 || getSplit(op.getSlots()))
          return op.emitOpError("the cache (dim 3), k and v (dim 1) must be "
                                "split along the kv heads, the slots whole");
        setSplit(op.getResult(), Split{3, {}});
        return success();
      })
      .Case([&](PagedAttentionOp op) -> LogicalResult {
        if (getSplitAxis(op.getQ()) != 1 || getSplitAxis(op.getPages()) != 3 ||
            getSplit(op.getPageTable()) || getSplit(op.getQSeq()) ||
            getSplit(op.getQPos()))
          return op.emitOpError("q (dim 1) and the cache (dim 3) must be "
                                "split along the heads, the rest whole");
        setSplit(op.getResult(), Split{1, {}});
        return success();
      })
      .Default([&](Operation *op) {
        return emitSplitError(op, *splitOperand)
               << "'" << op->getName()
               << "' has no rule for values split over the ranks";
      });
}

LogicalResult Partitioner::visitBlock(Block &block) {
  for (Operation &op : llvm::make_early_inc_range(block))
    if (failed(visitOp(&op)))
      return failure();
  return success();
}

LogicalResult Partitioner::gatherResults() {
  Operation *ret = func.getBody().front().getTerminator();
  for (auto [index, value] : llvm::enumerate(ret->getOperands())) {
    std::optional<SplitSpec> declared =
        getSplitSpec(func.getResultAttrDict(index));
    const Split *split = getSplit(value);
    if (declared) {
      if (!split || split->axis != declared->axis ||
          split->segments != ArrayRef<int64_t>(declared->segments))
        return ret->emitOpError("result #")
               << index << " is declared split along dim " << declared->axis
               << " but is "
               << (split ? "split along dim " + std::to_string(split->axis)
                         : std::string("whole"));
      continue;
    }
    if (!split)
      continue;
    if (!split->segments.empty())
      return ret->emitOpError("result #")
             << index << " is split in segments; declare it so "
             << "(relax.split_axes, relax.split_segments)";
    // Gather where the value is made: inside its dataflow region, if any.
    OpOperand *use = &ret->getOpOperand(index);
    if (auto dataflow = value.getDefiningOp<DataflowOp>()) {
      Operation *output = dataflow.getBody().front().getTerminator();
      use = &output->getOpOperand(cast<OpResult>(value).getResultNumber());
      // The region's result is now the gathered value.
      splits.erase(value);
    }
    Value local = use->get();
    OpBuilder builder(use->getOwner());
    auto gather = CCLAllGatherOp::create(
        builder, use->getOwner()->getLoc(), local.getType(), local,
        builder.getI64IntegerAttr(split->axis),
        builder.getI64IntegerAttr(numRanks));
    use->set(gather.getResult());
  }
  return success();
}

FailureOr<SymExprAttr> Partitioner::divide(SymExprAttr dim, const Split &split,
                                           Location loc, const Twine &what) {
  MLIRContext *ctx = func.getContext();
  if (!split.segments.empty()) {
    int64_t total = 0;
    for (int64_t segment : split.segments) {
      if (segment % numRanks)
        return emitError(loc) << what << ": segment of " << segment
                              << " is not a multiple of the " << numRanks
                              << " ranks";
      total += segment;
    }
    if (dim && dim.getConstantValue() != total)
      return emitError(loc) << what << ": dim " << split.axis << " is "
                            << sym::toString(dim)
                            << " but its segments sum to " << total;
    return SymExprAttr::getConstant(ctx, total / numRanks);
  }
  if (!dim)
    return emitError(loc) << what << ": dim " << split.axis
                          << " is split over the ranks but unknown";
  if (prover.proveDivisible(dim, numRanks) != Proof::Proven)
    return emitError(loc) << what << ": dim " << split.axis << " ("
                          << sym::toString(dim)
                          << ") is not provably a multiple of the " << numRanks
                          << " ranks";
  SymExprAttr ranks = SymExprAttr::getConstant(ctx, numRanks);
  if (SymExprAttr exact = SymExprAttr::exactDiv(dim, ranks))
    return exact;
  return SymExprAttr::floorDiv(dim, ranks);
}

LogicalResult Partitioner::localizeTypes() {
  auto localize = [&](Value value, Location loc,
                      const Twine &what) -> LogicalResult {
    const Split *split = getSplit(value);
    if (!split)
      return success();
    auto type = cast<RelaxTensorType>(value.getType());
    SmallVector<SymExprAttr> dims = llvm::to_vector(type.getDims());
    FailureOr<SymExprAttr> local = divide(dims[split->axis], *split, loc, what);
    if (failed(local))
      return failure();
    dims[split->axis] = *local;
    value.setType(RelaxTensorType::get(dims, type.getElementType()));
    return success();
  };
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments())
    if (failed(localize(arg, func.getLoc(),
                        "parameter #" + Twine(arg.getArgNumber()))))
      return failure();
  WalkResult walk = func.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (failed(localize(result, op->getLoc(),
                          "result of '" + op->getName().getStringRef() + "'")))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // The shapes that reshapes carry, at the dims that became split.
  for (auto [op, dim] : shapeAttrs) {
    auto reshape = cast<ReshapeOp>(op);
    SmallVector<SymExprAttr> dims = llvm::to_vector(reshape.getShape().getDims());
    FailureOr<SymExprAttr> local =
        divide(dims[dim], Split{dim, {}}, op->getLoc(), "reshape");
    if (failed(local))
      return failure();
    dims[dim] = *local;
    reshape.setShapeAttr(sym::SymShapeAttr::get(op->getContext(), dims));
  }
  // Parameters bind the symbolic variables of the signature: a variable
  // left only in a divided dim would be bound by nothing.
  llvm::DenseSet<StringAttr> bound;
  for (BlockArgument arg : body.getArguments())
    if (auto type = dyn_cast<RelaxTensorType>(arg.getType()); type && type.hasRank())
      for (SymExprAttr dim : type.getDims())
        if (dim && dim.isVar())
          bound.insert(dim.getName());
  for (BlockArgument arg : body.getArguments()) {
    const Split *split = getSplit(arg);
    if (!split)
      continue;
    SymExprAttr dim = cast<RelaxTensorType>(arg.getType()).getDims()[split->axis];
    llvm::SetVector<StringAttr> vars;
    dim.collectVars(vars);
    for (StringAttr var : vars)
      if (!bound.contains(var))
        return emitError(func.getLoc())
               << "parameter #" << arg.getArgNumber() << ": its split dim "
               << "becomes " << sym::toString(dim) << ", and no parameter "
               << "has '" << var.getValue()
               << "' as a dim of its own to bind it";
  }
  func.setFunctionType(FunctionType::get(
      func.getContext(), body.getArgumentTypes(),
      body.getTerminator()->getOperandTypes()));
  return success();
}

LogicalResult Partitioner::run() {
  Block &body = func.getBody().front();
  for (BlockArgument arg : body.getArguments()) {
    std::optional<SplitSpec> spec =
        getSplitSpec(func.getArgAttrDict(arg.getArgNumber()));
    if (!spec)
      continue;
    if (getRank(arg) < 0)
      return func.emitOpError("parameter #")
             << arg.getArgNumber() << " is split but has an unknown rank";
    splits[arg] = Split{spec->axis, spec->segments};
  }
  if (failed(visitBlock(body)) || failed(gatherResults()) ||
      failed(localizeTypes()))
    return failure();
  return success();
}

namespace {
struct RelaxTensorParallelPass
    : relax::impl::RelaxTensorParallelPassBase<RelaxTensorParallelPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (FuncOp func : module.getOps<FuncOp>()) {
      std::optional<GridInfo> grid = getGridInfo(func);
      if (!grid || grid->partitioned)
        continue;
      // With one rank every value is whole: only the attribute changes.
      if (grid->numRanks > 1 &&
          failed(Partitioner(func, grid->numRanks).run()))
        return signalPassFailure();
      func->removeAttr(RelaxDialect::getGridAttrName());
      func->setAttr(RelaxDialect::getPartitionedAttrName(), grid->grid);
    }
  }
};
} // namespace
