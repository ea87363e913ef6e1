//===- GPUToSPIRV.cpp - Kernels to SPIR-V modules inside gpu.modules ------===//
//
// Upstream's --convert-gpu-to-spirv places the SPIR-V module of a Vulkan
// (Shader) target next to its gpu.module, where the retired Vulkan runner
// looked for it, while --gpu-module-to-binary serializes the one inside.
// This pass converts with the same upstream patterns (plus math, index and
// ub),
// derives each kernel's workgroup size from its known block size, keeps
// the SPIR-V module inside the gpu.module, and binds a kernel's scalar
// arguments as one storage buffer.
//
//===----------------------------------------------------------------------===//

#include "Relax/Conversion/Passes.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/ControlFlowToSPIRV/ControlFlowToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/IndexToSPIRV/IndexToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVWebGPUTransforms.h"
#include "mlir/Dialect/SPIRV/Utils/LayoutUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXGPUTOSPIRVPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

static spirv::TargetEnvAttr getSPIRVTarget(gpu::GPUModuleOp module) {
  if (ArrayAttr targets = module.getTargetsAttr())
    for (Attribute target : targets)
      if (auto env = dyn_cast<spirv::TargetEnvAttr>(target))
        return env;
  return {};
}

/// Upstream's scf.for lowering returns the loop's results through function
/// variables that only the loop body stores, so a loop that runs no
/// iteration returns whatever the variables held, not its initial values (a
/// thread past the end of a row: zero where a product starts at one or a
/// maximum at -inf). Each loop with results runs under a check that it
/// iterates at all, the initial values its results otherwise.
static void guardZeroTripLoops(Operation *root) {
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) {
    if (loop.getNumResults() > 0)
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Value iterates =
        arith::CmpIOp::create(b, loc,
                              loop.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                    : arith::CmpIPredicate::slt,
                              loop.getLowerBound(), loop.getUpperBound());
    auto guard = scf::IfOp::create(b, loc, loop.getResultTypes(), iterates,
                                   /*withElseRegion=*/true);
    loop->replaceAllUsesWith(guard.getResults());
    b.setInsertionPointToStart(guard.thenBlock());
    loop->moveBefore(guard.thenBlock(), guard.thenBlock()->end());
    scf::YieldOp::create(b, loc, loop.getResults());
    b.setInsertionPointToStart(guard.elseBlock());
    scf::YieldOp::create(b, loc, loop.getInitArgs());
  }
}

/// Puts the scalar arguments of each kernel of `module` after its buffers,
/// in the kernel and in every launch of it in `root`, so that the scalars can
/// share one binding at the end (see `packScalarArguments`).
static void moveScalarArgumentsLast(gpu::GPUModuleOp module, Operation *root) {
  for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel() || kernel.getNumWorkgroupAttributions() != 0 ||
        kernel.getNumPrivateAttributions() != 0)
      continue;
    unsigned numArgs = kernel.getNumArguments();
    SmallVector<unsigned> order;
    for (unsigned i = 0; i < numArgs; ++i)
      if (isa<BaseMemRefType>(kernel.getArgumentTypes()[i]))
        order.push_back(i);
    size_t numBuffers = order.size();
    for (unsigned i = 0; i < numArgs; ++i)
      if (!isa<BaseMemRefType>(kernel.getArgumentTypes()[i]))
        order.push_back(i);
    if (llvm::equal(order, llvm::seq(0u, numArgs)))
      continue;
    // Each scalar is appended, takes over the uses, and goes.
    llvm::BitVector moved(numArgs);
    for (unsigned i : ArrayRef<unsigned>(order).drop_front(numBuffers)) {
      BlockArgument old = kernel.getArgument(i);
      (void)kernel.insertArgument(kernel.getNumArguments(), old.getType(),
                                  kernel.getArgAttrDict(i), old.getLoc());
      old.replaceAllUsesWith(kernel.getArgument(kernel.getNumArguments() - 1));
      moved.set(i);
    }
    (void)kernel.eraseArguments(moved);

    SymbolRefAttr symbol = SymbolRefAttr::get(
        module.getNameAttr(), {FlatSymbolRefAttr::get(kernel.getNameAttr())});
    root->walk([&](gpu::LaunchFuncOp launch) {
      if (launch.getKernel() != symbol)
        return;
      SmallVector<Value> operands(launch.getKernelOperands());
      SmallVector<Value> permuted;
      for (unsigned i : order)
        permuted.push_back(operands[i]);
      launch.getKernelOperandsMutable().assign(permuted);
    });
  }
}

