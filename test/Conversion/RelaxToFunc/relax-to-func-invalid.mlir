// RUN: relax-opt %s --split-input-file --relax-to-func --verify-diagnostics

// expected-error @below {{a tensor of unknown rank cannot be lowered; match_cast it to a ranked type}}
relax.func @unranked(%x: !relax.tensor<*, f32>) {
  relax.return
}

// -----

// expected-error @below {{type '!relax.object' is not supported by the host lowering yet}}
relax.func @object(%x: !relax.object) {
  relax.return
}

// -----

relax.func @not_legalized(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  // expected-error @below {{'relax.exp' op is not legalized; run --relax-legalize first}}
  %y = relax.exp %x : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %y : !relax.tensor<[n], f32>
}

// -----

relax.func @library(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  // expected-error @below {{'relax.call_library' op is not supported by the host lowering yet}}
  %y = relax.call_library "cblas.copy"(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %y : !relax.tensor<[n], f32>
}

// -----

// expected-error @below {{a tensor of unknown rank cannot be lowered; match_cast it to a ranked type}}
relax.func private @opaque(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>

// -----

relax.func @cast_unranked(%x: !relax.tensor<[n], f32>) {
  // expected-error @below {{'relax.match_cast' op only casts to ranked tensors are supported by the host lowering}}
  %y = relax.match_cast %x : !relax.tensor<[n], f32> -> !relax.tensor<*, f32>
  relax.return
}
