// RUN: relax-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(relax-tile-and-vectorize))" --verify-diagnostics

func.func @wrong_loops(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax.cpu_schedule' needs `tiles`, one positive size per loop (2)}}
  %e = linalg.exp {relax.cpu_schedule = {tiles = array<i64: 4>}} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @not_contraction(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax.cpu_schedule' schedules a contraction, but the op is not one}}
  %e = linalg.exp {relax.cpu_schedule = {tiles = array<i64: 1, 4>, contraction}} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @dot_not_contraction(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax.cpu_schedule' schedules a dot-product contraction, but the op is not a contraction over one reduction dim}}
  %e = linalg.exp {relax.cpu_schedule = {tiles = array<i64: 1, 4>, dot}} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @dot_and_contraction(%a: tensor<?x64xf32>, %b: tensor<64x128xf32>, %c: tensor<?x128xf32>) -> tensor<?x128xf32> {
  // expected-error @below {{'relax.cpu_schedule' schedules a dot-product contraction, but the op is not a contraction over one reduction dim}}
  %m = linalg.matmul {relax.cpu_schedule = {tiles = array<i64: 4, 4, 16>, contraction, dot}} ins(%a, %b : tensor<?x64xf32>, tensor<64x128xf32>) outs(%c : tensor<?x128xf32>) -> tensor<?x128xf32>
  return %m : tensor<?x128xf32>
}

// -----

func.func @windowed_without_reduction(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax.cpu_schedule' schedules a windowed contraction, but the op is not one (an op with inputs and reduction loops, and no other kind)}}
  %e = linalg.exp {relax.cpu_schedule = {tiles = array<i64: 1, 4>, windowed}} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

func.func @bad_order(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  // expected-error @below {{'relax.cpu_schedule' has an `order` that is not a permutation of the 2 loops}}
  %e = linalg.exp {relax.cpu_schedule = {tiles = array<i64: 1, 4>, order = array<i64: 0, 0>}} ins(%x : tensor<?x?xf32>) outs(%y : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// -----

// expected-error @below {{'relax.cpu_schedule' must be a dictionary}}
func.func @not_dictionary() attributes {relax.cpu_schedule = 1 : i64} {
  return
}