/// Makes the scalar arguments of each entry point of `module`, which follow
/// its buffers, one argument: a storage buffer holding a struct of them,
/// bound after the buffers. SPIR-V's ABI gives each scalar a storage buffer
/// of its own, and a device binds few per kernel (WebGPU guarantees 8).
static void packScalarArguments(Operation *module) {
  module->walk([&](spirv::FuncOp func) {
    if (!func->hasAttr(spirv::getEntryPointABIAttrName()))
      return;
    StringRef abiName = spirv::getInterfaceVarABIAttrName();
    unsigned numArgs = func.getNumArguments();
    unsigned first = numArgs;
    while (first > 0 &&
           cast<spirv::SPIRVType>(func.getArgumentTypes()[first - 1])
               .isScalarOrVector() &&
           isa<IntegerType, FloatType>(func.getArgumentTypes()[first - 1]))
      --first;
    if (first == numArgs)
      return;
    // Every earlier argument is a buffer.
    for (unsigned i = 0; i < first; ++i)
      if (!isa<spirv::PointerType>(func.getArgumentTypes()[i]))
        return;
    auto abi =
        func.getArgAttrOfType<spirv::InterfaceVarABIAttr>(first, abiName);
    if (!abi)
      return;
    SmallVector<Type> members(func.getArgumentTypes().drop_front(first));
    // With the offsets the ABI lowering gives it, so that it adds no cast.
    auto structType =
        VulkanLayoutUtils::decorateType(spirv::StructType::get(members));
    if (!structType)
      return;
    auto pointerType =
        spirv::PointerType::get(structType, spirv::StorageClass::StorageBuffer);
    Location loc = func.getLoc();
    MLIRContext *ctx = func.getContext();
    (void)func.insertArgument(
        numArgs, pointerType,
        DictionaryAttr::get(
            ctx, {NamedAttribute(StringAttr::get(ctx, abiName),
                                 spirv::getInterfaceVarABIAttr(
                                     abi.getDescriptorSet(), abi.getBinding(),
                                     std::nullopt, ctx))}),
        loc);
    Block &entry = func.getBody().front();
    OpBuilder b = OpBuilder::atBlockBegin(&entry);
    Value packed = entry.getArgument(numArgs);
    auto i32 = IntegerType::get(ctx, 32);
    llvm::BitVector erase(numArgs + 1);
    for (unsigned i = first; i < numArgs; ++i) {
      Value index = spirv::ConstantOp::create(
          b, loc, i32, b.getI32IntegerAttr(static_cast<int32_t>(i - first)));
      Value pointer = spirv::AccessChainOp::create(b, loc, packed, index);
      Value value = spirv::LoadOp::create(b, loc, pointer);
      entry.getArgument(i).replaceAllUsesWith(value);
      erase.set(i);
    }
    (void)func.eraseArguments(erase);
  });
}

/// A shader indexes a storage buffer of scalars one element at a time (a
/// pointer to a vector of them would be a cast, which logical addressing
/// forbids), so a vector load or store becomes one access per element; the
/// arithmetic stays on vectors.
static void scalarizeVectorAccesses(Operation *root) {
  SmallVector<Operation *> accesses;
  root->walk([&](Operation *op) {
    if (isa<vector::LoadOp, vector::StoreOp>(op))
      accesses.push_back(op);
  });
  for (Operation *op : accesses) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto load = dyn_cast<vector::LoadOp>(op);
    auto store = dyn_cast<vector::StoreOp>(op);
    VectorType type = load ? load.getVectorType() : store.getVectorType();
    Value base = load ? load.getBase() : store.getBase();
    SmallVector<Value> indices(load ? load.getIndices() : store.getIndices());
    Value innermost = indices.back();
    SmallVector<Value> elements;
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      indices.back() = arith::AddIOp::create(
          b, loc, innermost, arith::ConstantIndexOp::create(b, loc, i));
      if (load) {
        elements.push_back(memref::LoadOp::create(b, loc, base, indices));
        continue;
      }
      Value element =
          vector::ExtractOp::create(b, loc, store.getValueToStore(), i);
      memref::StoreOp::create(b, loc, element, base, indices);
    }
    if (load)
      op->replaceAllUsesWith(
          vector::FromElementsOp::create(b, loc, type, elements));
    op->erase();
  }
}

/// With 32-bit indices a kernel's `index` values are i32: a conversion of
/// an index through i64 to a float (an arange's values) converts the i32,
/// so that the kernel needs no 64-bit integers, which WebGPU has not.
static void narrowIndexConversions(gpu::GPUModuleOp module) {
  module.walk([](Operation *op) {
    if (!isa<arith::SIToFPOp, arith::UIToFPOp>(op))
      return;
    auto cast = op->getOperand(0).getDefiningOp<arith::IndexCastOp>();
    if (!cast || !cast.getIn().getType().isIndex() ||
        !cast.getType().isInteger(64))
      return;
    OpBuilder b(op);
    Value narrow = arith::IndexCastOp::create(b, cast.getLoc(), b.getI32Type(),
                                              cast.getIn());
    op->setOperand(0, narrow);
    if (cast->use_empty())
      cast->erase();
  });
}

