# RUN: %python %s %t | FileCheck %s
# REQUIRES: vulkan, numpy
#
# relax.power where GLSL's Pow is undefined, on the CPU and on Vulkan
# (lavapipe) against numpy: negative and zero bases (-0 too), infinite and
# NaN operands, integral, odd and fractional exponents. Vulkan keeps NaN and
# infinities only in kernels that declare SignedZeroInfNanPreserve, and its
# power is expanded to C's results (--relax-expand-gpu-math): before, a
# negative base to a fractional power gave 0, not NaN.
#
# CHECK: cpu: 144 of 144 as numpy
# CHECK: vulkan: 144 of 144 as numpy

import os
import subprocess
import sys

import numpy as np

MODEL = """
relax.func @main(%x: !relax.tensor<[n], f32>, %y: !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32> {
  %r = relax.power %x, %y : (!relax.tensor<[n], f32>, !relax.tensor<[n], f32>) -> !relax.tensor<[n], f32>
  relax.return %r : !relax.tensor<[n], f32>
}
"""

tmp = sys.argv[1]
os.makedirs(tmp, exist_ok=True)
xs = np.array([-2, -1, -0.5, -0.0, 0, 0.5, 1, 2, 3, np.inf, -np.inf, np.nan], np.float32)
ys = np.array([-2, -1, -0.5, 0, 0.5, 1, 2, 3, 2.5, np.inf, -np.inf, np.nan], np.float32)
x, y = (a.ravel() for a in np.meshgrid(xs, ys))
with np.errstate(all="ignore"):
    expected = np.power(x, y)
model = os.path.join(tmp, "power.mlir")
with open(model, "w") as f:
    f.write(MODEL)
np.save(os.path.join(tmp, "x.npy"), x)
np.save(os.path.join(tmp, "y.npy"), y)
for device in ("cpu", "vulkan"):
    out = os.path.join(tmp, f"{device}.npy")
    subprocess.run(["relax-run", model, "--device", device,
                    "--input", os.path.join(tmp, "x.npy"),
                    "--input", os.path.join(tmp, "y.npy"), "--output", out],
                   check=True, capture_output=True)
    got = np.load(out)
    same = np.isclose(got, expected, rtol=1e-5, atol=0, equal_nan=True)
    print(f"{device}: {int(same.sum())} of {same.size} as numpy")
    for i in np.flatnonzero(~same):
        print(f"  pow({x[i]}, {y[i]}) = {got[i]}, numpy {expected[i]}")
