# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s %relax_src_root %t | FileCheck %s
# The user guide's command, as it shows it:
# RUN: cd %relax_src_root && timeout 300 mpiexec -n 2 relax-run examples/llama_layer_tp.mlir --size b=1 --size s=8 --size p=16 | FileCheck %s --check-prefix=GUIDE
# REQUIRES: mpi, numpy
#
# Tensor-parallel runs on two MPI ranks of this machine against one
# process. The shipped Llama layer annotated for two ranks
# (examples/llama_layer_tp.mlir) at two symbolic sizes against
# examples/llama_layer.mlir on the same seeded random inputs: the hidden
# state within 1e-4 of its largest magnitude (the all-reduces only
# re-associate sums), equal on
# both ranks bit for bit, and each rank's half of the cache equal to its
# heads of the whole one. GPT-2's block with its fused q/k/v projection
# split in segments and its cache gathered. A grid of one rank is the plain
# pipeline bit for bit. Weights bound by name from a safetensors file are
# cut into each rank's blocks (and lifted and transposed once). 5,000 calls
# in a row (one communicator, made once), an f16 all-reduce, and a
# partitioned module run without mpiexec and a module that is not split
# run under it, which are clear errors.
#
# CHECK: llama b=1 s=4 p=0: hidden ok, ranks equal, cache blocks ok
# CHECK: llama b=2 s=3 p=5: hidden ok, ranks equal, cache blocks ok
# CHECK: gpt2 b=1 s=3 p=2: hidden ok, ranks equal, gathered cache ok
# CHECK: one rank: equal to the plain pipeline
# CHECK: named weights: ok, ranks equal
# CHECK: 5000 calls: exit 0
# CHECK: f16: ok
# GUIDE: @main: result #0 shape [1, 8, 512] result #1 shape [1, 24, 1, 64] result #2 shape [1, 24, 1, 64]; compile {{.*}}, rank 0 of 2
# GUIDE-NOT: rank 1
#
# CHECK: without mpiexec: exit 1: relax-run: error: the model is partitioned over 2 ranks but this launch has 1: run it under `mpiexec -n 2`
# CHECK: unsplit under mpiexec: exit 1: relax-run: error: @main is not split over ranks (relax.grid): run it without mpiexec, or annotate it for 2 ranks

import os
import re
import subprocess
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "Inputs"))
from binary_files import write_safetensors  # noqa: E402

src, work = sys.argv[1], sys.argv[2]
examples = os.path.join(src, "examples")
env = dict(os.environ, OMP_NUM_THREADS="1")


def run(cmd, ranks=0):
    """Runs relax-run (under `mpiexec -n ranks` when ranks > 0)."""
    if ranks:
        cmd = ["mpiexec", "-n", str(ranks)] + cmd
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=600)


def checked(cmd, ranks=0):
    result = run(cmd, ranks)
    if result.returncode:
        sys.exit(f"{' '.join(cmd)}: exit {result.returncode}\n{result.stderr}")
    return result


def outputs(stem, count, rank=None):
    tag = "" if rank is None else f".rank{rank}"
    return [np.load(f"{stem}{tag}{'' if i == 0 else '.%d' % i}.npy") for i in range(count)]


def relative(a, b):
    return float(np.abs(a - b).max() / max(np.abs(a).max(), 1e-30))


def compare(label, whole, split, sizes, heads_axis=2, gathered=False):
    args = sum((["--size", f"{k}={v}"] for k, v in sizes.items()), [])
    one = os.path.join(work, f"{label}-1")
    two = os.path.join(work, f"{label}-2")
    checked(["relax-run", whole, "--output", one + ".npy"] + args)
    checked(["relax-run", split, "--output", two + ".npy", "--output-per-rank"] + args, ranks=2)
    ref = outputs(one, 3)
    ranks = [outputs(two, 3, r) for r in range(2)]
    hidden = "ok" if relative(ref[0], ranks[0][0]) < 1e-4 else \
        f"MISMATCH {relative(ref[0], ranks[0][0])}"
    equal = "ranks equal" if all(np.array_equal(ranks[0][i], ranks[1][i]) for i in range(3)) \
        else "RANKS DIFFER"
    if gathered:
        cache = "gathered cache ok" if all(
            relative(ref[i], ranks[0][i]) < 1e-4 for i in (1, 2)) else "CACHE MISMATCH"
    else:
        blocks = []
        for r in range(2):
            for i in (1, 2):
                heads = ref[i].shape[heads_axis] // 2
                block = np.take(ref[i], range(r * heads, (r + 1) * heads), axis=heads_axis)
                blocks.append(relative(block, ranks[r][i]) < 1e-4)
        cache = "cache blocks ok" if all(blocks) else "CACHE MISMATCH"
        equal = "ranks equal" if np.array_equal(ranks[0][0], ranks[1][0]) else "RANKS DIFFER"
    name = " ".join(f"{k}={v}" for k, v in sizes.items())
    print(f"{label} {name}: hidden {hidden}, {equal}, {cache}")


