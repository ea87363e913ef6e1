# RUN: %python %s %relax_src_root/examples %t | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Every shipped example runs with relax-run --device vulkan (kernels in
# SPIR-V on Mesa's lavapipe) at two sizes of its symbolic dims. The MLP is
# compared against numpy; the others, on relax-run's seeded random inputs,
# against the same module run on the CPU (itself compared against numpy by
# test/e2e): every result, relative to the largest magnitude.
#
# CHECK-NOT: BAD
# CHECK: mlp b=1: max abs error {{.*}} ok
# CHECK: mlp b=5: max abs error {{.*}} ok
# CHECK: clip_vision_block b=1 h=32 w=32: 1 results, max relative difference {{.*}} ok
# CHECK: clip_vision_block b=2 h=48 w=16: 1 results, {{.*}} ok
# CHECK: gpt2_block b=1 s=3 p=0: 3 results, {{.*}} ok
# CHECK: gpt2_block b=2 s=5 p=4: 3 results, {{.*}} ok
# CHECK: llama_decoder_layer b=1 s=3: 1 results, {{.*}} ok
# CHECK: llama_decoder_layer b=2 s=7: 1 results, {{.*}} ok
# CHECK: llama_layer b=1 s=3 p=0: 3 results, {{.*}} ok
# CHECK: llama_layer b=2 s=5 p=4: 3 results, {{.*}} ok
# CHECK: whisper_encoder_block b=1 t=6: 1 results, {{.*}} ok
# CHECK: whisper_encoder_block b=2 t=10: 1 results, {{.*}} ok

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import examples as ex  # noqa: E402

examples, work = sys.argv[1], sys.argv[2]
os.makedirs(work, exist_ok=True)
rng = np.random.default_rng(0)

for b in (1, 5):
    x, w1, b1 = rng.standard_normal((b, 784)), rng.standard_normal(
        (784, 256)) * 0.05, rng.standard_normal(256)
    w2, b2 = rng.standard_normal((256, 10)) * 0.1, rng.standard_normal(10)
    out = os.path.join(work, "mlp.npy")
    ex.relax_run(examples, "mlp.mlir", "--device", "vulkan", "--output", out,
                 *[arg for name, a in (("x", x), ("w1", w1), ("b1", b1),
                                       ("w2", w2), ("b2", b2))
                   for arg in ("--input", ex.save(work, name + ".npy", a))])
    args = [a.astype(np.float32) for a in (x, w1, b1, w2, b2)]
    logits = np.maximum(args[0] @ args[1] + args[2], 0) @ args[3] + args[4]
    shifted = logits - logits.max(axis=1, keepdims=True)
    expected = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    error = np.abs(np.load(out) - expected).max()
    print(f"mlp b={b}: max abs error {error:.1e}",
          "ok" if error < 1e-4 else "BAD")

for model, sizes in ex.SIZES:
    if model == "mlp":
        continue
    for size in sizes:
        outs = {device: ex.run(examples, work, model, size, device,
                               ["--device", device])
                for device in ("cpu", "vulkan")}
        worst = 0.0
        ok = len(outs["cpu"]) == len(outs["vulkan"])
        for cpu, gpu in zip(outs["cpu"], outs["vulkan"]):
            ok &= cpu.shape == gpu.shape
            scale = max(float(np.abs(cpu).max()), 1e-30)
            worst = max(worst, float(np.abs(cpu - gpu).max()) / scale)
        ok &= worst < 1e-4
        print(f"{model} {size}: {len(outs['vulkan'])} results, max relative "
              f"difference {worst:.1e}", "ok" if ok else "BAD")
