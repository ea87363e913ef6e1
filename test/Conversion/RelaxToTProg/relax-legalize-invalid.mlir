// RUN: relax-opt %s --relax-legalize -split-input-file -verify-diagnostics

relax.func @unknown_shape(%x: !relax.tensor<*, f32>) {
  // expected-error @+1 {{'relax.exp' op needs fully known operand and result shapes to be legalized; run --relax-infer-shapes first}}
  %0 = relax.exp %x : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return
}
