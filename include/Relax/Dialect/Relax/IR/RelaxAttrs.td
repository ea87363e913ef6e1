//===- RelaxAttrs.td - Relax graph dialect attributes ------*- tablegen -*-===//

#ifndef RELAX_DIALECT_RELAX_IR_RELAXATTRS_TD
#define RELAX_DIALECT_RELAX_IR_RELAXATTRS_TD

include "Relax/Dialect/Relax/IR/RelaxDialect.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "Relax/Dialect/Relax/IR/RelaxEnums.td"
include "Relax/Interfaces/PatternKindInterface.td"

def Relax_IndexModeAttr
    : EnumAttr<Relax_Dialect, Relax_IndexModeEnum, "index_mode"> {
  let summary = "What a gather does with an index outside its axis";
  let description = [{
    - `check`: an index outside `[0, size)` is a run-time error, and the
      element is read at the index clamped to the axis meanwhile, so nothing
      outside the tensor is read (GPU kernels, which cannot report, clamp).
    - `clip`: the index is clamped to `[0, size - 1]` (numpy's
      `mode='clip'`).
    - `wrap`: the index is taken modulo the size, so `-1` is the last
      element (numpy's `mode='wrap'`); an empty axis is a run-time error.

    ```mlir
    #relax.index_mode<wrap>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Relax_ReductionKindAttr
    : EnumAttr<Relax_Dialect, Relax_ReductionKindEnum, "reduction_kind"> {
  let summary = "How a collective combines the ranks' values";
  let description = [{
    Elementwise over the ranks: `sum`, `prod`, `min` or `max`.

    ```mlir
    #relax.reduction_kind<sum>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Relax_QuantFormatAttr
    : EnumAttr<Relax_Dialect, Relax_QuantFormatEnum, "quant_format"> {
  let summary = "A block layout of quantized weights";
  let description = [{
    How `relax.dequantize` reads a row of `K` weights, in groups of 32 that
    share one scale `d`. The packed data and the scales are two tensors (the
    blocks of a GGUF file are split into them bit for bit):

    - `q4_0` (GGUF): data `[..., K / 2]` of `i8`, 16 bytes per group; byte
      `j` of a group holds weight `j` in its low nibble and weight `j + 16`
      in its high one. Scales `[..., K / 32]` of `f16`. A weight is
      `(nibble - 8) * d`.
    - `q8_0` (GGUF): data `[..., K]` of `i8`, scales `[..., K / 32]` of
      `f16`; a weight is `q * d`.
    - `q4f16_1`, `q4f32_1` (MLC-LLM): data `[..., K / 8]` of `i32`, eight
      weights per word, weight `8 * w + j` in bits `4 j .. 4 j + 3`. Scales
      `[..., K / 32]` of `f16` (`q4f16_1`) or `f32` (`q4f32_1`); a weight is
      `(nibble - 7) * d`.

    ```mlir
    #relax.quant_format<q4_0>
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

def Relax_PatternKindAttr
    : EnumAttr<Relax_Dialect, Relax_PatternKind, "pattern_kind"> {
  let summary = "How a tensor program's outputs depend on its inputs";
  let description = [{
    The pattern kind of a `tprog.func`, recorded as `relax.pattern_kind` by
    `--relax-annotate-patterns` and `--relax-fuse` from the program's body
    (or written by hand for a program whose body the analysis cannot see
    through), and read by the fuser through `relax.call_tir`'s
    `PatternKindOpInterface`.

    ```mlir
    tprog.func @add(...) attributes {relax.pattern_kind = #relax.pattern_kind<elementwise>}
    ```
  }];
  let assemblyFormat = "`<` $value `>`";
}

#endif // RELAX_DIALECT_RELAX_IR_RELAXATTRS_TD