llama, llama_tp = os.path.join(examples, "llama_layer.mlir"), os.path.join(examples, "llama_layer_tp.mlir")
compare("llama", llama, llama_tp, {"b": 1, "s": 4, "p": 0})
compare("llama", llama, llama_tp, {"b": 2, "s": 3, "p": 5})

# GPT-2's block, annotated as relax-import's preset would: c_attn by columns
# in three segments (q, k, v), c_fc by columns, both projections by rows.
gpt2 = os.path.join(examples, "gpt2_block.mlir")
text = open(gpt2).read()
column = "relax.split_axes = #shard<axisarray[[], [0]]>"
row = "relax.split_axes = #shard<axisarray[[0]]>"
segments = "relax.split_segments = array<i64: 768, 768, 768>"
heads = "relax.split_axes = #shard<axisarray[[], [], [0]]>"
annotations = {"w_qkv": f"{column}, {segments}", "b_qkv": f"{row}, {segments}", "w_proj": row,
               "w_fc": column, "b_fc": row, "w_out": row, "past_k": heads, "past_v": heads}
for name, attrs in annotations.items():
    text = re.sub(r"(%" + name + r": !relax.tensor<\[[^\]]*\], f32>)", r"\1 {" + attrs + "}", text, count=1)
text = text.replace("relax.func @main", "shard.grid @tp(shape = 2)\nrelax.func @main", 1)
text = text.replace("attributes {sym.constraints", "attributes {relax.grid = @tp, sym.constraints", 1)
gpt2_tp = os.path.join(work, "gpt2_tp.mlir")
open(gpt2_tp, "w").write(text)
compare("gpt2", gpt2, gpt2_tp, {"b": 1, "s": 3, "p": 2}, gathered=True)

# A grid of one rank: the plain pipeline, bit for bit, without MPI.
one_rank = os.path.join(work, "llama_tp1.mlir")
open(one_rank, "w").write(open(llama_tp).read().replace("shard.grid @tp(shape = 2)", "shard.grid @tp(shape = 1)"))
sizes = ["--size", "b=2", "--size", "s=3", "--size", "p=5"]
checked(["relax-run", llama, "--output", os.path.join(work, "plain.npy")] + sizes)
checked(["relax-run", one_rank, "--output", os.path.join(work, "grid1.npy")] + sizes)
same = all(np.array_equal(a, b) for a, b in zip(outputs(os.path.join(work, "plain"), 3),
                                                  outputs(os.path.join(work, "grid1"), 3)))
print("one rank: " + ("equal to the plain pipeline" if same else "DIFFERENT"))

# Weights by name: the [K, N] weights are cut by columns and rows, then
# transposed once per rank (--relax-lift-transform-params).
mlp = os.path.join(work, "mlp.mlir")
open(mlp, "w").write("""
shard.grid @tp(shape = 2)
relax.func @main(%x: !relax.tensor<[n, 64], f32>,
                 %w_up: !relax.tensor<[64, 128], f32> {relax.param_name = "up", relax.split_axes = #shard<axisarray[[], [0]]>},
                 %b_up: !relax.tensor<[128], f32> {relax.param_name = "b_up", relax.split_axes = #shard<axisarray[[0]]>},
                 %w_down: !relax.tensor<[128, 64], f32> {relax.param_name = "down", relax.split_axes = #shard<axisarray[[0]]>},
                 %b_down: !relax.tensor<[64], f32> {relax.param_name = "b_down"})
    -> !relax.tensor<*, f32> attributes {relax.grid = @tp} {
  %h = relax.matmul %x, %w_up : (!relax.tensor<[n, 64], f32>, !relax.tensor<[64, 128], f32>) -> !relax.tensor<*, f32>
  %hb = relax.add %h, %b_up : (!relax.tensor<*, f32>, !relax.tensor<[128], f32>) -> !relax.tensor<*, f32>
  %a = relax.gelu %hb : (!relax.tensor<*, f32>) -> !relax.tensor<*, f32>
  %y = relax.matmul %a, %w_down : (!relax.tensor<*, f32>, !relax.tensor<[128, 64], f32>) -> !relax.tensor<*, f32>
  %yb = relax.add %y, %b_down : (!relax.tensor<*, f32>, !relax.tensor<[64], f32>) -> !relax.tensor<*, f32>
  relax.return %yb : !relax.tensor<*, f32>
}
""")
rng = np.random.default_rng(0)
weights = {"up": rng.standard_normal((64, 128), dtype=np.float32) / 8,
           "b_up": rng.standard_normal(128, dtype=np.float32),
           "down": rng.standard_normal((128, 64), dtype=np.float32) / 8,
           "b_down": rng.standard_normal(64, dtype=np.float32)}
