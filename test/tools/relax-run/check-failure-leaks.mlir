// A failed run-time check frees what the compiled code allocated before it,
// in the function that failed and in every caller it returns through: no
// block is definitely lost (dlopen's own allocations are only reachable).
// Under valgrind in a regular build; in a sanitizer build (where valgrind
// cannot run) LeakSanitizer checks at exit, and a leak would print its
// report and change the exit code. On Vulkan and WebGPU the device buffers
// are freed too: RELAX_GPU_LEAK_CHECK=1 makes the runtime report at exit
// the ones never freed (495 buffers of the countdown before they were).
// The call-depth limit fails 99 calls deep, each level holding buffers.
// RUN: %python -c "import numpy as np; np.save('%t.x.npy', np.zeros(3, np.float32)); np.save('%t.k.npy', np.array(100, np.float32))"
// RUN: %if valgrind %{ sh -c 'valgrind --leak-check=full relax-run %s --entry countdown --input %t.x.npy --input %t.k.npy --max-call-depth=99 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=DEPTH %}
// RUN: %if sanitizers %{ sh -c 'relax-run %s --entry countdown --input %t.x.npy --input %t.k.npy --max-call-depth=99 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=DEPTH-LSAN %}
// DEPTH: relax-run: error: run-time check failed: calls of @countdown nest deeper than the call-depth limit
// DEPTH: definitely lost: 0 bytes in 0 blocks
// DEPTH: exit 1
// DEPTH-LSAN: relax-run: error: run-time check failed: calls of @countdown nest deeper than the call-depth limit
// DEPTH-LSAN-NOT: LeakSanitizer
// DEPTH-LSAN: exit 1
// RUN: %if vulkan %{ sh -c 'RELAX_GPU_LEAK_CHECK=1 relax-run %s --device vulkan --entry countdown --input %t.x.npy --input %t.k.npy --max-call-depth=99 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=DEPTH-GPU %}
// RUN: %if webgpu %{ sh -c 'RELAX_GPU_LEAK_CHECK=1 relax-run %s --device webgpu --entry countdown --input %t.x.npy --input %t.k.npy --max-call-depth=99 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=DEPTH-GPU %}
// DEPTH-GPU: relax-run: error: run-time check failed: calls of @countdown_device nest deeper than the call-depth limit
// DEPTH-GPU-NOT: never freed
// DEPTH-GPU: exit 1
// A check after an allocation, in the entry function.
// RUN: %if valgrind %{ sh -c 'valgrind --leak-check=full relax-run %s --entry conv --size h=2 --size w=2 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=CONV %}
// RUN: %if sanitizers %{ sh -c 'relax-run %s --entry conv --size h=2 --size w=2 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=CONV-LSAN %}
// CONV: relax-run: error: run-time check failed: {{.*}}dim 2 = h - 4 is negative
// CONV: definitely lost: 0 bytes in 0 blocks
// CONV: exit 1
// CONV-LSAN: relax-run: error: run-time check failed: {{.*}}dim 2 = h - 4 is negative
// CONV-LSAN-NOT: LeakSanitizer
// CONV-LSAN: exit 1
// RUN: %if vulkan %{ sh -c 'RELAX_GPU_LEAK_CHECK=1 relax-run %s --device vulkan --entry conv --size h=2 --size w=2 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=CONV-GPU %}
// RUN: %if webgpu %{ sh -c 'RELAX_GPU_LEAK_CHECK=1 relax-run %s --device webgpu --entry conv --size h=2 --size w=2 2>&1 >%t.out; echo "exit $?"' | FileCheck %s --check-prefix=CONV-GPU %}
// CONV-GPU: relax-run: error: run-time check failed: {{.*}}dim 2 = h - 4 is negative
// CONV-GPU-NOT: never freed
// CONV-GPU: exit 1

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

relax.func @conv(%x: !relax.tensor<[1, 1, h, w], f32>, %k: !relax.tensor<[1, 1, 5, 5], f32>) -> !relax.tensor<*, f32> {
  %y = relax.conv2d %x, %k : (!relax.tensor<[1, 1, h, w], f32>, !relax.tensor<[1, 1, 5, 5], f32>) -> !relax.tensor<*, f32>
  relax.return %y : !relax.tensor<*, f32>
}
