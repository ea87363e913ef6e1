relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f16> {
  relax.return %x : !relax.tensor<[n, 4], f32>
}
