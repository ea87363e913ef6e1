// RUN: relax-opt %s --relax-lift-transform-params -verify-diagnostics

// The transform's name is taken.
relax.func private @main_transform_params() {
  relax.return
}
// expected-error @+1 {{cannot lift the computation on weights into @main_transform_params: the name is taken}}
relax.func @main(%x: !relax.tensor<[n, 8], f32>,
                 %w: !relax.tensor<[8, 16], f32> {relax.param_name = "w"})
    -> !relax.tensor<[n, 16], f32> {
  %t = relax.permute_dims %w : (!relax.tensor<[8, 16], f32>) -> !relax.tensor<[16, 8], f32>
  %y = relax.matmul %x, %t {transpose_b = true} : (!relax.tensor<[n, 8], f32>, !relax.tensor<[16, 8], f32>) -> !relax.tensor<[n, 16], f32>
  relax.return %y : !relax.tensor<[n, 16], f32>
}