write_safetensors(os.path.join(work, "mlp.safetensors"), weights)
x = rng.standard_normal((5, 64), dtype=np.float32)
np.save(os.path.join(work, "x.npy"), x)
checked(["relax-run", mlp, "--weights", os.path.join(work, "mlp.safetensors"),
         "--input", os.path.join(work, "x.npy"), "--output", os.path.join(work, "mlp.npy"),
         "--output-per-rank"], ranks=2)
h = x @ weights["up"] + weights["b_up"]
gelu = 0.5 * h * (1 + np.vectorize(__import__("math").erf)(h / np.sqrt(2)))
expected = gelu @ weights["down"] + weights["b_down"]
got = [np.load(os.path.join(work, f"mlp.rank{r}.npy")) for r in range(2)]
print("named weights: " + ("ok" if relative(expected, got[0]) < 1e-4
                           else f"MISMATCH {relative(expected, got[0])}")
      + (", ranks equal" if np.array_equal(got[0], got[1]) else ", RANKS DIFFER"))

# Many calls: one communicator for all of them.
result = run(["relax-run", mlp, "--weights", os.path.join(work, "mlp.safetensors"),
              "--input", os.path.join(work, "x.npy"), "--reps", "5000"], ranks=2)
print(f"5000 calls: exit {result.returncode}" + ("" if result.returncode == 0 else " " + result.stderr))

# An f16 all-reduce (reduced in f32 by the runtime's own MPI operation).
half = os.path.join(work, "half.mlir")
open(half, "w").write("""
shard.grid @tp(shape = 2)
relax.func @main(%x: !relax.tensor<[n, 64], f16> {relax.split_axes = #shard<axisarray[[], [0]]>},
                 %w: !relax.tensor<[64, 32], f16> {relax.split_axes = #shard<axisarray[[0]]>})
    -> !relax.tensor<*, f16> attributes {relax.grid = @tp} {
  %y = relax.matmul %x, %w : (!relax.tensor<[n, 64], f16>, !relax.tensor<[64, 32], f16>) -> !relax.tensor<*, f16>
  relax.return %y : !relax.tensor<*, f16>
}
""")
xh = (rng.standard_normal((3, 64)) / 4).astype(np.float16)
wh = (rng.standard_normal((64, 32)) / 4).astype(np.float16)
np.save(os.path.join(work, "xh.npy"), xh)
np.save(os.path.join(work, "wh.npy"), wh)
checked(["relax-run", half, "--input", os.path.join(work, "xh.npy"), "--input", os.path.join(work, "wh.npy"),
         "--output", os.path.join(work, "half.npy")], ranks=2)
ref = xh.astype(np.float32) @ wh.astype(np.float32)
got = np.load(os.path.join(work, "half.npy"))
print("f16: " + ("ok" if got.dtype == np.float16 and np.allclose(got, ref, rtol=2e-2, atol=2e-2)
                 else f"MISMATCH {got.dtype} {relative(ref, got.astype(np.float32))}"))

# A partitioned module needs its ranks.
result = run(["relax-run", mlp, "--weights", os.path.join(work, "mlp.safetensors"),
              "--input", os.path.join(work, "x.npy")])
print(f"without mpiexec: exit {result.returncode}: {result.stderr.strip()}")

# A module that is not split, under mpiexec: each rank would run it whole.
result = run(["relax-run", os.path.join(examples, "mlp.mlir"), "--size", "b=2"], ranks=2)
message = result.stderr.strip().splitlines()[0] if result.stderr.strip() else ""
print(f"unsplit under mpiexec: exit {1 if result.returncode else 0}: {message}")
