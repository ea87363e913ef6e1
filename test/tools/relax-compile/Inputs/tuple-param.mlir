relax.func @main(%t: tuple<!relax.tensor<[2], f32>, !relax.tensor<[2], f32>>) -> !relax.tensor<[2], f32> {
  %a = relax.tuple_get %t[0] : tuple<!relax.tensor<[2], f32>, !relax.tensor<[2], f32>>
  relax.return %a : !relax.tensor<[2], f32>
}
