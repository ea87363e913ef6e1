// RUN: relax-opt %s -split-input-file --relax-infer-shapes --relax-tensor-parallel -verify-diagnostics

// What --relax-tensor-parallel refuses, each a located error: heads that do
// not divide, sizes that do not divide, ops without a rule, and splits that
// do not fit an op's rule.

shard.grid @tp(shape = 2)
relax.func @indivisible_heads(%x: !relax.tensor<[s, 64], f32>,
    %wq: !relax.tensor<[64, 96], f32> {relax.split_axes = #shard<axisarray[[], [0]]>})
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  %q = relax.matmul %x, %wq : (!relax.tensor<[s, 64], f32>, !relax.tensor<[64, 96], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.reshape' op operand #0 is split over the ranks along dim 1: no dim of the result holds the same blocks (the dims before it must hold as many elements, and it must be a multiple of 2)}}
  %qh = relax.reshape %q {shape = #sym.shape<[s, 3, 32]>} : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  relax.return %qh : !relax.tensor<*, f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{parameter #0: dim 1 (7) is not provably a multiple of the 2 ranks}}
relax.func @indivisible_weight(%w: !relax.tensor<[4, 7], f32> {relax.split_axes = #shard<axisarray[[], [0]]>})
    -> (!relax.tensor<[4, 7], f32> {relax.split_axes = #shard<axisarray[[], [0]]>}) attributes {relax.grid = @tp} {
  relax.return %w : !relax.tensor<[4, 7], f32>
}

// -----

shard.grid @tp(shape = 2)
relax.func @no_rule(%x: !relax.tensor<[4, 8], f32> {relax.split_axes = #shard<axisarray[[0]]>})
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  // expected-error @+1 {{'relax.cumsum' op operand #0 is split over the ranks along dim 0: 'relax.cumsum' has no rule for values split over the ranks}}
  %y = relax.cumsum %x {axis = 1 : i64} : (!relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}

// -----

shard.grid @tp(shape = 2)
relax.func @whole_keys(%q: !relax.tensor<[1, 4, 8, 16], f32> {relax.split_axes = #shard<axisarray[[], [], [0]]>},
                       %k: !relax.tensor<[1, 4, 8, 16], f32>, %v: !relax.tensor<[1, 4, 8, 16], f32>)
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  // expected-error @+1 {{'relax.attention' op operand #1 must be split along the heads (dim 2) like q, k and v}}
  %o = relax.attention %q, %k, %v : (!relax.tensor<[1, 4, 8, 16], f32>, !relax.tensor<[1, 4, 8, 16], f32>, !relax.tensor<[1, 4, 8, 16], f32>) -> !relax.tensor<*, f32>
  relax.return %o : !relax.tensor<*, f32>
}

// -----

shard.grid @tp(shape = 2)
relax.func @whole_operand(%x: !relax.tensor<[4, 8], f32> {relax.split_axes = #shard<axisarray[[], [0]]>},
                          %b: !relax.tensor<[8], f32>)
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  // expected-error @+1 {{'relax.add' op operand #1 is whole on every rank, but result dim 1 is split: split this operand too (relax.split_axes), or keep the other whole}}
  %y = relax.add %x, %b : (!relax.tensor<[4, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}

// -----

shard.grid @tp(shape = 2)
relax.func @declared_split(%x: !relax.tensor<[4, 8], f32>)
    -> (!relax.tensor<*, f32> {relax.split_axes = #shard<axisarray[[0]]>}) attributes {relax.grid = @tp} {
  %y = relax.exp %x : (!relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  // expected-error @+1 {{'relax.return' op result #0 is declared split along dim 0 but is whole}}
  relax.return %y : !relax.tensor<*, f32>
}

// -----

shard.grid @tp(shape = 2)
// expected-error @+1 {{parameter #0: its split dim becomes m floordiv 2, and no parameter has 'm' as a dim of its own to bind it}}
relax.func @unbound(%x: !relax.tensor<[m, 8], f32> {relax.split_axes = #shard<axisarray[[0]]>})
    -> (!relax.tensor<*, f32> {relax.split_axes = #shard<axisarray[[0]]>})
    attributes {relax.grid = @tp, sym.constraints = [#sym.divisible<m, 2>]} {
  relax.return %x : !relax.tensor<[m, 8], f32>
}

// -----

shard.grid @tp(shape = 2)
relax.func @concat_split_dim(%x: !relax.tensor<[4, 8], f32> {relax.split_axes = #shard<axisarray[[0]]>},
                             %y: !relax.tensor<[4, 8], f32> {relax.split_axes = #shard<axisarray[[0]]>})
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  // expected-error @+1 {{'relax.concat' op operand #0 is split over the ranks along dim 0: a concat along the split dim}}
  %z = relax.concat %x, %y {axis = 0 : i64} : (!relax.tensor<[4, 8], f32>, !relax.tensor<[4, 8], f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}

// -----

shard.grid @tp(shape = 2)
relax.func @split_without_segments(%x: !relax.tensor<[4, 12], f32> {relax.split_axes = #shard<axisarray[[], [0]]>})
    -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>) attributes {relax.grid = @tp} {
  // expected-error @+1 {{'relax.split' op operand #0 is split over the ranks along dim 1: a split along the split dim must give its segments (relax.split_segments), one part each}}
  %a, %b, %c = relax.split %x {axis = 1 : i64, sections = 3 : i64} : (!relax.tensor<[4, 12], f32>) -> (!relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>)
  relax.return %a, %b, %c : !relax.tensor<*, f32>, !relax.tensor<*, f32>, !relax.tensor<*, f32>
}

// -----

shard.grid @tp(shape = 2)
relax.func @unknown_rank(%x: !relax.tensor<*, f32> {relax.split_axes = #shard<axisarray[[0]]>})
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  // expected-error @-2 {{'relax.func' op parameter #0 is split but has an unknown rank}}
  relax.return %x : !relax.tensor<*, f32>
}
