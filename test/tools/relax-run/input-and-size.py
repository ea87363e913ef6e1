# RUN: %python %s %t | FileCheck %s
# REQUIRES: numpy
#
# With --input, a --size is a check of the inputs: a size the inputs agree
# with runs, one they contradict, an unknown variable or a size outside the
# constraints is an error; --seed says that it has no effect.
#
# CHECK: agreeing size: exit 0
# CHECK: conflicting size: exit 1: relax-run: error: --size n=4 but argument #0 dim 0 gives n = 3
# CHECK: unknown variable: exit 1: relax-run: error: --size m=3: @main has no variable 'm' (its variables: n)
# CHECK: broken constraint: exit 1: relax-run: error: n = 100 breaks the constraint #sym.range<n in [1, 16]>
# CHECK: seed: exit 0: relax-run: warning: --seed has no effect with --input

import os
import subprocess
import sys

import numpy as np

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[n, 2], f32>) -> !relax.tensor<[n, 2], f32>
    attributes {sym.constraints = [#sym.range<n in [1, 16]>]} {
  %y = relax.add %x, %x : (!relax.tensor<[n, 2], f32>, !relax.tensor<[n, 2], f32>) -> !relax.tensor<[n, 2], f32>
  relax.return %y : !relax.tensor<[n, 2], f32>
}
""")
x = os.path.join(work, "x.npy")
np.save(x, np.ones((3, 2), np.float32))


def check(label, *args):
    result = subprocess.run(["relax-run", model, "--input", x, *args],
                            capture_output=True, text=True)
    print(f"{label}: exit {result.returncode}: {result.stderr.strip()}")


check("agreeing size", "--size", "n=3")
check("conflicting size", "--size", "n=4")
check("unknown variable", "--size", "m=3")
check("broken constraint", "--size", "n=100")
check("seed", "--seed", "3")
