// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory=lend-returned=0 | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory="arena=0 lend-returned=0" | FileCheck %s --check-prefix=REUSE
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory="static-arena=1 lend-returned=0" | FileCheck %s --check-prefix=STATIC
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory="report=1 sizes=n=128,m=64 lend-returned=0" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory=lend-returned=0 --relax-plan-memory=lend-returned=0 | FileCheck %s
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory="search=0 lend-returned=0" | FileCheck %s --check-prefix=NOSEARCH
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory | FileCheck %s --check-prefix=LEND
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory="report=1 sizes=n=128" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=LEND-REPORT
// RUN: relax-opt %s --split-input-file --relax-explicit-alloc --relax-plan-memory=plan-results=1 | FileCheck %s --check-prefix=RESULTS
//
// The runs with `lend-returned=0` check the arena alone; LEND checks where
// returned storages first hold tensors that die before them.

tprog.func private @f2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}
tprog.func private @f1(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d1]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}
tprog.func private @g1(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %z: tensor<?xf32> {sym.shape = #sym.shape<[d1]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d2]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// exp, reshape (a view), relu, add, pad and log on [2, 4]: the storages of
// 32 and 48 bytes are rounded to 64 where another follows them, and two
// slots serve all four; the view keeps the first alive until relu has read
// it. The result is returned, hence not planned; lending it, its storage
// first holds exp's and add's results, and one more storage of 48 bytes
// holds the others: the lower bound, 96 bytes.
// LEND-LABEL: relax.func @chain
// LEND:      %[[P:.*]] = alloc_storage size(48)
// LEND-NEXT: %[[R:.*]] = alloc_storage size(48)
// LEND-NEXT: %[[A:.*]] = alloc_tensor %[[R]][0] : <[2, 4], f32>
// LEND:      %[[B:.*]] = alloc_tensor %[[P]][0] : <[8], f32>
// LEND:      kill_tensor %[[A]]
// LEND-NEXT: %[[C:.*]] = alloc_tensor %[[R]][0] : <[8], f32>
// LEND:      %[[D:.*]] = alloc_tensor %[[P]][0] : <[2, 6], f32>
// LEND:      kill_tensor %[[C]]
// LEND-NEXT: %[[E:.*]] = alloc_tensor %[[R]][0] : <[2, 6], f32>
// LEND:      kill_tensor %[[D]]
// LEND-NEXT: kill_storage %[[P]]
// LEND-NEXT: return %[[E]]
// LEND-REPORT: remark: storages: 5 -> 2; peak 96 bytes, naive 192, lower bound 96
// With `plan-results`, the result goes into the arena too, which is then
// returned with it rather than killed: one storage for the call.
// RESULTS-LABEL: relax.func @chain
// RESULTS:      %[[ARENA:.*]] = alloc_storage size(112)
// RESULTS-NOT:  alloc_storage
// RESULTS:      %[[E:.*]] = alloc_tensor %[[ARENA]][0] : <[2, 6], f32>
// RESULTS-NOT:  kill_storage
// RESULTS:      return %[[E]]
// CHECK-LABEL: relax.func @chain
// CHECK:      %[[ARENA:.*]] = alloc_storage size(112)
// CHECK-NEXT: %[[A:.*]] = alloc_tensor %[[ARENA]][0] : <[2, 4], f32>
// CHECK:      %[[V:.*]] = view %[[A]]
// CHECK-NEXT: %[[B:.*]] = alloc_tensor %[[ARENA]][64] : <[8], f32>
// CHECK-NEXT: call_tir_dps @f1(%[[V]] {{.*}} outs(%[[B]]
// CHECK-NEXT: kill_tensor %[[A]]
// CHECK-NEXT: %[[C:.*]] = alloc_tensor %[[ARENA]][0] : <[8], f32>
// CHECK:      %[[D:.*]] = alloc_tensor %[[ARENA]][64] : <[2, 6], f32>
// CHECK:      %[[S:.*]] = alloc_storage size(48)
// CHECK-NEXT: %[[E:.*]] = alloc_tensor %[[S]][0] : <[2, 6], f32>
// CHECK:      kill_tensor %[[D]]
// CHECK-NEXT: kill_storage %[[ARENA]]
// CHECK-NOT:  kill_storage
// CHECK-NEXT: return %[[E]]
// REPORT: remark: storages: 5 -> 2; peak 160 bytes, naive 192, lower bound 96
relax.func @chain(%x: !relax.tensor<[2, 4], f32>) -> !relax.tensor<[2, 6], f32> {
  %a = relax.call_tir @f2(%x) : (!relax.tensor<[2, 4], f32>) -> !relax.tensor<[2, 4], f32>
  %v = relax.view %a : !relax.tensor<[2, 4], f32> -> !relax.tensor<[8], f32>
  %b = relax.call_tir @f1(%v) : (!relax.tensor<[8], f32>) -> !relax.tensor<[8], f32>
  %c = relax.call_tir @g1(%b, %b) : (!relax.tensor<[8], f32>, !relax.tensor<[8], f32>) -> !relax.tensor<[8], f32>
  %w = relax.view %c : !relax.tensor<[8], f32> -> !relax.tensor<[2, 4], f32>
  %d = relax.call_tir @f2(%w) : (!relax.tensor<[2, 4], f32>) -> !relax.tensor<[2, 6], f32>
  %e = relax.call_tir @f2(%d) : (!relax.tensor<[2, 6], f32>) -> !relax.tensor<[2, 6], f32>
  relax.return %e : !relax.tensor<[2, 6], f32>
}

// -----

tprog.func private @f2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}

// Three tensors of 64 * n, 128 * n and 64 * n bytes, the first two live
// together, then the last two: an arena of 192 * n, not 256 * n.
// CHECK-LABEL: relax.func @pack
// CHECK:      %[[ARENA:.*]] = alloc_storage size(192 * n)
// CHECK-NEXT: alloc_tensor %[[ARENA]][0] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * n] : <[n, 32], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[n, 16], f32>
// REPORT: remark: storages: 4 -> 2; peak 256 * n (32768) bytes, naive 320 * n (40960), lower bound 192 * n (24576)
relax.func @pack(%x: !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32> {
  %a = relax.call_tir @f2(%x) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %b = relax.call_tir @f2(%a) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 32], f32>
  %c = relax.call_tir @f2(%b) : (!relax.tensor<[n, 32], f32>) -> !relax.tensor<[n, 16], f32>
  %r = relax.call_tir @f2(%c) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  relax.return %r : !relax.tensor<[n, 16], f32>
}

// -----

tprog.func private @f2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}
tprog.func private @g2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %z: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d4, d5]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}

