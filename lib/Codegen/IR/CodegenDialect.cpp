//===- CodegenDialect.cpp - Relax codegen dialect -------------------------===//

#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Codegen/IR/CodegenAttrs.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::relax::codegen;

#include "Relax/Codegen/IR/CodegenDialect.cpp.inc"
#include "Relax/Codegen/IR/CodegenEnums.cpp.inc"

void RelaxCodegenDialect::initialize() { registerAttributes(); }

LogicalResult
RelaxCodegenDialect::verifyOperationAttribute(Operation *op,
                                              NamedAttribute attr) {
  if (attr.getName() == getKernelAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<FunctionOpInterface>(op))
      return op->emitError("'") << getKernelAttrName()
                                << "' must be a unit attribute of a function";
    return success();
  }
  if (attr.getName() == getLoweringConfigAttrName()) {
    if (auto config = dyn_cast<CPULoweringConfigAttr>(attr.getValue()))
      return config.verifyFor(op);
    if (isa<GPULoweringConfigAttr>(attr.getValue())) {
      if (!isa<linalg::LinalgOp>(op))
        return op->emitError("'") << getLoweringConfigAttrName()
                                  << "' is only valid on linalg ops";
      return success();
    }
    return op->emitError("'") << getLoweringConfigAttrName()
                              << "' must be a #relax_codegen.cpu_config or a "
                                 "#relax_codegen.gpu_config, got "
                              << attr.getValue();
  }
  if (attr.getName() == getVectorSizesAttrName()) {
    auto sizes = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!sizes || !linalgOp ||
        static_cast<int64_t>(sizes.size()) != linalgOp.getNumLoops() ||
        llvm::any_of(sizes.asArrayRef(), [](int64_t s) { return s <= 0; }))
      return op->emitError("'")
             << getVectorSizesAttrName()
             << "' must give a linalg op one positive size per loop";
    return success();
  }
  return op->emitError("unknown relax_codegen dialect attribute '")
         << attr.getName().getValue() << "'";
}
