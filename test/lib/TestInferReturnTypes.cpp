//===- TestInferReturnTypes.cpp - Build graph ops without result types ----===//
//
// `--test-relax-infer-return-types` rebuilds every graph op from its
// operands and attributes alone, as a builder without result types does
// (InferTypeOpInterface), and emits a remark with the inferred types. The
// rebuilt op replaces the original, so the printed IR shows them too.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Relax/Dialect/Relax/IR/RelaxGraphOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::relax;

namespace {
struct TestInferReturnTypesPass
    : PassWrapper<TestInferReturnTypesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestInferReturnTypesPass)

  StringRef getArgument() const final {
    return "test-relax-infer-return-types";
  }
  StringRef getDescription() const final {
    return "Rebuild every graph op with inferred result types";
  }

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](InferShapeOpInterface op) {
      if (isa<InferTypeOpInterface>(op.getOperation()))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder builder(op);
      OperationState state(op->getLoc(), op->getName());
      state.addOperands(op->getOperands());
      state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
      state.propertiesAttr = op->getPropertiesAsAttribute();
      SmallVector<Type> types;
      if (failed(cast<InferTypeOpInterface>(op).inferReturnTypes(
              op->getContext(), op->getLoc(), op->getOperands(),
              op->getRawDictionaryAttrs(), op->getPropertiesStorage(),
              op->getRegions(), types)))
        return signalPassFailure();
      state.addTypes(types);
      Operation *rebuilt = builder.create(state);
      InFlightDiagnostic remark = rebuilt->emitRemark("inferred ");
      llvm::interleaveComma(types, remark);
      op->replaceAllUsesWith(rebuilt->getResults());
      op->erase();
    }
  }
};
} // namespace

void mlir::relax::test::registerTestInferReturnTypesPass() {
  PassRegistration<TestInferReturnTypesPass>();
}
