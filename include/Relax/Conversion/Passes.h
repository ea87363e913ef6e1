//===- Passes.h - Relax conversion passes -----------------------*- C++ -*-===//

#ifndef RELAX_CONVERSION_PASSES_H
#define RELAX_CONVERSION_PASSES_H

#include "Relax/Codegen/IR/CodegenDialect.h"
#include "Relax/Dialect/Relax/IR/RelaxDialect.h"
#include "Relax/Dialect/Sym/IR/SymDialect.h"
#include "Relax/Dialect/TProg/IR/TProgDialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace mlir::relax {

/// The target whose host `--relax-to-func` lowers.
enum class HostTarget {
  /// The kernels are plain functions: the CPU claims them.
  CPU,
  /// The kernels stay marked for the GPU passes to map and claim.
  GPU,
};

#define GEN_PASS_DECL
#include "Relax/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Relax/Conversion/Passes.h.inc"

} // namespace mlir::relax

#endif // RELAX_CONVERSION_PASSES_H
