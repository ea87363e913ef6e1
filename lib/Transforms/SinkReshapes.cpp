//===- SinkReshapes.cpp - Move reshapes below row-wise graph ops ----------===//
//
// Importers wrap a product of a `[batch, seq, k]` tensor in reshapes (HF's
// Conv1D, torch's addmm: `[b, s, k] -> [b * s, k]`, the product, then back
// to `[b, s, n]`). Fusion keeps reshapes apart (they are views of their
// operand's storage), so the product's epilogue (bias, activation) ends up
// in a kernel of its own. A reshape that keeps the last dim only regroups
// rows, and every op below computes rows independently of each other, so the
// reshape moves below it:
//
//   matmul(reshape(x), w)   -> reshape(matmul(x, w))   (w a matrix)
//   f(reshape(x), c)        -> reshape(f(x, c))        (f elementwise, c a
//                                                       scalar or a row)
//   reshape(reshape(x))     -> reshape(x)
//   reshape(x) to x's type  -> x
//
// The reshapes meet and cancel, and the product and its epilogue are
// adjacent again. An elementwise op moves above a reshape only when the
// reshape's operand comes from a product or an elementwise op, which it can
// then join; below any other op it would leave the consumer it fuses with
// today for no gain.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/Relax/IR/RelaxShapeInference.h"
#include "Relax/Dialect/Sym/IR/SymProver.h"
#include "Relax/Transforms/Fusion.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXSINKRESHAPESPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::Proof;
using sym::SymExprAttr;

/// The type of `value` when it is a tensor whose rank and dims are known.
static RelaxTensorType getKnownTensorType(Value value) {
  auto type = dyn_cast<RelaxTensorType>(value.getType());
  return type && type.hasKnownShape() ? type : RelaxTensorType();
}

static bool proveSameShape(RelaxTensorType a, RelaxTensorType b,
                           const sym::SymProver &prover) {
  if (a.getRank() != b.getRank())
    return false;
  return llvm::all_of(llvm::zip(a.getDims(), b.getDims()), [&](auto dims) {
    return prover.proveEq(std::get<0>(dims), std::get<1>(dims)) ==
           Proof::Proven;
  });
}

/// True when `reshape` regroups whole rows: its operand and result have rank
/// 2 or more, known dims and the same last dim.
static bool isRowRegrouping(ReshapeOp reshape, const sym::SymProver &prover) {
  RelaxTensorType from = getKnownTensorType(reshape.getX());
  RelaxTensorType to = getKnownTensorType(reshape.getResult());
  return from && to && from.getRank() >= 2 && to.getRank() >= 2 &&
         prover.proveEq(from.getDims().back(), to.getDims().back()) ==
             Proof::Proven;
}

/// True when an elementwise consumer of `value` fuses with its producer.
static bool hasFusableProducer(Value value) {
  Operation *producer = value.getDefiningOp();
  if (!producer)
    return false;
  PatternKind kind = getFusionKind(producer);
  return kind == PatternKind::ElementWise || kind == PatternKind::Broadcast ||
         kind == PatternKind::OutElementWiseFusable;
}

/// A reshape of `value` to `type`, whose dims are all known.
static Value createReshape(PatternRewriter &rewriter, Location loc, Value value,
                           RelaxTensorType type) {
  return ReshapeOp::create(
      rewriter, loc, type, value,
      sym::SymShapeAttr::get(rewriter.getContext(), type.getDims()));
}

/// Infers the result types of `op`, a graph op whose operands just changed.
static LogicalResult refineResultTypes(Operation *op,
                                       const sym::SymProver &prover) {
  auto infer = dyn_cast<InferShapeOpInterface>(op);
  if (!infer)
    return failure();
  ShapeInferenceContext context(op, prover, /*emitDiagnostics=*/false);
  SmallVector<Type> types;
  if (failed(infer.inferRelaxTypes(context, types)) ||
      types.size() != op->getNumResults())
    return failure();
  for (auto [result, type] : llvm::zip(op->getResults(), types))
    result.setType(type);
  return success();
}

namespace {
/// Patterns that need the enclosing function's facts.
template <typename OpTy>
struct ProverPattern : OpRewritePattern<OpTy> {
  ProverPattern(MLIRContext *ctx, const sym::SymProver &prover)
      : OpRewritePattern<OpTy>(ctx), prover(prover) {}
  const sym::SymProver &prover;
};

/// reshape(reshape(x)) -> reshape(x); a reshape to its operand's type -> x.
struct FoldReshapeChain : ProverPattern<ReshapeOp> {
  using ProverPattern::ProverPattern;
  LogicalResult matchAndRewrite(ReshapeOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getX();
    if (auto inner = source.getDefiningOp<ReshapeOp>())
      source = inner.getX();
    if (source.getType() == op.getType()) {
      rewriter.replaceOp(op, source);
      return success();
    }
    if (source == op.getX())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getXMutable().assign(source); });
    return success();
  }
};

