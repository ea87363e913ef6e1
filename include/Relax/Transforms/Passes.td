//===- Passes.td - Relax transformation passes -------------*- tablegen -*-===//

#ifndef RELAX_TRANSFORMS_PASSES_TD
#define RELAX_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def RelaxToNonDataflowPass : Pass<"relax-to-non-dataflow"> {
  let summary = "Inline relax.dataflow regions into their parent block";
  let description = [{
    Moves the ops of every `relax.dataflow` region in front of it and
    replaces its results with the values the region outputs. Passes that
    introduce side effects, such as memory planning, run on the result.

    ```mlir
    %y = relax.dataflow -> !relax.tensor<[n], f32> {
      %t = relax.call_tir @exp(%x) : (...) -> !relax.tensor<[n], f32>
      relax.output %t : !relax.tensor<[n], f32>
    }
    // becomes
    %y = relax.call_tir @exp(%x) : (...) -> !relax.tensor<[n], f32>
    ```
  }];
  let dependentDialects = ["::mlir::relax::RelaxDialect"];
}

#endif // RELAX_TRANSFORMS_PASSES_TD
