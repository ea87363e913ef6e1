// --fill-allocations=B: every buffer the compiled code allocates starts with
// each byte set to B. A result element the program never writes (here the
// second half, which @first_half leaves alone) reads as the fill: 0.0 for
// 0, NaN for 255; the written half is the input's either way.

// RUN: relax-run %s --fill-allocations=0 --output %t.zero.npy
// RUN: relax-run %s --fill-allocations=255 --output %t.ones.npy
// RUN: %python -c "import numpy as np; print(np.load('%t.zero.npy')[2:].tolist(), np.isnan(np.load('%t.ones.npy')[2:]).tolist(), (np.load('%t.zero.npy')[:2] == np.load('%t.ones.npy')[:2]).tolist())" | FileCheck %s
// CHECK: [0.0, 0.0] [True, True] [True, True]

// The same on Vulkan, where the device buffers are filled.
// RUN: %if vulkan %{ relax-run %s --device vulkan --fill-allocations=255 --output %t.vk.npy %}
// RUN: %if vulkan %{ %python -c "import numpy as np; print(np.isnan(np.load('%t.vk.npy')).tolist())" | FileCheck %s --check-prefix=VULKAN %}
// VULKAN: [False, False, True, True]

// RUN: not relax-run %s --fill-allocations=256 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: relax-run: error: --fill-allocations must be a byte value, 0 to 255

relax.func @main(%x: !relax.tensor<[4], f32>) -> !relax.tensor<[4], f32> {
  %y = relax.call_tir @first_half(%x) : (!relax.tensor<[4], f32>) -> !relax.tensor<[4], f32>
  relax.return %y : !relax.tensor<[4], f32>
}

tprog.func @first_half(%a: tensor<4xf32>, %out: tensor<4xf32> {tprog.output}) -> tensor<4xf32> {
  %h = tensor.extract_slice %a[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %r = tensor.insert_slice %h into %out[0] [2] [1] : tensor<2xf32> into tensor<4xf32>
  tprog.return %r : tensor<4xf32>
}
