//===- ExplicitAlloc.cpp - Explicit allocations and kills ----------------===//
//
// Turns the implicit allocation of destination-passing calls into explicit
// storages and tensors, and ends every tensor the function owns after its
// last use.
//
//===----------------------------------------------------------------------===//

#include "Relax/Transforms/ExplicitAlloc.h"
#include "Relax/Dialect/Relax/IR/RelaxOps.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXEXPLICITALLOCPASS
#include "Relax/Transforms/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;
using sym::SymExprAttr;

/// Bytes per element in memory: sub-byte types (i1) take a byte each.
int64_t relax::getElementBytes(Type type) {
  if (auto complex = dyn_cast<ComplexType>(type))
    return 2 * getElementBytes(complex.getElementType());
  return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
}

SymExprAttr relax::getTensorByteSize(RelaxTensorType type) {
  SymExprAttr size = SymExprAttr::getConstant(
      type.getContext(), getElementBytes(type.getElementType()));
  for (SymExprAttr d : type.getDims())
    size = SymExprAttr::mul(size, d);
  return size;
}

Value relax::createAllocation(OpBuilder &b, Location loc, RelaxTensorType type,
                              int64_t alignment) {
  auto storage = AllocStorageOp::create(
      b, loc, StorageType::get(b.getContext()), getTensorByteSize(type),
      b.getI64IntegerAttr(alignment));
  return AllocTensorOp::create(b, loc, type, storage,
                               SymExprAttr::getConstant(b.getContext(), 0));
}

/// The value whose ownership `value` shares: views, casts and tensors in a
/// storage lead back to the storage; fields of tuples built here lead to the
/// field.
static Value getRoot(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto view = dyn_cast<ViewOp>(def))
      value = view.getSource();
    else if (auto cast = dyn_cast<MatchCastOp>(def))
      value = cast.getValue();
    else if (auto tensor = dyn_cast<AllocTensorOp>(def))
      value = tensor.getStorage();
    else if (auto get = dyn_cast<TupleGetOp>(def);
             get && get.getTuple().getDefiningOp<TupleOp>())
      value =
          get.getTuple().getDefiningOp<TupleOp>().getOperand(get.getIndex());
    else
      break;
  }
  return value;
}

/// Whether the function owns `root` in `block`: it was allocated there, or
/// returned to it by a call or a branch.
static bool isOwnedIn(Value root, Block *block) {
  Operation *def = root.getDefiningOp();
  return def && def->getBlock() == block &&
         isa<AllocStorageOp, CallOp, IfOp>(def) &&
         isa<RelaxTensorType, StorageType>(root.getType());
}

namespace {
class ExplicitAlloc {
public:
  ExplicitAlloc(IRRewriter &rewriter, int64_t alignment)
      : rewriter(rewriter), alignment(alignment) {}

  LogicalResult run(FuncOp func);

private:
  LogicalResult rewriteCalls(FuncOp func);
  /// Makes every value `terminator` passes out of its block owned by that
  /// block, copying what is not, and what is passed out twice.
  LogicalResult transferOwnership(Operation *terminator);
  /// Copies or rebuilds `value` so that `block` owns it.
  FailureOr<Value> makeOwned(Location loc, Value value, Block *block,
                             llvm::DenseSet<Value> &taken);
  void insertKills(Block *block);

  IRRewriter &rewriter;
  int64_t alignment;
};
} // namespace

LogicalResult ExplicitAlloc::rewriteCalls(FuncOp func) {
  SmallVector<Operation *> calls;
  func.walk([&](Operation *op) {
    if (isa<CallTIROp, CallTIRInplaceOp, CallLibraryOp, DataflowOp>(op))
      calls.push_back(op);
  });
  for (Operation *op : calls) {
    if (isa<DataflowOp>(op))
      return op->emitOpError("must be removed before explicit allocation; "
                             "run --relax-to-non-dataflow first");
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    auto allocate = [&](Type type) {
      return createAllocation(rewriter, loc, cast<RelaxTensorType>(type),
                              alignment);
    };
    if (auto call = dyn_cast<CallTIROp>(op)) {
      SmallVector<Value> outs =
          llvm::map_to_vector(call.getResultTypes(), allocate);
      CallTIRDPSOp::create(rewriter, loc, call.getCalleeAttr(), call.getArgs(),
                           outs, call.getSymArgsAttr());
      rewriter.replaceOp(call, outs);
    } else if (auto call = dyn_cast<CallTIRInplaceOp>(op)) {
      SmallVector<Value> outs, results;
      for (auto [result, index] :
           llvm::zip(call.getResults(), call.getInplaceIndices())) {
        if (index >= 0) {
          results.push_back(call.getArgs()[index]);
          continue;
        }
        outs.push_back(allocate(result.getType()));
        results.push_back(outs.back());
      }
      CallTIRDPSOp::create(rewriter, loc, call.getCalleeAttr(), call.getArgs(),
                           outs, sym::SymShapeAttr());
      rewriter.replaceOp(call, results);
    } else if (auto call = dyn_cast<CallLibraryOp>(op)) {
      for (Value arg : call.getArgs())
        if (!isa<RelaxTensorType>(arg.getType()))
          return call.emitOpError("passes only tensors to library functions "
                                  "after explicit allocation");
      SmallVector<Value> outs =
          llvm::map_to_vector(call.getResultTypes(), allocate);
      CallLibraryDPSOp::create(rewriter, loc, call.getCalleeAttr(),
                               call.getArgs(), outs);
      rewriter.replaceOp(call, outs);
    }
  }
  return success();
}

