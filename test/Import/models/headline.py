# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers, ptxas
#
# The documented commands on what relax-import writes, where every
# intermediate is `!relax.tensor<*, T>`: `relax-opt --relax-fuse` infers the
# shapes it needs, so it fuses (fewer kernels than the ops legalized one by
# one), fusing its own output again changes nothing, and
# `relax-opt --relax-fuse --relax-lower-to-cpu|gpu` compiles the module.
#
# CHECK: llama: {{[0-9]+}} kernels unfused, {{[0-9]+}} fused: fewer
# CHECK: llama: fusing again: unchanged
# CHECK: llama: --relax-fuse --relax-lower-to-cpu: ok
# CHECK: llama: --relax-fuse --relax-lower-to-gpu: ok
# CHECK: gpt2: {{[0-9]+}} kernels unfused, {{[0-9]+}} fused: fewer
# CHECK: gpt2: fusing again: unchanged
# CHECK: gpt2: --relax-fuse --relax-lower-to-cpu: ok
# CHECK: gpt2: --relax-fuse --relax-lower-to-gpu: ok

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402


def relax_opt(*args):
    result = subprocess.run(["relax-opt", *args], capture_output=True, text=True)
    if result.returncode:
        print(f"relax-opt {' '.join(args)} failed: {result.stderr}")
        sys.exit(1)
    return result.stdout


def kernels(ir):
    return len(re.findall(r"\bcall_tir @", ir))


work = sys.argv[1]
for name in ("llama", "gpt2"):
    module, example, dynamic, _ = hf_models.build(name)
    paths = hf_models._import(name, module, (example,), dynamic,
                              os.path.join(work, name), cli=False)
    if paths is None:
        sys.exit(1)
    mlir = paths[0]
    unfused = kernels(relax_opt(mlir, "--relax-infer-shapes", "--relax-legalize"))
    fused_ir = relax_opt(mlir, "--relax-fuse")
    fused = kernels(relax_opt(mlir, "--relax-fuse", "--relax-legalize"))
    print(f"{name}: {unfused} kernels unfused, {fused} fused:",
          "fewer" if fused < unfused else "NOT FEWER")
    again = os.path.join(work, f"{name}.fused.mlir")
    with open(again, "w") as f:
        f.write(fused_ir)
    print(f"{name}: fusing again:",
          "unchanged" if relax_opt(again, "--relax-fuse") == fused_ir else "CHANGED")
    for pipeline in ("--relax-lower-to-cpu", "--relax-lower-to-gpu"):
        relax_opt("--relax-fuse", pipeline, mlir, "-o", os.devnull)
        print(f"{name}: --relax-fuse {pipeline}: ok")
