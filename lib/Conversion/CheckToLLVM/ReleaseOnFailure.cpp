//===- ReleaseOnFailure.cpp - Free owned buffers when a check fails -------===//
//
// A failed run-time check returns from its function at once (see
// CheckToLLVM.cpp), past the deallocations the function would have done:
// in a program that keeps running after an error (a server answering the
// next request) each failure would leak what was live. Here each failure
// point first branches to a block that frees what the function owns there.
//
//===----------------------------------------------------------------------===//

#include "FailingFunctions.h"

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXRELEASEONCHECKFAILUREPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;

/// The buffer `value` is a view of, through view-like ops.
static Value getRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Whether control can get from `from` to `to` (ops of one function's CFG)
/// without executing `barrier` again.
static bool reaches(Operation *from, Operation *to, Operation *barrier) {
  Block *start = from->getBlock();
  auto before = [](Operation *a, Operation *b) {
    return a->getBlock() == b->getBlock() && a->isBeforeInBlock(b);
  };
  if (before(from, to) && !(before(from, barrier) && before(barrier, to)))
    return true;
  // Every path out of `from`'s block passes a barrier after `from`.
  if (before(from, barrier))
    return false;
  SmallVector<Block *> worklist(start->getSuccessors());
  llvm::SmallPtrSet<Block *, 16> seen;
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (!seen.insert(block).second)
      continue;
    bool hasBarrier = barrier->getBlock() == block;
    if (to->getBlock() == block && !(hasBarrier && before(barrier, to)))
      return true;
    if (!hasBarrier)
      llvm::append_range(worklist, block->getSuccessors());
  }
  return false;
}

namespace {
/// The buffers a function owns: its allocations and the buffers calls
/// return to it that it deallocates, each with its deallocations.
using Owned = llvm::MapVector<Value, SmallVector<Operation *>>;
} // namespace

/// The buffers of `func`, or nothing when a deallocation frees what is not
/// traced to one of them (a buffer that came through a block argument).
/// Host buffers (`memref.alloc`) and device buffers (`gpu.alloc`) alike.
static std::optional<Owned> getOwned(func::FuncOp func) {
  Owned owned;
  func.walk([&](Operation *op) {
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      owned[alloc.getResult()];
    else if (auto alloc = dyn_cast<gpu::AllocOp>(op))
      owned[alloc.getMemref()];
  });
  bool untraced = false;
  func.walk([&](Operation *op) {
    Value buffer;
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
      buffer = dealloc.getMemref();
    else if (auto dealloc = dyn_cast<gpu::DeallocOp>(op))
      buffer = dealloc.getMemref();
    else
      return;
    Value root = getRoot(buffer);
    if (root.getDefiningOp<memref::AllocOp>() ||
        root.getDefiningOp<gpu::AllocOp>() ||
        root.getDefiningOp<CallOpInterface>())
      owned[root].push_back(op);
    else
      untraced = true;
  });
  if (untraced)
    return std::nullopt;
  return owned;
}

/// Frees `buffer`, a host buffer or, where the function frees it with
/// `gpu.dealloc` or made it with `gpu.alloc`, a device buffer: on a stream
/// of its own, waited for, as --gpu-async-region writes deallocations.
static void freeBuffer(OpBuilder &b, Location loc, Value buffer,
                       ArrayRef<Operation *> deallocs) {
  bool device = buffer.getDefiningOp<gpu::AllocOp>() ||
                llvm::any_of(deallocs, llvm::IsaPred<gpu::DeallocOp>);
  if (!device) {
    memref::DeallocOp::create(b, loc, buffer);
    return;
  }
  Type token = gpu::AsyncTokenType::get(b.getContext());
  Value stream =
      gpu::WaitOp::create(b, loc, token, ValueRange()).getAsyncToken();
  Value freed =
      gpu::DeallocOp::create(b, loc, token, ValueRange{stream}, buffer)
          .getAsyncToken();
  gpu::WaitOp::create(b, loc, Type(), ValueRange{freed});
}

