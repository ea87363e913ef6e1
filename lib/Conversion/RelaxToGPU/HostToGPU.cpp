//===- HostToGPU.cpp - Host functions on device memory --------------------===//
//
// After the host lowering, host functions allocate, copy and free buffers
// with memref ops, which on a GPU target must be device memory that only
// kernels and the runtime's copies touch. Public functions keep their
// contract on host memory through a wrapper that copies in and out.
//
//===----------------------------------------------------------------------===//

#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXHOSTTOGPUPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

/// The dynamic sizes of `buffer`, read with memref.dim.
static SmallVector<Value> getDynamicSizes(OpBuilder &b, Location loc,
                                          Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<Value> sizes;
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(size))
      sizes.push_back(memref::DimOp::create(b, loc, buffer, i));
  return sizes;
}

static Value allocDevice(OpBuilder &b, Location loc, MemRefType type,
                         ValueRange sizes) {
  return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/ValueRange(), sizes,
                              /*symbolOperands=*/ValueRange(),
                              /*hostShared=*/false)
      .getMemref();
}

/// `buffer` with the identity layout, which the runtime's copies take. A
/// reshape of a buffer is a `memref.reinterpret_cast` to row-major strides;
/// folded to static sizes, it carries them as an explicit layout. Host code
/// makes no other views, so a layout whose static strides are the row-major
/// ones from offset 0 is the same memory, recast here; its dynamic strides
/// are the row-major products of the sizes. Null for any other layout, which
/// is not one block of memory.
static Value withIdentityLayout(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getLayout().isIdentity())
    return buffer;
  auto identity =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  auto [strides, offset] = type.getStridesAndOffset();
  auto [rowMajor, zero] = identity.getStridesAndOffset();
  if (offset != 0 || strides != rowMajor)
    return nullptr;
  SmallVector<OpFoldResult> sizes, mixedStrides(type.getRank());
  for (auto [i, size] : llvm::enumerate(type.getShape()))
    sizes.push_back(
        ShapedType::isDynamic(size)
            ? OpFoldResult(memref::DimOp::create(b, loc, buffer, i).getResult())
            : OpFoldResult(b.getIndexAttr(size)));
  OpFoldResult stride = b.getIndexAttr(1);
  for (int64_t i = type.getRank() - 1; i >= 0; --i) {
    mixedStrides[i] = ShapedType::isDynamic(rowMajor[i])
                          ? stride
                          : OpFoldResult(b.getIndexAttr(rowMajor[i]));
    stride = arith::MulIOp::create(
                 b, loc, getValueOrCreateConstantIndexOp(b, loc, stride),
                 getValueOrCreateConstantIndexOp(b, loc, sizes[i]))
                 .getResult();
  }
  return memref::ReinterpretCastOp::create(
      b, loc, identity, buffer, b.getIndexAttr(0), sizes, mixedStrides);
}

static gpu::MemcpyOp copy(OpBuilder &b, Location loc, Value dst, Value src) {
  return gpu::MemcpyOp::create(b, loc, /*asyncToken=*/Type(),
                               /*asyncDependencies=*/ValueRange(), dst, src);
}

/// A copy between buffers of any contiguous layout; failure for views that
/// are not one block of memory.
static LogicalResult copyContiguous(OpBuilder &b, Operation *op, Value dst,
                                    Value src) {
  Location loc = op->getLoc();
  Value identityDst = withIdentityLayout(b, loc, dst);
  Value identitySrc = withIdentityLayout(b, loc, src);
  if (!identityDst || !identitySrc)
    return op->emitOpError("copies a view that is not contiguous, which a "
                           "device copy does not take");
  copy(b, loc, identityDst, identitySrc);
  return success();
}

/// A device copy of `buffer`'s type and sizes.
static Value allocLike(OpBuilder &b, Location loc, Value buffer) {
  return allocDevice(b, loc, cast<MemRefType>(buffer.getType()),
                     getDynamicSizes(b, loc, buffer));
}

static LogicalResult moveToDevice(func::FuncOp func) {
  IRRewriter rewriter(func.getContext());
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp,
            memref::GetGlobalOp, memref::LoadOp, memref::StoreOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
      if (!alloc.getSymbolOperands().empty())
        return alloc.emitOpError("has symbol operands, which device "
                                 "allocations do not take");
      rewriter.replaceOp(alloc, allocDevice(rewriter, loc, alloc.getType(),
                                            alloc.getDynamicSizes()));
    } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
      gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(),
                             ValueRange(), dealloc.getMemref());
      rewriter.eraseOp(dealloc);
    } else if (auto memcpy = dyn_cast<memref::CopyOp>(op)) {
      if (failed(copyContiguous(rewriter, memcpy, memcpy.getTarget(),
                                memcpy.getSource())))
        return failure();
      rewriter.eraseOp(memcpy);
    } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
      // Constants live in host memory; each use copies them to the device
      // and frees the copy at the end of the block.
      Value device = allocDevice(rewriter, loc, global.getType(), {});
      rewriter.setInsertionPointAfter(global);
      gpu::MemcpyOp memcpy = copy(rewriter, loc, device, global.getResult());
      rewriter.replaceAllUsesExcept(global.getResult(), device, memcpy);
      rewriter.setInsertionPoint(global->getBlock()->getTerminator());
      gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), device);
    } else if (auto load = dyn_cast<memref::LoadOp>(op)) {
      // A host read (a branch condition): through a host copy.
      Value source = load.getMemref();
      auto type = cast<MemRefType>(source.getType());
      Value host = memref::AllocOp::create(
          rewriter, loc, MemRefType::get(type.getShape(), type.getElementType()),
          getDynamicSizes(rewriter, loc, source));
      if (failed(copyContiguous(rewriter, load, host, source)))
        return failure();
      Value value =
          memref::LoadOp::create(rewriter, loc, host, load.getIndices());
      memref::DeallocOp::create(rewriter, loc, host);
      rewriter.replaceOp(load, value);
    } else {
      return op->emitOpError("writes device memory from the host");
    }
  }
  return success();
}

