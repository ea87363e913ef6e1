// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-to-func --verify-diagnostics

// expected-error @below {{'relax.func' op has argument #0 of type '!relax.tensor<*, f32>', which the host lowering cannot represent; match_cast it to a tensor of known rank}}
relax.func @unranked(%x: !relax.tensor<*, f32>) {
  relax.return
}

// -----

// expected-error @below {{'relax.func' op has argument #0 of type '!relax.object', which the host lowering cannot represent}}
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

// expected-error @below {{'relax.func' op has result #0 of type '!relax.tensor<*, f32>', which the host lowering cannot represent; match_cast it to a tensor of known rank}}
relax.func private @opaque(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32>

// -----

relax.func @cast_unranked(%x: !relax.tensor<[n], f32>) {
  // expected-error @below {{'relax.match_cast' op only casts to ranked tensors are supported by the host lowering}}
  %y = relax.match_cast %x : !relax.tensor<[n], f32> -> !relax.tensor<*, f32>
  relax.return
}

// -----

relax.func @library_types(%x: !relax.tensor<[n, 64], f32>, %w: !relax.tensor<[64, 32], f32>, %v: !relax.tensor<[64], f32>) {
  %y = relax.call_library "relax.cpu.sgemm_nn"(%x, %w) : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 32], f32>) -> !relax.tensor<[n, 32], f32>
  // expected-error @below {{'relax.call_library_dps' op calls library function 'relax.cpu.sgemm_nn' with types that differ from an earlier call}}
  // expected-error @below {{failed to legalize operation 'relax.call_library_dps'}}
  %z = relax.call_library "relax.cpu.sgemm_nn"(%x, %w, %v) : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 32], f32>, !relax.tensor<[64], f32>) -> !relax.tensor<[n, 32], f32>
  relax.return
}

// -----

relax.func @library_scalar(%x: !relax.tensor<[n, 64], f32>, %i: i64) {
  // expected-error @below {{'relax.call_library' op passes only tensors to library functions after explicit allocation}}
  %y = relax.call_library "relax.cpu.scale"(%x, %i) : (!relax.tensor<[n, 64], f32>, i64) -> !relax.tensor<[n, 64], f32>
  relax.return
}
