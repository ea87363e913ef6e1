//===- SPIRVPreserveNonFinite.cpp - Keep NaN and infinities on Vulkan -----===//
//
// --relax-spirv-preserve-nonfinite: every entry point declares
// SignedZeroInfNanPreserve for f32, so that a Vulkan driver keeps the NaN,
// infinities and signed zeros that the CPU computes.
//
//===----------------------------------------------------------------------===//

#include "Relax/Conversion/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"

namespace mlir::relax {
#define GEN_PASS_DEF_RELAXSPIRVPRESERVENONFINITEPASS
#include "Relax/Conversion/Passes.h.inc"
} // namespace mlir::relax

using namespace mlir;

namespace {
struct RelaxSPIRVPreserveNonFinitePass
    : relax::impl::RelaxSPIRVPreserveNonFinitePassBase<
          RelaxSPIRVPreserveNonFinitePass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    auto mode = spirv::ExecutionModeAttr::get(
        &getContext(), spirv::ExecutionMode::SignedZeroInfNanPreserve);
    SmallVector<spirv::EntryPointOp> entries(
        module.getBody()->getOps<spirv::EntryPointOp>());
    for (spirv::EntryPointOp entry : entries) {
      bool declared =
          llvm::any_of(module.getBody()->getOps<spirv::ExecutionModeOp>(),
                       [&](spirv::ExecutionModeOp op) {
                         return op.getFn() == entry.getFn() &&
                                op.getExecutionMode() == mode.getValue();
                       });
      if (declared)
        continue;
      OpBuilder b(entry);
      b.setInsertionPointAfter(entry);
      spirv::ExecutionModeOp::create(b, entry.getLoc(), entry.getFnAttr(), mode,
                                     b.getI32ArrayAttr({32}));
    }
  }
};
} // namespace
