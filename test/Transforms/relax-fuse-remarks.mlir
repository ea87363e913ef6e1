// RUN: relax-opt %s --relax-fuse="remarks=1" -verify-diagnostics -o /dev/null
// RUN: relax-opt %s --relax-fuse="dot=%t.dot" -o /dev/null
// RUN: FileCheck %s --check-prefix=DOT < %t.dot
// RUN: relax-opt %s --relax-fuse="max-group-size=2" | FileCheck %s --check-prefix=SIZE

// The groups as remarks, and as a Graphviz graph with a cluster per group.

// DOT: digraph fusion {
// DOT: subgraph cluster_[[G:[0-9]+]] {
// DOT-NEXT: label="output_elementwise_fusable"
// DOT-NEXT: n[[M:[0-9]+]] [label="matmul\noutput_elementwise_fusable"];
// DOT-NEXT: n[[A:[0-9]+]] [label="add\nbroadcast"];
// DOT-NEXT: n[[R:[0-9]+]] [label="relu\nelementwise"];
// DOT-NEXT: }
// DOT: n[[S:[0-9]+]] [label="reshape\nopaque", shape=box];
// DOT: n[[M]] -> n[[A]];
// DOT: n[[A]] -> n[[R]];
// DOT: n[[R]] -> n[[S]];

// At most two ops per group: the relu stays apart.
// SIZE: call_tir @fused_matmul_add(
// SIZE: relu

relax.func @main(%x: !relax.tensor<[n, 16], f32>, %w: !relax.tensor<[16, 8], f32>,
                 %b: !relax.tensor<[8], f32>) -> !relax.tensor<[n, 2, 4], f32> {
  %r = relax.dataflow -> !relax.tensor<[n, 2, 4], f32> {
    // expected-remark @below {{fused 3 ops (output_elementwise_fusable) into @fused_matmul_add_relu: matmul add relu}}
    %m = relax.matmul %x, %w : (!relax.tensor<[n, 16], f32>, !relax.tensor<[16, 8], f32>) -> !relax.tensor<[n, 8], f32>
    %a = relax.add %m, %b : (!relax.tensor<[n, 8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[n, 8], f32>
    %y = relax.relu %a : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 8], f32>
    %s = relax.reshape %y {shape = #sym.shape<[n, 2, 4]>} : (!relax.tensor<[n, 8], f32>) -> !relax.tensor<[n, 2, 4], f32>
    relax.output %s : !relax.tensor<[n, 2, 4], f32>
  }
  relax.return %r : !relax.tensor<[n, 2, 4], f32>
}
