// Run-time errors of the compiled code, on inputs that pass relax-run's own
// checks: each is reported through the runtime's error callback, on stderr,
// and the run exits with code 1; nothing is read or written out of bounds,
// nothing traps. Stdout goes to a file, so the message reaches the pipe
// only from stderr.

// A window larger than its input at run time gives a negative dim.
// RUN: sh -c 'relax-run %s --entry conv --size h=2 --size w=2 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=CONV
// CONV: relax-run: error: run-time check failed: a tensor of !relax.tensor<[1, 1, h - 4, w - 4], f32> at {{.*}}runtime-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: dim 2 = h - 4 is negative
// CONV-NEXT: exit 1
// RUN: relax-run %s --entry conv --size h=6 --size w=7 | FileCheck %s --check-prefix=CONV-OK
// CONV-OK: @conv: result #0 shape [1, 1, 2, 3]

// reshape to [k, ?] with k = 0 divides by zero: checked, not SIGFPE.
// RUN: sh -c 'relax-run %s --entry reshape --size n=2 --size m=3 --size k=0 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=DIV
// DIV: relax-run: error: run-time check failed: evaluating k * (m * n floordiv k): a division by zero or a 64-bit overflow
// DIV-NEXT: exit 1

// The inputs are empty (m = 0) but the result's byte count, 4 * n * n,
// does not fit in 64 bits: checked before the allocation.
// RUN: sh -c 'relax-run %s --entry outer --size n=8589934592 --size m=0 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=BYTES
// BYTES: relax-run: error: run-time check failed: evaluating 4 * n * n: a division by zero or a 64-bit overflow
// BYTES-NEXT: exit 1

// A failed check in a called function returns through its caller.
// RUN: sh -c 'relax-run %s --entry caller --size n=3 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=NESTED
// NESTED: relax-run: error: run-time check failed: {{.*}}dim 0 must be 4
// NESTED-NEXT: exit 1

// An intermediate larger than any address space (1e7 x 1e7 f32, 400 TB):
// the allocation fails and is reported, where a write through its null
// pointer once crashed.
// RUN: sh -c 'relax-run %s --entry outer_sum --size n=10000000 --size m=10000000 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=OOM
// OOM: relax-run: error: run-time check failed: out of memory: cannot allocate memref<?xi8> at {{.*}}runtime-errors.mlir:{{[0-9]+}}:{{[0-9]+}}
// OOM-NEXT: exit 1

relax.func @conv(%x: !relax.tensor<[1, 1, h, w], f32>, %k: !relax.tensor<[1, 1, 5, 5], f32>) -> !relax.tensor<*, f32> {
  %c = relax.conv2d %x, %k : (!relax.tensor<[1, 1, h, w], f32>, !relax.tensor<[1, 1, 5, 5], f32>) -> !relax.tensor<*, f32>
  relax.return %c : !relax.tensor<*, f32>
}

relax.func @reshape(%x: !relax.tensor<[n, m], f32>, %y: !relax.tensor<[k], f32>) -> !relax.tensor<*, f32> {
  %r = relax.reshape %x {shape = #sym.shape<[k, ?]>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<*, f32>
  relax.return %r : !relax.tensor<*, f32>
}

relax.func @outer(%a: !relax.tensor<[n, m], f32>, %b: !relax.tensor<[m, n], f32>) -> !relax.tensor<*, f32> {
  %c = relax.matmul %a, %b : (!relax.tensor<[n, m], f32>, !relax.tensor<[m, n], f32>) -> !relax.tensor<*, f32>
  relax.return %c : !relax.tensor<*, f32>
}

relax.func @callee(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[4], f32> {
  %c = relax.match_cast %x : !relax.tensor<[n], f32> -> !relax.tensor<[4], f32>
  relax.return %c : !relax.tensor<[4], f32>
}

relax.func @caller(%x: !relax.tensor<[n], f32>) -> !relax.tensor<*, f32> {
  %y = relax.call @callee(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[4], f32>
  %z = relax.add %y, %y : (!relax.tensor<[4], f32>, !relax.tensor<[4], f32>) -> !relax.tensor<*, f32>
  relax.return %z : !relax.tensor<*, f32>
}

relax.func @outer_sum(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[m], f32>) -> !relax.tensor<[n], f32> {
  %a = relax.reshape %x {shape = #sym.shape<[n, 1]>} : (!relax.tensor<[n], f32>) -> !relax.tensor<[n, 1], f32>
  %p = relax.multiply %a, %y : (!relax.tensor<[n, 1], f32>, !relax.tensor<[m], f32>) -> !relax.tensor<[n, m], f32>
  %s = relax.sum %p {axes = array<i64: 1>} : (!relax.tensor<[n, m], f32>) -> !relax.tensor<[n], f32>
  relax.return %s : !relax.tensor<[n], f32>
}
