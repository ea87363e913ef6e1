//===- CodegenEnums.td - Relax codegen enums -----------------*- tablegen -*-===//

#ifndef RELAX_CODEGEN_IR_CODEGENENUMS_TD
#define RELAX_CODEGEN_IR_CODEGENENUMS_TD

include "mlir/IR/EnumAttr.td"

def RelaxCodegen_CPUTileKind : I32EnumAttr<"CPUTileKind",
    "How the innermost tile of a CPU kernel op is computed", [
      I32EnumAttrCase<"None", 0, "none">,
      I32EnumAttrCase<"Contraction", 1, "contraction">,
      I32EnumAttrCase<"Dot", 2, "dot">,
      I32EnumAttrCase<"Windowed", 3, "windowed">
    ]> {
  let cppNamespace = "::mlir::relax::codegen";
  let genSpecializedAttr = 0;
}

def RelaxCodegen_CPUVectorISA : I32EnumAttr<"CPUVectorISA",
    "The widest vector instruction set of a CPU", [
      I32EnumAttrCase<"Scalar", 0, "scalar">,
      I32EnumAttrCase<"SSE", 1, "sse">,
      I32EnumAttrCase<"AVX2", 2, "avx2">,
      I32EnumAttrCase<"AVX512", 3, "avx512">,
      I32EnumAttrCase<"NEON", 4, "neon">
    ]> {
  let cppNamespace = "::mlir::relax::codegen";
  let genSpecializedAttr = 0;
}

def RelaxCodegen_GPUSchedule : I32EnumAttr<"GPUSchedule",
    "How a GPU kernel op is mapped onto blocks and threads", [
      I32EnumAttrCase<"Generic", 0, "generic">,
      I32EnumAttrCase<"RowReduction", 1, "row_reduction">,
      I32EnumAttrCase<"TiledMatmul", 2, "tiled_matmul">,
      I32EnumAttrCase<"GEMV", 3, "gemv">
    ]> {
  let cppNamespace = "::mlir::relax::codegen";
  let genSpecializedAttr = 0;
}

#endif // RELAX_CODEGEN_IR_CODEGENENUMS_TD
