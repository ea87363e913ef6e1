# REQUIRES: wgpudawn, import-numpy
# RUN: rm -rf %t && %import_python %s %t
# RUN: %import_python %relax_src_root/scripts/webgpu-replay.py %t/good --backend dawn | FileCheck %s --check-prefix=GOOD
# RUN: %import_python %relax_src_root/scripts/webgpu-replay.py %t/good --backend dawn --sample 4 | FileCheck %s --check-prefix=SAMPLE
# RUN: not %import_python %relax_src_root/scripts/webgpu-replay.py %t/bad --backend dawn | FileCheck %s --check-prefix=BAD
# RUN: not %import_python %relax_src_root/scripts/webgpu-replay.py %t/alias --backend dawn | FileCheck %s --check-prefix=ALIAS
# RUN: not %import_python %relax_src_root/scripts/webgpu-replay.py --check-shaders %S/Inputs/add_scale.wgsl %S/Inputs/row_sum.wgsl %S/Inputs/scale_i8.wgsl %S/Inputs/shift_alias.wgsl %S/Inputs/invalid.wgsl %S/Inputs/barrier_rw_trip.wgsl --backend dawn | FileCheck %s --check-prefix=SHADERS
# RUN: %import_python %s --without-path %relax_src_root/scripts/webgpu-replay.py %t/good --backend chromium | FileCheck %s --check-prefix=SKIP
#
# The WebGPU replay tool (scripts/webgpu-replay.py, python/relax_webgpu) on
# Dawn with SwiftShader, under the WebGPU default limits. This script builds
# traces with numpy references from the hand-written kernel blobs of
# Inputs/: an f32 elementwise kernel with uniform scalars, a workgroup
# reduction with barriers in a loop whose trip count is a uniform scalar, an
# i8 kernel on packed u32 words, and a kernel with two read_write bindings.
# - good: replays within tolerance, also with read-only views of one buffer
#   that overlap and read_write views of one buffer that do not;
# - bad: the same with a wrong f32 output and a wrong i8 byte: both found;
# - alias: read_write views of one buffer that overlap, replayed in one
#   buffer: Dawn rejects them, as the WebGPU specification requires
#   (wgpu-native runs them and matches);
# - only compiling the blobs reports the invalid ones with Tint's message;
# - a backend that is not installed is a skip (exit status 77).
# replay-wgpu.test and replay-chromium.test run the same on the other
# backends.
#
# GOOD-NOT: kernel
# GOOD: webgpu replay: dawn 5/5 dispatches match (4 kernels)
#
# SAMPLE: webgpu replay: dawn 4/4 dispatches match (4 kernels)
#
# BAD-DAG: webgpu replay: dawn: kernel add_scale: 1/2 dispatches fail; dispatch 3: mismatch: binding 2 (f32): 1/1000 elements differ (first at 7: got {{[-0-9.e]+}}, recorded {{[-0-9.e]+}}), max abs err 0.01
# BAD-DAG: webgpu replay: dawn: kernel scale_i8: 1/1 dispatches fail; dispatch 2: mismatch: binding 1 (i8): 1/1001 elements differ (first at 1000: got {{-?[0-9]+}}, recorded {{-?[0-9]+}}) (bitwise)
# BAD: webgpu replay: dawn 3/5 dispatches match (4 kernels); 2 mismatches, 0 errors
#
# ALIAS: webgpu replay: dawn: kernel shift_alias: 2/2 dispatches fail; dispatch 0: error: dispatch: Writable storage buffer binding aliasing found
# ALIAS: webgpu replay: dawn 0/2 dispatches match (1 kernel); 0 mismatches, 2 errors
#
# SHADERS-NOT: add_scale.wgsl
# SHADERS-NOT: row_sum.wgsl
# SHADERS: dawn: {{.*}}invalid.wgsl: shader compilation: {{.*}}cannot assign 'f32' to 'i32'
# SHADERS-NEXT: dawn: {{.*}}barrier_rw_trip.wgsl: shader compilation: {{.*}}'workgroupBarrier' must only be called from uniform control flow
# SHADERS-NEXT: webgpu check-shaders: dawn 4/6 shaders compile
#
# SKIP: webgpu replay: chromium unavailable: no chromium on PATH
# SKIP-NEXT: exit 77

