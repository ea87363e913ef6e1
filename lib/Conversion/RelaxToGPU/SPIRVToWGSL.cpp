//===- SPIRVToWGSL.cpp - WebGPU kernels as gpu.binary ops of WGSL ---------===//

#include "Relax/Conversion/Passes.h"
#include "Relax/Target/WGSL/WGSLEmitter.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXSPIRVTOWGSLPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;
using namespace mlir::relax;

namespace {
struct RelaxSPIRVToWGSLPass
    : relax::impl::RelaxSPIRVToWGSLPassBase<RelaxSPIRVToWGSLPass> {
  using Base::Base;

  void runOnOperation() override {
    wgsl::WGSLLimits limits;
    limits.maxStorageBuffers = maxStorageBuffers;
    limits.shaderF16 = shaderF16;
    SmallVector<std::pair<gpu::GPUModuleOp, std::string>> translated;
    if (failed(wgsl::translateModuleToWGSL(
            getOperation(), limits, [&](Operation *module, StringRef text) {
              translated.emplace_back(cast<gpu::GPUModuleOp>(module),
                                      text.str());
              return success();
            })))
      return signalPassFailure();
    for (auto &[module, text] : translated) {
      OpBuilder builder(module);
      Attribute target = module.getTargetsAttr()[0];
      auto object = gpu::ObjectAttr::get(
          target, gpu::CompilationTarget::Binary, builder.getStringAttr(text));
      gpu::BinaryOp::create(builder, module.getLoc(), module.getName(),
                            /*offloadingHandler=*/nullptr,
                            builder.getArrayAttr({object}));
      module->erase();
    }
  }
};
} // namespace
