relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  %y = relax.frobnicate %x : !relax.tensor<[n, 4], f32>
  relax.return %y : !relax.tensor<[n, 4], f32>
}
