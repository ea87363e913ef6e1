//===- Vectorize.cpp - Vectorize the innermost CPU tiles ------------------===//
//
// --relax-cpu-vectorize: every op marked with its vector sizes is vectorized
// whole with masks; math without vector instructions is approximated.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/Common/MathApproximations.h"
#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXCPUVECTORIZEPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
/// A read of one element broadcast to every lane (a permutation map of
/// constant 0s: a broadcast operand of size 1) becomes a tensor.extract and
/// a vector.broadcast. The transfer lowering takes a broadcast read only
/// from a buffer whose innermost stride is 1, so such a read of a strided
/// view (a slice with a step) was left unlowered.
struct BroadcastReadToExtract : OpRewritePattern<vector::TransferReadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::TransferReadOp read,
                                PatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(read.getBase().getType()) || read.getMask())
      return failure();
    AffineMap map = read.getPermutationMap();
    if (map.getNumResults() == 0 ||
        !llvm::all_of(map.getResults(), [](AffineExpr e) {
          auto c = dyn_cast<AffineConstantExpr>(e);
          return c && c.getValue() == 0;
        }))
      return failure();
    Value element = tensor::ExtractOp::create(rewriter, read.getLoc(),
                                              read.getBase(), read.getIndices());
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     element);
    return success();
  }
};
} // namespace

/// Whether vectorizing `op` with `sizes` masks a loop: one whose range is
/// dynamic or not a multiple of its vector size.
static bool needsMask(linalg::LinalgOp op, ArrayRef<int64_t> sizes) {
  for (auto [range, size] : llvm::zip(op.getStaticLoopRanges(), sizes))
    if (ShapedType::isDynamic(range) || range % size != 0)
      return true;
  return false;
}

namespace {
struct RelaxCPUVectorizePass
    : codegen::impl::RelaxCPUVectorizePassBase<RelaxCPUVectorizePass> {
  void runOnOperation() override {
    FunctionOpInterface func = getOperation();
    IRRewriter rewriter(&getContext());
    // Vectorize the marked tiles. Ops the vectorizer does not support stay
    // scalar.
    SmallVector<linalg::LinalgOp> marked;
    func.walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(RelaxCodegenDialect::getVectorSizesAttrName()))
        marked.push_back(op);
    });
    for (linalg::LinalgOp op : marked) {
      ArrayRef<int64_t> sizes =
          op->getAttrOfType<DenseI64ArrayAttr>(
                RelaxCodegenDialect::getVectorSizesAttrName())
              .asArrayRef();
      // A contraction becomes one vector.contract (--relax-cpu-tile gives
      // dot-product tiles as generics), except into a 0-d result (a dot
      // product), which vector.contract takes only as a scalar: that one is
      // vectorized as a reduction.
      bool isContraction = isa<linalg::ContractOp>(op.getOperation()) &&
                           op.getRank(op.getDpsInitOperand(0)) != 0;
      op->removeAttr(RelaxCodegenDialect::getVectorSizesAttrName());
      // Vector types are uniqued with their scalable flags, so the flags are
      // spelled out: an empty list would make types that print alike but
      // differ from the ones the vector ops infer.
      SmallVector<bool> scalable(sizes.size(), false);
      if (failed(linalg::vectorizeOpPrecondition(op, sizes, scalable,
                                                 /*vectorizeNDExtract=*/true)))
        continue;
      // MLIR 22's vectorizer reduces only values read from inputs: a
      // reduction whose body reads none (a sum of ones, after fusion folded
      // a fill into it) would add its value once instead of once per
      // element. Such ops stay scalar.
      if (op.getNumReductionLoops() != 0 &&
          llvm::none_of(op.getDpsInputOperands(), [&](OpOperand *input) {
            return op.payloadUsesValueFromOperand(input);
          }))
        continue;
      // MLIR 22 vectorizes a gather whose source has a dim of 1 under a
      // mask (a dynamic loop) into a transfer_read whose mask has the
      // loops' rank instead of the read's, which does not verify (a take
      // from a [1, n] table in clip or wrap mode, whose index folds to 0).
      // Such ops stay scalar.
      if (needsMask(op, sizes) &&
          op.getBlock()->walk([](tensor::ExtractOp extract) {
                         return llvm::is_contained(
                                    extract.getTensor().getType().getShape(), 1)
                                    ? WalkResult::interrupt()
                                    : WalkResult::advance();
                       }).wasInterrupted())
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> vectorized =
          linalg::vectorize(rewriter, op, sizes, scalable,
                            /*vectorizeNDExtract=*/true,
                            /*flatten1DDepthwiseConv=*/false,
                            /*assumeDynamicDimsMatchVecSizes=*/false,
                            /*createNamedContraction=*/isContraction);
      if (failed(vectorized))
        continue;
      if (op->getNumResults() == 0)
        rewriter.eraseOp(op);
      else
        rewriter.replaceOp(op, vectorized->replacements);
    }

    // Masked transfers become transfers with a mask operand, so that the
    // accumulator of a contraction can be hoisted out of its reduction loop
    // and stays in registers.
    {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
      // Math functions LLVM would scalarize into libm calls (exp, tanh, erf,
      // log, ...) become polynomial approximations on whole vectors. sin and
      // cos take ours, which reduce large arguments exactly, ahead of the
      // upstream ones.
      populateMathPolynomialApproximationPatterns(patterns);
      // Powers by small constant exponents become products and roots.
      populateMathAlgebraicSimplificationPatterns(patterns);
      populateSinCosApproximationPatterns(patterns, /*benefit=*/2);
      patterns.add<BroadcastReadToExtract>(&getContext());
      vector::TransferReadOp::getCanonicalizationPatterns(patterns,
                                                          &getContext());
      vector::TransferWriteOp::getCanonicalizationPatterns(patterns,
                                                           &getContext());
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
  }
};
} // namespace
