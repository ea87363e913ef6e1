// Recursion is bounded at run time (--relax-limit-call-depth): a function
// without a base case is an error through the runtime's error callback, on
// stderr, with exit code 1, instead of a hang (the tail call became a loop)
// or a stack overflow; a deep but finite recursion runs, on a stack sized
// for --max-call-depth.

// RUN: sh -c 'relax-run %s --entry forever --size n=3 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=FOREVER
// FOREVER: relax-run: error: run-time check failed: calls of @forever nest deeper than the call-depth limit (unbounded recursion?)
// FOREVER-NEXT: exit 1

// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.zeros(3, np.float32)); np.save('%t.k.npy', np.array(50000, np.float32)); np.save('%t.k100.npy', np.array(100, np.float32))"
// RUN: relax-run %s --entry countdown --input %t.x.npy --input %t.k.npy --output %t.y.npy | FileCheck %s --check-prefix=DEEP
// RUN: %python -c "import numpy as np; y = np.load('%t.y.npy'); assert (y == 50000).all(), y"
// DEEP: @countdown: result #0 shape [3]

// The same recursion past a lower limit.
// RUN: sh -c 'relax-run %s --entry countdown --input %t.x.npy --input %t.k100.npy --max-call-depth=99 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=LIMIT
// LIMIT: relax-run: error: run-time check failed: calls of @countdown nest deeper than the call-depth limit (unbounded recursion?)
// LIMIT-NEXT: exit 1
// RUN: relax-run %s --entry countdown --input %t.x.npy --input %t.k100.npy --max-call-depth=101 | FileCheck %s --check-prefix=DEEP

relax.func @forever(%x: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %y = relax.call @forever(%x) : (!relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %y : !relax.tensor<[n], f32>
}

// Adds 1 to %x %k times, one call per step.
relax.func @countdown(%x: !relax.tensor<[n], f32>, %k: !relax.tensor<[], f32>) -> !relax.tensor<[n], f32> {
  %zero = relax.constant dense<0.0> : tensor<f32>
  %one = relax.constant dense<1.0> : tensor<f32>
  %c = relax.greater %k, %zero : (!relax.tensor<[], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[], i1>
  %r = relax.if %c : !relax.tensor<[], i1> -> !relax.tensor<[n], f32> {
    %x1 = relax.add %x, %one : (!relax.tensor<[n], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n], f32>
    %k1 = relax.subtract %k, %one : (!relax.tensor<[], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[], f32>
    %y = relax.call @countdown(%x1, %k1) : (!relax.tensor<[n], f32>, !relax.tensor<[], f32>) -> !relax.tensor<[n], f32>
    relax.yield %y : !relax.tensor<[n], f32>
  } else {
    relax.yield %x : !relax.tensor<[n], f32>
  }
  relax.return %r : !relax.tensor<[n], f32>
}
