// RUN: relax-opt %s --relax-explicit-alloc --relax-plan-memory | %python %relax_src_root/scripts/plan-timeline.py --func pack --size n=8 | FileCheck %s
//
// scripts/plan-timeline.py draws a plan as SVG: one band per storage, the
// arena first, and one bar per tensor at its offset over its live range,
// labelled with the op that writes it. At n = 8 the arena holds 192 * n =
// 1536 bytes: %a (512 bytes) at 0 until %b is written, %b (1024 bytes) above
// it, %c back at 0; the returned %r has a storage of its own.

tprog.func private @first(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}
tprog.func private @widen(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}
tprog.func private @narrow(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}
tprog.func private @last(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}

// CHECK:      <svg xmlns="http://www.w3.org/2000/svg"
// CHECK:      @pack at n=8; 2,048 bytes in 2 storages
// CHECK:      <g class="storage" id="storage0" data-size="1536">
// CHECK:      <rect class="tensor" {{.*}} data-op="first" data-offset="0" data-bytes="512" data-live="2-6">
// CHECK-SAME: <title>%{{.*}} = first: 512 bytes at offset 0, ops 2 to 6</title>
// CHECK:      >first</text>
// CHECK:      <rect class="tensor" {{.*}} data-op="widen" data-offset="512" data-bytes="1024" data-live="4-9">
// CHECK:      <rect class="tensor" {{.*}} data-op="narrow" data-offset="0" data-bytes="512" data-live="7-13">
// CHECK:      </g>
// CHECK-NEXT: <g class="storage" id="storage1" data-size="512">
// CHECK:      <rect class="tensor" {{.*}} data-op="last" data-offset="0" data-bytes="512" data-live="11-15">
// CHECK:      </svg>
relax.func @pack(%x: !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32> {
  %a = relax.call_tir @first(%x) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %b = relax.call_tir @widen(%a) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 32], f32>
  %c = relax.call_tir @narrow(%b) : (!relax.tensor<[n, 32], f32>) -> !relax.tensor<[n, 16], f32>
  %r = relax.call_tir @last(%c) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  relax.return %r : !relax.tensor<[n, 16], f32>
}