FailureOr<Value> ExplicitAlloc::makeOwned(Location loc, Value value,
                                          Block *block,
                                          llvm::DenseSet<Value> &taken) {
  if (auto tuple = dyn_cast<TupleType>(value.getType())) {
    // Rebuild the tuple from owned fields.
    SmallVector<Value> fields;
    bool changed = false;
    for (auto [i, type] : llvm::enumerate(tuple.getTypes())) {
      Value field;
      if (auto build = value.getDefiningOp<TupleOp>())
        field = build.getOperand(i);
      else
        field = TupleGetOp::create(rewriter, loc, value, i);
      FailureOr<Value> owned = makeOwned(loc, field, block, taken);
      if (failed(owned))
        return failure();
      changed |= *owned != field || !value.getDefiningOp<TupleOp>();
      fields.push_back(*owned);
    }
    if (!changed)
      return value;
    return Value(TupleOp::create(rewriter, loc, fields));
  }
  auto type = dyn_cast<RelaxTensorType>(value.getType());
  if (!type)
    return value;
  Value root = getRoot(value);
  if (isOwnedIn(root, block) && taken.insert(root).second)
    return value;
  if (!type.hasKnownShape())
    return emitError(loc, "cannot copy a tensor of unknown shape ")
           << type << " to pass it out of its block";
  Value copy = createAllocation(rewriter, loc, type, alignment);
  CopyTensorOp::create(rewriter, loc, value, copy);
  taken.insert(getRoot(copy));
  return copy;
}

LogicalResult ExplicitAlloc::transferOwnership(Operation *terminator) {
  rewriter.setInsertionPoint(terminator);
  llvm::DenseSet<Value> taken;
  for (OpOperand &operand : terminator->getOpOperands()) {
    FailureOr<Value> owned = makeOwned(terminator->getLoc(), operand.get(),
                                       terminator->getBlock(), taken);
    if (failed(owned))
      return failure();
    if (*owned != operand.get())
      rewriter.modifyOpInPlace(terminator, [&] { operand.set(*owned); });
  }
  return success();
}

void ExplicitAlloc::insertKills(Block *block) {
  for (Operation &op : llvm::make_early_inc_range(*block)) {
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        insertKills(&nested);
    for (Value root : op.getResults()) {
      if (!isOwnedIn(root, block) && !isa<TupleType>(root.getType()))
        continue;
      if (isa<TupleType>(root.getType()) && !isa<CallOp, IfOp>(op))
        continue;
      // Ended already: the input was explicit, and the pass is idempotent.
      if (llvm::any_of(root.getUsers(), [](Operation *user) {
            return isa<KillTensorOp, KillStorageOp>(user);
          }))
        continue;
      // Every value that shares the root's memory.
      llvm::SetVector<Value> aliases;
      aliases.insert(root);
      bool escapes = false;
      Operation *last = &op;
      for (size_t i = 0; i < aliases.size(); ++i) {
        for (OpOperand &use : aliases[i].getUses()) {
          Operation *user = use.getOwner();
          if (isa<AllocTensorOp, ViewOp, MatchCastOp, TupleOp, TupleGetOp>(
                  user))
            aliases.insert(user->getResult(0));
          Operation *ancestor = block->findAncestorOpInBlock(*user);
          if (!ancestor || ancestor->hasTrait<OpTrait::IsTerminator>() ||
              isa<ReturnOp, YieldOp>(user)) {
            escapes = true;
            break;
          }
          if (last->isBeforeInBlock(ancestor))
            last = ancestor;
        }
        if (escapes)
          break;
      }
      if (escapes)
        continue;
      rewriter.setInsertionPointAfter(last);
      Location loc = op.getLoc();
      if (isa<StorageType>(root.getType())) {
        for (Value alias : aliases)
          if (auto tensor = alias.getDefiningOp<AllocTensorOp>())
            KillTensorOp::create(rewriter, loc, tensor);
        KillStorageOp::create(rewriter, loc, root);
      } else if (auto tuple = dyn_cast<TupleType>(root.getType())) {
        // Owned tuples end field by field.
        std::function<void(Value)> killLeaves = [&](Value value) {
          if (isa<RelaxTensorType>(value.getType())) {
            KillTensorOp::create(rewriter, loc, value);
            return;
          }
          auto type = dyn_cast<TupleType>(value.getType());
          if (!type)
            return;
          for (size_t i = 0, e = type.size(); i < e; ++i)
            killLeaves(TupleGetOp::create(rewriter, loc, value, i));
        };
        killLeaves(root);
      } else {
        KillTensorOp::create(rewriter, loc, root);
      }
    }
  }
}

LogicalResult ExplicitAlloc::run(FuncOp func) {
  if (func.isExternal())
    return success();
  if (failed(rewriteCalls(func)))
    return failure();
  SmallVector<Operation *> terminators;
  func.walk([&](Operation *op) {
    if (isa<ReturnOp, YieldOp>(op))
      terminators.push_back(op);
  });
  for (Operation *terminator : terminators)
    if (failed(transferOwnership(terminator)))
      return failure();
  insertKills(&func.getBody().front());
  return success();
}

namespace {
struct RelaxExplicitAllocPass
    : relax::impl::RelaxExplicitAllocPassBase<RelaxExplicitAllocPass> {
  using Base::Base;
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    ExplicitAlloc allocator(rewriter, alignment);
    for (auto func : getOperation().getOps<FuncOp>())
      if (failed(allocator.run(func)))
        return signalPassFailure();
  }
};
} // namespace