import json
import os
import shutil
import struct
import subprocess
import sys

import numpy as np

INPUTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs")


class Trace:
    def __init__(self, root):
        self.root = root
        self.lines = []
        os.makedirs(os.path.join(root, "shaders"))
        os.makedirs(os.path.join(root, "data"))

    def dispatch(self, kernel, grid, bindings):
        """bindings: (binding, type, access, element_type, before, after,
        buffer id, offset); after None for read bindings."""
        index = len(self.lines)
        shader = f"shaders/{kernel}.wgsl"
        shutil.copy(os.path.join(INPUTS, kernel + ".wgsl"), os.path.join(self.root, shader))
        entries = []
        for b, kind, access, etype, before, after, buf, offset in bindings:
            e = {"binding": b, "type": kind, "access": access, "element_type": etype,
                 "size": len(before), "buffer": buf, "offset": offset,
                 "input": f"data/d{index}_b{b}.in"}
            with open(os.path.join(self.root, e["input"]), "wb") as f:
                f.write(before)
            if after is not None:
                e["output"] = f"data/d{index}_b{b}.out"
                with open(os.path.join(self.root, e["output"]), "wb") as f:
                    f.write(after)
            entries.append(e)
        self.lines.append({"index": index, "kernel": kernel, "shader": shader,
                           "entry": kernel, "grid": grid, "bindings": entries})

    def write(self):
        with open(os.path.join(self.root, "dispatches.jsonl"), "w") as f:
            for line in self.lines:
                f.write(json.dumps(line) + "\n")


