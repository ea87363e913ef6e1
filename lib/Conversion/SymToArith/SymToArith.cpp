//===- SymToArith.cpp - Lower the sym run-time ops ------------------------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax {
#define GEN_PASS_DEF_CONVERTSYMTOARITHPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using sym::SymExprAttr;

/// Expands `expr` into arith ops on `index` values.
static Value expand(OpBuilder &b, Location loc, SymExprAttr expr,
                    const llvm::DenseMap<StringAttr, Value> &vars) {
  using Kind = sym::SymExprKind;
  switch (expr.getKind()) {
  case Kind::Constant:
    return arith::ConstantIndexOp::create(b, loc, expr.getValue());
  case Kind::Var:
    return vars.lookup(expr.getName());
  default:
    break;
  }
  SmallVector<Value> operands =
      llvm::map_to_vector(expr.getOperands(), [&](SymExprAttr operand) {
        return expand(b, loc, operand, vars);
      });
  Value result = operands.front();
  for (Value next : ArrayRef(operands).drop_front()) {
    switch (expr.getKind()) {
    case Kind::Add:
      result = arith::AddIOp::create(b, loc, result, next);
      break;
    case Kind::Mul:
      result = arith::MulIOp::create(b, loc, result, next);
      break;
    case Kind::FloorDiv:
      result = arith::FloorDivSIOp::create(b, loc, result, next);
      break;
    case Kind::Mod: {
      // Floor modulus: x - d * floor(x / d).
      Value q = arith::FloorDivSIOp::create(b, loc, result, next);
      result = arith::SubIOp::create(b, loc, result,
                                     arith::MulIOp::create(b, loc, q, next));
      break;
    }
    case Kind::Min:
      result = arith::MinSIOp::create(b, loc, result, next);
      break;
    case Kind::Max:
      result = arith::MaxSIOp::create(b, loc, result, next);
      break;
    default:
      llvm_unreachable("leaf kinds handled above");
    }
  }
  return result;
}

namespace {
struct LowerEval : OpRewritePattern<sym::EvalOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::EvalOp op,
                                PatternRewriter &rewriter) const override {
    llvm::DenseMap<StringAttr, Value> vars;
    for (auto [var, value] : llvm::zip(op.getVars(), op.getValues()))
      vars[cast<StringAttr>(var)] = value;
    rewriter.replaceOp(op, expand(rewriter, op.getLoc(), op.getExpr(), vars));
    return success();
  }
};

struct LowerDim : OpRewritePattern<sym::DimOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::DimOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getSource();
    auto type = dyn_cast<ShapedType>(source.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a builtin shaped value");
    int64_t index = op.getIndex();
    if (!type.isDynamicDim(index))
      rewriter.replaceOpWithNewOp<arith::ConstantIndexOp>(
          op, type.getDimSize(index));
    else if (isa<MemRefType>(type))
      rewriter.replaceOpWithNewOp<memref::DimOp>(op, source, index);
    else if (isa<RankedTensorType>(type))
      rewriter.replaceOpWithNewOp<tensor::DimOp>(op, source, index);
    else
      return failure();
    return success();
  }
};

struct LowerAssertEq : OpRewritePattern<sym::AssertEqOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::AssertEqOp op,
                                PatternRewriter &rewriter) const override {
    Value ok =
        arith::CmpIOp::create(rewriter, op.getLoc(), arith::CmpIPredicate::eq,
                              op.getLhs(), op.getRhs());
    rewriter.replaceOpWithNewOp<cf::AssertOp>(op, ok, op.getMessage());
    return success();
  }
};

struct LowerAssume : OpRewritePattern<sym::AssumeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(sym::AssumeOp op,
                                PatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, op.getInput());
    return success();
  }
};

struct ConvertSymToArithPass
    : relax::impl::ConvertSymToArithPassBase<ConvertSymToArithPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerEval, LowerDim, LowerAssertEq>(&getContext());
    if (lowerAssumes)
      patterns.add<LowerAssume>(&getContext());
    // Every op is rewritten once; no folding is needed on the way.
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    config.enableFolding(false);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
