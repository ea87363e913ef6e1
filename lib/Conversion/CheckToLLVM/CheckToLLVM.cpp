//===- CheckToLLVM.cpp - Run-time checks that report and exit -------------===//
//
// Upstream lowers cf.assert to a print on stdout and abort(): the message is
// lost when stdout is a buffered pipe, the process dies by a signal, and the
// lowering looks up a fresh global name per assertion (quadratic in their
// number). Here a failed check writes its message to stderr and exits with
// status 1, which flushes every stream.
//
//===----------------------------------------------------------------------===//

#include "Relax/Conversion/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXLOWERCHECKSPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;

namespace {
struct RelaxLowerChecksPass
    : relax::impl::RelaxLowerChecksPassBase<RelaxLowerChecksPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
    if (asserts.empty())
      return;

    MLIRContext *ctx = &getContext();
    IRRewriter rewriter(ctx);
    Location loc = module.getLoc();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto i32 = IntegerType::get(ctx, 32);
    llvm::StringSet<> names;
    for (Operation &op : *module.getBody())
      if (auto symbol = dyn_cast<SymbolOpInterface>(op))
        names.insert(symbol.getName());
    auto uniqueName = [&](StringRef base) {
      std::string name = base.str();
      for (unsigned i = 0; names.contains(name); ++i)
        name = (base + "_" + Twine(i)).str();
      names.insert(name);
      return name;
    };

    // One helper reports and exits when its condition is false:
    //   void __relax_check(i1 ok, const char *message)
    // Calling it keeps each check a single op: splitting the host block at
    // every check would move the rest of the block each time.
    rewriter.setInsertionPointToStart(module.getBody());
    auto declare = [&](StringRef name, LLVM::LLVMFunctionType type) {
      if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
        return existing;
      return LLVM::LLVMFuncOp::create(rewriter, loc, name, type);
    };
    auto voidType = LLVM::LLVMVoidType::get(ctx);
    LLVM::LLVMFuncOp fputs =
        declare("fputs", LLVM::LLVMFunctionType::get(i32, {ptr, ptr}));
    LLVM::LLVMFuncOp exit =
        declare("exit", LLVM::LLVMFunctionType::get(voidType, i32));
    auto stderrGlobal = module.lookupSymbol<LLVM::GlobalOp>("stderr");
    if (!stderrGlobal)
      stderrGlobal = LLVM::GlobalOp::create(
          rewriter, loc, ptr, /*isConstant=*/false, LLVM::Linkage::External,
          "stderr", Attribute());
    auto check = LLVM::LLVMFuncOp::create(
        rewriter, loc, uniqueName("__relax_check"),
        LLVM::LLVMFunctionType::get(voidType, {rewriter.getI1Type(), ptr}),
        LLVM::Linkage::Internal);
    {
      Block *entry = check.addEntryBlock(rewriter);
      Block *fail = rewriter.createBlock(&check.getBody());
      Block *done = rewriter.createBlock(&check.getBody());
      rewriter.setInsertionPointToEnd(entry);
      LLVM::CondBrOp::create(rewriter, loc, entry->getArgument(0), done, fail);
      rewriter.setInsertionPointToEnd(fail);
      Value stream = LLVM::LoadOp::create(
          rewriter, loc, ptr,
          LLVM::AddressOfOp::create(rewriter, loc, stderrGlobal));
      LLVM::CallOp::create(rewriter, loc, fputs,
                           ValueRange{entry->getArgument(1), stream});
      Value one = LLVM::ConstantOp::create(rewriter, loc, i32,
                                           rewriter.getI32IntegerAttr(1));
      LLVM::CallOp::create(rewriter, loc, exit, ValueRange{one});
      LLVM::UnreachableOp::create(rewriter, loc);
      rewriter.setInsertionPointToEnd(done);
      LLVM::ReturnOp::create(rewriter, loc, ValueRange());
    }

    for (cf::AssertOp op : asserts) {
      std::string text =
          ("error: run-time check failed: " + op.getMsg() + "\n").str();
      text.push_back('\0');
      rewriter.setInsertionPointToStart(module.getBody());
      auto type =
          LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), text.size());
      auto message = LLVM::GlobalOp::create(
          rewriter, op.getLoc(), type, /*isConstant=*/true,
          LLVM::Linkage::Internal, uniqueName("__relax_check_message"),
          rewriter.getStringAttr(text));
      rewriter.setInsertionPoint(op);
      Value address = LLVM::AddressOfOp::create(rewriter, op.getLoc(), message);
      rewriter.replaceOpWithNewOp<LLVM::CallOp>(
          op, check, ValueRange{op.getArg(), address});
    }
  }
};
} // namespace
