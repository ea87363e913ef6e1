//===- TestLegalizeUserPattern.cpp - Legalize with a pattern of one's own -===//
//
// `--test-relax-legalize-user-pattern` legalizes with the library's patterns
// plus one defined here, which lowers `relax.exp` to the named `linalg.exp`
// ahead of the library's generic (a higher benefit): a lowering is added by
// adding a pattern, without editing the library.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Relax/Transforms/Legalize.h"
#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::relax;

namespace {
struct ExpToNamedOp final : TensorProgramPattern<ExpOp> {
  ExpToNamedOp(MLIRContext *context, TensorProgramCache &cache)
      : TensorProgramPattern(context, cache, /*benefit=*/2) {}

  LogicalResult buildBody(ExpOp, TensorProgramBody &body) const override {
    Value out = body.outputs.front();
    auto exp =
        linalg::ExpOp::create(body.builder, body.loc, TypeRange{out.getType()},
                              body.inputs, body.outputs);
    body.results.push_back(exp->getResult(0));
    return success();
  }
};

struct TestLegalizeUserPatternPass
    : PassWrapper<TestLegalizeUserPatternPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLegalizeUserPatternPass)

  StringRef getArgument() const final {
    return "test-relax-legalize-user-pattern";
  }
  StringRef getDescription() const final {
    return "Legalize graph ops, relax.exp by a pattern of the test's own";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, linalg::LinalgDialect>();
    registry.insert<math::MathDialect, tensor::TensorDialect,
                    tprog::TProgDialect>();
  }

  void runOnOperation() override {
    TensorProgramCache cache(getOperation());
    RewritePatternSet patterns(&getContext());
    populateRelaxLegalizationPatterns(patterns, cache);
    patterns.add<ExpToNamedOp>(&getContext(), cache);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};
} // namespace

void mlir::relax::test::registerTestLegalizeUserPatternPass() {
  PassRegistration<TestLegalizeUserPatternPass>();
}
