// RUN: relax-opt %s --relax-infer-shapes -split-input-file | FileCheck %s

// Shape and dtype inference of matmul, packed_matmul, softmax and log_softmax: every result
// is written as `*` and `--relax-infer-shapes` fills it in. Inside a
// relax.func the printer elides the `relax.` prefix of the ops.

// matmul: [..., m, k] x [..., k, n] -> [..., m, n] with broadcast batch dims.
// CHECK-LABEL: relax.func @matmul_static(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[3, 4], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[5, 2, 3], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[3, 2], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[4, 3], f32>
// CHECK-SAME: %[[V:arg5]]: !relax.tensor<[3], f32>
// CHECK-SAME: %[[G:arg6]]: !relax.tensor<[6, 1, 2, 3], f16>
// CHECK-SAME: %[[H:arg7]]: !relax.tensor<[5, 3, 4], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = matmul %[[A]], %[[B]] : (!relax.tensor<[2, 3], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = matmul %[[C]], %[[B]] : (!relax.tensor<[5, 2, 3], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<[5, 2, 4], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = matmul %[[D]], %[[B]] {transpose_a = true} : (!relax.tensor<[3, 2], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = matmul %[[A]], %[[E]] {transpose_b = true} : (!relax.tensor<[2, 3], f32>, !relax.tensor<[4, 3], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = matmul %[[D]], %[[E]] {transpose_a = true, transpose_b = true} : (!relax.tensor<[3, 2], f32>, !relax.tensor<[4, 3], f32>) -> !relax.tensor<[2, 4], f32>
// CHECK-NEXT: %[[R5:[0-9]+]] = matmul %[[V]], %[[B]] : (!relax.tensor<[3], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<[4], f32>
// CHECK-NEXT: %[[R6:[0-9]+]] = matmul %[[A]], %[[V]] : (!relax.tensor<[2, 3], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[2], f32>
// CHECK-NEXT: %[[R7:[0-9]+]] = matmul %[[V]], %[[V]] : (!relax.tensor<[3], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R8:[0-9]+]] = matmul %[[G]], %[[H]] : (!relax.tensor<[6, 1, 2, 3], f16>, !relax.tensor<[5, 3, 4], f16>) -> !relax.tensor<[6, 5, 2, 4], f16>
// CHECK-NEXT: return
relax.func @matmul_static(%a: !relax.tensor<[2, 3], f32>, %b: !relax.tensor<[3, 4], f32>, %c: !relax.tensor<[5, 2, 3], f32>, %d: !relax.tensor<[3, 2], f32>, %e: !relax.tensor<[4, 3], f32>, %v: !relax.tensor<[3], f32>, %g: !relax.tensor<[6, 1, 2, 3], f16>, %h: !relax.tensor<[5, 3, 4], f16>) {
  %r0 = relax.matmul %a, %b : (!relax.tensor<[2, 3], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.matmul %c, %b : (!relax.tensor<[5, 2, 3], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.matmul %d, %b {transpose_a = true} : (!relax.tensor<[3, 2], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.matmul %a, %e {transpose_b = true} : (!relax.tensor<[2, 3], f32>, !relax.tensor<[4, 3], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.matmul %d, %e {transpose_a = true, transpose_b = true} : (!relax.tensor<[3, 2], f32>, !relax.tensor<[4, 3], f32>) -> !relax.tensor<*, f32>
  %r5 = relax.matmul %v, %b : (!relax.tensor<[3], f32>, !relax.tensor<[3, 4], f32>) -> !relax.tensor<*, f32>
  %r6 = relax.matmul %a, %v : (!relax.tensor<[2, 3], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  %r7 = relax.matmul %v, %v : (!relax.tensor<[3], f32>, !relax.tensor<[3], f32>) -> !relax.tensor<*, f32>
  %r8 = relax.matmul %g, %h : (!relax.tensor<[6, 1, 2, 3], f16>, !relax.tensor<[5, 3, 4], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// Fully symbolic: batch dims b, x against h need run-time checks, as does
// the contraction dim k against j.
// CHECK-LABEL: relax.func @matmul_symbolic(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[m, k], f32>
// CHECK-SAME: %[[B:arg1]]: !relax.tensor<[k, n], f32>
// CHECK-SAME: %[[C:arg2]]: !relax.tensor<[b, x, m, k], f32>
// CHECK-SAME: %[[D:arg3]]: !relax.tensor<[h, k, n], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[k, m], f32>
// CHECK-SAME: %[[G:arg5]]: !relax.tensor<[n, k], f32>
// CHECK-SAME: %[[V:arg6]]: !relax.tensor<[k], f32>
// CHECK-SAME: %[[W:arg7]]: !relax.tensor<[j, n], f32>
// CHECK-SAME: %[[P:arg8]]: !relax.tensor<[b, m, k], f32>
// CHECK-SAME: %[[Q:arg9]]: !relax.tensor<[y, k, n], f32>
// CHECK-SAME: %[[C1:arg10]]: !relax.tensor<[b, 1, m, k], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = matmul %[[A]], %[[B]] : (!relax.tensor<[m, k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[m, n], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = matmul %[[E]], %[[B]] {transpose_a = true} : (!relax.tensor<[k, m], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[m, n], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = matmul %[[A]], %[[G]] {transpose_b = true} : (!relax.tensor<[m, k], f32>, !relax.tensor<[n, k], f32>) -> !relax.tensor<[m, n], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = matmul %[[E]], %[[G]] {transpose_a = true, transpose_b = true} : (!relax.tensor<[k, m], f32>, !relax.tensor<[n, k], f32>) -> !relax.tensor<[m, n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = matmul %[[V]], %[[B]] : (!relax.tensor<[k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<[n], f32>
// CHECK-NEXT: %[[R5:[0-9]+]] = matmul %[[A]], %[[V]] : (!relax.tensor<[m, k], f32>, !relax.tensor<[k], f32>) -> !relax.tensor<[m], f32>
// CHECK-NEXT: %[[R6:[0-9]+]] = matmul %[[V]], %[[V]] : (!relax.tensor<[k], f32>, !relax.tensor<[k], f32>) -> !relax.tensor<[], f32>
// CHECK-NEXT: %[[R7:[0-9]+]] = matmul %[[V]], %[[D]] : (!relax.tensor<[k], f32>, !relax.tensor<[h, k, n], f32>) -> !relax.tensor<[h, n], f32>
// CHECK-NEXT: %[[R8:[0-9]+]] = matmul %[[P]], %[[V]] : (!relax.tensor<[b, m, k], f32>, !relax.tensor<[k], f32>) -> !relax.tensor<[b, m], f32>
// CHECK-NEXT: %[[R12:[0-9]+]] = matmul %[[C1]], %[[D]] : (!relax.tensor<[b, 1, m, k], f32>, !relax.tensor<[h, k, n], f32>) -> !relax.tensor<[b, h, m, n], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [j]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.matmul: contraction dim: operand #1 dim 0: expected j == k"} : !relax.shape<[j]> -> !relax.shape<[k]>
// CHECK-NEXT: %[[R9:[0-9]+]] = matmul %[[A]], %[[W]] : (!relax.tensor<[m, k], f32>, !relax.tensor<[j, n], f32>) -> !relax.tensor<[m, n], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [h]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.matmul: broadcast: operand #1 dim 0: expected h == x"} : !relax.shape<[h]> -> !relax.shape<[x]>
// CHECK-NEXT: %[[R10:[0-9]+]] = matmul %[[C]], %[[D]] : (!relax.tensor<[b, x, m, k], f32>, !relax.tensor<[h, k, n], f32>) -> !relax.tensor<[b, x, m, n], f32>
// CHECK-NEXT: %[[S:[0-9]+]] = shape [y]
// CHECK-NEXT: match_cast %[[S]] {message = "relax.matmul: broadcast: operand #1 dim 0: expected y == b"} : !relax.shape<[y]> -> !relax.shape<[b]>
// CHECK-NEXT: %[[R11:[0-9]+]] = matmul %[[P]], %[[Q]] : (!relax.tensor<[b, m, k], f32>, !relax.tensor<[y, k, n], f32>) -> !relax.tensor<[b, m, n], f32>
// CHECK-NEXT: return
relax.func @matmul_symbolic(%a: !relax.tensor<[m, k], f32>, %b: !relax.tensor<[k, n], f32>, %c: !relax.tensor<[b, x, m, k], f32>, %d: !relax.tensor<[h, k, n], f32>, %e: !relax.tensor<[k, m], f32>, %g: !relax.tensor<[n, k], f32>, %v: !relax.tensor<[k], f32>, %w: !relax.tensor<[j, n], f32>, %p: !relax.tensor<[b, m, k], f32>, %q: !relax.tensor<[y, k, n], f32>, %c1: !relax.tensor<[b, 1, m, k], f32>) {
  %r0 = relax.matmul %a, %b : (!relax.tensor<[m, k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.matmul %e, %b {transpose_a = true} : (!relax.tensor<[k, m], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.matmul %a, %g {transpose_b = true} : (!relax.tensor<[m, k], f32>, !relax.tensor<[n, k], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.matmul %e, %g {transpose_a = true, transpose_b = true} : (!relax.tensor<[k, m], f32>, !relax.tensor<[n, k], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.matmul %v, %b : (!relax.tensor<[k], f32>, !relax.tensor<[k, n], f32>) -> !relax.tensor<*, f32>
  %r5 = relax.matmul %a, %v : (!relax.tensor<[m, k], f32>, !relax.tensor<[k], f32>) -> !relax.tensor<*, f32>
  %r6 = relax.matmul %v, %v : (!relax.tensor<[k], f32>, !relax.tensor<[k], f32>) -> !relax.tensor<*, f32>
  %r7 = relax.matmul %v, %d : (!relax.tensor<[k], f32>, !relax.tensor<[h, k, n], f32>) -> !relax.tensor<*, f32>
  %r8 = relax.matmul %p, %v : (!relax.tensor<[b, m, k], f32>, !relax.tensor<[k], f32>) -> !relax.tensor<*, f32>
  %r12 = relax.matmul %c1, %d : (!relax.tensor<[b, 1, m, k], f32>, !relax.tensor<[h, k, n], f32>) -> !relax.tensor<*, f32>
  %r9 = relax.matmul %a, %w : (!relax.tensor<[m, k], f32>, !relax.tensor<[j, n], f32>) -> !relax.tensor<*, f32>
  %r10 = relax.matmul %c, %d : (!relax.tensor<[b, x, m, k], f32>, !relax.tensor<[h, k, n], f32>) -> !relax.tensor<*, f32>
  %r11 = relax.matmul %p, %q : (!relax.tensor<[b, m, k], f32>, !relax.tensor<[y, k, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// Mixed: [b, 1, m, k] x [h, k, n] broadcasts the 1 against h; a `?` dim
// needs no check; an unranked operand gives an unranked result; a batch
// dim 1 or `?` takes the other operand's; a 2-D operand is rank-extended.
// CHECK-LABEL: relax.func @matmul_mixed(
// CHECK-SAME: %[[A:arg0]]: !relax.tensor<[b, s, 64], f32>
// CHECK-SAME: %[[W:arg1]]: !relax.tensor<[64, n], f32>
// CHECK-SAME: %[[Q:arg2]]: !relax.tensor<[b, 1, s, 64], f32>
// CHECK-SAME: %[[K:arg3]]: !relax.tensor<[h, 64, s], f32>
// CHECK-SAME: %[[E:arg4]]: !relax.tensor<[v, 64], f32>
// CHECK-SAME: %[[X:arg5]]: !relax.tensor<[b, 64, s], f32>
// CHECK-SAME: %[[Y:arg6]]: !relax.tensor<[?, 64], f32>
// CHECK-SAME: %[[Z:arg7]]: !relax.tensor<*, f32>
// CHECK-SAME: %[[O:arg8]]: !relax.tensor<[1, s, 64], f32>
// CHECK-SAME: %[[D:arg9]]: !relax.tensor<[1, 64, n], f32>
// CHECK-SAME: %[[Y3:arg10]]: !relax.tensor<[?, s, 64], f32>
// CHECK-SAME: %[[F3:arg11]]: !relax.tensor<[b, 64, n], f32>
// CHECK-SAME: %[[G2:arg12]]: !relax.tensor<[s, 64], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = matmul %[[A]], %[[W]] : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<[b, s, n], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = matmul %[[Q]], %[[K]] : (!relax.tensor<[b, 1, s, 64], f32>, !relax.tensor<[h, 64, s], f32>) -> !relax.tensor<[b, h, s, s], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = matmul %[[A]], %[[E]] {transpose_b = true} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[v, 64], f32>) -> !relax.tensor<[b, s, v], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = matmul %[[X]], %[[W]] {transpose_a = true} : (!relax.tensor<[b, 64, s], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<[b, s, n], f32>
// CHECK-NEXT: %[[R4:[0-9]+]] = matmul %[[Y]], %[[W]] : (!relax.tensor<[?, 64], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<[?, n], f32>
// CHECK-NEXT: %[[R5:[0-9]+]] = matmul %[[A]], %[[Z]] : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
// CHECK-NEXT: %[[R6:[0-9]+]] = matmul %[[O]], %[[W]] : (!relax.tensor<[1, s, 64], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<[1, s, n], f32>
// CHECK-NEXT: %[[R7:[0-9]+]] = matmul %[[A]], %[[D]] : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[1, 64, n], f32>) -> !relax.tensor<[b, s, n], f32>
// CHECK-NEXT: %[[R8:[0-9]+]] = matmul %[[Y3]], %[[F3]] : (!relax.tensor<[?, s, 64], f32>, !relax.tensor<[b, 64, n], f32>) -> !relax.tensor<[b, s, n], f32>
// CHECK-NEXT: %[[R9:[0-9]+]] = matmul %[[Y3]], %[[D]] : (!relax.tensor<[?, s, 64], f32>, !relax.tensor<[1, 64, n], f32>) -> !relax.tensor<[?, s, n], f32>
// CHECK-NEXT: %[[R10:[0-9]+]] = matmul %[[G2]], %[[F3]] : (!relax.tensor<[s, 64], f32>, !relax.tensor<[b, 64, n], f32>) -> !relax.tensor<[b, s, n], f32>
// CHECK-NEXT: return
relax.func @matmul_mixed(%a: !relax.tensor<[b, s, 64], f32>, %w: !relax.tensor<[64, n], f32>, %q: !relax.tensor<[b, 1, s, 64], f32>, %k: !relax.tensor<[h, 64, s], f32>, %e: !relax.tensor<[v, 64], f32>, %x: !relax.tensor<[b, 64, s], f32>, %y: !relax.tensor<[?, 64], f32>, %z: !relax.tensor<*, f32>, %o: !relax.tensor<[1, s, 64], f32>, %d: !relax.tensor<[1, 64, n], f32>, %y3: !relax.tensor<[?, s, 64], f32>, %f3: !relax.tensor<[b, 64, n], f32>, %g2: !relax.tensor<[s, 64], f32>) {
  %r0 = relax.matmul %a, %w : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.matmul %q, %k : (!relax.tensor<[b, 1, s, 64], f32>, !relax.tensor<[h, 64, s], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.matmul %a, %e {transpose_b = true} : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[v, 64], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.matmul %x, %w {transpose_a = true} : (!relax.tensor<[b, 64, s], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<*, f32>
  %r4 = relax.matmul %y, %w : (!relax.tensor<[?, 64], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<*, f32>
  %r5 = relax.matmul %a, %z : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  %r6 = relax.matmul %o, %w : (!relax.tensor<[1, s, 64], f32>, !relax.tensor<[64, n], f32>) -> !relax.tensor<*, f32>
  %r7 = relax.matmul %a, %d : (!relax.tensor<[b, s, 64], f32>, !relax.tensor<[1, 64, n], f32>) -> !relax.tensor<*, f32>
  %r8 = relax.matmul %y3, %f3 : (!relax.tensor<[?, s, 64], f32>, !relax.tensor<[b, 64, n], f32>) -> !relax.tensor<*, f32>
  %r9 = relax.matmul %y3, %d : (!relax.tensor<[?, s, 64], f32>, !relax.tensor<[1, 64, n], f32>) -> !relax.tensor<*, f32>
  %r10 = relax.matmul %g2, %f3 : (!relax.tensor<[s, 64], f32>, !relax.tensor<[b, 64, n], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// packed_matmul: [..., m, k] x [n / p, k, p] -> [..., m, n]; the columns are
// the panels times their static width, also for a symbolic panel count.
// CHECK-LABEL: relax.func @packed_matmul(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[t, 768], f32>
// CHECK-SAME: %[[W:arg1]]: !relax.tensor<[192, 768, 16], f32>
// CHECK-SAME: %[[B:arg2]]: !relax.tensor<[b, s, k], bf16>
// CHECK-SAME: %[[V:arg3]]: !relax.tensor<[p, k, 32], bf16>
// CHECK-SAME: %[[U:arg4]]: !relax.tensor<[?, 768], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = packed_matmul %[[X]], %[[W]] : (!relax.tensor<[t, 768], f32>, !relax.tensor<[192, 768, 16], f32>) -> !relax.tensor<[t, 3072], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = packed_matmul %[[B]], %[[V]] : (!relax.tensor<[b, s, k], bf16>, !relax.tensor<[p, k, 32], bf16>) -> !relax.tensor<[b, s, 32 * p], bf16>
// CHECK-NEXT: %[[R2:[0-9]+]] = packed_matmul %[[U]], %[[W]] : (!relax.tensor<[?, 768], f32>, !relax.tensor<[192, 768, 16], f32>) -> !relax.tensor<[?, 3072], f32>
// CHECK-NEXT: return
relax.func @packed_matmul(%x: !relax.tensor<[t, 768], f32>, %w: !relax.tensor<[192, 768, 16], f32>, %b: !relax.tensor<[b, s, k], bf16>, %v: !relax.tensor<[p, k, 32], bf16>, %u: !relax.tensor<[?, 768], f32>) {
  %r0 = relax.packed_matmul %x, %w : (!relax.tensor<[t, 768], f32>, !relax.tensor<[192, 768, 16], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.packed_matmul %b, %v : (!relax.tensor<[b, s, k], bf16>, !relax.tensor<[p, k, 32], bf16>) -> !relax.tensor<*, bf16>
  %r2 = relax.packed_matmul %u, %w : (!relax.tensor<[?, 768], f32>, !relax.tensor<[192, 768, 16], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// softmax keeps the operand's type; axis defaults to -1.
// CHECK-LABEL: relax.func @softmax_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[2, 3, 4], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = softmax %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = softmax %[[X]] {axis = 0 : i64} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = softmax %[[Y]] {axis = -2 : i64} : (!relax.tensor<[2, 3, 4], f16>) -> !relax.tensor<[2, 3, 4], f16>
// CHECK-NEXT: return
relax.func @softmax_static(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[2, 3, 4], f16>) {
  %r0 = relax.softmax %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.softmax %x {axis = 0 : i64} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.softmax %y {axis = -2 : i64} : (!relax.tensor<[2, 3, 4], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @softmax_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, h, s, t], f32>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = softmax %[[X]] : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<[b, h, s, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = softmax %[[X]] {axis = 1 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<[b, h, s, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = softmax %[[X]] {axis = -4 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<[b, h, s, t], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = softmax %[[U]] {axis = 7 : i64} : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @softmax_symbolic(%x: !relax.tensor<[b, h, s, t], f32>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.softmax %x : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.softmax %x {axis = 1 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.softmax %x {axis = -4 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.softmax %u {axis = 7 : i64} : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @softmax_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 32, s, s + 1], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[?, 50257], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = softmax %[[X]] : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<[b, 32, s, s + 1], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = softmax %[[X]] {axis = -3 : i64} : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<[b, 32, s, s + 1], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = softmax %[[Y]] : (!relax.tensor<[?, 50257], f32>) -> !relax.tensor<[?, 50257], f32>
// CHECK-NEXT: return
relax.func @softmax_mixed(%x: !relax.tensor<[b, 32, s, s + 1], f32>, %y: !relax.tensor<[?, 50257], f32>) {
  %r0 = relax.softmax %x : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.softmax %x {axis = -3 : i64} : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.softmax %y : (!relax.tensor<[?, 50257], f32>) -> !relax.tensor<*, f32>
  relax.return
}

// -----

// log_softmax keeps the operand's type; axis defaults to -1.
// CHECK-LABEL: relax.func @log_softmax_static(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[2, 3], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[2, 3, 4], f16>
// CHECK-NEXT: %[[R0:[0-9]+]] = log_softmax %[[X]] : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = log_softmax %[[X]] {axis = 0 : i64} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<[2, 3], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = log_softmax %[[Y]] {axis = -2 : i64} : (!relax.tensor<[2, 3, 4], f16>) -> !relax.tensor<[2, 3, 4], f16>
// CHECK-NEXT: return
relax.func @log_softmax_static(%x: !relax.tensor<[2, 3], f32>, %y: !relax.tensor<[2, 3, 4], f16>) {
  %r0 = relax.log_softmax %x : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.log_softmax %x {axis = 0 : i64} : (!relax.tensor<[2, 3], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.log_softmax %y {axis = -2 : i64} : (!relax.tensor<[2, 3, 4], f16>) -> !relax.tensor<*, f16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @log_softmax_symbolic(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, h, s, t], f32>
// CHECK-SAME: %[[U:arg1]]: !relax.tensor<*, bf16>
// CHECK-NEXT: %[[R0:[0-9]+]] = log_softmax %[[X]] : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<[b, h, s, t], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = log_softmax %[[X]] {axis = 1 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<[b, h, s, t], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = log_softmax %[[X]] {axis = -4 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<[b, h, s, t], f32>
// CHECK-NEXT: %[[R3:[0-9]+]] = log_softmax %[[U]] {axis = 7 : i64} : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
// CHECK-NEXT: return
relax.func @log_softmax_symbolic(%x: !relax.tensor<[b, h, s, t], f32>, %u: !relax.tensor<*, bf16>) {
  %r0 = relax.log_softmax %x : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.log_softmax %x {axis = 1 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.log_softmax %x {axis = -4 : i64} : (!relax.tensor<[b, h, s, t], f32>) -> !relax.tensor<*, f32>
  %r3 = relax.log_softmax %u {axis = 7 : i64} : (!relax.tensor<*, bf16>) -> !relax.tensor<*, bf16>
  relax.return
}

// -----

// CHECK-LABEL: relax.func @log_softmax_mixed(
// CHECK-SAME: %[[X:arg0]]: !relax.tensor<[b, 32, s, s + 1], f32>
// CHECK-SAME: %[[Y:arg1]]: !relax.tensor<[?, 50257], f32>
// CHECK-NEXT: %[[R0:[0-9]+]] = log_softmax %[[X]] : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<[b, 32, s, s + 1], f32>
// CHECK-NEXT: %[[R1:[0-9]+]] = log_softmax %[[X]] {axis = -3 : i64} : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<[b, 32, s, s + 1], f32>
// CHECK-NEXT: %[[R2:[0-9]+]] = log_softmax %[[Y]] : (!relax.tensor<[?, 50257], f32>) -> !relax.tensor<[?, 50257], f32>
// CHECK-NEXT: return
relax.func @log_softmax_mixed(%x: !relax.tensor<[b, 32, s, s + 1], f32>, %y: !relax.tensor<[?, 50257], f32>) {
  %r0 = relax.log_softmax %x : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<*, f32>
  %r1 = relax.log_softmax %x {axis = -3 : i64} : (!relax.tensor<[b, 32, s, s + 1], f32>) -> !relax.tensor<*, f32>
  %r2 = relax.log_softmax %y : (!relax.tensor<[?, 50257], f32>) -> !relax.tensor<*, f32>
  relax.return
}
