// RUN: relax-opt %s -split-input-file -verify-diagnostics

// Invalid collectives, and tensor-parallel annotations that do not verify.

relax.func @gather_axis(%x: !relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.ccl.allgather' op axis 2 is out of range for rank 2}}
  %y = relax.ccl.allgather %x {axis = 2 : i64, num_ranks = 2 : i64} : (!relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}

// -----

relax.func @gather_ranks(%x: !relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.ccl.allgather' op attribute 'num_ranks' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %y = relax.ccl.allgather %x {axis = 0 : i64, num_ranks = 0 : i64} : (!relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}

// -----

relax.func @reduce_result(%x: !relax.tensor<[4], f32>) -> !relax.tensor<*, f32> {
  // expected-error @+1 {{'relax.ccl.allreduce' op result #0 has type '!relax.tensor<[8], f32>' but the operands give '!relax.tensor<[4], f32>'}}
  %y = relax.ccl.allreduce %x : (!relax.tensor<[4], f32>) -> !relax.tensor<[8], f32>
  relax.return %y : !relax.tensor<[8], f32>
}

// -----

// expected-error @+1 {{'relax.grid' names @nowhere, which is not a shard.grid}}
relax.func @no_grid(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> attributes {relax.grid = @nowhere} {
  relax.return %x : !relax.tensor<[4], f32>
}

// -----

shard.grid @g2(shape = 2x2)
// expected-error @+1 {{'relax.grid': the grid @g2 must have one axis of static size (tensor parallelism)}}
relax.func @two_axes(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> attributes {relax.grid = @g2} {
  relax.return %x : !relax.tensor<[4], f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{'relax.grid' and 'relax.partitioned' exclude each other}}
relax.func @both(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> attributes {relax.grid = @tp, relax.partitioned = @tp} {
  relax.return %x : !relax.tensor<[4], f32>
}

// -----

// expected-error @+1 {{parameter #0: 'relax.split_axes' needs 'relax.grid' or 'relax.partitioned' on the function}}
relax.func @no_function_grid(%x: !relax.tensor<[4], f32> {relax.split_axes = #shard<axisarray[[0]]>}) -> !relax.tensor<[4], f32> {
  relax.return %x : !relax.tensor<[4], f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{parameter #0: 'relax.split_axes' has 3 entries for '!relax.tensor<[4, 4], f32>'}}
relax.func @too_many(%x: !relax.tensor<[4, 4], f32> {relax.split_axes = #shard<axisarray[[], [], [0]]>}) -> !relax.tensor<[4, 4], f32> attributes {relax.grid = @tp} {
  relax.return %x : !relax.tensor<[4, 4], f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{parameter #0: 'relax.split_axes' may list only grid axis 0 (a one-axis grid)}}
relax.func @grid_axis(%x: !relax.tensor<[4, 4], f32> {relax.split_axes = #shard<axisarray[[1]]>}) -> !relax.tensor<[4, 4], f32> attributes {relax.grid = @tp} {
  relax.return %x : !relax.tensor<[4, 4], f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{result #0: 'relax.split_axes' splits more than one dim}}
relax.func @two_dims(%x: !relax.tensor<[4, 4], f32>) -> (!relax.tensor<[4, 4], f32> {relax.split_axes = #shard<axisarray[[0], [0]]>}) attributes {relax.grid = @tp} {
  relax.return %x : !relax.tensor<[4, 4], f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{parameter #0: 'relax.split_axes' must be a #shard<axisarray[...]>}}
relax.func @not_axes(%x: !relax.tensor<[4, 4], f32> {relax.split_axes = [0]}) -> !relax.tensor<[4, 4], f32> attributes {relax.grid = @tp} {
  relax.return %x : !relax.tensor<[4, 4], f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{parameter #0: 'relax.split_segments' sums to 6 but dim 1 is 8}}
relax.func @segments_sum(%x: !relax.tensor<[4, 8], f32> {relax.split_axes = #shard<axisarray[[], [0]]>, relax.split_segments = array<i64: 2, 4>}) -> !relax.tensor<[4, 8], f32> attributes {relax.grid = @tp} {
  relax.return %x : !relax.tensor<[4, 8], f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{parameter #0: 'relax.split_segments' needs a split dim ('relax.split_axes')}}
relax.func @segments_alone(%x: !relax.tensor<[4, 8], f32> {relax.split_segments = array<i64: 4, 4>}) -> !relax.tensor<[4, 8], f32> attributes {relax.grid = @tp} {
  relax.return %x : !relax.tensor<[4, 8], f32>
}

// -----

// expected-error @+1 {{parameter #0: unknown relax dialect attribute 'relax.weight'}}
relax.func @unknown(%x: !relax.tensor<[4], f32> {relax.weight = "x"}) -> !relax.tensor<[4], f32> {
  relax.return %x : !relax.tensor<[4], f32>
}

// -----

// expected-error @+1 {{parameter #0: 'relax.param_name' must be a string}}
relax.func @param_name(%x: !relax.tensor<[4], f32> {relax.param_name = 3}) -> !relax.tensor<[4], f32> {
  relax.return %x : !relax.tensor<[4], f32>
}
