// RUN: relax-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// The dim list parser rejects negative constants before the type verifier
// sees them.
// expected-error @+1 {{dim must be non-negative, got -1}}
relax.func private @negative_dim(!relax.tensor<[2, -1], f32>)

// -----

// expected-error @+1 {{dim must be non-negative, got -2}}
relax.func private @negative_dim_expr(!relax.shape<[3 - 5]>)

// -----

// expected-error @+1 {{tensor element type must be an integer, index, float or complex type, got '!relax.object'}}
relax.func private @bad_element_type(!relax.tensor<[2], !relax.object>)

// -----

// expected-error @+1 {{tensor element type must be an integer, index, float or complex type, got 'tensor<2xf32>'}}
relax.func private @tensor_of_tensor(!relax.tensor<[2], tensor<2xf32>>)

//===----------------------------------------------------------------------===//
// relax.func
//===----------------------------------------------------------------------===//

// -----

// expected-error @+1 {{'relax.func' op parameter #1 has type 'tensor<4xf32>', which is not a relax value}}
relax.func private @builtin_tensor_param(!relax.tensor<[4], f32>, tensor<4xf32>)

// -----

// expected-error @+1 {{'relax.func' op result #0 has type 'memref<4xf32>', which is not a relax value}}
relax.func private @memref_result(!relax.tensor<[4], f32>) -> memref<4xf32>

// -----

// expected-error @+1 {{'relax.func' op parameter #0 has type 'tuple<!relax.object, tensor<2xf32>>', which is not a relax value}}
relax.func private @tuple_of_builtin_tensor(tuple<!relax.object, tensor<2xf32>>)

// -----

// expected-error @+1 {{'relax.func' op body must be a single block}}
relax.func @two_blocks(%x: !relax.tensor<[n], f32>) {
  cf.br ^bb1
^bb1:
  relax.return
}

// -----

// FuncOp::verifyRegions also checks the entry block against the parameters,
// but the FunctionOpInterface verifier reports the mismatch first.
// expected-error @+1 {{'relax.func' op type of entry block argument #0('!relax.tensor<[m], f32>') must match the type of the corresponding argument in function signature('!relax.tensor<[n], f32>')}}
"relax.func"() <{function_type = (!relax.tensor<[n], f32>) -> (), sym_name = "entry_block_mismatch"}> ({
^bb0(%a: !relax.tensor<[m], f32>):
  "relax.return"() : () -> ()
}) : () -> ()

// -----

// A variable that appears only inside an expression cannot be bound.
// expected-error @+1 {{'relax.func' op symbolic variable 'n' is used in parameter types but never appears alone as a dim, so it cannot be bound}}
relax.func private @var_only_in_expr(!relax.tensor<[n + 1], f32>)

// -----

// expected-error @+1 {{'relax.func' op symbolic variable 'k' is used in parameter types but never appears alone as a dim, so it cannot be bound}}
relax.func private @var_only_in_expr2(!relax.tensor<[n], f32>, !relax.shape<[n, 2 * k]>)

// -----

// expected-error @+1 {{'relax.func' op result #1 uses symbolic variable 'm', which no parameter binds}}
relax.func @unbound_result_var(%x: !relax.tensor<[n], f32>)
    -> (!relax.tensor<[n], f32>, !relax.tensor<[m], f32>)

// -----

