//===- TestSymValueBounds.cpp - Test pass for sym value bounds ------------===//
//
// Computes constant bounds with upstream's `ValueBoundsConstraintSet` for the
// result of every `sym.assume`, `sym.dim` and `sym.eval`, and reports them as
// a remark on the op: `bounds: [1, 4096]`, with `?` for an end that has no
// constant bound.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Relax/Dialect/Sym/IR/SymOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::sym;

namespace {
struct TestSymValueBoundsPass
    : public PassWrapper<TestSymValueBoundsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestSymValueBoundsPass)

  StringRef getArgument() const final { return "test-sym-value-bounds"; }
  StringRef getDescription() const final {
    return "Report the constant value bounds of sym.assume, sym.dim and "
           "sym.eval results";
  }

  void runOnOperation() override {
    getOperation().walk([&](Operation *op) {
      if (!isa<AssumeOp, DimOp, EvalOp>(op))
        return;
      Value result = op->getResult(0);
      auto printBound = [&](presburger::BoundType type,
                            InFlightDiagnostic &diag) {
        // Traverse the whole backward slice: the default stop condition
        // stops at the first constant bound, which need not be the tightest.
        auto neverStop = [](Value, std::optional<int64_t>,
                            ValueBoundsConstraintSet &) { return false; };
        FailureOr<int64_t> bound =
            ValueBoundsConstraintSet::computeConstantBound(
                type, result, neverStop, /*closedUB=*/true);
        if (succeeded(bound))
          diag << *bound;
        else
          diag << '?';
      };
      InFlightDiagnostic diag = op->emitRemark("bounds: [");
      printBound(presburger::BoundType::LB, diag);
      diag << ", ";
      printBound(presburger::BoundType::UB, diag);
      diag << ']';
    });
  }
};
} // namespace

void mlir::relax::test::registerTestSymValueBoundsPass() {
  PassRegistration<TestSymValueBoundsPass>();
}
