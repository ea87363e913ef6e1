//===- RelaxInlining.cpp - Inlining graph functions ----------------------===//
//
// A graph function's types name its own symbolic variables: inlining a
// callee whose types use variables would need them renamed and substituted
// into every inlined type. Until that exists, only callees whose types are
// fully static are inlined, which is always sound.
//
//===----------------------------------------------------------------------===//

#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::relax;

/// Whether `type` (a leaf or a tuple of them) mentions no symbolic variable
/// and no unknown dim.
static bool isStatic(Type type) {
  if (auto tuple = dyn_cast<TupleType>(type))
    return llvm::all_of(tuple.getTypes(), isStatic);
  auto isConstant = [](sym::SymExprAttr d) { return d && d.isConstant(); };
  if (auto tensor = dyn_cast<RelaxTensorType>(type))
    return tensor.hasRank() && llvm::all_of(tensor.getDims(), isConstant);
  if (auto shape = dyn_cast<ShapeType>(type))
    return shape.hasRank() && llvm::all_of(shape.getDims(), isConstant);
  return !isa<ObjectType, StorageType>(type);
}

namespace {
struct RelaxInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    auto func = dyn_cast<FuncOp>(callable);
    if (!func || !isa<CallOp>(call) || func.isExternal() ||
        func->hasAttr(sym::SymDialect::getConstraintsAttrName()))
      return false;
    // The call's types must be the callee's, and nothing inside may use a
    // variable.
    if (call->getOperandTypes() != TypeRange(func.getArgumentTypes()) ||
        call->getResultTypes() != TypeRange(func.getResultTypes()))
      return false;
    WalkResult result = func.getBody().walk([](Operation *op) {
      for (Type type : op->getResultTypes())
        if (!isStatic(type))
          return WalkResult::interrupt();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (Type type : block.getArgumentTypes())
            if (!isStatic(type))
              return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !result.wasInterrupted() &&
           llvm::all_of(func.getArgumentTypes(), isStatic);
  }

  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }

  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }

  void handleTerminator(Operation *op, ValueRange valuesToReplace) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    for (auto [from, to] : llvm::zip(valuesToReplace, ret.getOperands()))
      from.replaceAllUsesWith(to);
  }
};
} // namespace

void RelaxDialect::registerInlinerInterface() {
  addInterfaces<RelaxInlinerInterface>();
}
