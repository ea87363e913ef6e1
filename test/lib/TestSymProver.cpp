//===- TestSymProver.cpp - Test pass for the symbolic prover --------------===//
//
// For every `func.func` with a `test.facts` attribute, builds a `SymProver`
// from the function's `sym.constraints` and `test.equalities`, and reports
// the answer for each fact as a remark on the function:
//
//   test.equalities = [[#sym.expr<m>, #sym.expr<2 * n>]]
//   test.facts = [["eq", #sym.expr<m floordiv 2>, #sym.expr<n>],
//                 ["le", #sym.expr<n>, #sym.expr<4096>],
//                 ["lt", #sym.expr<n>, #sym.expr<m + 1>],
//                 ["divisible", #sym.expr<m>, 2],
//                 ["positive", #sym.expr<n + 1>]]
//
// gives `fact #0: proven`, `fact #1: unknown`, ... Each expression of an
// optional `test.simplify` list is reported simplified with its bounds:
// `simplify #0: n in [1, 4096]`.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"

#include "Relax/Dialect/Sym/IR/SymProver.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlir::sym;

/// Prints an interval end, `?` when unbounded.
static void printEnd(InFlightDiagnostic &diag, std::optional<int64_t> end) {
  if (end)
    diag << *end;
  else
    diag << '?';
}

static StringRef stringifyProof(Proof proof) {
  switch (proof) {
  case Proof::Proven:
    return "proven";
  case Proof::Disproven:
    return "disproven";
  case Proof::Unknown:
    return "unknown";
  }
  llvm_unreachable("unknown proof");
}

/// Answers one fact; failure when it is malformed.
static FailureOr<Proof> proveFact(const SymProver &prover, ArrayAttr fact) {
  if (fact.empty())
    return failure();
  auto kind = dyn_cast<StringAttr>(fact[0]);
  if (!kind)
    return failure();
  auto getExpr = [&](unsigned i) {
    return i < fact.size() ? dyn_cast<SymExprAttr>(fact[i]) : SymExprAttr();
  };
  SymExprAttr lhs = getExpr(1);
  if (!lhs)
    return failure();
  if (kind == "positive" && fact.size() == 2)
    return prover.provePositive(lhs);
  if (fact.size() != 3)
    return failure();
  if (kind == "divisible") {
    auto divisor = dyn_cast<IntegerAttr>(fact[2]);
    if (!divisor)
      return failure();
    return prover.proveDivisible(lhs, divisor.getInt());
  }
  SymExprAttr rhs = getExpr(2);
  if (!rhs)
    return failure();
  if (kind == "eq")
    return prover.proveEq(lhs, rhs);
  if (kind == "le")
    return prover.proveLe(lhs, rhs);
  if (kind == "lt")
    return prover.proveLt(lhs, rhs);
  return failure();
}

namespace {
struct TestSymProverPass
    : public PassWrapper<TestSymProverPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestSymProverPass)

  StringRef getArgument() const final { return "test-sym-prover"; }
  StringRef getDescription() const final {
    return "Answer the `test.facts` of each function with the symbolic "
           "prover";
  }

  void runOnOperation() override {
    getOperation().walk([&](func::FuncOp func) {
      auto facts = func->getAttrOfType<ArrayAttr>("test.facts");
      auto simplify = func->getAttrOfType<ArrayAttr>("test.simplify");
      if (!facts && !simplify)
        return;
      SymProver prover(func);
      if (auto equalities = func->getAttrOfType<ArrayAttr>("test.equalities")) {
        for (Attribute equality : equalities) {
          auto pair = dyn_cast<ArrayAttr>(equality);
          if (!pair || pair.size() != 2 || !isa<SymExprAttr>(pair[0]) ||
              !isa<SymExprAttr>(pair[1])) {
            func.emitError("malformed equality ") << equality;
            return signalPassFailure();
          }
          prover.addEquality(cast<SymExprAttr>(pair[0]),
                             cast<SymExprAttr>(pair[1]));
        }
      }
      if (simplify) {
        for (auto [i, attr] : llvm::enumerate(simplify)) {
          auto expr = dyn_cast<SymExprAttr>(attr);
          if (!expr) {
            func.emitError("malformed expression #") << i << ": " << attr;
            signalPassFailure();
            continue;
          }
          std::string text;
          llvm::raw_string_ostream os(text);
          prover.simplify(expr).printExpr(os);
          Interval bounds = prover.getBounds(expr);
          InFlightDiagnostic diag = func.emitRemark("simplify #")
                                    << i << ": " << text << " in [";
          printEnd(diag, bounds.lower);
          diag << ", ";
          printEnd(diag, bounds.upper);
          diag << "]";
        }
      }
      if (!facts)
        return;
      for (auto [i, fact] : llvm::enumerate(facts)) {
        auto list = dyn_cast<ArrayAttr>(fact);
        FailureOr<Proof> proof =
            list ? proveFact(prover, list) : FailureOr<Proof>(failure());
        if (failed(proof)) {
          func.emitError("malformed fact #") << i << ": " << fact;
          signalPassFailure();
          continue;
        }
        func.emitRemark("fact #") << i << ": " << stringifyProof(*proof);
      }
    });
  }
};
} // namespace

void mlir::relax::test::registerTestSymProverPass() {
  PassRegistration<TestSymProverPass>();
}
