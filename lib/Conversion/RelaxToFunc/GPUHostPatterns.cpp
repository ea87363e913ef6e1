//===- GPUHostPatterns.cpp - Host lowering onto device memory -------------===//
//
// On a GPU target the host functions keep their buffers in device memory:
// only kernels and the runtime's copies touch it. These patterns replace the
// memory patterns of the host lowering for that, and give each public
// function a wrapper that keeps its contract on host memory.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/GPU/DeviceMemory.h"
#include "Relax/Conversion/RelaxToFunc.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

namespace {
/// Base of the GPU patterns, which take precedence over the target-neutral
/// memory patterns of the host lowering.
template <typename OpTy>
struct DevicePattern : OpConversionPattern<OpTy> {
  DevicePattern(const TypeConverter &converter, MLIRContext *ctx)
      : OpConversionPattern<OpTy>(converter, ctx, /*benefit=*/2) {}
};

struct AllocStorageToDevice : DevicePattern<AllocStorageOp> {
  AllocStorageToDevice(const TypeConverter &converter, MLIRContext *ctx,
                       const HostSymbols &symbols)
      : DevicePattern(converter, ctx), symbols(symbols) {}
  const HostSymbols &symbols;

  LogicalResult
  matchAndRewrite(AllocStorageOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<Value> size =
        symbols.evaluate(rewriter, op.getLoc(), op, op.getSize(), &rewriter);
    if (failed(size))
      return failure();
    // Device allocations are aligned beyond any storage's alignment.
    auto type = cast<MemRefType>(typeConverter->convertType(op.getType()));
    rewriter.replaceOp(op,
                       createDeviceAlloc(rewriter, op.getLoc(), type, *size));
    return success();
  }
};

struct KillStorageToDevice : DevicePattern<KillStorageOp> {
  using DevicePattern::DevicePattern;
  LogicalResult
  matchAndRewrite(KillStorageOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    createDeviceDealloc(rewriter, op.getLoc(), adaptor.getStorage());
    rewriter.eraseOp(op);
    return success();
  }
};

struct KillTensorToDevice : DevicePattern<KillTensorOp> {
  using DevicePattern::DevicePattern;
  LogicalResult
  matchAndRewrite(KillTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isTensorInStorage(op.getTensor()))
      createDeviceDealloc(rewriter, op.getLoc(), adaptor.getTensor());
    rewriter.eraseOp(op);
    return success();
  }
};

struct CopyTensorToDevice : DevicePattern<CopyTensorOp> {
  using DevicePattern::DevicePattern;
  LogicalResult
  matchAndRewrite(CopyTensorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (failed(createDeviceCopy(rewriter, op, adaptor.getTarget(),
                                adaptor.getSource())))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// Constants live in host memory; each is copied to the device where it is
/// used and freed when its block ends, unless the block passes it on (a
/// returned constant belongs to the caller).
struct ConstantToDevice : DevicePattern<ConstantOp> {
  using DevicePattern::DevicePattern;
  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Operation *terminator = op->getBlock()->getTerminator();
    FailureOr<memref::GetGlobalOp> global =
        createConstantGlobal(op, *typeConverter, rewriter, counter);
    if (failed(global))
      return failure();
    Location loc = op.getLoc();
    Value device = createDeviceAllocLike(rewriter, loc, global->getResult());
    if (failed(createDeviceCopy(rewriter, op, device, global->getResult())))
      return failure();
    if (!llvm::is_contained(terminator->getOperands(), op.getResult())) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(terminator);
      createDeviceDealloc(rewriter, loc, device);
    }
    rewriter.replaceOp(op, device);
    return success();
  }
  mutable unsigned counter = 0;
};

/// A branch condition in device memory is read through a host copy.
struct IfOnDeviceCondition : DevicePattern<IfOp> {
  using DevicePattern::DevicePattern;
  LogicalResult
  matchAndRewrite(IfOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value cond = adaptor.getCond().front();
    auto type = dyn_cast<MemRefType>(cond.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value host = memref::AllocOp::create(
        rewriter, loc, MemRefType::get({}, type.getElementType()));
    if (failed(createDeviceCopy(rewriter, op, host, cond)))
      return failure();
    Value value = memref::LoadOp::create(rewriter, loc, host, ValueRange{});
    memref::DeallocOp::create(rewriter, loc, host);
    return replaceGraphIf(op, value, *typeConverter, rewriter);
  }
};

/// The collectives (`relax.ccl.*`) of a partitioned function run over MPI
/// on host memory: the operands are copied to the host, the results back.
struct CollectiveOnHostMemory : DevicePattern<CallLibraryDPSOp> {
  using DevicePattern::DevicePattern;
  LogicalResult
  matchAndRewrite(CallLibraryDPSOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getCallee().starts_with("relax.ccl."))
      return failure();
    Location loc = op.getLoc();
    auto hostCopy = [&](Value device) {
      auto type = cast<MemRefType>(device.getType());
      return memref::AllocOp::create(
          rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
          getDynamicSizes(rewriter, loc, device));
    };
    SmallVector<Value> buffers;
    for (Value arg : adaptor.getArgs()) {
      buffers.push_back(hostCopy(arg));
      if (failed(createDeviceCopy(rewriter, op, buffers.back(), arg)))
        return failure();
    }
    for (Value out : adaptor.getOuts())
      buffers.push_back(hostCopy(out));
    if (failed(createLibraryCall(rewriter, op, op.getCallee(), buffers)))
      return failure();
    for (auto [out, host] : llvm::zip(
             adaptor.getOuts(), ArrayRef(buffers).take_back(op.getOuts().size())))
      if (failed(createDeviceCopy(rewriter, op, out, host)))
        return failure();
    for (Value host : buffers)
      memref::DeallocOp::create(rewriter, loc, host);
    rewriter.eraseOp(op);
    return success();
  }
};

