"""Every shipped example on a GPU device through relax-run, at two sizes of
its symbolic dims: the MLP against numpy, the others on relax-run's seeded
random inputs against the same module run on the CPU (itself compared
against numpy by test/e2e), every result relative to its largest magnitude.

    run_gpu.main(device, examples, work, env_for=None)

`env_for(model, size)` may give extra environment variables for a run."""

import os

import numpy as np

import examples as ex


def main(device, examples, work, env_for=None):
    os.makedirs(work, exist_ok=True)
    rng = np.random.default_rng(0)
    environ = dict(os.environ)

    def with_env(model, size):
        os.environ.clear()
        os.environ.update(environ)
        if env_for:
            os.environ.update(env_for(model, size))

    for b in (1, 5):
        x, w1, b1 = rng.standard_normal((b, 784)), rng.standard_normal(
            (784, 256)) * 0.05, rng.standard_normal(256)
        w2, b2 = rng.standard_normal((256, 10)) * 0.1, rng.standard_normal(10)
        out = os.path.join(work, "mlp.npy")
        with_env("mlp", f"b={b}")
        ex.relax_run(examples, "mlp.mlir", "--device", device, "--output", out,
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
            outs = {}
            for d in ("cpu", device):
                with_env(model, size) if d == device else with_env(None, None)
                outs[d] = ex.run(examples, work, model, size, d,
                                 ["--device", d])
            worst = 0.0
            ok = len(outs["cpu"]) == len(outs[device])
            for cpu, gpu in zip(outs["cpu"], outs[device]):
                ok &= cpu.shape == gpu.shape
                scale = max(float(np.abs(cpu).max()), 1e-30)
                worst = max(worst, float(np.abs(cpu - gpu).max()) / scale)
            ok &= worst < 1e-4
            print(f"{model} {size}: {len(outs[device])} results, max relative "
                  f"difference {worst:.1e}", "ok" if ok else "BAD")
    os.environ.clear()
    os.environ.update(environ)