// expected-error @+1 {{'relax.func' op constraint on 'm', which is not a symbolic parameter}}
relax.func @constraint_on_non_param(%x: !relax.tensor<[n], f32>)
    attributes {sym.constraints = [#sym.range<n in [1, 8]>, #sym.range<m in [1, 8]>]} {
  relax.return
}

// -----

// expected-error @+1 {{'relax.func' op constraint on 'k', which is not a symbolic parameter}}
relax.func @divisible_on_non_param(%x: !relax.tensor<[n], f32>)
    attributes {sym.constraints = [#sym.divisible<k, 8>]} {
  relax.return
}

// -----

// A variable bound by match_cast in the body is still not a parameter.
// expected-error @+1 {{'relax.func' op constraint on 'k', which is not a symbolic parameter}}
relax.func @constraint_on_cast_var(%x: !relax.tensor<*, f32>)
    attributes {sym.constraints = [#sym.range<k in [1, 8]>]} {
  %y = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
  relax.return
}

//===----------------------------------------------------------------------===//
// Binding of symbolic variables in the body
//===----------------------------------------------------------------------===//

// -----

relax.func @unbound_in_shape(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.shape' op uses symbolic variable 'k' in its result types before it is bound; bind it with a parameter or a relax.match_cast}}
  %s = relax.shape [n, k]
  relax.return
}

// -----

relax.func @unbound_in_alloc_storage(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.alloc_storage' op uses symbolic variable 'k' in its attributes before it is bound; bind it with a parameter or a relax.match_cast}}
  %s = relax.alloc_storage size(4 * k)
  relax.return
}

// -----

relax.func @unbound_in_alloc_tensor_offset(%x: !relax.tensor<[n], f32>) {
  %s = relax.alloc_storage size(64 * n)
  // expected-error @+1 {{'relax.alloc_tensor' op uses symbolic variable 'k' in its attributes before it is bound; bind it with a parameter or a relax.match_cast}}
  %t = relax.alloc_tensor %s[k] : !relax.tensor<[n], f32>
  relax.return
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @unbound_in_call_tir_result(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op uses symbolic variable 'k' in its result types before it is bound; bind it with a parameter or a relax.match_cast}}
  %y = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[k], f32>
  relax.return
}

// -----

relax.func @unbound_in_dataflow(%x: !relax.tensor<[n], f32>) {
  relax.dataflow {
    // expected-error @+1 {{'relax.shape' op uses symbolic variable 'k' in its result types before it is bound; bind it with a parameter or a relax.match_cast}}
    %s = relax.shape [k]
    relax.output
  }
  relax.return
}

// -----

// A variable is usable only after the match_cast that binds it.
relax.func @used_before_match_cast(%x: !relax.tensor<*, f32>) {
  // expected-error @+1 {{'relax.shape' op uses symbolic variable 'k' in its result types before it is bound; bind it with a parameter or a relax.match_cast}}
  %s = relax.shape [k]
  %y = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k], f32>
  relax.return
}

// -----

// A variable that appears only inside an expression of a match_cast type
// is not bound by it.
relax.func @match_cast_expr_only(%x: !relax.tensor<*, f32>) {
  // expected-error @+1 {{'relax.match_cast' op uses symbolic variable 'k' in its result types before it is bound; bind it with a parameter or a relax.match_cast}}
  %y = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k + 1], f32>
  relax.return
}

// -----

relax.func @unbound_in_block_argument(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.dataflow' op uses symbolic variable 'q' in its block arguments before it is bound; bind it with a parameter or a relax.match_cast}}
  "relax.dataflow"() ({
  ^bb0(%a: !relax.tensor<[q], f32>):
    "relax.output"() : () -> ()
  }) : () -> ()
  relax.return
}

//===----------------------------------------------------------------------===//
// relax.return and relax.output
//===----------------------------------------------------------------------===//

// -----

relax.func @return_count(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  // expected-error @+1 {{'relax.return' op yields 0 values but the function has 1 results}}
  relax.return
}

// -----

relax.func @return_other_var(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[m], f32>)
    -> !relax.tensor<[m], f32> {
  // expected-error @+1 {{'relax.return' op operand #0 has type '!relax.tensor<[n], f32>' but the function declares '!relax.tensor<[m], f32>'}}
  relax.return %x : !relax.tensor<[n], f32>
}

// -----

// A less precise value is not returned where a more precise one is declared.
relax.func @return_less_precise(%x: !relax.tensor<*, f32>) -> !relax.tensor<[4], f32> {
  // expected-error @+1 {{'relax.return' op operand #0 has type '!relax.tensor<*, f32>' but the function declares '!relax.tensor<[4], f32>'}}
  relax.return %x : !relax.tensor<*, f32>
}

// -----

relax.func @return_dtype(%x: !relax.tensor<[n], f16>) -> !relax.tensor<[n], f32> {
  // expected-error @+1 {{'relax.return' op operand #0 has type '!relax.tensor<[n], f16>' but the function declares '!relax.tensor<[n], f32>'}}
  relax.return %x : !relax.tensor<[n], f16>
}

// -----

relax.func @output_count(%x: !relax.tensor<[n], f32>) {
  %r:2 = relax.dataflow -> !relax.tensor<[n], f32>, !relax.tensor<[n], f32> {
    // expected-error @+1 {{'relax.output' op yields 1 values but the dataflow region has 2 results}}
    relax.output %x : !relax.tensor<[n], f32>
  }
  relax.return
}

// -----

relax.func @output_type(%x: !relax.tensor<[n], f32>) {
  %r = relax.dataflow -> !relax.shape<[n]> {
    // expected-error @+1 {{'relax.output' op operand #0 has type '!relax.tensor<[n], f32>' but the dataflow region declares '!relax.shape<[n]>'}}
    relax.output %x : !relax.tensor<[n], f32>
  }
  relax.return
}

// -----

