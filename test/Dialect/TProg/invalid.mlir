// RUN: relax-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Destinations and results
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'tprog.func' op needs at least one destination argument marked 'tprog.output'}}
tprog.func @no_destination(%x: tensor<4xf32>) -> tensor<4xf32> {
  tprog.return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'tprog.func' op needs at least one destination argument marked 'tprog.output'}}
tprog.func private @no_destination_decl(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>

// -----

// expected-error @+1 {{'tprog.func' op destinations must be all ranked tensors or all memrefs}}
tprog.func private @mixed_destinations(tensor<4xf32>, tensor<4xf32> {tprog.output}, memref<4xf32> {tprog.output}) -> tensor<4xf32>

// -----

// expected-error @+1 {{'tprog.func' op destinations must be all ranked tensors or all memrefs}}
tprog.func private @scalar_destination(tensor<4xf32>, i64 {tprog.output})

// -----

// expected-error @+1 {{'tprog.func' op destinations must be all ranked tensors or all memrefs}}
tprog.func private @unranked_destination(tensor<4xf32>, tensor<*xf32> {tprog.output}) -> tensor<*xf32>

// -----

// expected-error @+1 {{'tprog.func' op must return one value per destination, of the destination's type}}
tprog.func private @tensor_no_results(tensor<4xf32>, tensor<4xf32> {tprog.output})

// -----

// expected-error @+1 {{'tprog.func' op must return one value per destination, of the destination's type}}
tprog.func private @tensor_too_many_results(tensor<4xf32>, tensor<4xf32> {tprog.output}) -> (tensor<4xf32>, tensor<4xf32>)

// -----

// expected-error @+1 {{'tprog.func' op must return one value per destination, of the destination's type}}
tprog.func private @tensor_wrong_result_type(tensor<4xf32>, tensor<4xf32> {tprog.output}) -> tensor<4xf16>

// -----

// Results follow the destinations in argument order.
// expected-error @+1 {{'tprog.func' op must return one value per destination, of the destination's type}}
tprog.func private @tensor_results_out_of_order(tensor<4xf32> {tprog.output}, tensor<2xi32> {tprog.output}) -> (tensor<2xi32>, tensor<4xf32>)

// -----

// expected-error @+1 {{'tprog.func' op writes memref destinations in place and must not return values}}
tprog.func private @memref_with_results(memref<4xf32>, memref<4xf32> {tprog.output}) -> memref<4xf32>

//===----------------------------------------------------------------------===//
// Symbolic dims
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'tprog.func' op argument #1 of type 'tensor<?xf32>' has dynamic dims but no 'sym.shape' naming them}}
tprog.func @dynamic_without_sym_shape(%x: tensor<4xf32>, %o: tensor<?xf32> {tprog.output}) -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// -----

// expected-error @+1 {{'tprog.func' op argument #0 of type 'memref<?x4xf32>' has dynamic dims but no 'sym.shape' naming them}}
tprog.func @memref_dynamic_without_sym_shape(%x: memref<?x4xf32>, %o: memref<4xf32> {tprog.output}) {
  tprog.return
}

// -----

// expected-error @+1 {{'tprog.func' op symbolic variable 'n' is not bound: it must appear alone as a dim of some argument}}
tprog.func @var_not_alone(%x: tensor<?xf32> {sym.shape = #sym.shape<[n + 1]>},
                          %o: tensor<?xf32> {sym.shape = #sym.shape<[2 * n]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

// -----

// expected-error @+1 {{'tprog.func' op symbolic variable 'k' is not bound: it must appear alone as a dim of some argument}}
tprog.func @var_only_in_expr(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                             %o: tensor<?xf32> {sym.shape = #sym.shape<[n * k]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

//===----------------------------------------------------------------------===//
// sym.shape argument attributes
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'sym.shape' of argument #0 has rank 2 but the type has rank 1}}
tprog.func @sym_shape_rank(%x: tensor<?xf32> {sym.shape = #sym.shape<[n, 4]>},
                           %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 gives dim 1 as 5 but the type has static size 4}}
tprog.func @sym_shape_static_mismatch(%x: tensor<?x4xf32> {sym.shape = #sym.shape<[n, 5]>},
                                      %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 leaves dim 0 unknown}}
tprog.func @sym_shape_unknown_dim(%x: tensor<?xf32> {sym.shape = #sym.shape<[?]>},
                                  %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

// -----

// expected-error @+1 {{'sym.shape' on argument #1 needs a ranked shaped type, got 'i64'}}
tprog.func @sym_shape_on_scalar(%x: tensor<4xf32> {tprog.output},
                                %s: i64 {sym.shape = #sym.shape<[n]>}) -> tensor<4xf32> {
  tprog.return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'sym.shape' of argument #0 must be a #sym.shape}}
tprog.func @sym_shape_not_a_shape(%x: tensor<?xf32> {sym.shape = [1]},
                                  %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// tprog.output and other tprog argument attributes
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'tprog.output' is only valid on tprog.func arguments}}
func.func @output_on_func_func(%x: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// expected-error @+1 {{'tprog.output' is only valid on tprog.func arguments}}
relax.func @output_on_relax_func(%x: !relax.tensor<[4], f32> {tprog.output}) {
  relax.return
}

// -----

// expected-error @+1 {{'tprog.output' must be a unit attribute}}
tprog.func @output_not_unit(%x: tensor<4xf32>, %o: tensor<4xf32> {tprog.output = true}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

// -----

// expected-error @+1 {{unknown tprog dialect argument attribute 'tprog.outputs'}}
tprog.func @unknown_arg_attr(%x: tensor<4xf32> {tprog.outputs}, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

//===----------------------------------------------------------------------===//
// tprog.return
//===----------------------------------------------------------------------===//

// -----

tprog.func @return_count(%x: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  // expected-error @+1 {{'tprog.return' op returns 0 values but the function has 1 results}}
  tprog.return
}

// -----

tprog.func @return_count_memref(%x: memref<4xf32>, %o: memref<4xf32> {tprog.output}) {
  // expected-error @+1 {{'tprog.return' op returns 1 values but the function has 0 results}}
  tprog.return %o : memref<4xf32>
}

// -----

tprog.func @return_type(%x: tensor<4xf32>, %o: tensor<?xf32> {sym.shape = #sym.shape<[4]>, tprog.output}) -> tensor<?xf32> {
  // expected-error @+1 {{'tprog.return' op operand #0 has type 'tensor<4xf32>' but the function returns 'tensor<?xf32>'}}
  tprog.return %x : tensor<4xf32>
}

// -----

func.func @return_outside() {
  // expected-error @+1 {{'tprog.return' op expects parent op 'tprog.func'}}
  tprog.return
}
