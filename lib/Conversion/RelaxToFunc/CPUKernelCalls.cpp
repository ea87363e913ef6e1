//===- CPUKernelCalls.cpp - Kernel calls on the CPU -----------------------===//
//
// On the CPU a kernel is a function on memrefs in the same module, and a
// library function is a C function of the runtime library.
//
//===----------------------------------------------------------------------===//

#include "Relax/Conversion/RelaxToFunc.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::relax;

namespace {
struct CallTIRDPSOpToCall : OpConversionPattern<CallTIRDPSOp> {
  CallTIRDPSOpToCall(const TypeConverter &converter, MLIRContext *ctx,
                     const HostSymbols &symbols)
      : OpConversionPattern(converter, ctx), symbols(symbols) {}
  const HostSymbols &symbols;

  LogicalResult
  matchAndRewrite(CallTIRDPSOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto kernel = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        op, op.getCalleeAttr());
    if (!kernel)
      return op.emitOpError("calls '")
             << op.getCallee()
             << "', which is not a kernel function on buffers; run "
                "--relax-kernels-to-func first";
    FunctionType type = kernel.getFunctionType();
    SmallVector<Value> operands(adaptor.getArgs());
    llvm::append_range(operands, adaptor.getOuts());
    if (sym::SymShapeAttr symArgs = op.getSymArgsAttr())
      for (sym::SymExprAttr expr : symArgs.getDims()) {
        FailureOr<Value> value =
            symbols.evaluate(rewriter, op.getLoc(), op, expr, &rewriter);
        if (failed(value))
          return failure();
        operands.push_back(*value);
      }
    if (operands.size() != type.getNumInputs() || type.getNumResults() != 0)
      return op.emitOpError("passes ")
             << operands.size() << " buffers, but kernel @" << op.getCallee()
             << " has type " << type;
    for (auto [operand, param] : llvm::zip(operands, type.getInputs())) {
      FailureOr<Value> cast = castHostValue(rewriter, op, operand, param);
      if (failed(cast))
        return failure();
      operand = *cast;
    }
    rewriter.replaceOpWithNewOp<func::CallOp>(op, kernel, operands);
    return success();
  }
};

/// Library functions take every input and then every destination as
/// unranked memrefs, so that one C signature serves every rank.
struct CallLibraryDPSOpToCall : OpConversionPattern<CallLibraryDPSOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CallLibraryDPSOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands(adaptor.getArgs());
    llvm::append_range(operands, adaptor.getOuts());
    if (failed(createLibraryCall(rewriter, op, op.getCallee(), operands)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

LogicalResult relax::createLibraryCall(OpBuilder &b, Operation *op,
                                       StringRef callee, ValueRange buffers) {
  Location loc = op->getLoc();
  SmallVector<Value> operands;
  for (Value memref : buffers) {
    auto type = cast<MemRefType>(memref.getType());
    operands.push_back(memref::CastOp::create(
        b, loc, UnrankedMemRefType::get(type.getElementType(), 0), memref));
  }
  std::string name = callee.str();
  std::replace(name.begin(), name.end(), '.', '_');
  auto module = op->getParentOfType<ModuleOp>();
  auto type = b.getFunctionType(TypeRange(operands), {});
  auto function = module.lookupSymbol<func::FuncOp>(name);
  if (!function) {
    OpBuilder::InsertionGuard guard(b);
    function = func::createFnDecl(b, module, name, type, /*setPrivate=*/true);
    function->setAttr("llvm.emit_c_interface", b.getUnitAttr());
  } else if (function.getFunctionType() != type) {
    return op->emitOpError("calls library function '")
           << callee << "' with types that differ from an earlier call";
  }
  func::CallOp::create(b, loc, function, operands);
  return success();
}

void relax::populateRelaxCPUKernelCallPatterns(HostTypeConverter &converter,
                                               const HostSymbols &symbols,
                                               RewritePatternSet &patterns) {
  patterns.add<CallTIRDPSOpToCall>(converter, patterns.getContext(), symbols);
  patterns.add<CallLibraryDPSOpToCall>(converter, patterns.getContext());
}
