//===- CodegenDialect.td - Relax codegen dialect -------------*- tablegen -*-===//
//
// The kernel layer's records: what a target's chooser decides for a kernel
// op (its lowering config) and what the chooser reads (a target
// description), as typed attributes that the passes applying a config read.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_CODEGEN_IR_CODEGENDIALECT_TD
#define RELAX_CODEGEN_IR_CODEGENDIALECT_TD

include "mlir/IR/DialectBase.td"

def RelaxCodegen_Dialect : Dialect {
  let name = "relax_codegen";
  let cppNamespace = "::mlir::relax::codegen";
  let summary = "Lowering configs and target descriptions of Relax kernels";
  let description = [{
    The records of the kernel layer between `tprog.func` and the target
    dialects. A target's chooser pass writes a lowering config on every
    kernel op (`relax_codegen.lowering_config`), the passes that apply it
    read it, and the last of them removes it. A config written by hand, by a
    tuner or by another heuristic is applied the same way, and is checked
    when it is parsed.

    A tensor program rewritten into a function on buffers is marked
    `relax_codegen.kernel` until the target claims it and drops the mark:
    on the CPU the host conversion (`--relax-to-func`), which calls kernels
    as plain functions; on a GPU `--relax-map-kernels-to-gpu`, which makes
    them launches.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerAttributes();

    /// The unit attribute that marks a function on buffers as a kernel that
    /// graph functions call (`relax.call_tir_dps`) until a target claims it.
    static constexpr ::llvm::StringLiteral getKernelAttrName() {
      return ::llvm::StringLiteral("relax_codegen.kernel");
    }
    /// The attribute that records a kernel op's lowering config.
    static constexpr ::llvm::StringLiteral getLoweringConfigAttrName() {
      return ::llvm::StringLiteral("relax_codegen.lowering_config");
    }
    /// The attribute with which tiling marks an innermost tile with the
    /// vector sizes that vectorization gives it.
    static constexpr ::llvm::StringLiteral getVectorSizesAttrName() {
      return ::llvm::StringLiteral("relax_codegen.vector_sizes");
    }
  }];
}

#endif // RELAX_CODEGEN_IR_CODEGENDIALECT_TD
