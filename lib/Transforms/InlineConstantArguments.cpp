//===- InlineConstantArguments.cpp - Scalar constants into programs -------===//
//
// --relax-inline-constant-arguments: a scalar constant that every call of a
// tensor program passes as the same argument becomes a constant of the
// program, and the linalg ops that read it as a scalar take it in their
// bodies.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Dialect/TProg/IR/TProgOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXINLINECONSTANTARGUMENTSPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// The value of `value` when it is a `relax.constant` of one element
/// repeated (a 0-d tensor or a splat).
static SplatElementsAttr getSplatConstant(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  if (!constant)
    return {};
  return dyn_cast<SplatElementsAttr>(Attribute(constant.getValue()));
}

namespace {
/// Folds an input of a linalg.generic that is a splat `arith.constant` into
/// its body as a scalar: every element it reads is that scalar. The
/// vectorizer then sees a constant (a power by 3 becomes two products, a
/// product by 0.5 takes a splat vector) instead of a broadcast load.
struct FoldSplatInput : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    // The first splat input whose removal leaves every loop a range from
    // the other operands.
    OpOperand *folded = nullptr;
    DenseElementsAttr value;
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *candidate : op.getDpsInputOperands()) {
      if (!matchPattern(candidate->get(), m_Constant(&value)) ||
          !value.isSplat() || !isa<RankedTensorType>(candidate->get().getType()))
        continue;
      inputs.clear();
      maps.clear();
      for (OpOperand *input : op.getDpsInputOperands()) {
        if (input == candidate)
          continue;
        inputs.push_back(input->get());
        maps.push_back(op.getMatchingIndexingMap(input));
      }
      for (OpOperand &init : op.getDpsInitsMutable())
        maps.push_back(op.getMatchingIndexingMap(&init));
      if (inversePermutation(concatAffineMaps(maps, op.getContext()))) {
        folded = candidate;
        break;
      }
    }
    if (!folded)
      return failure();
    auto replacement = linalg::GenericOp::create(
        rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getDpsInits(),
        maps, op.getIteratorTypesArray());
    rewriter.inlineRegionBefore(op.getRegion(), replacement.getRegion(),
                                replacement.getRegion().begin());
    Block &body = replacement.getRegion().front();
    rewriter.setInsertionPointToStart(&body);
    BlockArgument argument = body.getArgument(folded->getOperandNumber());
    Value scalar = arith::ConstantOp::create(
        rewriter, op.getLoc(), value.getSplatValue<TypedAttr>());
    rewriter.replaceAllUsesWith(argument, scalar);
    body.eraseArgument(argument.getArgNumber());
    rewriter.replaceOp(op, replacement->getResults());
    return success();
  }
};

struct RelaxInlineConstantArgumentsPass
    : relax::impl::RelaxInlineConstantArgumentsPassBase<
          RelaxInlineConstantArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // The calls of each program; a program also used otherwise (called from
    // outside the module, or named by another op) keeps its arguments.
    llvm::MapVector<Operation *, SmallVector<CallTIROp>> calls;
    module.walk([&](CallTIROp call) {
      if (Operation *callee = symbols.lookup(call.getCallee()))
        calls[callee].push_back(call);
    });
    for (auto &[op, sites] : calls) {
      auto program = dyn_cast<tprog::FuncOp>(op);
      if (!program || program.isExternal() || !program.isPrivate())
        continue;
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(program, module);
      if (!uses || static_cast<size_t>(llvm::range_size(*uses)) !=
                       sites.size())
        continue;
      OpBuilder builder = OpBuilder::atBlockBegin(&program.getBody().front());
      unsigned numArgs = sites.front().getArgs().size();
      for (unsigned i = 0; i < numArgs; ++i) {
        SplatElementsAttr value = getSplatConstant(sites.front().getArgs()[i]);
        if (!value || llvm::any_of(sites, [&](CallTIROp call) {
              return getSplatConstant(call.getArgs()[i]) != value;
            }))
          continue;
        BlockArgument argument = program.getArgument(i);
        auto type = dyn_cast<RankedTensorType>(argument.getType());
        if (!type || !type.hasStaticShape() || argument.use_empty())
          continue;
        // The program's own tensor of the value; the argument stays, unread.
        auto constant = arith::ConstantOp::create(
            builder, argument.getLoc(),
            SplatElementsAttr::get(type, value.getSplatValue<Attribute>()));
        argument.replaceAllUsesWith(constant);
      }
    }
    // Only the programs are rewritten: the graph keeps its constants.
    RewritePatternSet patterns(&getContext());
    patterns.add<FoldSplatInput>(&getContext());
    FrozenRewritePatternSet frozen(std::move(patterns));
    for (auto program : module.getOps<tprog::FuncOp>())
      if (failed(applyPatternsGreedily(program, frozen)))
        return signalPassFailure();
  }
};
} // namespace
