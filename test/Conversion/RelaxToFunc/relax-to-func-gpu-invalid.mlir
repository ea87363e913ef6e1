// RUN: relax-opt %s --split-input-file --relax-to-func=target=gpu --verify-diagnostics

// The device version of a public function takes the name with `_device`.

// expected-error @below {{'relax.func' op cannot be wrapped on a GPU: 'f_device' exists}}
relax.func @f(%x: !relax.tensor<[4], f32>) {
  relax.return
}
relax.func private @f_device(%x: !relax.tensor<[4], f32>) {
  relax.return
}