// The shape of a SwiGLU MLP: %a (64 * n bytes) lives to the end, %b (the
// same) until %d, and %c, %d, %e (192 * n each) are live together. In
// allocation order %e finds only %b's 64 * n hole and goes on top
// (704 * n); placed largest first, %b takes the room %e needs later and the
// arena is the lower bound, 640 * n.
// CHECK-LABEL: relax.func @largest_first
// CHECK:      %[[ARENA:.*]] = alloc_storage size(640 * n)
// CHECK-NEXT: alloc_tensor %[[ARENA]][576 * n] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][384 * n] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[n, 48], f32>
// CHECK:      alloc_tensor %[[ARENA]][192 * n] : <[n, 48], f32>
// CHECK:      alloc_tensor %[[ARENA]][384 * n] : <[n, 48], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[n, 48], f32>
// REPORT: remark: storages: 7 -> 2; peak 704 * n (90112) bytes, naive 960 * n (122880), lower bound 640 * n (81920)
relax.func @largest_first(%x: !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32> {
  %a = relax.call_tir @f2(%x) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %b = relax.call_tir @f2(%a) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %c = relax.call_tir @f2(%b) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 48], f32>
  %d = relax.call_tir @f2(%b) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 48], f32>
  %e = relax.call_tir @f2(%c) : (!relax.tensor<[n, 48], f32>) -> !relax.tensor<[n, 48], f32>
  %g = relax.call_tir @g2(%e, %d) : (!relax.tensor<[n, 48], f32>, !relax.tensor<[n, 48], f32>) -> !relax.tensor<[n, 48], f32>
  %r = relax.call_tir @g2(%a, %g) : (!relax.tensor<[n, 16], f32>, !relax.tensor<[n, 48], f32>) -> !relax.tensor<[n, 16], f32>
  relax.return %r : !relax.tensor<[n, 16], f32>
}

