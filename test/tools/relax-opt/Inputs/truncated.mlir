relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  %y = relax.call_tir @f(%x) : (!relax.tensor<[n, 4