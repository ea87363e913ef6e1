"""Times real-size transformers models on the CPU (random weights, f32):
exported with torch.export, imported by relax-import, compiled and run by
relax-run, side by side with PyTorch eager, ONNX Runtime (plain and with
its transformer fusions) and OpenVINO on the same weights and inputs, all
on the same thread count, in the same run.

    python3 bench/cpu_models.py [--models bert,gpt2,llama1b]
        [--sizes 1x1,1x32,1x128 | --sizes full] [--reps 3] [--threads 1|all]
        [--peers ort,ort_fused,openvino] [--peer-python PY]
        [--markdown table.md] [--plot models.png]

Models (transformers configs, weights drawn from seed 0, wrapped as in
test/Import/Inputs/hf_models.py):

  - bert: BERT-base (transformers' BertConfig defaults: 12 layers, width
    768, 12 heads, FFN 3072, vocab 30522, 512 positions), last hidden state;
  - gpt2: GPT-2 small (GPT2Config defaults: 12 layers, width 768, 12 heads,
    vocab 50257 with the LM head tied to the embedding, 1024 positions),
    logits, no KV cache;
  - llama1b: a Llama-architecture model of 0.85 B parameters (width 2048,
    16 layers, 32 heads, 8 KV heads, FFN 5632, vocab 32000, untied LM
    head), logits of a prefill (default sizes 1x128 and 1x512), only when
    named in --models (3.4 GB of weights; a run needs about 12 GB).

These are the shapes of bench/models.py --full (hf_models.build(name,
"full"): 12 layers, width 768) with the real vocabularies and position
tables. Batch and sequence are dynamic (torch.export Dims from 1, where
hf_models' sequence Dims start at 2), so one import and one ONNX export
serve every row. --sizes BxS,... gives the rows of every model named
(default: 1x1,1x32,1x128 for bert and gpt2, 1x128,1x512 for llama1b);
--sizes full is batch 1 and 8 at seq 1, 32, 128 and 512.

Above the tables: the CPU (/proc/cpuinfo's model name and the flags that
matter to kernels, present and absent), torch's sgemm rate (2048 x 2048 x
2048 f32, best of 5) and memory read bandwidth (a sum of 1 GiB of f32, best
of 5), both on the benchmark's thread count; per model, its parameters, the
weight bytes a call must read (every parameter but the embedding tables
that are only gathered: GPT-2's tied one is read by the LM head), the
times of torch.export, relax-import and the ONNX export, relax-run's
compile time (the least over the rows; relax-run compiles once per
process), and the op types that ONNX Runtime's fusions introduced.

Per row (model, batch, seq), the systems:

  - relax-run: `relax-run model.mlir --weights ... --reps N` (best time per
    call; --pipeline-options=parallel=true with --threads all, plus
    --relax-options, and --relax-args appended);
  - PyTorch eager: the module (transformers' default attention, sdpa)
    under torch.no_grad(), best of --reps after one untimed call (under
    torch.utils.flop_counter, which gives the row's FLOPs: 2 per
    multiply-add of the matmuls and the attention);
  - ORT: onnxruntime.InferenceSession on the ONNX export, default graph
    optimizations (ORT_ENABLE_ALL), CPU provider. The export is
    torch.onnx.export of the same model (rebuilt from the same seed) with
    dynamic batch and seq, taking the token ids and an attention mask (all
    ones at run time), as ONNX exports of these models do, with eager
    attention: the TorchScript exporter (dynamo=False) by default, since
    the dynamo exporter needs onnxscript and the fusions below match the
    TorchScript exporter's graphs (--exporter dynamo|auto to change it).
    Without the mask, transformers looks for packed sequences (torch.diff,
    which the TorchScript exporter cannot export) and ORT's BERT attention
    fusion finds no mask to match;
  - ORT fused: the same after onnxruntime.transformers.optimizer
    .optimize_model(model_type=bert for bert, gpt2 for gpt2 and llama1b,
    num_heads, hidden_size). A model whose weights are external data (past
    2 GB: llama1b) is optimized with them left unloaded (the fusions read
    the few they look at) and with opt_level 0 (no ORT pass first): on all
    of llama1b's 3.4 GB optimize_model needs more than 20 GB. The fusions
    it finds are the same as on a small Llama loaded whole;
  - OpenVINO: openvino.Core().compile_model on the same ONNX file, "CPU",
    INFERENCE_PRECISION_HINT f32, PERFORMANCE_HINT LATENCY, dynamic shapes.

Each peer's time is its best of --reps after one untimed call.
Columns: ms per call (best of --reps; a peer that cannot build or run the
row shows a short reason instead), then relax / best peer (relax-run's time
over the fastest other system's, which is named; below 1 relax-run is
faster) and, on seq 1 rows, the bandwidth bound (weight bytes read per call
/ measured read bandwidth, ms: a decode step cannot be faster unless the
weights stay in the caches). The GFLOP/s table divides the row's FLOPs by
each system's time. The max abs difference table compares each system's
output with PyTorch's.

--threads 1 (the default) runs everything on one thread:
torch.set_num_threads(1), ORT intra_op_num_threads=1 and
inter_op_num_threads=1, OpenVINO INFERENCE_NUM_THREADS=1, relax-run without
parallel. --threads all: relax-run with parallel=true (OpenMP), the peers'
defaults.

The peers and the plot are installed apart from the compiler's
dependencies:

    python3 -m venv --system-site-packages build-bench/venv
    build-bench/venv/bin/pip install onnxruntime openvino matplotlib onnx

--peer-python (default: build-bench/venv/bin/python when it exists, else
this Python) runs the ONNX export and each peer, one process per peer and
model, as bench/models.py runs its peers. --markdown FILE writes the
header and tables; --plot FILE writes ms per call as a bar chart (log
scale). The work directory of each model (its .mlir, .safetensors, .onnx
and .npy files: 3 to 4 times the weights) is removed after the model unless
--keep-work.
"""

