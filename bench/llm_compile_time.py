"""Time from .mlir to .so for a Llama-7B-shaped decoder, and its memory
budget.

    PYTHONPATH=build/python python3 bench/llm_compile_time.py [--layers 32]

Writes the module relax-import would write for a Llama-2-7B configuration
(hidden 4096, 32 layers, 32 heads, MLP 11008, vocabulary 32000, context
4096), without weights (compiling needs none), then times
`relax-compile model.mlir -o model.so` and prints the budget it reports.
"""

import argparse
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "build", "python"))
from relax_import.hf_decoder import Graph, Spec  # noqa: E402


def llama(layers, hidden=4096, heads=32, kv_heads=32, intermediate=11008,
          vocab=32000, context=4096):
    s = Spec()
    s.architecture, s.family = "LlamaForCausalLM", "llama"
    s.hidden, s.layers, s.heads, s.kv_heads = hidden, layers, heads, kv_heads
    s.intermediate, s.vocab, s.context = intermediate, vocab, context
    s.head_dim = hidden // heads
    s.eps, s.activation, s.norm = 1e-6, "silu", "rms"
    s.learned_positions = s.parallel_residual = s.tied = False
    s.qkv_bias = s.o_bias = s.mlp_bias = False
    s.rotary_dim, s.rope_theta = s.head_dim, 10000.0
    s.quantized = {}
    return s


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, default=32)
    parser.add_argument("--work", default=os.path.join(ROOT, "build-bench", "compile7b"))
    args = parser.parse_args()
    os.makedirs(args.work, exist_ok=True)
    s = llama(args.layers)
    text = Graph(s, decode=False).build() + "\n" + Graph(s, decode=True).build()
    source = os.path.join(args.work, "model.mlir")
    with open(source, "w") as f:
        f.write(text)
    library = os.path.join(args.work, "model.so")
    start = time.perf_counter()
    result = subprocess.run([os.path.join(ROOT, "build", "bin", "relax-compile"), source,
                             "-o", library], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode:
        sys.exit(result.stderr)
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "unknown CPU")
    print(f"Llama-7B shape ({args.layers} layers, hidden {s.hidden}, MLP {s.intermediate}), "
          f"{len(text.splitlines())} lines of relax IR; {cpu}, {os.cpu_count()} CPUs")
    print(f"relax-compile wall time: {seconds:.1f} s (goal <= 10 s)")
    print(result.stdout.rstrip())


if __name__ == "__main__":
    main()