// -----

tprog.func private @f2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}

// An unbounded [m, n] chain: the [m, n] tensors fit where [m, 2 * n] ones
// were (a proven <=), the last takes the place of one of its own size.
// CHECK-LABEL: relax.func @unbounded
// CHECK:      %[[ARENA:.*]] = alloc_storage size(8 * m * n + 64 * ((8 * m * n + 63) floordiv 64))
// CHECK-NEXT: alloc_tensor %[[ARENA]][0] : <[m, 2 * n], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * ((8 * m * n + 63) floordiv 64)] : <[m, 2 * n], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[m, n], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * ((4 * m * n + 63) floordiv 64)] : <[m, n], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[m, n], f32>
// CHECK:      alloc_storage size(4 * m * n)
// REUSE-LABEL: relax.func @unbounded
// REUSE:      %[[S0:.*]] = alloc_storage size(8 * m * n)
// REUSE-NEXT: alloc_tensor %[[S0]][0] : <[m, 2 * n], f32>
// REUSE:      %[[S1:.*]] = alloc_storage size(8 * m * n)
// REUSE-NEXT: alloc_tensor %[[S1]][0] : <[m, 2 * n], f32>
// REUSE:      alloc_tensor %[[S0]][0] : <[m, n], f32>
// REUSE:      alloc_tensor %[[S1]][0] : <[m, n], f32>
// REUSE:      alloc_tensor %[[S0]][0] : <[m, n], f32>
// REUSE:      kill_storage %[[S1]]
// REUSE-NEXT: alloc_storage size(4 * m * n)
// REPORT: remark: storages: 6 -> 2; peak 12 * m * n + 64 * ((8 * m * n + 63) floordiv 64) (163840) bytes, naive 32 * m * n (262144), lower bound 16 * m * n (131072)
relax.func @unbounded(%x: !relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32> {
  %a = relax.call_tir @f2(%x) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, 2 * n], f32>
  %b = relax.call_tir @f2(%a) : (!relax.tensor<[m, 2 * n], f32>) -> !relax.tensor<[m, 2 * n], f32>
  %c = relax.call_tir @f2(%b) : (!relax.tensor<[m, 2 * n], f32>) -> !relax.tensor<[m, n], f32>
  %d = relax.call_tir @f2(%c) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
  %e = relax.call_tir @f2(%d) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
  %r = relax.call_tir @f2(%e) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
  relax.return %r : !relax.tensor<[m, n], f32>
}

// -----

tprog.func private @f2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}

// Bounded sizes: with static-arena the arena is a constant at the bounds,
// allocated at the entry.
// CHECK-LABEL: relax.func @bounded
// CHECK:      alloc_storage size(4 * m * n + 64 * ((4 * m * n + 63) floordiv 64))
// STATIC-LABEL: relax.func @bounded
// STATIC-NEXT: %[[ARENA:.*]] = alloc_storage size(65536)
// STATIC-NEXT: alloc_tensor %[[ARENA]][0] : <[m, n], f32>
// STATIC:      alloc_tensor %[[ARENA]][64 * ((4 * m * n + 63) floordiv 64)] : <[m, n], f32>
// STATIC:      alloc_tensor %[[ARENA]][0] : <[m, n], f32>
// REPORT: remark: storages: 4 -> 2; peak 8 * m * n + 64 * ((4 * m * n + 63) floordiv 64) (98304) bytes, naive 16 * m * n (131072), lower bound 8 * m * n (65536); at the upper bounds: peak 98304 bytes, naive 131072, lower bound 65536
relax.func @bounded(%x: !relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 128]>, #sym.range<m in [1, 64]>]} {
  %a = relax.call_tir @f2(%x) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
  %b = relax.call_tir @f2(%a) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
  %c = relax.call_tir @f2(%b) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
  %r = relax.call_tir @f2(%c) : (!relax.tensor<[m, n], f32>) -> !relax.tensor<[m, n], f32>
  relax.return %r : !relax.tensor<[m, n], f32>
}

