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
    environ = dict(os.environ)

    def with_env(model, size):
        os.environ.clear()
        os.environ.update(environ)
        if env_for:
            os.environ.update(env_for(model, size))

    ex.check_mlp(examples, work, ["--device", device],
                 lambda size: with_env("mlp", size))

    for model, sizes in ex.SIZES:
        if model == "mlp":
            continue
        for size in sizes:
            outs = {}
            for d in ("cpu", device):
                with_env(model if d == device else None, size)
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
