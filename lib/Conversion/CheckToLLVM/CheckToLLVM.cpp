//===- CheckToLLVM.cpp - Run-time checks that report and return -----------===//
//
// Upstream lowers cf.assert to a print on stdout and abort(): the message is
// lost when stdout is a buffered pipe, the process dies by a signal, and the
// lowering looks up a fresh global name per assertion (quadratic in their
// number). Here a failed check reports its message through the runtime
// library's error callback (relaxReportError, Relax/Runtime/RelaxRuntime.h)
// and the function returns at once; every caller that can see such an error
// checks relaxGetError after the call and returns too, up to the entry point
// that the program called.
//
//===----------------------------------------------------------------------===//

#include "FailingFunctions.h"

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLOWERCHECKSPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;

namespace {
struct RelaxLowerChecksPass
    : relax::impl::RelaxLowerChecksPassBase<RelaxLowerChecksPass> {
  void runOnOperation() override;
};

/// What the rewrite of one module shares: the runtime's functions, one
/// global per distinct message, fresh names.
class CheckLowering {
public:
  explicit CheckLowering(ModuleOp module)
      : module(module), rewriter(module.getContext()),
        typeConverter(module.getContext()) {
    for (Operation &op : *module.getBody())
      if (auto symbol = dyn_cast<SymbolOpInterface>(op))
        names.insert(symbol.getName());
  }

  /// Makes each check of `func` directly in its body return at once when it
  /// fails, and each call of a failing function (or op holding a nested
  /// check) return when it leaves an error behind.
  void rewriteFunc(func::FuncOp func,
                   const llvm::SetVector<Operation *> &failing);

  /// Replaces a check that cannot return (inside a nested region, or in a
  /// function that is not a func.func) by a call that reports and goes on:
  /// the code around it must stay in bounds, and the caller returns.
  void rewriteNested(cf::AssertOp op);

private:
  std::string uniqueName(StringRef base);
  LLVM::LLVMFuncOp declare(StringRef name, LLVM::LLVMFunctionType type);
  LLVM::LLVMFuncOp getReport();
  LLVM::LLVMFuncOp getGetError();
  Value getMessage(Location loc, StringRef message);
  /// A block at the end of `func` that returns poison values of its result
  /// types, and one before it that reports its message argument first.
  Block *getReturnBlock(func::FuncOp func);
  Block *getReportBlock(func::FuncOp func);

  ModuleOp module;
  IRRewriter rewriter;
  LLVMTypeConverter typeConverter;
  llvm::StringSet<> names;
  llvm::StringMap<LLVM::GlobalOp> messages;
  LLVM::LLVMFuncOp report, getError, checkHelper;
  DenseMap<Operation *, Block *> returnBlocks, reportBlocks;
};
} // namespace

std::string CheckLowering::uniqueName(StringRef base) {
  std::string name = base.str();
  for (unsigned i = 0; names.contains(name); ++i)
    name = (base + "_" + Twine(i)).str();
  names.insert(name);
  return name;
}

LLVM::LLVMFuncOp CheckLowering::declare(StringRef name,
                                        LLVM::LLVMFunctionType type) {
  if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  return LLVM::LLVMFuncOp::create(rewriter, module.getLoc(), name, type);
}

LLVM::LLVMFuncOp CheckLowering::getReport() {
  if (!report) {
    MLIRContext *ctx = module.getContext();
    report =
        declare("relaxReportError",
                LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                            LLVM::LLVMPointerType::get(ctx)));
  }
  return report;
}

LLVM::LLVMFuncOp CheckLowering::getGetError() {
  if (!getError)
    getError =
        declare("relaxGetError",
                LLVM::LLVMFunctionType::get(
                    LLVM::LLVMPointerType::get(module.getContext()), {}));
  return getError;
}

Value CheckLowering::getMessage(Location loc, StringRef message) {
  LLVM::GlobalOp &global = messages[message];
  if (!global) {
    std::string text = message.str();
    text.push_back('\0');
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(rewriter.getI8Type(), text.size());
    global = LLVM::GlobalOp::create(
        rewriter, loc, type, /*isConstant=*/true, LLVM::Linkage::Internal,
        uniqueName("__relax_check_message"), rewriter.getStringAttr(text));
  }
  return LLVM::AddressOfOp::create(rewriter, loc, global);
}

Block *CheckLowering::getReturnBlock(func::FuncOp func) {
  Block *&block = returnBlocks[func];
  if (block)
    return block;
  OpBuilder::InsertionGuard guard(rewriter);
  Region &body = func.getBody();
  block = rewriter.createBlock(&body, body.end());
  Location loc = func.getLoc();
  SmallVector<Value> results;
  for (Type type : func.getResultTypes()) {
    Type lowered =
        LLVM::isCompatibleType(type) ? type : typeConverter.convertType(type);
    Value poison = LLVM::PoisonOp::create(rewriter, loc, lowered);
    if (lowered != type)
      poison = UnrealizedConversionCastOp::create(rewriter, loc, type, poison)
                   .getResult(0);
    results.push_back(poison);
  }
  func::ReturnOp::create(rewriter, loc, results);
  return block;
}

Block *CheckLowering::getReportBlock(func::FuncOp func) {
  Block *&block = reportBlocks[func];
  if (block)
    return block;
  Block *done = getReturnBlock(func);
  OpBuilder::InsertionGuard guard(rewriter);
  Location loc = func.getLoc();
  block = rewriter.createBlock(
      done, {LLVM::LLVMPointerType::get(module.getContext())}, {loc});
  LLVM::CallOp::create(rewriter, loc, getReport(),
                       ValueRange{block->getArgument(0)});
  cf::BranchOp::create(rewriter, loc, done);
  return block;
}

