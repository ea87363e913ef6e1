# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s %relax_src_root %t | FileCheck %s
# REQUIRES: vulkan, mpi, numpy
#
# The shipped Llama layer split over two ranks, each on its own Vulkan
# device (lavapipe), against one process on the CPU: the collectives copy
# the device buffers through host memory to MPI and back. The hidden state
# within 1e-4 of its largest magnitude, equal on both ranks, and each
# rank's half of the cache its heads of the whole one.
#
# CHECK: vulkan b=2 s=5 p=3: hidden ok, ranks equal, cache blocks ok

import os
import subprocess
import sys

import numpy as np

src, work = sys.argv[1], sys.argv[2]
examples = os.path.join(src, "examples")
env = dict(os.environ, OMP_NUM_THREADS="1")
sizes = ["--size", "b=2", "--size", "s=5", "--size", "p=3"]


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if result.returncode:
        sys.exit(f"{' '.join(cmd)}: exit {result.returncode}\n{result.stderr}")


one, two = os.path.join(work, "cpu"), os.path.join(work, "vulkan")
run(["relax-run", os.path.join(examples, "llama_layer.mlir"), "--output", one + ".npy"] + sizes)
run(["mpiexec", "-n", "2", "relax-run", os.path.join(examples, "llama_layer_tp.mlir"),
     "--device", "vulkan", "--output", two + ".npy", "--output-per-rank"] + sizes)
ref = [np.load(f"{one}{'' if i == 0 else '.%d' % i}.npy") for i in range(3)]
ranks = [[np.load(f"{two}.rank{r}{'' if i == 0 else '.%d' % i}.npy") for i in range(3)]
         for r in range(2)]


def relative(a, b):
    return float(np.abs(a - b).max() / np.abs(a).max())


hidden = "ok" if relative(ref[0], ranks[0][0]) < 1e-4 else f"MISMATCH {relative(ref[0], ranks[0][0])}"
equal = "ranks equal" if np.array_equal(ranks[0][0], ranks[1][0]) else "RANKS DIFFER"
blocks = all(relative(ref[i][:, :, r:r + 1], ranks[r][i]) < 1e-4 for r in range(2) for i in (1, 2))
print(f"vulkan b=2 s=5 p=3: hidden {hidden}, {equal}, "
      f"{'cache blocks ok' if blocks else 'CACHE MISMATCH'}")