/// A public graph function, renamed by the pass, becomes its device version
/// and a wrapper under its old name that copies its buffer arguments to the
/// device, calls it, copies the results back into new host buffers and frees
/// the device buffers.
struct EntryOnHostMemory : DevicePattern<FuncOp> {
  EntryOnHostMemory(const TypeConverter &converter, MLIRContext *ctx,
                    const llvm::DenseMap<StringAttr, StringAttr> &entries)
      : DevicePattern(converter, ctx), entries(entries) {}
  const llvm::DenseMap<StringAttr, StringAttr> &entries;

  LogicalResult
  matchAndRewrite(FuncOp func, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    StringAttr hostName = entries.lookup(func.getSymNameAttr());
    if (!hostName || func.isExternal())
      return failure();
    FailureOr<func::FuncOp> device =
        convertGraphFunction(func, func.getSymName(), *typeConverter, rewriter);
    if (failed(device))
      return failure();
    FunctionType type = device->getFunctionType();
    for (Type t : llvm::concat<const Type>(type.getInputs(), type.getResults()))
      if (auto memref = dyn_cast<MemRefType>(t);
          memref && !memref.getLayout().isIdentity())
        return func.emitOpError("has a buffer with a non-identity layout in "
                                "its signature, which the GPU entry cannot "
                                "copy");
    auto wrapper =
        func::FuncOp::create(rewriter, func.getLoc(), hostName.getValue(), type);
    wrapper->setAttr("llvm.emit_c_interface", rewriter.getUnitAttr());
    wrapper->setAttr("always_inline", rewriter.getUnitAttr());
    buildWrapper(rewriter, wrapper, *device);
    rewriter.eraseOp(func);
    return success();
  }

  /// The signature has identity layouts only (checked above), whose copies
  /// cannot fail.
  static void buildWrapper(OpBuilder &b, func::FuncOp wrapper,
                           func::FuncOp device) {
    OpBuilder::InsertionGuard guard(b);
    Location loc = wrapper.getLoc();
    Block *entry = wrapper.addEntryBlock();
    b.setInsertionPointToStart(entry);
    SmallVector<Value> operands, copies;
    for (Value arg : entry->getArguments()) {
      if (!isa<MemRefType>(arg.getType())) {
        operands.push_back(arg);
        continue;
      }
      Value buffer = createDeviceAllocLike(b, loc, arg);
      (void)createDeviceCopy(b, wrapper, buffer, arg);
      operands.push_back(buffer);
      copies.push_back(buffer);
    }
    auto call = func::CallOp::create(b, loc, device, operands);
    SmallVector<Value> results, deviceResults;
    for (Value result : call.getResults()) {
      auto type = dyn_cast<MemRefType>(result.getType());
      if (!type) {
        results.push_back(result);
        continue;
      }
      Value host = memref::AllocOp::create(b, loc, type,
                                           getDynamicSizes(b, loc, result));
      (void)createDeviceCopy(b, wrapper, host, result);
      results.push_back(host);
      deviceResults.push_back(result);
    }
    // Each device buffer is freed once: a result may be an argument's copy
    // or another result.
    auto pointer = [&](Value buffer) -> Value {
      return memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
    };
    SmallVector<Value> freed;
    for (Value buffer : llvm::concat<Value>(deviceResults, copies)) {
      bool isResult = llvm::is_contained(deviceResults, buffer);
      Value ptr = pointer(buffer);
      Value fresh = arith::ConstantIntOp::create(b, loc, 1, 1);
      for (Value other : freed)
        fresh = arith::AndIOp::create(
            b, loc, fresh,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, ptr,
                                  pointer(other)));
      auto ifOp = scf::IfOp::create(b, loc, fresh);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      createDeviceDealloc(b, loc, buffer);
      // Argument copies are distinct allocations: only results can repeat.
      if (isResult)
        freed.push_back(buffer);
    }
    func::ReturnOp::create(b, loc, results);
  }
};
} // namespace

void relax::populateRelaxGPUHostPatterns(
    HostTypeConverter &converter, const HostSymbols &symbols,
    const llvm::DenseMap<StringAttr, StringAttr> &entries,
    RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<AllocStorageToDevice>(converter, ctx, symbols);
  patterns.add<CollectiveOnHostMemory, KillStorageToDevice, KillTensorToDevice,
               CopyTensorToDevice,
               ConstantToDevice, IfOnDeviceCondition>(converter, ctx);
  patterns.add<EntryOnHostMemory>(converter, ctx, entries);
}
