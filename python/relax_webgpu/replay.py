"""Backends behind one interface, `run_dispatch`, and the replay of a trace
directory (written by the WebGPU runtime under RELAX_WEBGPU_TRACE=DIR).

DIR/dispatches.jsonl holds one dispatch a line:
    {"index", "kernel", "shader": "shaders/<hash>.wgsl", "entry", "grid",
     "bindings": [{"binding", "type", "access", "element_type", "size",
                   "buffer", "offset", "input": "data/dN_bB.in",
                   "output": "data/dN_bB.out"}]}
`.in` holds a binding's bytes before the dispatch, `.out` (read_write
bindings only) after it.
"""

import atexit
import json
import os

from . import chromium
from .compare import compare_bytes
from .kernels import Dispatch, KernelError, parse_header
from .native import DispatchFailure, Unavailable
from .worker import DISPATCH_TIMEOUT, Worker

BACKENDS = ("dawn", "wgpu", "chromium")


class Backend:
    """A WebGPU implementation: start() (raises Unavailable), run_batch()
    (a {binding: bytes} or a DispatchFailure per dispatch), close()."""

    def __init__(self, name, timeout=None):
        if name not in BACKENDS:
            raise ValueError(f"unknown backend {name} (one of {', '.join(BACKENDS)})")
        self.name = name
        self.timeout = timeout      # seconds per dispatch
        self.description = None
        self._worker = None
        self._chromium = None
        self._unavailable = None

    def start(self):
        if self._unavailable:
            raise Unavailable(self._unavailable)
        try:
            if self.name == "chromium":
                if self._chromium is None:
                    self._chromium = chromium.Runner(dispatch_timeout=self.timeout)
                    self.description = self._chromium.description
            else:
                if self._worker is None:
                    self._worker = Worker(self.name, self.timeout or DISPATCH_TIMEOUT)
                self.description = self._worker.start()
        except Unavailable as e:
            self._unavailable = str(e)
            raise
        return self.description

    def run_batch(self, dispatches):
        self.start()
        if self.name == "chromium":
            return self._chromium.run_batch(dispatches)
        results = []
        for d in dispatches:
            try:
                results.append(self._worker.run(d))
            except DispatchFailure as e:
                results.append(e)
            except Unavailable as e:  # a worker that crashed does not restart
                results.append(DispatchFailure(f"{self.name} restart failed: {e}"))
        return results

    def close(self):
        if self._worker is not None:
            self._worker.stop()
            self._worker = None
        if self._chromium is not None:
            self._chromium.close()
            self._chromium = None


_backends = {}


def get_backend(name):
    if name not in _backends:
        _backends[name] = Backend(name)
    return _backends[name]


@atexit.register
def close_backends():
    for b in _backends.values():
        b.close()
    _backends.clear()


def run_dispatch(backend, shader_text, entry, grid, bindings, inputs):
    """Runs one dispatch and returns {binding: bytes} for its read_write
    bindings.

    backend: "dawn", "wgpu" or "chromium" (each served by one process and
    device, reused across calls, under the WebGPU default limits).
    shader_text: WGSL, normally a kernel blob (its header gives the layout).
    grid: workgroup counts [x, y, z], or None to only compile.
    bindings: dicts with "binding", "type", "access", "size" and optionally
    "buffer"/"offset" (bindings of one buffer whose ranges overlap share a
    buffer). inputs: {binding: bytes}.
    Raises Unavailable, or DispatchFailure with the implementation's message.
    """
    d = Dispatch(shader_text, entry, grid, bindings, inputs)
    (result,) = get_backend(backend).run_batch([d])
    if isinstance(result, Exception):
        raise result
    return result


# -- traces ---------------------------------------------------------------


