# RUN: %python %s %t | FileCheck %s
#
# relax-run reads .npy headers defensively: a shape whose dims overflow a
# signed 64-bit product is refused even when another dim is 0 (strides are
# products of dims), and a header that is cut short is not a .npy file.
#
# CHECK: empty but huge: exit 1: relax-run: error: {{.*}}: the shape in the header is too large
# CHECK: cut short: exit 1: relax-run: error: {{.*}}bad shape in header

import os
import struct
import subprocess
import sys

work = sys.argv[1]
os.makedirs(work, exist_ok=True)
model = os.path.join(work, "model.mlir")
with open(model, "w") as f:
    f.write("""
relax.func @main(%x: !relax.tensor<[a, b, c, d], i8>) -> !relax.tensor<[a, b, c, d], i8> {
  relax.return %x : !relax.tensor<[a, b, c, d], i8>
}
""")


def npy(name, header):
    path = os.path.join(work, name)
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) +
                header.encode())
    return path


for label, header in [
        ("empty but huge", "{'descr': '|i1', 'fortran_order': False, "
         "'shape': (5, 666666666666666666, 5, 0), }"),
        ("cut short", "{'descr': '|i1', 'fortran_order': False, 'shape': (5, x")]:
    result = subprocess.run(["relax-run", model, "--input", npy("x.npy", header)],
                            capture_output=True, text=True)
    print(f"{label}: exit {result.returncode}: {result.stderr.strip()}")
