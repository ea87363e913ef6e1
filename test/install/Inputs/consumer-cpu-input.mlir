relax.func @main(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[64, 32], f32>) -> !relax.tensor<*, f32> {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<*, f32>
  %z = relax.exp %y : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}
