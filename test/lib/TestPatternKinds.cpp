//===- TestPatternKinds.cpp - Print the pattern kinds of graph ops --------===//
//
// `--test-relax-pattern-kinds` emits a remark with the pattern kind of every
// op implementing InferShapeOpInterface, for lit tests.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::relax;

namespace {
struct TestPatternKindsPass
    : PassWrapper<TestPatternKindsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPatternKindsPass)

  StringRef getArgument() const final { return "test-relax-pattern-kinds"; }
  StringRef getDescription() const final {
    return "Emit a remark with the pattern kind of every graph op";
  }

  void runOnOperation() override {
    getOperation()->walk([](PatternKindOpInterface op) {
      op->emitRemark("pattern kind: ")
          << stringifyPatternKind(op.getPatternKind());
    });
  }
};
} // namespace

void mlir::relax::test::registerTestPatternKindsPass() {
  PassRegistration<TestPatternKindsPass>();
}