relax.func @output_rank(%x: !relax.tensor<[n], f32>) {
  %r = relax.dataflow -> !relax.tensor<[n, 1], f32> {
    // expected-error @+1 {{'relax.output' op operand #0 has type '!relax.tensor<[n], f32>' but the dataflow region declares '!relax.tensor<[n, 1], f32>'}}
    relax.output %x : !relax.tensor<[n], f32>
  }
  relax.return
}

//===----------------------------------------------------------------------===//
// relax.dataflow
//===----------------------------------------------------------------------===//

// -----

relax.func @dataflow_kill_tensor(%x: !relax.tensor<[n], f32>) {
  relax.dataflow {
    // expected-error @+1 {{'relax.kill_tensor' op has side effects and is not allowed in a dataflow region}}
    relax.kill_tensor %x : !relax.tensor<[n], f32>
    relax.output
  }
  relax.return
}

// -----

relax.func @dataflow_alloc_storage(%x: !relax.tensor<[n], f32>) {
  relax.dataflow {
    // expected-error @+1 {{'relax.alloc_storage' op has side effects and is not allowed in a dataflow region}}
    %s = relax.alloc_storage size(64)
    relax.output
  }
  relax.return
}

// -----

relax.func @dataflow_nested_dataflow(%x: !relax.tensor<[n], f32>) {
  relax.dataflow {
    // expected-error @+1 {{'relax.dataflow' op is not allowed in a dataflow region: dataflow regions have no control flow}}
    relax.dataflow {
      relax.output
    }
    relax.output
  }
  relax.return
}

// -----

relax.func @dataflow_scf_if(%x: !relax.tensor<[n], f32>, %c: i1) {
  relax.dataflow {
    // expected-error @+1 {{'scf.if' op is not allowed in a dataflow region: dataflow regions have no control flow}}
    scf.if %c {
    }
    relax.output
  }
  relax.return
}

// -----

relax.func @dataflow_wrong_terminator(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.dataflow' op region must end with relax.output}}
  relax.dataflow {
    llvm.unreachable
  }
  relax.return
}

// -----

relax.func @dataflow_empty(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.dataflow' op expects a non-empty block}}
  relax.dataflow {
  }
  relax.return
}

//===----------------------------------------------------------------------===//
// relax.match_cast
//===----------------------------------------------------------------------===//

// -----

relax.func @match_cast_dtype(%x: !relax.tensor<*, f32>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: element type 'f32' differs from 'f16'}}
  %y = relax.match_cast %x : !relax.tensor<*, f32> -> !relax.tensor<[k], f16>
  relax.return
}

// -----

relax.func @match_cast_rank(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: rank 2 can never match rank 3}}
  %y = relax.match_cast %x : !relax.tensor<[n, 4], f32> -> !relax.tensor<[n, 4, k], f32>
  relax.return
}

// -----

relax.func @match_cast_dim(%x: !relax.tensor<[n, 4], f32>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: dim 1 is 4, which can never equal 5}}
  %y = relax.match_cast %x : !relax.tensor<[n, 4], f32> -> !relax.tensor<[n, 5], f32>
  relax.return
}

// -----

relax.func @match_cast_symbolic_dim(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: dim 0 is n, which can never equal n + 1}}
  %y = relax.match_cast %x : !relax.tensor<[n], f32> -> !relax.tensor<[n + 1], f32>
  relax.return
}

// -----

relax.func @match_cast_tensor_to_shape(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: a non-shape value cannot be cast to a shape}}
  %y = relax.match_cast %x : !relax.tensor<[n], f32> -> !relax.shape<[n]>
  relax.return
}

// -----

relax.func @match_cast_shape_to_tensor(%s: !relax.shape<[n]>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: a non-tensor value cannot be cast to a tensor}}
  %y = relax.match_cast %s : !relax.shape<[n]> -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func @match_cast_shape_rank(%s: !relax.shape<[n]>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: rank 1 can never match rank 2}}
  %y = relax.match_cast %s : !relax.shape<[n]> -> !relax.shape<[n, k]>
  relax.return
}

// -----

relax.func @match_cast_tuple_size(%t: tuple<!relax.tensor<*, f32>>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: tuple structure differs}}
  %y = relax.match_cast %t : tuple<!relax.tensor<*, f32>> -> tuple<!relax.tensor<[k], f32>, !relax.object>
  relax.return
}

// -----

relax.func @match_cast_tensor_to_tuple(%x: !relax.tensor<*, f32>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: tuple structure differs}}
  %y = relax.match_cast %x : !relax.tensor<*, f32> -> tuple<!relax.tensor<[k], f32>>
  relax.return
}

// -----