// -----

tprog.func private @f1(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d1]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// A tensor used in a branch of relax.if is left in its own storage; the
// others are planned around it.
// CHECK-LABEL: relax.func @branch
// CHECK:      %[[ARENA:.*]] = alloc_storage size(4 * n + 64 * ((4 * n + 63) floordiv 64))
// CHECK-NEXT: %[[A:.*]] = alloc_tensor %[[ARENA]][0]
// CHECK:      %[[S:.*]] = alloc_storage size(4 * n)
// CHECK-NEXT: %[[T:.*]] = alloc_tensor %[[S]][0]
// CHECK:      %[[B:.*]] = alloc_tensor %[[ARENA]][64 * ((4 * n + 63) floordiv 64)]
// CHECK:      if
// CHECK:      call_tir_dps @f1(%[[T]]
// CHECK:      kill_storage %[[S]]
// CHECK-NEXT: alloc_tensor %[[ARENA]][0]
// REPORT: remark: storages: 7 -> 5; peak 20 * n + 64 * ((4 * n + 63) floordiv 64) (3072) bytes, naive 28 * n (3584), lower bound 16 * n (2048)
relax.func @branch(%c: i1, %x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %a = relax.call_tir @f1(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %t = relax.call_tir @f1(%a) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %b = relax.call_tir @f1(%a) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %y = relax.if %c : i1 -> !relax.tensor<[n], f32> {
    %u = relax.call_tir @f1(%t) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.yield %u : !relax.tensor<[n], f32>
  } else {
    %u = relax.call_tir @f1(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
    relax.yield %u : !relax.tensor<[n], f32>
  }
  %d = relax.call_tir @f1(%b) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %r = relax.call_tir @f1(%d) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %r : !relax.tensor<[n], f32>
}

// -----

tprog.func private @f1(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d1]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// A variable bound by a match_cast: the arena follows it, and the storage
// allocated before it stays out.
// CHECK-LABEL: relax.func @late_binding
// CHECK:      %[[S:.*]] = alloc_storage size(4 * n)
// CHECK:      kill_storage %[[S]]
// CHECK-NEXT: match_cast
// CHECK-NEXT: %[[ARENA:.*]] = alloc_storage size(4 * m + 64 * ((4 * m + 63) floordiv 64))
// CHECK-NEXT: alloc_tensor %[[ARENA]][0] : <[m], f32>
// REPORT: remark: storages: 5 -> 3; peak 8 * m + 4 * n + 64 * ((4 * m + 63) floordiv 64) (1280) bytes, naive 16 * m + 4 * n (1536), lower bound max(4 * n, 8 * m) (512)
relax.func @late_binding(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<*, f32>) -> !relax.tensor<*, f32> {
  %a = relax.call_tir @f1(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  %ym = relax.match_cast %y : !relax.tensor<*, f32> -> !relax.tensor<[m], f32>
  %b = relax.call_tir @f1(%ym) : (!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>
  %c = relax.call_tir @f1(%b) : (!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>
  %d = relax.call_tir @f1(%c) : (!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>
  %r = relax.call_tir @f1(%d) : (!relax.tensor<[m], f32>) -> !relax.tensor<[m], f32>
  relax.return %r : !relax.tensor<[m], f32>
}

// -----

tprog.func private @cvt(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xi32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xi32> {
  tprog.return %y : tensor<?xi32>
}
tprog.func private @back(%x: tensor<?xi32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}
tprog.func private @f1(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xf32> {sym.shape = #sym.shape<[d1]>, tprog.output}) -> tensor<?xf32> {
  tprog.return %y : tensor<?xf32>
}

// f32 tensors aligned to 64 bytes and an i32 tensor aligned to 16: in the
// arena every size is rounded to 64; reused alone, an f32 tensor never takes
// the i32 tensor's storage.
// CHECK-LABEL: relax.func @alignments
// CHECK:      %[[ARENA:.*]] = alloc_storage size(4 * n + 64 * ((4 * n + 63) floordiv 64))
// CHECK-NOT:  alignment
// CHECK-NEXT: alloc_tensor %[[ARENA]][0] : <[n], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * ((4 * n + 63) floordiv 64)] : <[n], i32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[n], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * ((4 * n + 63) floordiv 64)] : <[n], f32>
// REPORT: remark: storages: 5 -> 2; peak 8 * n + 64 * ((4 * n + 63) floordiv 64) (1536) bytes, naive 20 * n (2560), lower bound 8 * n (1024)
// REUSE-LABEL: relax.func @alignments
// REUSE:      %[[S0:.*]] = alloc_storage size(4 * n)
// REUSE:      %[[S1:.*]] = alloc_storage size(4 * n) {alignment = 16 : i64}
// REUSE-NEXT: alloc_tensor %[[S1]][0] : <[n], i32>
// REUSE:      alloc_tensor %[[S0]][0] : <[n], f32>
// REUSE:      kill_storage %[[S1]]
// REUSE-NEXT: %[[S2:.*]] = alloc_storage size(4 * n)
// REUSE-NEXT: alloc_tensor %[[S2]][0] : <[n], f32>
relax.func @alignments(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %s0 = relax.alloc_storage size(4 * n) {alignment = 64 : i64}
  %a = relax.alloc_tensor %s0[0] : !relax.tensor<[n], f32>
  relax.call_tir_dps @f1(%x : !relax.tensor<[n], f32>) outs(%a : !relax.tensor<[n], f32>)
  %s1 = relax.alloc_storage size(4 * n) {alignment = 16 : i64}
  %i = relax.alloc_tensor %s1[0] : !relax.tensor<[n], i32>
  relax.call_tir_dps @cvt(%a : !relax.tensor<[n], f32>) outs(%i : !relax.tensor<[n], i32>)
  relax.kill_tensor %a : !relax.tensor<[n], f32>
  relax.kill_storage %s0
  %s2 = relax.alloc_storage size(4 * n) {alignment = 64 : i64}
  %b = relax.alloc_tensor %s2[0] : !relax.tensor<[n], f32>
  relax.call_tir_dps @back(%i : !relax.tensor<[n], i32>) outs(%b : !relax.tensor<[n], f32>)
  relax.kill_tensor %i : !relax.tensor<[n], i32>
  relax.kill_storage %s1
  %s3 = relax.alloc_storage size(4 * n) {alignment = 64 : i64}
  %c = relax.alloc_tensor %s3[0] : !relax.tensor<[n], f32>
  relax.call_tir_dps @f1(%b : !relax.tensor<[n], f32>) outs(%c : !relax.tensor<[n], f32>)
  relax.kill_tensor %b : !relax.tensor<[n], f32>
  relax.kill_storage %s2
  %s4 = relax.alloc_storage size(4 * n) {alignment = 64 : i64}
  %r = relax.alloc_tensor %s4[0] : !relax.tensor<[n], f32>
  relax.call_tir_dps @f1(%c : !relax.tensor<[n], f32>) outs(%r : !relax.tensor<[n], f32>)
  relax.kill_tensor %c : !relax.tensor<[n], f32>
  relax.kill_storage %s3
  relax.return %r : !relax.tensor<[n], f32>
}

// -----

tprog.func private @mask(%x: tensor<?xf32> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xi1> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xi1> {
  tprog.return %y : tensor<?xi1>
}
tprog.func private @not(%x: tensor<?xi1> {sym.shape = #sym.shape<[d0]>}, %y: tensor<?xi1> {sym.shape = #sym.shape<[d0]>, tprog.output}) -> tensor<?xi1> {
  tprog.return %y : tensor<?xi1>
}

// Bool tensors take a byte per element.
// CHECK-LABEL: relax.func @bools
// CHECK:      %[[ARENA:.*]] = alloc_storage size(n + 64 * ((n + 63) floordiv 64))
// CHECK-NEXT: alloc_tensor %[[ARENA]][0] : <[n], i1>
// CHECK:      alloc_tensor %[[ARENA]][64 * ((n + 63) floordiv 64)] : <[n], i1>
// CHECK:      alloc_storage size(n)
// REPORT: remark: storages: 4 -> 2; peak 2 * n + 64 * ((n + 63) floordiv 64) (384) bytes, naive 4 * n (512), lower bound 2 * n (256)
relax.func @bools(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], i1> {
  %a = relax.call_tir @mask(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], i1>
  %b = relax.call_tir @not(%a) : (!relax.tensor<[n], i1>) -> !relax.tensor<[n], i1>
  %c = relax.call_tir @not(%b) : (!relax.tensor<[n], i1>) -> !relax.tensor<[n], i1>
  %r = relax.call_tir @not(%c) : (!relax.tensor<[n], i1>) -> !relax.tensor<[n], i1>
  relax.return %r : !relax.tensor<[n], i1>
}

// -----

tprog.func private @f2(%x: tensor<?x?x?xf32> {sym.shape = #sym.shape<[d0, d1, d2]>}, %y: tensor<?x?x?xf32> {sym.shape = #sym.shape<[d3, d4, d5]>, tprog.output}) -> tensor<?x?x?xf32> {
  tprog.return %y : tensor<?x?x?xf32>
}

// A strided convolution's output, `(t + 1) floordiv 2` rows, fits where
// the `t` rows of its input were: the prover factors `b` out of
// `b * t - b * ((t + 1) floordiv 2)` before it bounds the rest.
// CHECK-LABEL: relax.func @halved
// CHECK:      %[[ARENA:.*]] = alloc_storage size(64 * b * t + 64 * b * ((t + 1) floordiv 2))
// CHECK-NEXT: alloc_tensor %[[ARENA]][0] : <[b, t, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * b * t] : <[b, (t + 1) floordiv 2, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[b, (t + 1) floordiv 2, 16], f32>
// The returned storage holds the second strided output first, so that
// the peak is the lower bound.
// LEND-LABEL: relax.func @halved
// LEND:      %[[A:.*]] = alloc_storage size(64 * b * t)
// LEND:      %[[R:.*]] = alloc_storage size(64 * b * ((t + 1) floordiv 2))
// LEND-NEXT: alloc_tensor %[[R]][0] : <[b, (t + 1) floordiv 2, 16], f32>
// LEND:      alloc_tensor %[[A]][0] : <[b, (t + 1) floordiv 2, 16], f32>
// LEND:      alloc_tensor %[[R]][0] : <[b, (t + 1) floordiv 2, 16], f32>
// LEND-REPORT: remark: storages: 4 -> 2; peak 64 * b * t + 64 * b * ((t + 1) floordiv 2) bytes, naive 64 * b * t + 192 * b * ((t + 1) floordiv 2), lower bound 64 * b * t + 64 * b * ((t + 1) floordiv 2)
// REPORT: remark: storages: 4 -> 2; peak 64 * b * t + 128 * b * ((t + 1) floordiv 2) bytes, naive 64 * b * t + 192 * b * ((t + 1) floordiv 2), lower bound 64 * b * t + 64 * b * ((t + 1) floordiv 2); at the upper bounds: peak 12288000 bytes
relax.func @halved(%x: !relax.tensor<[b, t, 16], f32>) -> !relax.tensor<[b, (t + 1) floordiv 2, 16], f32> attributes {sym.constraints = [#sym.range<b in [1, 32]>, #sym.range<t in [1, 3000]>]} {
  %a = relax.call_tir @f2(%x) : (!relax.tensor<[b, t, 16], f32>) -> !relax.tensor<[b, t, 16], f32>
  %c = relax.call_tir @f2(%a) : (!relax.tensor<[b, t, 16], f32>) -> !relax.tensor<[b, (t + 1) floordiv 2, 16], f32>
  %d = relax.call_tir @f2(%c) : (!relax.tensor<[b, (t + 1) floordiv 2, 16], f32>) -> !relax.tensor<[b, (t + 1) floordiv 2, 16], f32>
  %e = relax.call_tir @f2(%d) : (!relax.tensor<[b, (t + 1) floordiv 2, 16], f32>) -> !relax.tensor<[b, (t + 1) floordiv 2, 16], f32>
  relax.return %e : !relax.tensor<[b, (t + 1) floordiv 2, 16], f32>
}

// -----

tprog.func private @f2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}
tprog.func private @g2(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %z: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d4, d5]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}
tprog.func private @g3(%x: tensor<?x?xf32> {sym.shape = #sym.shape<[d0, d1]>}, %z: tensor<?x?xf32> {sym.shape = #sym.shape<[d2, d3]>}, %w: tensor<?x?xf32> {sym.shape = #sym.shape<[d4, d5]>}, %y: tensor<?x?xf32> {sym.shape = #sym.shape<[d6, d7]>, tprog.output}) -> tensor<?x?xf32> {
  tprog.return %y : tensor<?x?xf32>
}

// The tail of a transformer block: the residual %r lives across attention
// (%q, %k, %v and %o live together) into %h, and the MLP's %f (256 * n) is
// live with %h. In allocation order and largest first, %h takes the slot
// after the residual's and %f goes on top (384 * n); the search over orders
// puts the residual last, so %h lands at 0 and %f right after it: the lower
// bound, 320 * n.
// CHECK-LABEL: relax.func @searched
// CHECK:      %[[ARENA:.*]] = alloc_storage size(320 * n)
// CHECK-NEXT: alloc_tensor %[[ARENA]][192 * n] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * n] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][128 * n] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][256 * n] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][0] : <[n, 16], f32>
// CHECK:      alloc_tensor %[[ARENA]][64 * n] : <[n, 64], f32>
// Lending the returned storage would not lower the peak: the MLP's end
// needs 320 * n as well.
// LEND-REPORT: remark: storages: 8 -> 2; peak 384 * n (49152) bytes, naive 704 * n (90112), lower bound 384 * n (49152)
// NOSEARCH-LABEL: relax.func @searched
// NOSEARCH:   alloc_storage size(384 * n)
// REPORT: remark: storages: 8 -> 2; peak 384 * n (49152) bytes, naive 704 * n (90112), lower bound 384 * n (49152)
relax.func @searched(%x: !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32> {
  %r = relax.call_tir @f2(%x) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %q = relax.call_tir @f2(%r) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %k = relax.call_tir @f2(%r) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %v = relax.call_tir @f2(%r) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %o = relax.call_tir @g3(%q, %k, %v) : (!relax.tensor<[n, 16], f32>, !relax.tensor<[n, 16], f32>, !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %h = relax.call_tir @g2(%o, %r) : (!relax.tensor<[n, 16], f32>, !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  %f = relax.call_tir @f2(%h) : (!relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 64], f32>
  %out = relax.call_tir @g2(%f, %h) : (!relax.tensor<[n, 64], f32>, !relax.tensor<[n, 16], f32>) -> !relax.tensor<[n, 16], f32>
  relax.return %out : !relax.tensor<[n, 16], f32>
}