/// matmul(reshape(x), w) -> reshape(matmul(x, w)) when the reshape regroups
/// rows and `w` is a matrix.
struct SinkReshapeBelowMatmul : ProverPattern<MatmulOp> {
  using ProverPattern::ProverPattern;
  LogicalResult matchAndRewrite(MatmulOp op,
                                PatternRewriter &rewriter) const override {
    auto reshape = op.getA().getDefiningOp<ReshapeOp>();
    RelaxTensorType weight = getKnownTensorType(op.getB());
    auto resultType = getKnownTensorType(op.getResult());
    if (!reshape || op.getTransposeA() || !weight || weight.getRank() != 2 ||
        !resultType || !isRowRegrouping(reshape, prover))
      return failure();
    auto product =
        MatmulOp::create(rewriter, op.getLoc(), reshape.getX(), op.getB(),
                         op.getTransposeA(), op.getTransposeB());
    if (failed(refineResultTypes(product, prover)) ||
        !getKnownTensorType(product.getResult())) {
      rewriter.eraseOp(product);
      return failure();
    }
    rewriter.replaceOp(op, createReshape(rewriter, op.getLoc(),
                                         product.getResult(), resultType));
    return success();
  }
};

/// f(reshape(x), ..., c) -> reshape(f(x, ..., c)) for an elementwise graph op
/// `f` whose other operands are reshapes from the same shape or broadcast
/// along rows only (scalars and vectors), where `x` comes from an op that `f`
/// can fuse with.
struct SinkReshapeBelowElementwise : RewritePattern {
  SinkReshapeBelowElementwise(MLIRContext *ctx, const sym::SymProver &prover)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, ctx),
        prover(prover) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto kindOp = dyn_cast<PatternKindOpInterface>(op);
    if (!kindOp || !isa<InferShapeOpInterface>(op) ||
        op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        (kindOp.getPatternKind() != PatternKind::ElementWise &&
         kindOp.getPatternKind() != PatternKind::Broadcast))
      return failure();
    RelaxTensorType resultType = getKnownTensorType(op->getResult(0));
    if (!resultType)
      return failure();

    // The shape the reshaped operands come from.
    RelaxTensorType sourceType;
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      RelaxTensorType type = getKnownTensorType(operand);
      if (!type)
        return failure();
      auto reshape = operand.getDefiningOp<ReshapeOp>();
      if (!reshape) {
        // A scalar or a row broadcasts the same way against both shapes.
        if (type.getRank() > 1)
          return failure();
        continue;
      }
      RelaxTensorType from = getKnownTensorType(reshape.getX());
      if (!isRowRegrouping(reshape, prover) ||
          !hasFusableProducer(reshape.getX()) ||
          !proveSameShape(type, resultType, prover) ||
          (sourceType && !proveSameShape(from, sourceType, prover)))
        return failure();
      sourceType = from;
      mapping.map(operand, reshape.getX());
    }
    if (!sourceType)
      return failure();

    Operation *sunk = rewriter.clone(*op, mapping);
    if (failed(refineResultTypes(sunk, prover)) ||
        !getKnownTensorType(sunk->getResult(0))) {
      rewriter.eraseOp(sunk);
      return failure();
    }
    rewriter.replaceOp(op, createReshape(rewriter, op->getLoc(),
                                         sunk->getResult(0), resultType));
    return success();
  }

  const sym::SymProver &prover;
};