/// Makes the failure point `point` (a check, a call that may fail, or an op
/// that holds either, in the body of `func`) free `live` before it returns.
static void releaseAt(OpBuilder &b, func::FuncOp func, Operation *point,
                      ArrayRef<Value> live, const Owned &owned,
                      LLVM::LLVMFuncOp getError) {
  Location loc = point->getLoc();
  Block *block = point->getBlock();
  auto check = dyn_cast<cf::AssertOp>(point);
  Block *rest = block->splitBlock(check ? point->getIterator()
                                        : std::next(point->getIterator()));
  Block *release = b.createBlock(rest);
  b.setInsertionPointToEnd(block);
  Value failed;
  StringRef message;
  if (check) {
    cf::CondBranchOp::create(b, loc, check.getArg(), rest, ValueRange(),
                             release, ValueRange());
    message = check.getMsg();
  } else {
    Value error =
        LLVM::CallOp::create(b, loc, getError, ValueRange()).getResult();
    Value null = LLVM::ZeroOp::create(b, loc, error.getType());
    failed = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, error, null);
    cf::CondBranchOp::create(b, loc, failed, release, ValueRange(), rest,
                             ValueRange());
    point->setAttr(relax::RelaxDialect::getErrorsReleasedAttrName(), b.getUnitAttr());
    // Not reported: the callee's error is the one recorded.
    message = "a called function failed";
  }
  b.setInsertionPointToEnd(release);
  for (Value buffer : live)
    freeBuffer(b, loc, buffer, owned.lookup(buffer));
  Value no = arith::ConstantIntOp::create(b, loc, 0, 1);
  cf::AssertOp::create(b, loc, no, message);
  cf::BranchOp::create(b, loc, rest);
  // The branch checks the condition now.
  if (check)
    check->erase();
}

static void releaseInFunc(func::FuncOp func,
                          const llvm::SetVector<Operation *> &failing,
                          LLVM::LLVMFuncOp getError) {
  std::optional<Owned> owned = getOwned(func);
  if (!owned || owned->empty())
    return;
  // Points directly in the body. A check or call nested in a region (a
  // parallel loop) cannot branch out: the op of the body that holds it is
  // the point, and is followed by a look at the error like a call.
  SmallVector<Operation *> points;
  SymbolTableCollection symbolTables;
  func.walk([&](Operation *op) {
    if (!relax::isCheckOrFailingCall(op, failing, symbolTables))
      return;
    // A check that always holds frees nothing.
    if (auto check = dyn_cast<cf::AssertOp>(op))
      if (matchPattern(check.getArg(), m_One()))
        return;
    Operation *top = relax::getTopLevelOp(op, func);
    if (points.empty() || points.back() != top)
      points.push_back(top);
  });
  // The buffers live at each point, decided before any block is split.
  DominanceInfo dominance(func);
  SmallVector<std::pair<Operation *, SmallVector<Value>>> work;
  for (Operation *point : points) {
    SmallVector<Value> live;
    for (auto &[buffer, deallocs] : *owned) {
      Operation *def = buffer.getDefiningOp();
      if (def == point || !dominance.properlyDominates(def, point))
        continue;
      // Freed already on some path to the point: left alone. A
      // deallocation nested in an op of the body counts where that op is,
      // as if it always ran; one in the point itself may have run.
      if (llvm::none_of(deallocs, [&](Operation *dealloc) {
            Operation *top = relax::getTopLevelOp(dealloc, func);
            return top == point ||
                   (reaches(def, top, def) && reaches(top, point, def));
          }))
        live.push_back(buffer);
    }
    if (!live.empty())
      work.push_back({point, std::move(live)});
  }
  OpBuilder b(func.getContext());
  for (auto &[point, live] : work)
    releaseAt(b, func, point, live, *owned, getError);
}

namespace {
struct RelaxReleaseOnCheckFailurePass
    : relax::impl::RelaxReleaseOnCheckFailurePassBase<
          RelaxReleaseOnCheckFailurePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
    llvm::SetVector<Operation *> failing =
        relax::findFailingFunctions(module, asserts);
    LLVM::LLVMFuncOp getError;
    for (Operation *op : failing) {
      auto func = dyn_cast<func::FuncOp>(op);
      if (!func || func.isExternal())
        continue;
      if (!getError) {
        getError = module.lookupSymbol<LLVM::LLVMFuncOp>("relaxGetError");
        if (!getError) {
          OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
          MLIRContext *ctx = module.getContext();
          getError = LLVM::LLVMFuncOp::create(
              b, module.getLoc(), "relaxGetError",
              LLVM::LLVMFunctionType::get(LLVM::LLVMPointerType::get(ctx),
                                          {}));
        }
      }
      releaseInFunc(func, failing, getError);
    }
  }
};
} // namespace