class Record:
    """One line of dispatches.jsonl; data files are read on demand."""

    def __init__(self, trace_dir, entry, shaders):
        self.dir = trace_dir
        self.raw = entry
        self.index = entry.get("index")
        self.kernel = entry.get("kernel", "?")
        path = os.path.join(trace_dir, entry["shader"])
        if path not in shaders:
            with open(path) as f:
                shaders[path] = f.read()
        self.shader = shaders[path]
        header = parse_header(self.shader)
        self.header = header
        self.entry = entry.get("entry") or (header or {}).get("entry")
        self.grid = entry["grid"]
        self.bindings = entry["bindings"]

    def _read(self, rel):
        with open(os.path.join(self.dir, rel), "rb") as f:
            return f.read()

    def dispatch(self):
        inputs = {int(b["binding"]): self._read(b["input"])
                  for b in self.bindings if b.get("input")}
        return Dispatch(self.shader, self.entry, self.grid, self.bindings, inputs,
                        name=self.kernel, key=self.index)

    def element_type(self, binding):
        for b in self.bindings:
            if int(b["binding"]) == binding and b.get("element_type"):
                return b["element_type"]
        for b in (self.header or {}).get("bindings", []):
            if int(b["binding"]) == binding:
                return b.get("element_type", "")
        return ""

    def expected(self):
        """[(binding, element type, size, bytes)] of the recorded outputs."""
        return [(int(b["binding"]), self.element_type(int(b["binding"])), int(b["size"]),
                 self._read(b["output"]))
                for b in self.bindings if b.get("output")]


def load_trace(trace_dir):
    path = os.path.join(trace_dir, "dispatches.jsonl")
    shaders = {}
    records = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                records.append(Record(trace_dir, json.loads(line), shaders))
            except (ValueError, KeyError, OSError, KernelError) as e:
                raise KernelError(f"{path}:{n}: {type(e).__name__}: {e}") from None
    return records


def select_records(records, sample=None, limit=None):
    """A deterministic subset: the first `limit` dispatches, or `sample`
    dispatches holding the first of each kernel and then evenly spaced
    others, in trace order."""
    if limit is not None:
        records = records[:limit]
    if sample is None or sample >= len(records):
        return list(records)
    chosen = []
    seen = set()
    for i, r in enumerate(records):
        if r.kernel not in seen:
            seen.add(r.kernel)
            chosen.append(i)
    chosen = chosen[:sample]
    taken = set(chosen)
    rest = [i for i in range(len(records)) if i not in taken]
    need = sample - len(chosen)
    if need > 0:
        step = len(rest) / need
        chosen += [rest[int(k * step)] for k in range(need)]
    return [records[i] for i in sorted(chosen)]


class Failure:
    def __init__(self, record, what):
        self.record = record
        self.what = what


def replay_records(backend, records, batch=32, atol=None):
    """Replays records on a started Backend: (failures, max relative error).
    Every read_write binding is compared with its recorded output, floats
    within `atol` (default compare.ATOL) and compare.RTOL."""
    failures = []
    max_rel = 0.0
    for start in range(0, len(records), batch):
        group, dispatches = [], []
        for r in records[start:start + batch]:
            try:
                dispatches.append(r.dispatch())
                group.append(r)
            except (OSError, KeyError, ValueError) as e:
                failures.append(Failure(r, f"error: cannot read the trace: {e}"))
        results = backend.run_batch(dispatches)
        for r, result in zip(group, results):
            if isinstance(result, Exception):
                failures.append(Failure(r, f"error: {result}"))
                continue
            problems = []
            try:
                expected = r.expected()
            except (OSError, KeyError, ValueError) as e:
                failures.append(Failure(r, f"error: cannot read the trace: {e}"))
                continue
            for binding, etype, size, want in expected:
                got = result.get(binding)
                if got is None:
                    problems.append(f"binding {binding}: not read back")
                    continue
                c = compare_bytes(etype, got, want, size=min(size, len(want)),
                                  **({} if atol is None else {"atol": atol}))
                if c.rel != float("inf"):
                    max_rel = max(max_rel, c.rel)
                if not c.ok:
                    problems.append(f"binding {binding} ({etype or 'bytes'}): {c.describe()}")
            if problems:
                failures.append(Failure(r, "mismatch: " + "; ".join(problems)))
    return failures, max_rel


def check_shaders(backend, paths):
    """Compiles each kernel blob (shader module and compute pipeline with the
    header's layout): [(path, None or message)]."""
    results = []
    dispatches = []
    for path in paths:
        try:
            with open(path) as f:
                text = f.read()
            header = parse_header(text)
            if header is None:
                raise KernelError("no '// relax.webgpu.kernel {...}' header on the first line")
            dispatches.append((path, Dispatch(text, header["entry"], None,
                                              header["bindings"], {})))
        except (OSError, KernelError, KeyError) as e:
            results.append((path, f"{type(e).__name__}: {e}"))
    ran = backend.run_batch([d for _, d in dispatches])
    for (path, _), result in zip(dispatches, ran):
        results.append((path, str(result) if isinstance(result, Exception) else None))
    order = {p: i for i, p in enumerate(paths)}
    results.sort(key=lambda x: order[x[0]])
    return results