/// Turns the public function `func` into a wrapper on host memory around
/// `<name>_device`, which works on device memory. The device version stays
/// public, with the C interface, for programs that keep their buffers on the
/// device across calls.
static LogicalResult wrapEntry(func::FuncOp func, ModuleOp module,
                               SymbolTable &symbols) {
  MLIRContext *ctx = func.getContext();
  std::string name = (func.getSymName() + "_device").str();
  if (symbols.lookup(name))
    return func.emitOpError("cannot be wrapped: '") << name << "' exists";
  if (failed(SymbolTable::replaceAllSymbolUses(
          func, StringAttr::get(ctx, name), module)))
    return failure();
  OpBuilder b(func);
  auto wrapper = cast<func::FuncOp>(b.clone(*func.getOperation()));
  wrapper.getBody().getBlocks().clear();
  func.setSymName(name);

  Location loc = func.getLoc();
  Block *entry = wrapper.addEntryBlock();
  b.setInsertionPointToStart(entry);
  SmallVector<Value> operands, copies;
  for (Value arg : entry->getArguments()) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type) {
      operands.push_back(arg);
      continue;
    }
    if (!type.getLayout().isIdentity())
      return func.emitOpError("takes a buffer with a non-identity layout, "
                              "which the GPU entry cannot copy in");
    Value device = allocLike(b, loc, arg);
    copy(b, loc, device, arg);
    operands.push_back(device);
    copies.push_back(device);
  }
  auto call = func::CallOp::create(b, loc, func, operands);
  SmallVector<Value> results, deviceResults;
  for (Value result : call.getResults()) {
    auto type = dyn_cast<MemRefType>(result.getType());
    if (!type) {
      results.push_back(result);
      continue;
    }
    if (!type.getLayout().isIdentity())
      return func.emitOpError("returns a buffer with a non-identity layout, "
                              "which the GPU entry cannot copy back");
    Value host = memref::AllocOp::create(b, loc, type,
                                         getDynamicSizes(b, loc, result));
    copy(b, loc, host, result);
    results.push_back(host);
    deviceResults.push_back(result);
  }
  // Each device buffer is freed once: a result may be an argument's copy or
  // another result.
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
    gpu::DeallocOp::create(b, loc, Type(), ValueRange(), buffer);
    // Argument copies are distinct allocations: only results can repeat.
    if (isResult)
      freed.push_back(buffer);
  }
  func::ReturnOp::create(b, loc, results);
  return success();
}

/// Moves each constant that every launch of a kernel passes as the same
/// argument into the kernel. Canonicalization hoists the constants a launch
/// body uses out of it, so outlining made them arguments; a vector constant
/// (the splat of an elementwise op's operand) would be an argument SPIR-V
/// kernels cannot take, and every other one is one less kernel parameter.
static void sinkConstantKernelArguments(ModuleOp module) {
  llvm::DenseMap<Operation *, SmallVector<gpu::LaunchFuncOp>> launches;
  SymbolTableCollection symbols;
  module.walk([&](gpu::LaunchFuncOp launch) {
    if (Operation *kernel =
            symbols.lookupNearestSymbolFrom(launch, launch.getKernel()))
      launches[kernel].push_back(launch);
  });
  for (auto &[op, calls] : launches) {
    auto kernel = dyn_cast<gpu::GPUFuncOp>(op);
    if (!kernel || kernel.isExternal())
      continue;
    llvm::BitVector sunk(kernel.getNumArguments());
    OpBuilder builder = OpBuilder::atBlockBegin(&kernel.getBody().front());
    for (unsigned i = 0, e = kernel.getNumArguments(); i < e; ++i) {
      Attribute value;
      bool same = llvm::all_of(calls, [&](gpu::LaunchFuncOp launch) {
        auto constant =
            launch.getKernelOperand(i).getDefiningOp<arith::ConstantOp>();
        if (!constant || (value && constant.getValue() != value))
          return false;
        value = constant.getValue();
        return true;
      });
      if (!same || !value)
        continue;
      BlockArgument arg = kernel.getArgument(i);
      arg.replaceAllUsesWith(arith::ConstantOp::create(builder, kernel.getLoc(),
                                                       cast<TypedAttr>(value)));
      sunk.set(i);
    }
    if (sunk.none())
      continue;
    (void)kernel.eraseArguments(sunk);
    for (gpu::LaunchFuncOp launch : calls)
      for (int i = sunk.size() - 1; i >= 0; --i)
        if (sunk.test(i))
          launch.getKernelOperandsMutable().erase(i);
  }
}

namespace {
struct RelaxHostToGPUPass
    : relax::impl::RelaxHostToGPUPassBase<RelaxHostToGPUPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs)
      if (!func.isExternal() && failed(moveToDevice(func)))
        return signalPassFailure();
    sinkConstantKernelArguments(module);
    SymbolTable symbols(module);
    for (func::FuncOp func : funcs)
      if (func.isPublic() && !func.isExternal() &&
          !func->hasAttr(codegen::RelaxCodegenDialect::getKernelAttrName()) &&
          failed(wrapEntry(func, module, symbols)))
        return signalPassFailure();
    // The kernels are launched on the device now: the GPU has claimed them.
    for (func::FuncOp func : funcs)
      func->removeAttr(codegen::RelaxCodegenDialect::getKernelAttrName());
  }
};
} // namespace
