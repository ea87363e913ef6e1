"""Runs one native backend (dawn or wgpu) in a subprocess of its own.

Each backend needs its own Vulkan driver (VK_ICD_FILENAMES is read once per
process), and a crash or a hang in a driver must not take the caller with
it. The client (`Worker`) talks to a Python running `serve(BACKEND)` over
its stdin and stdout: length-prefixed pickles of plain dicts. Every wait
has a deadline; a worker that dies or times out fails the dispatch it
was running and is started again for the next one.
"""

import importlib.util
import os
import pickle
import select
import shutil
import struct
import subprocess
import sys
import tempfile
import time

from . import native
from .kernels import Dispatch

PACKAGE_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

START_TIMEOUT = 60.0
DISPATCH_TIMEOUT = 60.0


def worker_python(backend):
    """A Python that has the backend's package: $RELAX_WEBGPU_PYTHON, this
    one, or python3 on PATH (tools such as lit may run another Python than
    the one the packages were installed for)."""
    if os.environ.get("RELAX_WEBGPU_PYTHON"):
        return os.environ["RELAX_WEBGPU_PYTHON"]
    module = "wgpudawn" if backend == "dawn" else "wgpu"
    if importlib.util.find_spec(module):
        return sys.executable
    for name in ("python3", "python"):
        path = shutil.which(name)
        if not path or os.path.realpath(path) == os.path.realpath(sys.executable):
            continue
        try:
            probe = subprocess.run(
                [path, "-c", "import importlib.util as u, sys; "
                 f"sys.exit(u.find_spec({module!r}) is None)"],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if probe.returncode == 0:
            return path
    return sys.executable


def _write(f, obj):
    data = pickle.dumps(obj, protocol=4)
    f.write(struct.pack("<Q", len(data)) + data)
    f.flush()


def _read_exact(fd, n, deadline):
    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                raise TimeoutError
        chunk = os.read(fd, min(n - got, 1 << 20))
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def _read(fd, deadline=None):
    (n,) = struct.unpack("<Q", _read_exact(fd, 8, deadline))
    return pickle.loads(_read_exact(fd, n, deadline))


def _dispatch_message(d):
    return {"shader": d.shader, "entry": d.entry, "grid": d.grid,
            "bindings": d.bindings, "inputs": d.inputs}


class Worker:
    """A subprocess serving one native backend."""

    def __init__(self, backend, dispatch_timeout=DISPATCH_TIMEOUT):
        self.backend = backend
        self.dispatch_timeout = dispatch_timeout
        self.proc = None
        self.description = None
        self.unavailable = None

    def _start(self):
        self.log = tempfile.TemporaryFile()
        env = native.backend_environment(self.backend)
        env["PYTHONPATH"] = PACKAGE_PARENT + (
            os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        self.proc = subprocess.Popen(
            [worker_python(self.backend), "-c",
             "import sys; from relax_webgpu.worker import serve; "
             "sys.exit(serve(sys.argv[1]))", self.backend],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, env=env)
        try:
            hello = _read(self.proc.stdout.fileno(), time.monotonic() + START_TIMEOUT)
        except (EOFError, TimeoutError, pickle.UnpicklingError) as e:
            why = "timed out" if isinstance(e, TimeoutError) else "exited"
            tail = self._log_tail()
            self.stop()
            raise native.Unavailable(f"{self.backend} worker {why} while starting"
                                     + (f": {tail}" if tail else ""))
        if "unavailable" in hello:
            self.stop()
            self.unavailable = hello["unavailable"]
            raise native.Unavailable(hello["unavailable"])
        self.description = hello["description"]

    def _log_tail(self, n=600):
        try:
            self.log.seek(0)
            text = self.log.read().decode(errors="replace").strip()
        except Exception:
            return ""
        lines = [l for l in text.splitlines() if "XDG_RUNTIME_DIR" not in l]
        return "\n".join(lines)[-n:]

    def start(self):
        """Starts the worker if needed; raises native.Unavailable."""
        if self.unavailable:
            raise native.Unavailable(self.unavailable)
        if self.proc is None:
            self._start()
        return self.description

    def run(self, dispatch):
        """{binding: bytes}, or raises native.DispatchFailure."""
        self.start()
        try:
            _write(self.proc.stdin, _dispatch_message(dispatch))
            reply = _read(self.proc.stdout.fileno(),
                          time.monotonic() + self.dispatch_timeout)
        except (BrokenPipeError, EOFError, TimeoutError, pickle.UnpicklingError) as e:
            if isinstance(e, TimeoutError):
                why = f"timed out after {self.dispatch_timeout:g} s"
            else:
                try:
                    self.proc.wait(timeout=10)
                    why = f"crashed (exit status {self.proc.returncode})"
                except subprocess.TimeoutExpired:
                    why = "stopped answering"
            tail = self._log_tail()
            self.stop(kill=True)
            raise native.DispatchFailure(
                f"{self.backend} {why}" + (f": {tail}" if tail else "")) from None
        if "error" in reply:
            raise native.DispatchFailure(reply["error"])
        return reply["outputs"]

    def stop(self, kill=False):
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if kill:
            proc.kill()
        try:
            proc.stdin.close()
        except Exception:
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stdout.close()


def serve(backend):
    # The protocol owns the real stdout; anything native code prints goes to
    # stderr.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        device = native.NativeDevice(backend)
    except native.Unavailable as e:
        _write(out, {"unavailable": str(e)})
        return 0
    _write(out, {"description": device.description})
    fd = sys.stdin.fileno()
    while True:
        try:
            msg = _read(fd)
        except EOFError:
            return 0
        d = Dispatch(msg["shader"], msg["entry"], msg["grid"], msg["bindings"],
                     msg["inputs"])
        try:
            reply = {"outputs": device.run(d)}
        except native.DispatchFailure as e:
            reply = {"error": str(e)}
        except Exception as e:  # a malformed dispatch
            reply = {"error": f"{type(e).__name__}: {e}"}
        _write(out, reply)