relax.func @match_cast_tuple_field(%t: tuple<!relax.tensor<*, f32>, !relax.shape<[n]>>) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: field 1: dim 0 is n, which can never equal n + 2}}
  %y = relax.match_cast %t : tuple<!relax.tensor<*, f32>, !relax.shape<[n]>> -> tuple<!relax.tensor<[k], f32>, !relax.shape<[n + 2]>>
  relax.return
}

// -----

relax.func @match_cast_scalar(%x: i64) {
  // expected-error @+1 {{'relax.match_cast' op can never succeed: type 'i64' can never match 'f32'}}
  %y = relax.match_cast %x : i64 -> f32
  relax.return
}

//===----------------------------------------------------------------------===//
// relax.call
//===----------------------------------------------------------------------===//

// -----

relax.func @call_missing(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op 'missing' does not reference a relax.func}}
  %y = relax.call @missing(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

tprog.func @prog(%x: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

relax.func @call_tprog(%x: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call' op 'prog' does not reference a relax.func}}
  %y = relax.call @prog(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_too_many_args(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op passes 2 arguments but 'callee' takes 1}}
  %y = relax.call @callee(%x, %x) : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_too_few_args() {
  // expected-error @+1 {{'relax.call' op passes 0 arguments but 'callee' takes 1}}
  %y = relax.call @callee() : () -> !relax.tensor<[3], f32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_too_many_results(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op has 2 results but 'callee' returns 1}}
  %y:2 = relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_no_results(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op has 0 results but 'callee' returns 1}}
  relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> ()
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_arg_dtype(%x: !relax.tensor<[n], f16>) {
  // expected-error @+1 {{'relax.call' op argument #0 has element type 'f16' but the callee expects 'f32'}}
  %y = relax.call @callee(%x) : (!relax.tensor<[n], f16>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_result_dtype(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op result #0 has element type 'i32' but the callee returns 'f32'}}
  %y = relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], i32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_arg_rank(%x: !relax.tensor<[n, 2], f32>) {
  // expected-error @+1 {{'relax.call' op argument #0 has rank 2 but the callee expects rank 1}}
  %y = relax.call @callee(%x) : (!relax.tensor<[n, 2], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_result_rank(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op result #0 has rank 0 but the callee returns rank 1}}
  %y = relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[], f32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m, 4], f32>) -> !relax.tensor<[m], f32>

relax.func @call_arg_dim(%x: !relax.tensor<[n, 5], f32>) {
  // expected-error @+1 {{'relax.call' op argument #0 dim 1 is 5 but the callee expects 4}}
  %y = relax.call @callee(%x) : (!relax.tensor<[n, 5], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// The first argument binds m := 3, so the second cannot be [4].
relax.func private @callee(!relax.tensor<[m], f32>, !relax.tensor<[m], f32>)

relax.func @call_repeated_var(%x: !relax.tensor<[3], f32>, %y: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call' op argument #1 dim 0 is 4 but the callee expects 3}}
  relax.call @callee(%x, %y) : (!relax.tensor<[3], f32>, !relax.tensor<[4], f32>) -> ()
  relax.return
}

// -----

// With m := n the callee returns [2 * n], not [2 * n + 1].
relax.func private @callee(!relax.tensor<[m], f32>) -> !relax.tensor<[2 * m], f32>

relax.func @call_result_dim(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op result #0 dim 0 is 2 * n + 1 but the callee returns 2 * n}}
  %y = relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[2 * n + 1], f32>
  relax.return
}

// -----

relax.func private @callee(!relax.tensor<[m], f32>)

relax.func @call_kind(%s: !relax.shape<[n]>) {
  // expected-error @+1 {{'relax.call' op argument #0 has type '!relax.shape<[n]>' but the callee expects '!relax.tensor<[m], f32>'}}
  relax.call @callee(%s) : (!relax.shape<[n]>) -> ()
  relax.return
}

// -----

relax.func private @callee(i64)

relax.func @call_scalar(%s: f32) {
  // expected-error @+1 {{'relax.call' op argument #0 has type 'f32' but the callee expects 'i64'}}
  relax.call @callee(%s) : (f32) -> ()
  relax.return
}

// -----

relax.func private @callee(tuple<!relax.tensor<[m], f32>, !relax.shape<[m]>>)

relax.func @call_tuple_size(%t: tuple<!relax.tensor<[n], f32>>) {
  // expected-error @+1 {{'relax.call' op argument #0 has type 'tuple<!relax.tensor<[n], f32>>' but the callee expects 'tuple<!relax.tensor<[m], f32>, !relax.shape<[m]>>'}}
  relax.call @callee(%t) : (tuple<!relax.tensor<[n], f32>>) -> ()
  relax.return
}

// -----

relax.func private @callee(tuple<!relax.tensor<[m], f32>>)

relax.func @call_tuple_vs_tensor(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call' op argument #0 has type '!relax.tensor<[n], f32>' but the callee expects 'tuple<!relax.tensor<[m], f32>>'}}
  relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> ()
  relax.return
}

// -----

relax.func private @callee(tuple<!relax.tensor<[m], f32>, !relax.shape<[m]>>)

relax.func @call_tuple_field(%t: tuple<!relax.tensor<[n], f32>, !relax.shape<[n, 1]>>) {
  // expected-error @+1 {{'relax.call' op argument #0 field 1 has rank 2 but the callee expects rank 1}}
  relax.call @callee(%t) : (tuple<!relax.tensor<[n], f32>, !relax.shape<[n, 1]>>) -> ()
  relax.return
}

//===----------------------------------------------------------------------===//
// relax.call_tir
//===----------------------------------------------------------------------===//

// -----

relax.func @call_tir_missing(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op 'missing' does not reference a tprog.func}}
  %y = relax.call_tir @missing(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func private @graph(!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>

relax.func @call_tir_relax_func(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op 'graph' does not reference a tprog.func}}
  %y = relax.call_tir @graph(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

func.func private @builtin_func(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>

relax.func @call_tir_func_func(%x: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call_tir' op 'builtin_func' does not reference a tprog.func}}
  %y = relax.call_tir @builtin_func(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
  relax.return
}

// -----

tprog.func @add(%a: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                %b: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_too_few_args(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op passes 1 arguments, 1 destinations and 0 symbolic values but 'add' takes 3 arguments}}
  %y = relax.call_tir @add(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

tprog.func @add(%a: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                %b: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_too_many_results(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op passes 2 arguments, 2 destinations and 0 symbolic values but 'add' takes 3 arguments}}
  %y:2 = relax.call_tir @add(%x, %x) : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return
}

// -----

// Same number of arguments in total, but the split between inputs and
// destinations does not match the callee.
tprog.func @add(%a: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                %b: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_wrong_split(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op expects 'add' to take 1 inputs followed by 2 destinations, but argument #1 is not a destination}}
  %y:2 = relax.call_tir @add(%x) : (!relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return
}

// -----

// Destinations must be the trailing arguments.
tprog.func @leading_dest(%o: tensor<4xf32> {tprog.output}, %x: tensor<4xf32>)
    -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

relax.func @call_tir_leading_dest(%x: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call_tir' op expects 'leading_dest' to take 1 inputs followed by 1 destinations, but argument #0 is a destination}}
  %y = relax.call_tir @leading_dest(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
  relax.return
}

// -----

tprog.func @f32_prog(%x: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

relax.func @call_tir_operand_dtype(%x: !relax.tensor<[4], f16>) {
  // expected-error @+1 {{'relax.call_tir' op operand #0 has element type 'f16' but the callee expects 'f32'}}
  %y = relax.call_tir @f32_prog(%x) : (!relax.tensor<[4], f16>) -> !relax.tensor<[4], f32>
  relax.return
}

// -----

tprog.func @f32_prog(%x: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

relax.func @call_tir_result_dtype(%x: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call_tir' op result #0 has element type 'i8' but the callee expects 'f32'}}
  %y = relax.call_tir @f32_prog(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4], i8>
  relax.return
}

// -----

tprog.func @f32_prog(%x: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

relax.func @call_tir_result_rank(%x: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call_tir' op result #0 has rank 2 but the callee expects rank 1}}
  %y = relax.call_tir @f32_prog(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4, 1], f32>
  relax.return
}

// -----

tprog.func @f32_prog(%x: tensor<4xf32>, %o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  tprog.return %o : tensor<4xf32>
}

relax.func @call_tir_static_dim(%x: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call_tir' op result #0 dim 0 is 5 but the callee expects 4}}
  %y = relax.call_tir @f32_prog(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[5], f32>
  relax.return
}

// -----

tprog.func @mat(%x: tensor<?x4xf32> {sym.shape = #sym.shape<[m, 4]>},
                %o: tensor<?xf32> {sym.shape = #sym.shape<[m]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_operand_dim(%x: !relax.tensor<[n, 5], f32>) {
  // expected-error @+1 {{'relax.call_tir' op operand #0 dim 1 is 5 but the callee expects 4}}
  %y = relax.call_tir @mat(%x) : (!relax.tensor<[n, 5], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// m := n from the operand, so the destination is [2 * n].
tprog.func @dup(%x: tensor<?xf32> {sym.shape = #sym.shape<[m]>},
                %o: tensor<?xf32> {sym.shape = #sym.shape<[2 * m]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_result_symbolic_dim(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op result #0 dim 0 is 2 * n + 1 but the callee expects 2 * n}}
  %y = relax.call_tir @dup(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[2 * n + 1], f32>
  relax.return
}

// -----

tprog.func @two(%a: tensor<?xf32> {sym.shape = #sym.shape<[m]>},
                %b: tensor<?xf32> {sym.shape = #sym.shape<[m]>},
                %o: tensor<?xf32> {sym.shape = #sym.shape<[m]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_repeated_var(%a: !relax.tensor<[3], f32>, %b: !relax.tensor<[4], f32>) {
  // expected-error @+1 {{'relax.call_tir' op operand #1 dim 0 is 4 but the callee expects 3}}
  %y = relax.call_tir @two(%a, %b) : (!relax.tensor<[3], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[3], f32>
  relax.return
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_unknown_result_dim(%x: !relax.tensor<[?], f32>) {
  // expected-error @+1 {{'relax.call_tir' op result #0 has type '!relax.tensor<[?], f32>'; results allocated by the caller need a fully known shape}}
  %y = relax.call_tir @relu(%x) : (!relax.tensor<[?], f32>) -> !relax.tensor<[?], f32>
  relax.return
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @call_tir_unranked_result(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir' op result #0 has type '!relax.tensor<*, f32>'; results allocated by the caller need a fully known shape}}
  %y = relax.call_tir @relu(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

relax.func @call_tir_shape_arg(%s: !relax.shape<[n]>) {
  // expected-error @+1 {{'relax.call_tir' op operand #0 must be variadic of relax tensor, but got '!relax.shape<[n]>'}}
  %y = relax.call_tir @relu(%s) : (!relax.shape<[n]>) -> !relax.tensor<[n], f32>
  relax.return
}

//===----------------------------------------------------------------------===//
// relax.call_tir_inplace
//===----------------------------------------------------------------------===//

// -----

relax.func @inplace_count(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op has 1 results but 2 in-place indices}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [0, -1] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func @inplace_out_of_range(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op in-place index 1 of result #0 is out of range for 1 arguments}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [1] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func @inplace_negative(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op in-place index -2 of result #0 is out of range for 1 arguments}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [-2] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func @inplace_duplicate(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op argument #0 is overwritten by more than one result}}
  %r:2 = relax.call_tir_inplace @swap_(%x, %y) inplace [0, 0] : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>)
  relax.return
}

// -----

relax.func @inplace_result_type(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op result #0 of type '!relax.tensor<[n], f16>' does not match argument #0 of type '!relax.tensor<[n], f32>' that it overwrites}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f16>
  relax.return
}

// -----

relax.func @inplace_result_shape(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op result #0 of type '!relax.tensor<[n, 1], f32>' does not match argument #0 of type '!relax.tensor<[n], f32>' that it overwrites}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n, 1], f32>
  relax.return
}

// -----

tprog.func @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %x : tensor<?xf32>
}

relax.func @inplace_used_after(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  // expected-error @+1 {{'relax.call_tir_inplace' op argument #0 is overwritten but used again afterwards}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %x : !relax.tensor<[n], f32>
}

// -----

tprog.func @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %x : tensor<?xf32>
}

// A use nested in a later region counts too.
relax.func @inplace_used_after_in_region(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op argument #0 is overwritten but used again afterwards}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.dataflow {
    %s = relax.shape_of %x : !relax.tensor<[n], f32>
    relax.output
  }
  relax.return
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @inplace_fresh_unknown_dim(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op result #0 has type '!relax.tensor<[?], f32>'; results allocated by the caller need a fully known shape}}
  %y = relax.call_tir_inplace @relu(%x) inplace [-1] : (!relax.tensor<[n], f32>) -> !relax.tensor<[?], f32>
  relax.return
}

// -----

tprog.func @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %x : tensor<?xf32>
}

relax.func @inplace_callee_arity(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op passes 1 arguments and 1 new destinations but 'relu_' takes 1 arguments}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [-1] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func @inplace_missing(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op 'missing' does not reference a tprog.func}}
  %y = relax.call_tir_inplace @missing(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// The overwritten argument must be marked as a destination of the callee.
tprog.func @not_marked(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                       %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @inplace_callee_not_marked(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op expects argument #0 of 'not_marked' to be a destination}}
  %r = relax.call_tir_inplace @not_marked(%x, %y) inplace [0] : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

// An argument that is not overwritten must not be marked.
tprog.func @both_marked(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output},
                        %y: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> (tensor<?xf32>, tensor<?xf32>) {
  tprog.return %x, %y : tensor<?xf32>, tensor<?xf32>
}

relax.func @inplace_callee_extra_marked(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op expects argument #1 of 'both_marked' to be not a destination}}
  %r = relax.call_tir_inplace @both_marked(%x, %y) inplace [0] : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

tprog.func @relu(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>},
                 %o: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %o : tensor<?xf32>
}

relax.func @inplace_fresh_dim(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op result #0 dim 0 is n + 1 but the callee expects n}}
  %y = relax.call_tir_inplace @relu(%x) inplace [-1] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n + 1], f32>
  relax.return
}

// -----

tprog.func @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output})
    -> tensor<?xf32> {
  tprog.return %x : tensor<?xf32>
}

relax.func @inplace_operand_dtype(%x: !relax.tensor<[n], i32>) {
  // expected-error @+1 {{'relax.call_tir_inplace' op operand #0 has element type 'i32' but the callee expects 'f32'}}
  %y = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], i32>) -> !relax.tensor<[n], i32>
  relax.return
}

//===----------------------------------------------------------------------===//
// relax.call_library
//===----------------------------------------------------------------------===//

// -----

relax.func @call_library_empty_name(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_library' op needs a non-empty library function name}}
  %y = relax.call_library ""(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return
}

// -----

relax.func @call_library_unknown_result(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.call_library' op result #0 has type '!relax.tensor<[n, ?], f32>'; results allocated by the caller need a fully known shape}}
  %y = relax.call_library "lib.f"(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n, ?], f32>
  relax.return
}

//===----------------------------------------------------------------------===//
// Shapes, tuples and constants
//===----------------------------------------------------------------------===//

// -----

relax.func @shape_unknown_dim(%x: !relax.tensor<[n], f32>) {
  // expected-error @+1 {{'relax.shape' op dim 1 of a shape value must be known}}
  %s = relax.shape [n, ?]
  relax.return
}

// -----

relax.func @tuple_get_out_of_range(%t: tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>) {
  // expected-error @+1 {{tuple index 2 is out of range for a tuple of 2 fields}}
  %g = relax.tuple_get %t[2] : tuple<!relax.tensor<[n], f32>, !relax.shape<[n]>>
  relax.return
}

// -----

relax.func @tuple_get_negative(%t: tuple<!relax.object>) {
  // expected-error @+1 {{tuple index -1 is out of range for a tuple of 1 fields}}
  %g = relax.tuple_get %t[-1] : tuple<!relax.object>
  relax.return
}

// -----

relax.func @tuple_get_empty(%t: tuple<>) {
  // expected-error @+1 {{tuple index 0 is out of range for a tuple of 0 fields}}
  %g = relax.tuple_get %t[0] : tuple<>
  relax.return
}

// -----

// The builtin dense parser already rejects dynamic shapes; a dense resource
// with a dynamic shape reaches the op.
relax.func @constant_dynamic_shape() {
  // expected-error @+1 {{constant value must have a static shape}}
  %c = relax.constant dense_resource<blob> : tensor<?xf32>
  relax.return
}

// -----

relax.func @constant_wrong_type() {
  // expected-error @+2 {{'relax.constant' op inferred type(s) '!relax.tensor<[2], f32>' are incompatible with return type(s) of operation '!relax.tensor<[3], f32>'}}
  // expected-error @+1 {{'relax.constant' op failed to infer returned types}}
  %c = "relax.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> !relax.tensor<[3], f32>
  relax.return
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

// -----

relax.func @alloc_storage_negative_size() {
  // expected-error @+1 {{'relax.alloc_storage' op storage size must be non-negative, got -16}}
  %s = relax.alloc_storage size(-16)
  relax.return
}

// -----

relax.func @alloc_storage_zero_alignment() {
  // expected-error @+1 {{'relax.alloc_storage' op alignment must be a positive power of two, got 0}}
  %s = relax.alloc_storage size(16) {alignment = 0 : i64}
  relax.return
}

// -----

relax.func @alloc_storage_non_power_of_two_alignment() {
  // expected-error @+1 {{'relax.alloc_storage' op alignment must be a positive power of two, got 48}}
  %s = relax.alloc_storage size(16) {alignment = 48 : i64}
  relax.return
}

// -----

relax.func @alloc_storage_negative_alignment() {
  // expected-error @+1 {{'relax.alloc_storage' op alignment must be a positive power of two, got -64}}
  %s = relax.alloc_storage size(16) {alignment = -64 : i64}
  relax.return
}

// -----

relax.func @alloc_tensor_negative_offset() {
  %s = relax.alloc_storage size(64)
  // expected-error @+1 {{'relax.alloc_tensor' op offset must be non-negative, got -4}}
  %t = relax.alloc_tensor %s[-4] : !relax.tensor<[4], f32>
  relax.return
}

// -----

relax.func @alloc_tensor_unknown_dim() {
  %s = relax.alloc_storage size(64)
  // expected-error @+1 {{'relax.alloc_tensor' op result must have a fully known shape, got '!relax.tensor<[?, 4], f32>'}}
  %t = relax.alloc_tensor %s[0] : !relax.tensor<[?, 4], f32>
  relax.return
}

// -----

relax.func @alloc_tensor_unranked() {
  %s = relax.alloc_storage size(64)
  // expected-error @+1 {{'relax.alloc_tensor' op result must have a fully known shape, got '!relax.tensor<*, f32>'}}
  %t = relax.alloc_tensor %s[0] : !relax.tensor<*, f32>
  relax.return
}

// -----

relax.func @output_type_must_be_exact(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  %r = relax.dataflow -> !relax.tensor<*, f32> {
    // expected-error @+1 {{'relax.output' op operand #0 has type '!relax.tensor<[n], f32>' but the dataflow region declares '!relax.tensor<*, f32>'}}
    relax.output %x : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<*, f32>
}

// -----

tprog.func @relu_(%x: tensor<?xf32> {sym.shape = #sym.shape<[n]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %x : tensor<?xf32>
}
relax.func @inplace_arg_used_after_region(%x: !relax.tensor<[n], f32>) -> (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) {
  %r = relax.dataflow -> !relax.tensor<[n], f32> {
    // expected-error @+1 {{'relax.call_tir_inplace' op argument #0 is overwritten but used again afterwards}}
    %y = relax.call_tir_inplace @relu_(%x) inplace [0] : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.output %y : !relax.tensor<[n], f32>
  }
  relax.return %r, %x : !relax.tensor<[n], f32>, !relax.tensor<[n], f32>
}

// -----

// expected-error @+1 {{'relax.pattern_kind' must be a #relax.pattern_kind, got "fast"}}
tprog.func @bad_kind(%o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> attributes {relax.pattern_kind = "fast"} {
  tprog.return %o : tensor<4xf32>
}

// -----

// expected-error @+2 {{expected ::mlir::relax::PatternKind to be one of}}
// expected-error @+1 {{failed to parse Relax_PatternKindAttr parameter 'value'}}
tprog.func @unknown_kind(%o: tensor<4xf32> {tprog.output}) -> tensor<4xf32> attributes {relax.pattern_kind = #relax.pattern_kind<fast>} {
  tprog.return %o : tensor<4xf32>
}

// -----

// expected-error @+1 {{'relax.pattern_kind' is only valid on tprog.func}}
func.func private @kind_on_func() attributes {relax.pattern_kind = #relax.pattern_kind<opaque>}

// -----

// expected-error @+1 {{unknown relax dialect attribute 'relax.foo'}}
func.func private @unknown_relax_attr() attributes {relax.foo}

// -----

// expected-error @+1 {{'relax.transform_params' is a symbol reference on relax.func}}
func.func private @transform_on_func() attributes {relax.transform_params = @t}

// -----

// expected-error @+1 {{'relax.transform_params' names @missing, which is not a relax.func}}
relax.func @main(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
    attributes {relax.transform_params = @missing} {
  relax.return %x : !relax.tensor<[4], f32>
}

// -----

relax.func @t(%w: !relax.tensor<[4], f32>) -> !relax.tensor<[8], f32> {
  %c = relax.concat %w, %w {axis = 0 : i64} : (!relax.tensor<[4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[8], f32>
  relax.return %c : !relax.tensor<[8], f32>
}
// expected-error @+1 {{'relax.transform_params': the results of @t must be the trailing parameters of the function}}
relax.func @main(%x: !relax.tensor<[4], f32>, %w: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
    attributes {relax.transform_params = @t} {
  relax.return %x : !relax.tensor<[4], f32>
}

// -----

// expected-error @+1 {{'relax.planned_peak' is a #sym.expr of a relax.func}}
relax.func @planned_peak_not_expr() attributes {relax.planned_peak = 64 : i64} {
  relax.return
}

// -----

// expected-error @+1 {{'relax.planned_peak_max' is an i64 of a relax.func}}
func.func private @planned_peak_max_on_func() attributes {relax.planned_peak_max = 64 : i64}

// -----

func.func @errors_released_on_constant() -> i1 {
  // expected-error @+1 {{'relax.errors_released' is a unit attribute of calls and of ops with regions}}
  %c = arith.constant {relax.errors_released} true
  return %c : i1
}

// -----

func.func @errors_released_not_unit(%c: i1) {
  // expected-error @+1 {{'relax.errors_released' is a unit attribute of calls and of ops with regions}}
  scf.if %c {
  } {relax.errors_released = 1 : i64}
  return
}