/// WebGPU has no 64-bit integers or floats, nor bf16: a kernel that
/// computes in them is an error at the op that needs them (upstream's
/// conversion would only fail to legalize the whole kernel).
static LogicalResult checkWebGPUTypes(gpu::GPUModuleOp module) {
  auto unsupported = [](Type type) -> StringRef {
    type = getElementTypeOrSelf(type);
    if (auto memref = dyn_cast<MemRefType>(type))
      type = memref.getElementType();
    if (type.isIndex())
      return "";
    if (isa<IntegerType>(type) && type.getIntOrFloatBitWidth() > 32)
      return "64-bit integers";
    if (type.isF64())
      return "64-bit floats";
    if (type.isBF16())
      return "bf16";
    return "";
  };
  for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
    for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
      StringRef what = unsupported(type);
      if (!what.empty())
        return emitError(kernel.getArgument(i).getLoc())
               << "WebGPU has no " << what << " (a kernel argument of type "
               << type << ")";
    }
    WalkResult result = kernel.walk([&](Operation *op) {
      for (Type type : op->getResultTypes()) {
        StringRef what = unsupported(type);
        if (what.empty())
          continue;
        op->emitError("WebGPU has no ") << what << " (" << type << ")";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
  }
  return success();
}

namespace {
struct RelaxGPUToSPIRVPass
    : relax::impl::RelaxGPUToSPIRVPassBase<RelaxGPUToSPIRVPass> {
  using Base::Base;

  LogicalResult convert(gpu::GPUModuleOp module, spirv::TargetEnvAttr env) {
    MLIRContext *ctx = &getContext();
    for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
      if (!kernel.isKernel() ||
          kernel->hasAttr(spirv::getEntryPointABIAttrName()))
        continue;
      std::optional<ArrayRef<int32_t>> block = kernel.getKnownBlockSize();
      if (!block)
        return kernel.emitOpError("has no known block size, which a SPIR-V "
                                  "entry point needs as its workgroup size");
      kernel->setAttr(spirv::getEntryPointABIAttrName(),
                      spirv::getEntryPointABIAttr(ctx, *block));
    }

    OpBuilder builder(ctx);
    builder.setInsertionPointToStart(module.getBody());
    Operation *clone = builder.clone(*module.getOperation());

    guardZeroTripLoops(clone);
    scalarizeVectorAccesses(clone);

    spirv::MemorySpaceToStorageClassConverter spaceConverter(
        spirv::mapMemorySpaceToVulkanStorageClass);
    spirv::convertMemRefTypesAndAttrs(clone, spaceConverter);

    std::unique_ptr<ConversionTarget> target = SPIRVConversionTarget::get(env);
    SPIRVConversionOptions options;
    options.use64bitIndex = use64bitIndex;
    SPIRVTypeConverter converter(env, options);
    RewritePatternSet patterns(ctx);
    populateGPUToSPIRVPatterns(converter, patterns);
    ScfToSPIRVContext scf;
    populateSCFToSPIRVPatterns(converter, scf, patterns);
    cf::populateControlFlowToSPIRVPatterns(converter, patterns);
    arith::populateArithToSPIRVPatterns(converter, patterns);
    populateMathToSPIRVPatterns(converter, patterns);
    populateMemRefToSPIRVPatterns(converter, patterns);
    populateFuncToSPIRVPatterns(converter, patterns);
    index::populateIndexToSPIRVPatterns(converter, patterns);
    ub::populateUBToSPIRVConversionPatterns(converter, patterns);
    populateVectorToSPIRVPatterns(converter, patterns);
    if (failed(applyFullConversion(clone, *target, std::move(patterns))))
      return failure();
    // The clone became a spirv.module in `module`.
    packScalarArguments(module);
    // Every argument is a storage buffer now.
    if (maxStorageBuffers > 0) {
      WalkResult result = module->walk([&](spirv::FuncOp func) {
        if (!func->hasAttr(spirv::getEntryPointABIAttrName()) ||
            func.getNumArguments() <= static_cast<unsigned>(maxStorageBuffers))
          return WalkResult::advance();
        func.emitError("kernel binds ")
            << func.getNumArguments() << " storage buffers, more than the "
            << static_cast<int64_t>(maxStorageBuffers)
            << " a shader stage may bind on this target "
               "(maxStorageBuffersPerShaderStage)";
        return WalkResult::interrupt();
      });
      if (result.wasInterrupted())
        return failure();
    }
    if (!webgpu)
      return success();
    // What --spirv-webgpu-prepare does, without its region simplification,
    // which merges the identical branches of a selection into a block whose
    // arguments (phis of storage buffer pointers) SPIR-V shaders forbid.
    RewritePatternSet prepare(ctx);
    spirv::populateSPIRVExpandExtendedMultiplicationPatterns(prepare);
    spirv::populateSPIRVExpandNonFiniteArithmeticPatterns(prepare);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    return applyPatternsGreedily(module, std::move(prepare), config);
  }

  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> modules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp module : modules) {
      spirv::TargetEnvAttr env = getSPIRVTarget(module);
      if (!env)
        continue;
      if (webgpu && !use64bitIndex)
        narrowIndexConversions(module);
      if (webgpu && failed(checkWebGPUTypes(module)))
        return signalPassFailure();
      moveScalarArgumentsLast(module, getOperation());
      if (failed(convert(module, env)))
        return signalPassFailure();
    }
  }
};
} // namespace