import argparse
import gc
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def _load_models_bench():
    spec = importlib.util.spec_from_file_location("bench_models", os.path.join(HERE, "models.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # puts test/Import/Inputs and python/ on sys.path
    return module


bench = _load_models_bench()
from machine import (bar_chart, best_time, cpu_info, cpu_line, flags_text,  # noqa: E402
                     sgemm_gflops)
max_error, short, run_measured = bench.max_error, bench.short, bench.run_measured
fmt_ms, outputs = bench.fmt_ms, bench.outputs

MODELS = ("bert", "gpt2", "llama1b")
DEFAULT_MODELS = "bert,gpt2"
SIZES = {"bert": [(1, 1), (1, 32), (1, 128)], "gpt2": [(1, 1), (1, 32), (1, 128)],
         "llama1b": [(1, 128), (1, 512)]}
FULL_SIZES = [(b, s) for b in (1, 8) for s in (1, 32, 128, 512)]
PEERS = ("ort", "ort_fused", "openvino")
TITLES = {"relax": "relax-run", "torch": "PyTorch", "ort": "ORT", "ort_fused": "ORT fused",
          "openvino": "OpenVINO"}
# The ORT optimizer's model types.
FUSION_TYPE = {"bert": "bert", "gpt2": "gpt2", "llama1b": "gpt2"}

# --- The models ----------------------------------------------------------------

def config(name, tiny=False):
    """The transformers config of `name`; `tiny` shrinks it (2 layers,
    width 64) for trying the benchmark out."""
    import transformers as T
    if name == "bert":
        cfg = T.BertConfig()
    elif name == "gpt2":
        cfg = T.GPT2Config()
    elif name == "llama1b":
        cfg = T.LlamaConfig(vocab_size=32000, hidden_size=2048, intermediate_size=5632,
                            num_hidden_layers=16, num_attention_heads=32,
                            num_key_value_heads=8, max_position_embeddings=2048)
    else:
        raise ValueError(f"unknown model {name} (one of {', '.join(MODELS)})")
    if tiny:
        small = {"hidden_size": 64, "num_hidden_layers": 2, "num_attention_heads": 4,
                 "intermediate_size": 128, "vocab_size": 1000}
        if name == "gpt2":
            small = {"n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 1000}
        if name == "llama1b":
            small["num_key_value_heads"] = 2
        for key, value in small.items():
            setattr(cfg, key, value)
    return cfg


def dims(cfg):
    """(hidden size, heads, layers, vocab, positions) of `cfg`."""
    get = lambda *keys: next(getattr(cfg, k) for k in keys if hasattr(cfg, k))  # noqa: E731
    return (get("hidden_size", "n_embd"), get("num_attention_heads", "n_head"),
            get("num_hidden_layers", "n_layer"), cfg.vocab_size,
            get("max_position_embeddings", "n_positions"))


def build(name, tiny=False):
    """(module, example input, torch.export dynamic shapes, make_input(b, s),
    config): the model wrapped as hf_models wraps it, one tensor of token
    ids in, one tensor out."""
    import torch
    import transformers as T
    from torch.export import Dim
    import hf_models
    cfg = config(name, tiny)
    torch.manual_seed(0)
    if name == "bert":
        module = hf_models.Wrapper(T.BertModel(cfg).eval(), "ids")
    elif name == "gpt2":
        module = hf_models.Wrapper(T.GPT2LMHeadModel(cfg).eval(), "causal")
    else:
        module = hf_models.Wrapper(T.LlamaForCausalLM(cfg).eval(), "causal")
    module.eval()
    _, _, _, vocab, positions = dims(cfg)
    batch = Dim("batch", min=1, max=64)
    seq = Dim("seq", min=1, max=positions)

    def tokens(b, s):
        return torch.randint(0, vocab, (b, s))

    # Example sizes neither 0 nor 1, which torch.export would specialize.
    return module, tokens(2, 8), {"x": {0: batch, 1: seq}}, tokens, cfg


def weight_stats(module):
    """(parameters, bytes of the weights a call reads): every parameter but
    the embedding tables that are only gathered (a table that is also a
    linear layer's weight, GPT-2's tied LM head, is read whole)."""
    import torch
    params = {id(p): p for p in module.parameters()}
    gathered = {id(m.weight) for m in module.modules() if isinstance(m, torch.nn.Embedding)}
    read = set()
    for m in module.modules():
        if not isinstance(m, torch.nn.Embedding):
            read |= {id(p) for p in m.parameters(recurse=False)}
    count = sum(p.numel() for p in params.values())
    nbytes = sum(p.numel() * p.element_size() for k, p in params.items()
                 if k not in gathered or k in read)
    return count, nbytes


# --- The machine ---------------------------------------------------------------

def machine(threads):
    """Lines describing the CPU and its measured sgemm rate and read
    bandwidth; (lines, GB/s)."""
    import torch
    _, flags = cpu_info()
    n = 2048
    gflops = sgemm_gflops(n)
    x = torch.ones(1 << 28)  # 1 GiB of f32
    gbs = x.numel() * 4 / best_time(lambda: x.sum()) / 1e9
    x = None
    where = "one thread" if threads == "1" else f"{torch.get_num_threads()} threads"
    lines = [cpu_line(),
             "Flags: " + flags_text(flags),
             f"torch {torch.__version__} on {where}: sgemm {n}x{n}x{n} f32 {gflops:.1f} GFLOP/s, "
             f"memory read (sum of 1 GiB f32) {gbs:.1f} GB/s (best of 5)"]
    return lines, gbs


# --- Peers, each in a process of its own ------------------------------------------

def export_worker(name, work, tiny, exporter):
    """Exports `name` to work/model.onnx (inputs x and attention_mask, both
    with dynamic batch and seq; eager attention, whose pattern ORT's BERT
    fusion matches); prints one JSON object."""
    import torch

    class ExportWrapper(torch.nn.Module):
        """The ONNX export's module: the wrapped transformers model called with
        the token ids and an attention mask (all ones at run time), the inputs
        ONNX exports of these models take. The mask keeps transformers from
        looking for packed sequences (torch.diff, which the TorchScript exporter
        cannot export) and gives ORT's BERT fusion the mask it matches."""

        def __init__(self, wrapped):
            super().__init__()
            self.wrapped = wrapped

        def forward(self, x, attention_mask):
            if self.wrapped.kind == "causal":
                return self.wrapped.model(input_ids=x, attention_mask=attention_mask,
                                          use_cache=False).logits
            return self.wrapped.model(input_ids=x, attention_mask=attention_mask).last_hidden_state

    module, example, dynamic, _, _ = build(name, tiny)
    module.model.set_attn_implementation("eager")
    # Not in training mode: the TorchScript exporter restores the mode it
    # found, recursively.
    wrapper = ExportWrapper(module).eval()
    example = (example, torch.ones_like(example))
    path = os.path.join(work, "model.onnx")
    large = weight_stats(module)[1] > 1.5e9
    result = {}
    errors = []
    for dynamo in ((True, False) if exporter == "auto" else (exporter == "dynamo",)):
        start = time.perf_counter()
        try:
            with torch.no_grad():
                if dynamo:
                    program = torch.onnx.export(
                        wrapper, example, dynamo=True, input_names=["x", "attention_mask"],
                        output_names=["y"],
                        dynamic_shapes={"x": dynamic["x"], "attention_mask": dynamic["x"]})
                    program.save(path, external_data=large)
                else:
                    axes = {0: "batch", 1: "seq"}
                    torch.onnx.export(wrapper, example, path, dynamo=False, opset_version=17,
                                      input_names=["x", "attention_mask"], output_names=["y"],
                                      dynamic_axes={"x": axes, "attention_mask": axes, "y": axes})
            result = {"exporter": "dynamo" if dynamo else "torchscript",
                      "export_s": time.perf_counter() - start}
            break
        except Exception as error:  # the other exporter may work
            errors.append(("dynamo: " if dynamo else "torchscript: ") + short(error))
    if not result:
        result = {"error": "; ".join(errors)}
    elif errors:
        result["fallback"] = errors[0]
    print(json.dumps(result))


def feeds(names, x):
    """The ONNX model's inputs: the token ids and a mask of ones."""
    return {n: x if n == "x" else np.ones_like(x) for n in names}


def peer_worker(peer, name, work, reps, threads, tiny):
    """Builds `name` from work/model.onnx with `peer` and runs it on the rows
    saved in `work` (in{row}.npy, expected{row}.npy); prints one JSON
    object."""
    result = {"rows": {}}
    try:
        run = {"ort": ort_build, "ort_fused": ort_build,
               "openvino": openvino_build}[peer](peer, name, work, threads, tiny, result)
    except Exception as error:  # the peer cannot build the model
        result["error"] = short(error)
        print(json.dumps(result))
        return
    rows = json.load(open(os.path.join(work, "rows.json")))
    for r, _ in enumerate(rows):
        try:
            x = np.load(os.path.join(work, f"in{r}.npy"))
            expected = np.load(os.path.join(work, f"expected{r}.npy"))
            call = run(x)
            got = call()  # the first call: untimed
            best = float("inf")
            for _ in range(reps):
                start = time.perf_counter()
                call()
                best = min(best, time.perf_counter() - start)
            result["rows"][str(r)] = {"ms": best * 1e3, "error": max_error([got], [expected])}
        except Exception as error:  # the peer cannot run this size
            result["rows"][str(r)] = {"reason": short(error)}
    print(json.dumps(result))


def ort_build(peer, name, work, threads, tiny, result):
    import onnxruntime as ort
    result["version"] = ort.__version__
    path = os.path.join(work, "model.onnx")
    if peer == "ort_fused":
        from onnxruntime.transformers import optimizer
        import onnx
        hidden, heads = dims(config(name, tiny))[:2]
        plain = onnx.load(path, load_external_data=False)
        before = {n.op_type for n in plain.graph.node}
        # Past 2 GB the weights are external data. optimize_model on the
        # whole of llama1b's (3.4 GB) needs more than 20 GB, so such a model
        # is optimized with its weights left unloaded and without ORT's own
        # pass first (opt_level 0); the fusions read the few they look at
        # (the norms' weights) by paths relative to the working directory,
        # hence the chdir. The result is saved beside the weights it refers
        # to.
        large = any(t.data_location == onnx.TensorProto.EXTERNAL
                    for t in plain.graph.initializer)
        start = time.perf_counter()
        cwd = os.getcwd()
        try:
            os.chdir(work)
            model = optimizer.optimize_model(plain if large else path,
                                             model_type=FUSION_TYPE[name], num_heads=heads,
                                             hidden_size=hidden,
                                             opt_level=0 if large else None)
        finally:
            os.chdir(cwd)
        result["optimize_s"] = time.perf_counter() - start
        stats = model.get_operator_statistics()
        result["fused"] = {op: n for op, n in sorted(stats.items()) if op not in before}
        if large:
            result["fused"]["(opt_level 0, weights unloaded)"] = ""
        fused = os.path.join(work, "model_fused.onnx")
        model.save_model_to_file(fused, use_external_data_format=large)
        path = fused
    options = ort.SessionOptions()
    if threads == "1":
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    start = time.perf_counter()
    session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
    result["compile_s"] = time.perf_counter() - start
    names = [i.name for i in session.get_inputs()]

    def run(x):
        feed = feeds(names, x)
        return lambda: session.run(None, feed)[0]
    return run


def openvino_build(peer, name, work, threads, tiny, result):
    import openvino as ov
    result["version"] = ov.__version__.split("-")[0]
    core = ov.Core()
    props = {"INFERENCE_PRECISION_HINT": "f32", "PERFORMANCE_HINT": "LATENCY"}
    if threads == "1":
        props["INFERENCE_NUM_THREADS"] = 1
    start = time.perf_counter()
    compiled = core.compile_model(core.read_model(os.path.join(work, "model.onnx")), "CPU",
                                  props)
    result["compile_s"] = time.perf_counter() - start
    request = compiled.create_infer_request()
    names = [i.get_any_name() for i in compiled.inputs]

    def run(x):
        feed = feeds(names, x)

        def call():
            request.infer(feed, share_inputs=True)
            return request.get_output_tensor(0).data.copy()
        return call
    return run


def worker_cmd(python, *args):
    return [python, os.path.abspath(__file__), *args]


def run_worker(cmd, timeout):
    """Runs a worker; its last JSON line, or {"error": reason}."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"no result in {timeout} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith("{"):
            return json.loads(line)
    if proc.returncode < 0 and not proc.stderr.strip():
        # SIGKILL with nothing said is the kernel's OOM killer, mostly.
        return {"error": f"killed by signal {-proc.returncode}"
                + (" (out of memory?)" if proc.returncode == -9 else "")}
    return {"error": short(proc.stderr or f"exit code {proc.returncode}")}


def peer_available(python, peer):
    module = {"ort": "onnxruntime", "ort_fused": "onnxruntime.transformers.optimizer",
              "openvino": "openvino"}[peer]
    check = subprocess.run([python, "-c", f"import {module}"], capture_output=True, text=True)
    return None if check.returncode == 0 else f"not installed ({module})"


# --- The benchmark -----------------------------------------------------------------

def parse_sizes(text, name):
    if not text:
        return SIZES[name]
    if text == "full":
        return FULL_SIZES
    rows = []
    for item in text.split(","):
        b, _, s = item.partition("x")
        rows.append((int(b), int(s)))
    return rows


def bench_model(name, args, paths, gbs):
    """Runs every system on `name` at its rows; (header line, rows)."""
    import torch
    from torch.utils.flop_counter import FlopCounterMode
    from relax_import import import_torch, write_weights
    relax_run, python, peers, missing = paths
    work = tempfile.mkdtemp(prefix=f"relax-cpu-{name}-", dir=args.work_dir)
    cases = parse_sizes(args.sizes, name)
    notes = []
    try:
        module, example, dynamic, make, cfg = build(name, args.tiny)
        count, nbytes = weight_stats(module)
        notes.append(f"{count / 1e6:.1f} M parameters, {nbytes / 1e6:.0f} MB of weights "
                     "read per call")
        start = time.perf_counter()
        ep = torch.export.export(module, (example,), dynamic_shapes=dynamic)
        notes.append(f"torch.export {time.perf_counter() - start:.1f} s")
        start = time.perf_counter()
        text, weights = import_torch(ep, source=name)
        mlir, wfile = os.path.join(work, "model.mlir"), os.path.join(work, "model.safetensors")
        with open(mlir, "w") as f:
            f.write(text)
        write_weights(wfile, weights)
        notes.append(f"relax-import {time.perf_counter() - start:.1f} s "
                     f"({text.count(' = relax.')} graph ops)")
        del ep, text, weights
        gc.collect()
        print(f"\n{name}: " + ", ".join(notes), flush=True)

        rows = []
        with open(os.path.join(work, "rows.json"), "w") as f:
            json.dump(cases, f)
        for r, (b, s) in enumerate(cases):
            torch.manual_seed(1 + r)
            x = make(b, s)
            np.save(os.path.join(work, f"in{r}.npy"), x.numpy())
            with torch.no_grad():
                counter = FlopCounterMode(display=False)
                with counter:  # the first call: untimed, counts the FLOPs
                    expected = outputs(module(x))[0]
                best = float("inf")
                for _ in range(args.reps):
                    start = time.perf_counter()
                    module(x)
                    best = min(best, (time.perf_counter() - start) * 1e3)
            expected = expected.numpy()
            np.save(os.path.join(work, f"expected{r}.npy"), expected)
            rows.append({"model": name, "row": (b, s), "flops": counter.get_total_flops(),
                         "bytes": nbytes, "gbs": gbs,
                         "torch": {"ms": best, "error": 0.0}})
            print(f"  b={b} s={s}: PyTorch {best:.3f} ms", flush=True)
        del module, expected
        gc.collect()

        compile_s, peaks = [], []
        options = ([args.relax_options] if args.relax_options else [])
        if args.threads == "all":
            options.append("parallel=true")
        for r, entry in enumerate(rows):
            out = os.path.join(work, "y.npy")
            # relax-run times every call, the first (cold caches, threads
            # starting) too; the peers' first call is untimed. One call more
            # gives relax-run as many warm calls, of which it reports the best.
            cmd = [relax_run, mlir, "--weights", wfile, "--input",
                   os.path.join(work, f"in{r}.npy"), "--output", out,
                   "--reps", str(args.reps + 1)]
            cmd += [f"--pipeline-options={o}" for o in options]
            cmd += args.relax_args.split()
            start = time.perf_counter()
            code, stdout, stderr, rss = run_measured(cmd)
            wall = time.perf_counter() - start
            if code:
                entry["relax"] = {"reason": short(stderr or f"exit code {code}")}
            else:
                got = np.load(out)
                expected = np.load(os.path.join(work, f"expected{r}.npy"))
                compile_s.append(float(re.search(r"compile ([\d.]+) ms", stdout).group(1)) / 1e3)
                entry["relax"] = {"ms": float(re.search(r"best ([\d.]+) ms", stdout).group(1)),
                                  "error": max_error([got], [expected])}
                os.remove(out)
                peaks.append(rss or 0)
            print(f"  b={entry['row'][0]} s={entry['row'][1]}: relax-run "
                  f"{fmt_ms(entry['relax'].get('ms', entry['relax'].get('reason')))} ms "
                  f"(process {wall:.1f} s"
                  + (f", peak RSS {rss / 2**20:.0f} MB" if rss else "") + ")", flush=True)
        if not args.keep_work:
            os.remove(wfile)  # hundreds of MB
        relax_note = (f"relax-run compile {min(compile_s):.1f} s" if compile_s
                      else "relax-run failed")
        if any(peaks):
            relax_note += f", peak RSS {max(peaks) / 2**20:.0f} MB"
        print(f"  {relax_note}", flush=True)
        notes.append(relax_note)

        export = {"error": "no peers"}
        if any(not missing[p] for p in peers):
            export = run_worker(worker_cmd(python, "--worker", "export", "--models", name,
                                           "--work", work, "--exporter", args.exporter)
                                + (["--tiny"] if args.tiny else []), args.peer_timeout)
            if "error" in export:
                print(f"  ONNX export failed: {export['error']}", flush=True)
                notes.append(f"ONNX export failed: {export['error']}")
            else:
                note = f"ONNX export ({export['exporter']}) {export['export_s']:.1f} s"
                if "fallback" in export:
                    note += f" (after {export['fallback']})"
                print(f"  {note}", flush=True)
                notes.append(note)
        for peer in peers:
            if missing[peer]:
                result = {"error": missing[peer]}
            elif "error" in export:
                result = {"error": "no ONNX export"}
            else:
                result = run_worker(worker_cmd(python, "--worker", peer, "--models", name,
                                               "--work", work, "--reps", str(args.reps),
                                               "--threads", args.threads)
                                    + (["--tiny"] if args.tiny else []), args.peer_timeout)
            if "version" in result:
                paths_versions[peer] = result["version"]
            for r, entry in enumerate(rows):
                cell = result.get("rows", {}).get(str(r))
                entry[peer] = cell if cell else {"reason": result.get("error", "?")}
            said = result.get("error") or f"built in {result.get('compile_s', 0):.1f} s"
            if "fused" in result:
                fused = ", ".join(f"{op} {n}".strip()
                                  for op, n in result["fused"].items()) or "none"
                said += f" (optimize_model {result['optimize_s']:.1f} s; new ops: {fused})"
                notes.append(f"ORT fusions ({FUSION_TYPE[name]}): {fused}")
            print(f"  {TITLES[peer]}: {said}", flush=True)
            for entry in rows:
                cell = entry[peer]
                print(f"    b={entry['row'][0]} s={entry['row'][1]}: "
                      f"{fmt_ms(cell.get('ms', cell.get('reason')))}", flush=True)
    finally:
        if args.keep_work:
            print(f"  work directory: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)
    return f"{name}: " + "; ".join(notes), rows


paths_versions = {}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--models", default=DEFAULT_MODELS,
                        help=f"comma-separated, of {', '.join(MODELS)}")
    parser.add_argument("--sizes", help="BxS,... for every model named, or 'full'")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--threads", choices=("1", "all"), default="1")
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--relax-options", default="",
                        help="more --relax-lower-to-cpu options for relax-run")
    parser.add_argument("--relax-args", default="",
                        help="more relax-run arguments, space-separated (e.g. "
                        "--lift-transform-params=false)")
    parser.add_argument("--peers", default=",".join(PEERS),
                        help="comma-separated peers (ort, ort_fused, openvino); empty for none")
    parser.add_argument("--peer-python")
    parser.add_argument("--peer-timeout", type=int, default=1800)
    parser.add_argument("--exporter", choices=("torchscript", "dynamo", "auto"),
                        default="torchscript",
                        help="torch.onnx.export's: dynamo=False, dynamo=True, or dynamo "
                        "and else dynamo=False")
    parser.add_argument("--markdown", help="also write the header and tables to this file")
    parser.add_argument("--plot", help="write ms per call as a bar chart (PNG or SVG)")
    parser.add_argument("--work-dir", help="where the work directories go (default: TMPDIR)")
    parser.add_argument("--keep-work", action="store_true")
    parser.add_argument("--tiny", action="store_true",
                        help="2 layers, width 64: for trying the benchmark out")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--work", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.threads == "1":
        os.environ.setdefault("OMP_NUM_THREADS", "1")
    if args.worker:
        if args.worker == "plot":
            with open(args.work) as f:
                saved = json.load(f)
            paths_versions.update(saved["versions"])
            return plot(saved["rows"], saved["peers"], args.plot)
        if args.worker == "export":
            import torch
            torch.set_num_threads(1)
            export_worker(args.models, args.work, args.tiny, args.exporter)
        else:
            peer_worker(args.worker, args.models, args.work, args.reps, args.threads, args.tiny)
        return 0

    import torch
    if args.threads == "1":
        torch.set_num_threads(1)
    relax_run = os.path.join(args.build, "bin", "relax-run")
    venv = os.path.join(ROOT, "build-bench", "venv", "bin", "python")
    python = args.peer_python or (venv if os.path.exists(venv) else sys.executable)
    peers = [p for p in args.peers.split(",") if p]
    for p in peers:
        if p not in PEERS:
            parser.error(f"unknown peer {p} (one of {', '.join(PEERS)})")
    models = [m for m in args.models.split(",") if m]
    for m in models:
        if m not in MODELS:
            parser.error(f"unknown model {m} (one of {', '.join(MODELS)})")
    for m in models:
        positions = dims(config(m, args.tiny))[4]
        for b, s in parse_sizes(args.sizes, m):
            if not (1 <= b <= 64 and 1 <= s <= positions):
                parser.error(f"{m}: size {b}x{s} outside batch 1..64, seq 1..{positions}")
    missing = {p: peer_available(python, p) for p in peers}
    start = time.perf_counter()
    header, gbs = machine(args.threads)
    print("\n".join(header), flush=True)
    notes, rows = [], []
    for name in models:
        note, model_rows = bench_model(name, args, (relax_run, python, peers, missing), gbs)
        notes.append(note)
        rows += model_rows
    tables = render(header, notes, rows, peers, args, torch.__version__)
    print("\n" + tables)
    print(f"\n({time.perf_counter() - start:.0f} s in all)")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(tables + "\n")
    if args.plot:
        if importlib.util.find_spec("matplotlib") is None:
            # The peers' Python may have it.
            with tempfile.NamedTemporaryFile("w", suffix=".json") as saved:
                json.dump({"rows": rows, "peers": peers, "versions": paths_versions}, saved)
                saved.flush()
                return subprocess.run(worker_cmd(python, "--worker", "plot", "--work",
                                                 saved.name, "--plot", args.plot)).returncode
        return plot(rows, peers, args.plot)
    return 0


# --- The tables ----------------------------------------------------------------

def sizes_text(e):
    return f"b={e['row'][0]} s={e['row'][1]}"


def systems(peers):
    return ["relax", "torch"] + list(peers)


def title(system, torch_version=None):
    if system == "torch":
        return f"PyTorch {torch_version}" if torch_version else "PyTorch"
    version = paths_versions.get(system)
    return f"{TITLES[system]} {version}" if version else TITLES[system]


def best_peer(e, peers):
    """(ms, system) of the fastest system but relax-run, or None."""
    times = [(e[p]["ms"], p) for p in ["torch"] + list(peers) if "ms" in e.get(p, {})]
    return min(times) if times else None


def render(header, notes, rows, peers, args, torch_version):
    names = systems(peers)
    threads = "one thread" if args.threads == "1" else "all cores"
    lines = list(header) + [""] + notes + [""]
    lines += [f"Time per call ({threads}, ms, best of {args.reps}; relax / best peer: "
              "lower is faster; bound: weight bytes / read bandwidth, seq 1 rows):", ""]
    head = ["model", "sizes"] + [title(s, torch_version) for s in names]
    head += ["relax / best peer", "bound ms"]
    lines += ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for e in rows:
        cells = [e["model"], sizes_text(e)]
        cells += [fmt_ms(e[s]["ms"]) if "ms" in e[s] else e[s].get("reason", "?") for s in names]
        peer = best_peer(e, peers)
        cells.append(f"{e['relax']['ms'] / peer[0]:.2f}x ({TITLES[peer[1]]})"
                     if peer and "ms" in e["relax"] else "")
        cells.append(f"{e['bytes'] / (e['gbs'] * 1e9) * 1e3:.3f}" if e["row"][1] == 1 else "")
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "GFLOP/s (the row's FLOPs, counted by torch.utils.flop_counter on "
              "PyTorch's call, over each system's time):", ""]
    head = ["model", "sizes", "GFLOP per call"] + [TITLES[s] for s in names]
    lines += ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for e in rows:
        cells = [e["model"], sizes_text(e), f"{e['flops'] / 1e9:.2f}"]
        cells += [f"{e['flops'] / (e[s]['ms'] * 1e6):.1f}" if "ms" in e[s] else "" for s in names]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "Max abs difference from PyTorch's output:", ""]
    head = ["model", "sizes"] + [TITLES[s] for s in names if s != "torch"]
    lines += ["| " + " | ".join(head) + " |", "|---|---|" + "---:|" * (len(head) - 2)]
    for e in rows:
        cells = [e["model"], sizes_text(e)]
        cells += [f"{e[s]['error']:.1e}" if "error" in e[s] else "" for s in names
                  if s != "torch"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def plot(rows, peers, path):
    labels = [e["model"] + "\n" + sizes_text(e) for e in rows]
    series = [(title(s), [e[s].get("ms") for e in rows]) for s in systems(peers)]
    return bar_chart(labels, series, path, row_width=1.0)


if __name__ == "__main__":
    sys.exit(main())