def build(root, wrong):
    rng = np.random.default_rng(3)
    t = Trace(root)
    f32 = np.float32

    # 0: an elementwise kernel with uniform scalars (n, alpha); 80 KB
    # bindings (Chromium reads inputs from 64 KiB on from files).
    n = 20000
    a = rng.uniform(-1, 1, n).astype(f32)
    b = rng.uniform(-1, 1, n).astype(f32)
    before = rng.uniform(-1, 1, n).astype(f32)
    t.dispatch("add_scale", [(n + 63) // 64, 1, 1], [
        (0, "storage", "read", "f32", a.tobytes(), None, 1, 0),
        (1, "storage", "read", "f32", b.tobytes(), None, 2, 0),
        (2, "storage", "read_write", "f32", before.tobytes(),
         (a + f32(0.5) * b).tobytes(), 3, 0),
        (3, "uniform", "read", "", struct.pack("<If", n, 0.5), None, 4, 0)])

    # 1: a workgroup reduction per row, 4 chunks of 64 columns.
    rows, cols = 3, 200
    x = rng.uniform(-1, 1, (rows, cols)).astype(f32)
    t.dispatch("row_sum", [rows, 1, 1], [
        (0, "storage", "read", "f32", x.tobytes(), None, 5, 0),
        (1, "storage", "read_write", "f32", np.zeros(rows, f32).tobytes(),
         x.astype(np.float64).sum(axis=1).astype(f32).tobytes(), 6, 0),
        (2, "uniform", "read", "", struct.pack("<II", cols, (cols + 63) // 64), None, 7, 0)])

    # 2: i8 elements packed four per u32 word; 1001 bytes (a partial word).
    n = 1001
    xi = rng.integers(-128, 128, n).astype(np.int8)
    yi = np.clip(xi.astype(np.int32) * 3 - 5, -128, 127).astype(np.int8)
    if wrong:
        yi[-1] ^= 1
    t.dispatch("scale_i8", [((n + 3) // 4 + 63) // 64, 1, 1], [
        (0, "storage", "read", "i8", xi.tobytes(), None, 8, 0),
        (1, "storage", "read_write", "i8", bytes(n), yi.tobytes(), 9, 0),
        (2, "uniform", "read", "", struct.pack("<Iii", n, 3, -5), None, 10, 0)])

    # 3: the elementwise kernel with a and b overlapping read-only views of
    # one buffer (allocation 11: a at byte 512, b at byte 768), replayed as
    # one buffer.
    n = 1000
    mem = rng.uniform(-1, 1, 64 + n + 128).astype(f32)
    a, b = mem[128:128 + n], mem[192:192 + n]
    out = a + f32(-2.0) * b
    if wrong:
        out[7] += f32(0.01)
    t.dispatch("add_scale", [(n + 63) // 64, 1, 1], [
        (0, "storage", "read", "f32", a.tobytes(), None, 11, 512),
        (1, "storage", "read", "f32", b.tobytes(), None, 11, 768),
        (2, "storage", "read_write", "f32", bytes(4 * n), out.tobytes(), 12, 0),
        (3, "uniform", "read", "", struct.pack("<If", n, -2.0), None, 13, 0)])

    # 4: two read_write views of one buffer that do not overlap (src at
    # byte 256, dst at byte 512 of allocation 14), which WebGPU allows.
    mem = rng.uniform(-1, 1, 64).astype(f32)
    t.dispatch("shift_alias", [1, 1, 1], [
        (0, "storage", "read_write", "f32", mem.tobytes(), mem.tobytes(), 14, 256),
        (1, "storage", "read_write", "f32", bytes(256), (2 * mem + 1).tobytes(), 14, 512),
        (2, "uniform", "read", "", struct.pack("<I", 64), None, 15, 0)])
    t.write()


def build_alias(root):
    """Read_write views of one buffer whose ranges overlap, replayed in one
    buffer: the WebGPU specification rejects such a dispatch (Dawn and
    Chromium do; wgpu-native runs it)."""
    rng = np.random.default_rng(4)
    t = Trace(root)
    f32 = np.float32
    # 0: src covers bytes [512, 1536) of allocation 1, dst [768, 1280);
    # dst[i] = 2 src[i] + 1 for i < 64 writes the floats src[64:128]. Two
    # buffers would leave src's recorded output unmatched.
    mem = rng.uniform(-1, 1, 512).astype(f32)
    after = mem.copy()
    after[192:256] = 2 * mem[128:192] + 1
    src, dst = slice(128, 384), slice(192, 320)
    t.dispatch("shift_alias", [1, 1, 1], [
        (0, "storage", "read_write", "f32", mem[src].tobytes(), after[src].tobytes(), 1, 512),
        (1, "storage", "read_write", "f32", mem[dst].tobytes(), after[dst].tobytes(), 1, 768),
        (2, "uniform", "read", "", struct.pack("<I", 64), None, 2, 0)])
    # 1: dst at src's offset: an in-place update.
    mem = rng.uniform(-1, 1, 64).astype(f32)
    t.dispatch("shift_alias", [1, 1, 1], [
        (0, "storage", "read_write", "f32", mem.tobytes(), (2 * mem + 1).tobytes(), 3, 0),
        (1, "storage", "read_write", "f32", mem.tobytes(), (2 * mem + 1).tobytes(), 3, 0),
        (2, "uniform", "read", "", struct.pack("<I", 64), None, 4, 0)])
    t.write()


def without_path(argv):
    """Runs a script with an empty PATH and prints its output and exit
    status."""
    env = {k: v for k, v in os.environ.items() if k != "RELAX_WEBGPU_CHROMIUM"}
    env["PATH"] = os.path.join(os.sep, "nonexistent")
    p = subprocess.run([sys.executable, *argv], env=env, stdout=subprocess.PIPE, text=True)
    print(p.stdout, end="")
    print(f"exit {p.returncode}")


if __name__ == "__main__":
    if sys.argv[1] == "--without-path":
        sys.exit(without_path(sys.argv[2:]))
    out = sys.argv[1]
    build(os.path.join(out, "good"), wrong=False)
    build(os.path.join(out, "bad"), wrong=True)
    build_alias(os.path.join(out, "alias"))
