//===- LimitCallDepth.cpp - Run-time bound on recursion -------------------===//
//
// Relax has no loops in graph functions: iteration is recursion, and a
// recursion without a base case either overflows the stack (a crash) or,
// when LLVM turns the tail call into a loop, never returns. Functions in a
// cycle of the call graph count their depth through the runtime library,
// which refuses a call past a limit; the refusal is an ordinary failed check
// (cf.assert, lowered by --relax-lower-checks).
//
//===----------------------------------------------------------------------===//

#include "Relax/Conversion/Passes.h"

#include "mlir/Analysis/CallGraph.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Utils/Utils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SCCIterator.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLIMITCALLDEPTHPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;

namespace {
struct RelaxLimitCallDepthPass
    : relax::impl::RelaxLimitCallDepthPassBase<RelaxLimitCallDepthPass> {
  void runOnOperation() override;
};

/// Declares `name` as a private function of `type` unless it exists; fails
/// when a symbol of that name is something else.
FailureOr<func::FuncOp> declare(ModuleOp module, StringRef name,
                                FunctionType type) {
  Operation *existing = module.lookupSymbol(name);
  if (auto func = dyn_cast_or_null<func::FuncOp>(existing)) {
    if (func.getFunctionType() == type)
      return func;
  }
  if (existing)
    return existing->emitError("'")
           << name << "' is a function of the runtime library, of type "
           << type;
  OpBuilder builder(module.getContext());
  return func::createFnDecl(builder, module, name, type, /*setPrivate=*/true);
}
} // namespace

void RelaxLimitCallDepthPass::runOnOperation() {
  ModuleOp module = getOperation();
  CallGraph callGraph(module);

  SmallVector<func::FuncOp> recursive;
  for (auto scc = llvm::scc_begin(&std::as_const(callGraph)); !scc.isAtEnd();
       ++scc) {
    if (!scc.hasCycle())
      continue;
    for (const CallGraphNode *node : *scc) {
      if (node->isExternal())
        continue;
      if (auto func =
              dyn_cast<func::FuncOp>(node->getCallableRegion()->getParentOp()))
        recursive.push_back(func);
    }
  }
  if (recursive.empty())
    return;

  MLIRContext *ctx = module.getContext();
  Type i32 = IntegerType::get(ctx, 32);
  FailureOr<func::FuncOp> enter =
      declare(module, "relaxEnterCall", FunctionType::get(ctx, {}, {i32}));
  FailureOr<func::FuncOp> leave =
      declare(module, "relaxLeaveCall", FunctionType::get(ctx, {}, {}));
  if (failed(enter) || failed(leave))
    return signalPassFailure();

  // Deterministic order: the call graph's SCC order follows use lists.
  llvm::sort(recursive, [](func::FuncOp a, func::FuncOp b) {
    return a->isBeforeInBlock(b);
  });
  for (func::FuncOp func : recursive) {
    Location loc = func.getLoc();
    OpBuilder builder = OpBuilder::atBlockBegin(&func.getBody().front());
    Value depthOk = func::CallOp::create(builder, loc, *enter).getResult(0);
    Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
    Value ok = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                     depthOk, zero);
    cf::AssertOp::create(
        builder, loc, ok,
        ("calls of @" + func.getSymName() +
         " nest deeper than the call-depth limit (unbounded recursion?)")
            .str());
    func.walk([&](func::ReturnOp ret) {
      builder.setInsertionPoint(ret);
      func::CallOp::create(builder, ret.getLoc(), *leave);
    });
  }
}