/// A split of the last dim whose parts are reshaped into heads
/// (`[b, s, 3 * h * d]` split into q, k and v, each reshaped to `[b, s, h,
/// d]`) becomes a split of the heads of the whole: the reshape moves above
/// the split, where it is a view of the split's operand, and the parts feed
/// their consumers directly (the concatenations of a KV cache can then join
/// the split's group). A part used otherwise is reshaped back.
struct HoistReshapeAboveSplit : ProverPattern<SplitOp> {
  using ProverPattern::ProverPattern;
  LogicalResult matchAndRewrite(SplitOp op,
                                PatternRewriter &rewriter) const override {
    RelaxTensorType type = getKnownTensorType(op.getX());
    if (!type || type.getRank() == 0)
      return failure();
    int64_t rank = type.getRank();
    auto axis = static_cast<int64_t>(op.getAxis());
    if (axis != rank - 1 && axis != -1)
      return failure();
    // The head size: the last dim of a reshape of a part into
    // [leading dims..., heads, head size].
    std::optional<int64_t> headSize;
    for (Value part : op.getResults())
      for (Operation *user : part.getUsers())
        if (auto reshape = dyn_cast<ReshapeOp>(user)) {
          RelaxTensorType to = getKnownTensorType(reshape.getResult());
          if (!headSize && to && to.getRank() == rank + 1 &&
              isSplitIntoHeads(type, to))
            headSize = to.getDims().back().getConstantValue();
        }
    if (!headSize || *headSize <= 0)
      return failure();
    // Every part is a whole number of heads.
    SmallVector<int64_t> partSizes;
    for (Value part : op.getResults()) {
      RelaxTensorType partType = getKnownTensorType(part);
      std::optional<int64_t> size =
          partType ? partType.getDims().back().getConstantValue()
                   : std::nullopt;
      if (!size || *size % *headSize != 0)
        return failure();
      partSizes.push_back(*size);
    }
    int64_t total = llvm::sum_of(partSizes);
    if (type.getDims().back().getConstantValue() != total)
      return failure();

    MLIRContext *ctx = rewriter.getContext();
    Location loc = op.getLoc();
    SmallVector<SymExprAttr> headsShape(type.getDims().drop_back());
    headsShape.push_back(SymExprAttr::getConstant(ctx, total / *headSize));
    headsShape.push_back(SymExprAttr::getConstant(ctx, *headSize));
    Value heads =
        createReshape(rewriter, loc, op.getX(),
                      RelaxTensorType::get(headsShape, type.getElementType()));
    SmallVector<SymExprAttr> starts;
    int64_t start = 0;
    for (int64_t size : ArrayRef(partSizes).drop_back()) {
      start += size;
      starts.push_back(SymExprAttr::getConstant(ctx, start / *headSize));
    }
    SmallVector<Type> partTypes;
    for (int64_t size : partSizes) {
      SmallVector<SymExprAttr> dims(headsShape);
      dims[rank - 1] = SymExprAttr::getConstant(ctx, size / *headSize);
      partTypes.push_back(RelaxTensorType::get(dims, type.getElementType()));
    }
    auto split = SplitOp::create(
        rewriter, loc, partTypes, heads, rewriter.getI64IntegerAttr(rank - 1),
        /*sections=*/IntegerAttr(), sym::SymShapeAttr::get(ctx, starts));
    for (auto [part, headsPart] :
         llvm::zip(op.getResults(), split.getResults())) {
      for (OpOperand &use : llvm::make_early_inc_range(part.getUses())) {
        auto reshape = dyn_cast<ReshapeOp>(use.getOwner());
        if (reshape && reshape.getType() == headsPart.getType()) {
          rewriter.replaceOp(reshape, headsPart);
          continue;
        }
        rewriter.setInsertionPoint(use.getOwner());
        Value back = createReshape(rewriter, loc, headsPart,
                                   cast<RelaxTensorType>(part.getType()));
        rewriter.modifyOpInPlace(use.getOwner(), [&] { use.set(back); });
      }
    }
    rewriter.eraseOp(op);
    return success();
  }

  /// Whether `to` is `from` with its last dim split in two, the second a
  /// constant.
  bool isSplitIntoHeads(RelaxTensorType from, RelaxTensorType to) const {
    ArrayRef<SymExprAttr> a = from.getDims(), b = to.getDims();
    for (size_t i = 0; i + 1 < a.size(); ++i)
      if (prover.proveEq(a[i], b[i]) != Proof::Proven)
        return false;
    return b.back().getConstantValue().has_value();
  }
};

struct SinkReshapesPass
    : relax::impl::RelaxSinkReshapesPassBase<SinkReshapesPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<FuncOp>())
      sinkReshapes(func);
  }
};
} // namespace

void relax::sinkReshapes(FuncOp func) {
  sym::SymProver prover(cast<FunctionOpInterface>(func.getOperation()));
  MLIRContext *ctx = func.getContext();
  RewritePatternSet patterns(ctx);
  patterns
      .add<FoldReshapeChain, SinkReshapeBelowMatmul, HoistReshapeAboveSplit>(
          ctx, prover);
  patterns.add<SinkReshapeBelowElementwise>(ctx, prover);
  // Only the patterns' ops change: no folding, no constant CSE. The rewrites
  // move reshapes down and cannot cycle; not converging within the driver's
  // iterations leaves a correct graph.
  (void)applyPatternsGreedily(
      func, std::move(patterns),
      GreedyRewriteConfig().enableFolding(false).enableConstantCSE(false));
}
