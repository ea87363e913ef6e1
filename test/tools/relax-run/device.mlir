// relax-run --device runs the module on a GPU through the GPU runtime
// library; what does not apply there, or a library that is missing, is a
// clear error before anything is compiled. Inputs are checked on the host as
// on the CPU, copied to the device once for all the timed calls (of the
// entry's device version), and the results come back to host memory; with
// --time-transfers every call copies through the host-memory entry. A result
// that is an input (here `%x` itself) is not freed as a result.

// RUN: not relax-run %s --device vulkan --pipeline-options=parallel=true --size n=4 2>&1 | FileCheck %s --check-prefix=PARALLEL
// PARALLEL: relax-run: error: invalid --pipeline-options 'parallel=true': {{.*}}parallel

// RUN: not relax-run %s --device vulkan --pipeline-options=library=true --size n=4 2>&1 | FileCheck %s --check-prefix=LIBRARY
// RUN: not relax-run %s --device webgpu --pipeline-options=library=true --size n=4 2>&1 | FileCheck %s --check-prefix=LIBRARY
// LIBRARY: relax-run: error: library=true needs --device cpu, cuda or rocm: there is no BLAS for Vulkan or WebGPU

// RUN: not relax-run %s --device vulkan --pipeline-options=target=cuda --size n=4 2>&1 | FileCheck %s --check-prefix=TARGET
// TARGET: relax-run: error: --pipeline-options: the target is --device's

// RUN: not relax-run %s --device vulkan --gpu-runtime-library=%t.missing.so --size n=4 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: relax-run: error: no GPU runtime library at {{.*}}.missing.so (librelax_vulkan_runtime is built when its SDK is installed)
// RUN: not relax-run %s --device webgpu --gpu-runtime-library=%t.missing.so --size n=4 2>&1 | FileCheck %s --check-prefix=MISSING-WEBGPU
// MISSING-WEBGPU: relax-run: error: no GPU runtime library at {{.*}}.missing.so (librelax_webgpu_runtime is built when its SDK is installed)

// RUN: not relax-run %s --device vulkan --size n=0 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: relax-run: error: n = 0 breaks the constraint #sym.range<n in [1, 64]>

// RUN: %if vulkan %{ relax-run %s --device vulkan --size n=5 --output %t.npy | FileCheck %s --check-prefix=RAN %}
// RUN: %if vulkan %{ %python -c "import numpy as np; y = np.load('%t.npy'); print(y.shape, y.dtype)" | FileCheck %s --check-prefix=OUT %}
// RUN: %if vulkan %{ relax-run %s --device vulkan --size n=5 --seed 3 --output %t.vk.npy > /dev/null %}
// RUN: %if vulkan %{ relax-run %s --size n=5 --seed 3 --output %t.cpu.npy > /dev/null %}
// RUN: %if vulkan %{ %python -c "import numpy as np; print(np.array_equal(np.load('%t.vk.npy'), np.load('%t.cpu.npy')))" | FileCheck %s --check-prefix=SAME %}
// RUN: %if vulkan %{ relax-run %s --device vulkan --pipeline-options=vector-width=1 --size n=5 --seed 3 --output %t.scalar.npy > /dev/null %}
// RUN: %if vulkan %{ %python -c "import numpy as np; print(np.array_equal(np.load('%t.scalar.npy'), np.load('%t.cpu.npy')))" | FileCheck %s --check-prefix=SAME %}
// RUN: %if vulkan %{ relax-run %s --device vulkan --size n=5 --seed 3 --reps 3 --output %t.reps.npy | FileCheck %s --check-prefix=REPS %}
// RUN: %if vulkan %{ relax-run %s --device vulkan --size n=5 --seed 3 --reps 3 --time-transfers --output %t.copies.npy | FileCheck %s --check-prefix=COPIES %}
// RUN: %if vulkan %{ %python -c "import numpy as np; print(np.array_equal(np.load('%t.reps.npy'), np.load('%t.cpu.npy')), np.array_equal(np.load('%t.copies.npy'), np.load('%t.cpu.npy')))" | FileCheck %s --check-prefix=SAME2 %}
// RUN: %if vulkan %{ relax-run %s --entry identity --device vulkan --size n=3 --reps 2 | FileCheck %s --check-prefix=IDENTITY %}
// RUN: %if webgpu %{ relax-run %s --device webgpu --size n=5 --seed 3 --output %t.webgpu.npy | FileCheck %s --check-prefix=RAN %}
// RUN: %if webgpu %{ relax-run %s --size n=5 --seed 3 --output %t.cpu.npy > /dev/null %}
// RUN: %if webgpu %{ %python -c "import numpy as np; print(np.array_equal(np.load('%t.webgpu.npy'), np.load('%t.cpu.npy')))" | FileCheck %s --check-prefix=SAME %}
// RAN: @main: result #0 shape [5, 4]; {{.*}}, inputs on the device
// OUT: (5, 4) float32
// SAME: True
// REPS: over 3 calls {{.*}}, inputs on the device
// COPIES: over 3 calls
// COPIES-NOT: on the device
// SAME2: True True
// IDENTITY: @identity: result #0 shape [3, 4]

relax.func @main(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 64]>]} {
  %y = relax.relu %x : (!relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32>
  relax.return %y : !relax.tensor<[n, 4], f32>
}

relax.func @identity(%x: !relax.tensor<[n, 4], f32>) -> !relax.tensor<[n, 4], f32> {
  relax.return %x : !relax.tensor<[n, 4], f32>
}
