// RUN: relax-opt %s -split-input-file -verify-diagnostics --test-relax-infer-return-types | FileCheck %s

// Result types follow from operands and attributes alone: builders need no
// result types.

// CHECK-LABEL: relax.func @broadcast
relax.func @broadcast(%a: !relax.tensor<[n, 1], f32>, %b: !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1> {
  // CHECK: = add {{.*}} -> !relax.tensor<[n, 4], f32>
  // expected-remark @below {{inferred '!relax.tensor<[n, 4], f32>'}}
  %s = relax.add %a, %b : (!relax.tensor<[n, 1], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], f32>
  // expected-remark @below {{inferred '!relax.tensor<[n, 4], i1>'}}
  %c = relax.less %s, %b : (!relax.tensor<[n, 4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<[n, 4], i1>
  relax.return %c : !relax.tensor<[n, 4], i1>
}

// -----

// CHECK-LABEL: relax.func @attributes
relax.func @attributes(%x: !relax.tensor<[b, s, 12], f32>, %w: !relax.tensor<[4, 12], f32>) -> !relax.tensor<[b, s, 4], f32> {
  // expected-remark @below {{inferred '!relax.tensor<[b, s, 4], f32>'}}
  %y = relax.matmul %x, %w {transpose_b = true} : (!relax.tensor<[b, s, 12], f32>, !relax.tensor<[4, 12], f32>) -> !relax.tensor<[b, s, 4], f32>
  // expected-remark @below {{inferred '!relax.tensor<[b * s, 4], f32>'}}
  %r = relax.reshape %y {shape = #sym.shape<[b * s, 4]>} : (!relax.tensor<[b, s, 4], f32>) -> !relax.tensor<[b * s, 4], f32>
  // expected-remark @below {{inferred '!relax.tensor<[b, s, 4], f32>'}}
  %z = relax.reshape %r {shape = #sym.shape<[b, s, 4]>} : (!relax.tensor<[b * s, 4], f32>) -> !relax.tensor<[b, s, 4], f32>
  relax.return %z : !relax.tensor<[b, s, 4], f32>
}

// -----

// The number of results of split follows from its attributes.
// CHECK-LABEL: relax.func @split
relax.func @split(%x: !relax.tensor<[n, 12], f32>) -> !relax.tensor<[n, 4], f32> {
  // CHECK: %[[P:.*]]:3 = split
  // expected-remark @below {{inferred '!relax.tensor<[n, 4], f32>', '!relax.tensor<[n, 4], f32>', '!relax.tensor<[n, 4], f32>'}}
  %q, %k, %v = relax.split %x {axis = 1, sections = 3} : (!relax.tensor<[n, 12], f32>) -> (!relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>, !relax.tensor<[n, 4], f32>)
  // CHECK: return %[[P]]#2
  relax.return %v : !relax.tensor<[n, 4], f32>
}
