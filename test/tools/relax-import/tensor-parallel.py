# RUN: rm -rf %t && mkdir -p %t
# RUN: env PYTHONPATH=%relax_obj_root/python %import_python %s %t | FileCheck %s
# REQUIRES: import-transformers, mpi
#
# relax-import DIR --tensor-parallel 2 annotates a decoder LM for two ranks
# (q/k/v/gate/up projections by their outputs, o/down by their inputs, the
# paged KV cache by its heads), and `mpiexec -n 2 relax-run` runs @prefill
# and @decode of the 2-layer Llama and GPT-2 against the model imported
# for one process, at two sizes each: logits within 1e-4 of their largest
# magnitude, equal on both ranks bit for bit, two all-reduces per layer.
# `mpiexec -n 2 relax-generate` (which compiles the library once, for both
# ranks, and prints on rank 0) gives transformers' greedy tokens, one
# prompt and a batch of two; with q4_0 weights (split with their scales)
# the tokens equal one process's. Heads that do not divide are an import
# error.
#
# CHECK: llama: 8 all-reduces; prefill t=5: ok; prefill t=19: ok; decode b=1: ok; decode b=3: ok; generate: equal; batched: equal
# CHECK: gpt2: 8 all-reduces; prefill t=5: ok; prefill t=19: ok; decode b=1: ok; decode b=3: ok; generate: equal; batched: equal
# CHECK: llama q4_0: 2 ranks equal 1
# CHECK: llama over 4 ranks: exit 1: relax-import: error: --tensor-parallel 4: the 2 key/value heads are not a multiple of 4

import json
import os
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                                "relax-generate", "Inputs"))
from hf_decoders import make, references  # noqa: E402

work = sys.argv[1]
env = dict(os.environ, OMP_NUM_THREADS="1")


def run(cmd, ranks=0):
    if ranks:
        cmd = ["mpiexec", "-n", str(ranks)] + cmd
    result = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)
    if result.returncode:
        sys.exit(f"{' '.join(cmd)}: exit {result.returncode}\n{result.stderr}")
    return result


def inputs(directory, name, config, decode, tokens):
    """The arguments of @prefill (one sequence of `tokens`) or @decode
    (`tokens` sequences of one token each) over a zeroed cache, as .npy."""
    rng = np.random.default_rng(tokens)
    page = config["page_size"]
    pages = np.zeros((config["num_layers"], 4, 2, config["num_kv_heads"], page,
                      config["head_dim"]), np.float32)
    ids = rng.integers(0, config["vocab_size"], tokens).astype(np.int32)
    if decode:
        # Sequence i at position i, in page i.
        arrays = [ids, pages, np.arange(tokens, dtype=np.int32).reshape(tokens, 1),
                  np.arange(tokens, dtype=np.int32),
                  (np.arange(tokens) * page + np.arange(tokens)).astype(np.int32)]
    else:
        arrays = [ids, pages, np.arange(4, dtype=np.int32).reshape(1, 4),
                  np.zeros(tokens, np.int32), np.arange(tokens, dtype=np.int32),
                  np.arange(tokens, dtype=np.int32), np.array([tokens - 1], np.int32)]
    paths = []
    for i, a in enumerate(arrays):
        paths.append(os.path.join(directory, f"{name}.{i}.npy"))
        np.save(paths[-1], a)
    return sum((["--input", p] for p in paths), [])


for arch in ("llama", "gpt2"):
    model = os.path.join(work, arch)
    hf = make(arch, model).eval()
    one, two = os.path.join(work, arch + "-1"), os.path.join(work, arch + "-2")
    run(["relax-import", model, "-o", one])
    run(["relax-import", model, "-o", two, "--tensor-parallel", "2"])
    config = json.load(open(os.path.join(one, "config.json")))
    partitioned = run(["relax-opt", os.path.join(two, "model.mlir"), "--relax-infer-shapes",
                       "--relax-tensor-parallel"]).stdout
    report = [f"{partitioned.count('relax.ccl.allreduce')} all-reduces"]
    for entry, decode, tokens in (("prefill", False, 5), ("prefill", False, 19),
                                  ("decode", True, 1), ("decode", True, 3)):
        name = f"{arch}-{entry}-{tokens}"
        args = ["--entry", entry] + inputs(work, name, config, decode, tokens)
        ref = os.path.join(work, name + "-1.npy")
        run(["relax-run", os.path.join(one, "model.mlir"), "--weights",
             os.path.join(one, "model.safetensors"), "--output", ref] + args)
        out = os.path.join(work, name + "-2.npy")
        run(["relax-run", os.path.join(two, "model.mlir"), "--weights",
             os.path.join(two, "model.safetensors"), "--output", out, "--output-per-rank"]
            + args, ranks=2)
        a = np.load(ref)
        b = [np.load(out[:-4] + f".rank{r}.npy") for r in range(2)]
        error = np.abs(a - b[0]).max() / np.abs(a).max()
        verdict = "ok" if error < 1e-4 and np.array_equal(b[0], b[1]) else \
            f"MISMATCH {error} ranks equal {np.array_equal(b[0], b[1])}"
        what = f"t={tokens}" if entry == "prefill" else f"b={tokens}"
        report.append(f"{entry} {what}: {verdict}")
    prompts = [[5, 17, 3, 99, 42], [7, 1, 200]]
    expected = references(hf, prompts, 8)
    got = run(["relax-generate", two, "--prompt-ids", ",".join(map(str, prompts[0])),
               "--max-new-tokens", "8"], ranks=2).stdout.split()
    report.append("generate: " + ("equal" if [int(x) for x in got] == expected[0]
                                  else f"DIFFERENT {got} {expected[0]}"))
    batch = os.path.join(work, arch + "-prompts.txt")
    with open(batch, "w") as f:
        f.write("\n".join(",".join(map(str, p)) for p in prompts) + "\n")
    lines = run(["relax-generate", two, "--batch-prompts", batch, "--max-new-tokens", "8"],
                ranks=2).stdout.splitlines()
    report.append("batched: " + ("equal" if [[int(x) for x in line.split()] for line in lines]
                                 == expected else f"DIFFERENT {lines} {expected}"))
    print(f"{arch}: " + "; ".join(report))

# Packed 4-bit weights split with their scales (whole groups per rank).
packed = []
for ranks in (1, 2):
    out = os.path.join(work, f"llama-q4-{ranks}")
    run(["relax-import", os.path.join(work, "llama"), "-o", out, "--quantize", "q4_0",
         "--tensor-parallel", str(ranks)])
    packed.append(run(["relax-generate", out, "--prompt-ids", "5,17,3,99,42",
                       "--max-new-tokens", "8"], ranks=ranks if ranks > 1 else 0).stdout)
print("llama q4_0: " + ("2 ranks equal 1" if packed[0] == packed[1] and packed[0].strip()
                        else f"DIFFERENT {packed}"))

result = subprocess.run(["relax-import", os.path.join(work, "llama"), "-o",
                         os.path.join(work, "llama-4"), "--tensor-parallel", "4"],
                        capture_output=True, text=True)
print(f"llama over 4 ranks: exit {result.returncode}: {result.stderr.strip()}")
