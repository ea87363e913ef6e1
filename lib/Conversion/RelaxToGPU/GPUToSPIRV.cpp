//===- GPUToSPIRV.cpp - Kernels to SPIR-V modules inside gpu.modules ------===//
//
// Upstream's --convert-gpu-to-spirv places the SPIR-V module of a Vulkan
// (Shader) target next to its gpu.module, where the retired Vulkan runner
// looked for it, while --gpu-module-to-binary serializes the one inside.
// This pass converts with the same upstream patterns (plus math, index and
// ub),
// derives each kernel's workgroup size from its known block size, and keeps
// the SPIR-V module inside the gpu.module.
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
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVWebGPUTransforms.h"
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
    if (failed(applyFullConversion(clone, *target, std::move(patterns))))
      return failure();
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
    for (gpu::GPUModuleOp module : modules)
      if (spirv::TargetEnvAttr env = getSPIRVTarget(module))
        if (failed(convert(module, env)))
          return signalPassFailure();
  }
};
} // namespace
