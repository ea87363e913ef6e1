relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.shape<[n, 4]> {
  %s = relax.dataflow -> !relax.shape<[n, 4]> {
    %0 = relax.shape_of %x : !relax.tensor<[n, 4], f32>
    relax.output %0 : !relax.shape<[n, 4]>
  }
  relax.return %s : !relax.shape<[n, 4]>
}