llvm::SetVector<Operation *>
relax::findFailingFunctions(ModuleOp module, ArrayRef<cf::AssertOp> asserts) {
  llvm::SetVector<Operation *> failing;
  for (cf::AssertOp op : asserts)
    if (auto func = op->getParentOfType<FunctionOpInterface>())
      failing.insert(func);
  // Callers of each function, then every caller of a failing function.
  SymbolTableCollection symbolTables;
  DenseMap<Operation *, SmallVector<Operation *>> callers;
  module.walk([&](CallOpInterface call) {
    Operation *callee = call.resolveCallableInTable(&symbolTables);
    auto caller = call->getParentOfType<FunctionOpInterface>();
    if (callee && caller)
      callers[callee].push_back(caller);
  });
  for (size_t i = 0; i < failing.size(); ++i)
    for (Operation *caller : callers.lookup(failing[i]))
      failing.insert(caller);
  return failing;
}

bool relax::isCheckOrFailingCall(Operation *op,
                                 const llvm::SetVector<Operation *> &failing,
                                 SymbolTableCollection &symbolTables) {
  if (isa<cf::AssertOp>(op))
    return true;
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call)
    return false;
  Operation *callee = call.resolveCallableInTable(&symbolTables);
  return callee && failing.contains(callee);
}

Operation *relax::getTopLevelOp(Operation *op, Operation *func) {
  while (op->getParentOp() != func)
    op = op->getParentOp();
  return op;
}

void CheckLowering::rewriteFunc(func::FuncOp func,
                                const llvm::SetVector<Operation *> &failing) {
  if (func.isExternal())
    return;
  // The points after which the function may have to return, per block.
  llvm::MapVector<Block *, SmallVector<Operation *>> points;
  SymbolTableCollection symbolTables;
  func.walk([&](Operation *op) {
    if (op == func || !relax::isCheckOrFailingCall(op, failing, symbolTables))
      return;
    Operation *top = relax::getTopLevelOp(op, func);
    if (isa<cf::AssertOp>(op) && top == op) {
      points[op->getBlock()].push_back(op);
      return;
    }
    // Already followed by a look at the error that frees and returns.
    if (top->hasAttr(relax::RelaxDialect::getErrorsReleasedAttrName()))
      return;
    // A call anywhere, or a check nested in `top`: look at the error after
    // `top`.
    SmallVector<Operation *> &list = points[top->getBlock()];
    if (list.empty() || list.back() != top)
      list.push_back(top);
  });
  Block *done = nullptr;
  for (auto &[block, ops] : points) {
    // From the back, so that each op moves to a new block at most once.
    for (Operation *op : llvm::reverse(ops)) {
      Block *rest = block->splitBlock(std::next(op->getIterator()));
      Location loc = op->getLoc();
      rewriter.setInsertionPointToEnd(block);
      if (auto check = dyn_cast<cf::AssertOp>(op)) {
        Block *fail = getReportBlock(func);
        Value message = getMessage(loc, check.getMsg());
        cf::CondBranchOp::create(rewriter, loc, check.getArg(), rest,
                                 ValueRange(), fail, ValueRange{message});
        rewriter.eraseOp(check);
        continue;
      }
      if (!done)
        done = getReturnBlock(func);
      Value error =
          LLVM::CallOp::create(rewriter, loc, getGetError(), ValueRange())
              .getResult();
      Value null = LLVM::ZeroOp::create(rewriter, loc, error.getType());
      Value failed = LLVM::ICmpOp::create(rewriter, loc,
                                          LLVM::ICmpPredicate::ne, error, null);
      cf::CondBranchOp::create(rewriter, loc, failed, done, ValueRange(), rest,
                               ValueRange());
    }
  }
}

void CheckLowering::rewriteNested(cf::AssertOp op) {
  MLIRContext *ctx = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  if (!checkHelper) {
    // void __relax_check(i1 ok, const char *message): reports when !ok.
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(module.getBody());
    Location loc = module.getLoc();
    checkHelper = LLVM::LLVMFuncOp::create(
        rewriter, loc, uniqueName("__relax_check"),
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                    {rewriter.getI1Type(), ptr}),
        LLVM::Linkage::Internal);
    Block *entry = checkHelper.addEntryBlock(rewriter);
    Block *fail = rewriter.createBlock(&checkHelper.getBody());
    Block *done = rewriter.createBlock(&checkHelper.getBody());
    rewriter.setInsertionPointToEnd(entry);
    LLVM::CondBrOp::create(rewriter, loc, entry->getArgument(0), done, fail);
    rewriter.setInsertionPointToEnd(fail);
    LLVM::CallOp::create(rewriter, loc, getReport(),
                         ValueRange{entry->getArgument(1)});
    LLVM::BrOp::create(rewriter, loc, done);
    rewriter.setInsertionPointToEnd(done);
    LLVM::ReturnOp::create(rewriter, loc, ValueRange());
  }
  rewriter.setInsertionPoint(op);
  Value message = getMessage(op.getLoc(), op.getMsg());
  rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, checkHelper,
                                            ValueRange{op.getArg(), message});
}

void RelaxLowerChecksPass::runOnOperation() {
  ModuleOp module = getOperation();
  SmallVector<cf::AssertOp> asserts;
  module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
  if (asserts.empty())
    return;
  CheckLowering lowering(module);
  llvm::SetVector<Operation *> failing = relax::findFailingFunctions(module, asserts);
  for (Operation *op : failing)
    if (auto func = dyn_cast<func::FuncOp>(op))
      lowering.rewriteFunc(func, failing);
  // What could not return.
  module.walk([&](cf::AssertOp op) { lowering.rewriteNested(op); });
}
