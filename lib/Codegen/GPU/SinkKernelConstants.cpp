//===- SinkKernelConstants.cpp - Constant kernel arguments into kernels ---===//

#include "Relax/Codegen/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/BitVector.h"

namespace mlir::relax::codegen {
#define GEN_PASS_DEF_RELAXSINKKERNELCONSTANTSPASS
#include "Relax/Codegen/Passes.h.inc"
} // namespace mlir::relax::codegen

using namespace mlir;
using namespace mlir::relax;
using namespace mlir::relax::codegen;

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
struct RelaxSinkKernelConstantsPass
    : codegen::impl::RelaxSinkKernelConstantsPassBase<
          RelaxSinkKernelConstantsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));
    sinkConstantKernelArguments(module);
  }
};
} // namespace
