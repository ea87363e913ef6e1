//===- InitAll.cpp - Register Relax-MLIR dialects and passes --------------===//

#include "Relax/InitAll.h"

#include "Relax/Conversion/Passes.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/Sym/Transforms/ValueBoundsOpInterfaceImpl.h"
#include "Relax/Dialect/TProg/IR/TProgDialect.h"
#include "Relax/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Transforms/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Passes.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::relax::registerRelaxDialects(DialectRegistry &registry) {
  registry.insert<relax::RelaxDialect, sym::SymDialect, tprog::TProgDialect>();
}

void mlir::relax::registerAllDialects(DialectRegistry &registry) {
  registerRelaxDialects(registry);
  registry
      .insert<affine::AffineDialect, arith::ArithDialect,
              bufferization::BufferizationDialect, cf::ControlFlowDialect,
              func::FuncDialect, gpu::GPUDialect, index::IndexDialect,
              linalg::LinalgDialect, LLVM::LLVMDialect, math::MathDialect,
              memref::MemRefDialect, NVVM::NVVMDialect, omp::OpenMPDialect,
              ROCDL::ROCDLDialect, scf::SCFDialect, spirv::SPIRVDialect,
              tensor::TensorDialect, ub::UBDialect, vector::VectorDialect>();
  // External models: bufferization, tiling, value bounds, conversion to
  // LLVM and GPU target attributes. Each applies only once its dialects are
  // loaded.
  mlir::registerAllExtensions(registry);
  sym::registerValueBoundsOpInterfaceExternalModels(registry);
}

void mlir::relax::registerAllPasses() {
  relax::registerRelaxPasses();
  relax::registerRelaxConversionPasses();

  mlir::registerTransformsPasses();
  mlir::registerConversionPasses();
  affine::registerAffinePasses();
  arith::registerArithPasses();
  bufferization::registerBufferizationPasses();
  func::registerFuncPasses();
  mlir::registerGPUPasses();
  mlir::registerLinalgPasses();
  LLVM::registerLLVMPasses();
  math::registerMathPasses();
  memref::registerMemRefPasses();
  mlir::registerSCFPasses();
  spirv::registerSPIRVPasses();
  tensor::registerTensorPasses();
  vector::registerVectorPasses();

  bufferization::registerBufferizationPipelines();
  gpu::registerGPUToNVVMPipeline();
}
