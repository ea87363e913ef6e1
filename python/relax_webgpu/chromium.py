"""Runs batches of dispatches in headless Chromium (WebGPU on SwiftShader).

Chromium is driven over the DevTools protocol on --remote-debugging-pipe
(commands on its fd 3, replies on its fd 4, NUL-terminated JSON). A local
page defines `relaxWebGPU.runBatch` (page.js); each chunk of a batch is one
Runtime.evaluate with awaitPromise. Every wait has a deadline; when
Chromium misbehaves the rest of the batch fails, and Chromium is always
killed at the end.
"""

import base64
import hashlib
import itertools
import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import time

from .native import DispatchFailure, Unavailable

PAGE_JS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "page.js")

FLAGS = ["--headless=new", "--no-sandbox", "--enable-unsafe-webgpu",
         "--remote-debugging-pipe", "--allow-file-access-from-files", "--no-first-run",
         "--no-default-browser-check", "--disable-extensions",
         "--disable-background-networking", "--mute-audio"]

START_TIMEOUT = 30.0
CHUNK_BYTES = 8 << 20        # base64 payload per Runtime.evaluate
CHUNK_DISPATCHES = 16
CHUNK_TIMEOUT = 10.0         # plus the dispatch timeout per dispatch
PER_DISPATCH_TIMEOUT = 60.0  # each GPU wait on the page
FILE_BYTES = 64 << 10        # larger inputs go through files


def find_chromium():
    for name in (os.environ.get("RELAX_WEBGPU_CHROMIUM"), "chromium", "chromium-browser",
                 "google-chrome"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


class ChromiumError(Exception):
    pass


class _Pipe:
    """The DevTools protocol over a pair of pipes, with deadlines."""

    def __init__(self, out_fd, in_fd):
        self.out_fd, self.in_fd = out_fd, in_fd
        self.n = 0
        self.buf = bytearray()
        self.scanned = 0
        os.set_blocking(out_fd, False)

    def send(self, method, params=None, session=None):
        self.n += 1
        msg = {"id": self.n, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        data = memoryview(json.dumps(msg).encode() + b"\0")
        try:
            while data:
                _, ready, _ = select.select([], [self.out_fd], [], 10.0)
                if not ready:
                    raise ChromiumError("chromium does not read its pipe")
                try:
                    data = data[os.write(self.out_fd, data):]
                except BlockingIOError:
                    pass
        except OSError as e:
            raise ChromiumError(f"chromium closed the pipe ({e.strerror})") from None
        return self.n

    def recv(self, deadline):
        while True:
            end = self.buf.find(b"\0", self.scanned)
            if end >= 0:
                break
            self.scanned = len(self.buf)
            left = deadline - time.monotonic()
            if left <= 0:
                raise ChromiumError("timed out waiting for chromium")
            ready, _, _ = select.select([self.in_fd], [], [], left)
            if not ready:
                raise ChromiumError("timed out waiting for chromium")
            try:
                chunk = os.read(self.in_fd, 1 << 20)
            except OSError as e:
                raise ChromiumError(f"chromium closed the pipe ({e.strerror})") from None
            if not chunk:
                raise ChromiumError("chromium closed the pipe")
            self.buf += chunk
        msg = bytes(self.buf[:end])
        del self.buf[:end + 1]
        self.scanned = 0
        return json.loads(msg)

    def call(self, method, params=None, session=None, timeout=10.0):
        want = self.send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(deadline)
            if msg.get("id") == want:
                if "error" in msg:
                    raise ChromiumError(f"{method}: {msg['error'].get('message', msg['error'])}")
                return msg.get("result", {})


class Chromium:
    """One headless Chromium with the runner page loaded."""

    def __init__(self, binary=None, dispatch_timeout=None):
        self.dispatch_timeout = dispatch_timeout or PER_DISPATCH_TIMEOUT
        self.binary = binary or find_chromium()
        if not self.binary:
            raise Unavailable("no chromium on PATH")
        self.proc = None
        self.hung = False
        self.profile = tempfile.mkdtemp(prefix="relax-webgpu-chromium-")
        self.log = tempfile.TemporaryFile()
        try:
            self._launch()
            self._open_page()
        except ChromiumError as e:
            tail = self.log_tail()
            self.close()
            raise Unavailable(f"{e}" + (f" ({tail})" if tail else "")) from None
        except BaseException:
            self.close()
            raise

    def _launch(self):
        r3, w3 = os.pipe()
        r4, w4 = os.pipe()

        def child():
            # fds 3 (commands) and 4 (replies) in the child.
            a, b = os.dup(r3), os.dup(w4)
            os.dup2(a, 3)
            os.dup2(b, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.proc = subprocess.Popen(
            [self.binary, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            close_fds=False, preexec_fn=child, start_new_session=True)
        os.close(r3)
        os.close(w4)
        self.pipe = _Pipe(w3, r4)

    def _open_page(self):
        page = os.path.join(self.profile, "relax-webgpu.html")
        with open(PAGE_JS) as f:
            script = f.read()
        with open(page, "w") as f:
            f.write("<!doctype html><meta charset=utf-8><title>relax webgpu</title>\n"
                    f"<script>\n{script}\n</script>\n")
        url = "file://" + page
        deadline = time.monotonic() + START_TIMEOUT
        target = self.pipe.call("Target.createTarget", {"url": url},
                                timeout=START_TIMEOUT)["targetId"]
        self.session = self.pipe.call("Target.attachToTarget",
                                      {"targetId": target, "flatten": True},
                                      timeout=START_TIMEOUT)["sessionId"]
        while True:
            value = self.evaluate("typeof relaxWebGPU", timeout=START_TIMEOUT)
            if value == "object":
                break
            if time.monotonic() > deadline:
                raise ChromiumError("the runner page did not load")
            time.sleep(0.05)
        info = self.evaluate("relaxWebGPU.describe()", timeout=START_TIMEOUT)
        self.description = info["adapter"]
        self.limits = info

    def evaluate(self, expression, timeout):
        result = self.pipe.call("Runtime.evaluate", {
            "expression": expression, "awaitPromise": True, "returnByValue": True},
            session=self.session, timeout=timeout)
        if "exceptionDetails" in result:
            d = result["exceptionDetails"]
            text = d.get("exception", {}).get("description") or d.get("text", "exception")
            raise ChromiumError(text.splitlines()[0] if text else "exception")
        return result.get("result", {}).get("value")

    def log_tail(self, n=400):
        try:
            self.log.seek(0)
            text = self.log.read().decode(errors="replace")
        except Exception:
            return ""
        lines = [l for l in text.splitlines() if l.strip() and "DevTools listening" not in l]
        return "\n".join(lines[-5:])[-n:]

    def run_batch(self, dispatches):
        """A result per kernels.Dispatch: {binding: bytes} or a
        DispatchFailure. After a dispatch times out, the rest of its chunk
        is skipped (None) and must be rerun in a new Chromium."""
        if self.proc is None or self.hung:
            return [None] * len(dispatches)
        blobs = os.path.join(self.profile, "inputs")
        os.makedirs(blobs, exist_ok=True)
        try:
            return self._run_batch(dispatches, blobs)
        finally:
            shutil.rmtree(blobs, ignore_errors=True)

    def _run_batch(self, dispatches, blobs):
        results = []
        chunks = []
        chunk, payload = [], 0
        for d in dispatches:
            msg, size = _dispatch_message(d, blobs)
            if chunk and (payload + size > CHUNK_BYTES or len(chunk) >= CHUNK_DISPATCHES):
                chunks.append(chunk)
                chunk, payload = [], 0
            chunk.append(msg)
            payload += size
        if chunk:
            chunks.append(chunk)
        for chunk in chunks:
            if self.proc is None or self.hung:
                results.extend(None for _ in chunk)
                continue
            shaders = {}
            for m in chunk:
                shaders[m["shader"]] = m.pop("shader_text")
            batch = {"shaders": shaders, "dispatches": chunk}
            timeout = CHUNK_TIMEOUT + self.dispatch_timeout * len(chunk)
            expression = (f"relaxWebGPU.runBatch({json.dumps(batch)}, "
                          f"{int(self.dispatch_timeout * 1000)})")
            try:
                replies = self.evaluate(expression, timeout=timeout)
                if not isinstance(replies, list) or len(replies) != len(chunk):
                    raise ChromiumError("runBatch returned no result list")
            except ChromiumError as e:
                broken = f"chromium: {e}"
                tail = self.log_tail()
                if tail:
                    broken += f" ({tail})"
                results.extend(DispatchFailure(broken) for _ in chunk)
                self.close()
                continue
            for r in replies:
                if r.get("skipped"):
                    self.hung = True
                    results.append(None)
                elif "error" in r:
                    results.append(DispatchFailure(r["error"]))
                else:
                    results.append({int(k): base64.b64decode(v)
                                    for k, v in r["outputs"].items()})
        return results

    def close(self):
        proc, self.proc = self.proc, None
        if proc is not None:
            try:
                if proc.poll() is None:
                    self.pipe.send("Browser.close")
                    proc.wait(timeout=5)
            except Exception:
                pass
            # Chromium's helper processes share its process group.
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
            for fd in (self.pipe.out_fd, self.pipe.in_fd):
                try:
                    os.close(fd)
                except OSError:
                    pass
        if self.profile:
            shutil.rmtree(self.profile, ignore_errors=True)
            self.profile = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


_blob_names = itertools.count()


def _dispatch_message(d, blobs=None):
    """The JSON form page.js takes, and its payload size. Inputs of at least
    FILE_BYTES go through files in the directory `blobs` when given."""
    key = hashlib.sha256(d.shader.encode()).hexdigest()[:16]
    msg = {"shader": key, "shader_text": d.shader, "entry": d.entry, "grid": d.grid,
           "layout": [list(x) for x in d.layout()]}
    size = len(d.shader)
    if d.grid is not None:
        plan = d.plan()
        buffers = []
        for b in plan["buffers"]:
            init = []
            for off, data in b["init"]:
                if blobs and len(data) >= FILE_BYTES:
                    path = os.path.join(blobs, f"{next(_blob_names)}.bin")
                    with open(path, "wb") as f:
                        f.write(data)
                    init.append([off, {"file": "file://" + path}])
                    size += 256
                else:
                    init.append([off, base64.b64encode(data).decode()])
                    size += len(init[-1][1])
            buffers.append({"size": b["size"], "init": init})
        msg.update(buffers=buffers, entries=plan["entries"], reads=plan["reads"])
    return msg, size


RESTARTS = 3


class Runner:
    """Runs batches in Chromium, in a new one after a hang or a crash (at
    most RESTARTS times)."""

    def __init__(self, binary=None, dispatch_timeout=None):
        self.binary = binary
        self.dispatch_timeout = dispatch_timeout
        self.restarts = 0
        self.chromium = Chromium(binary, dispatch_timeout)
        self.description = self.chromium.description

    def run_batch(self, dispatches):
        results = [None] * len(dispatches)
        todo = list(range(len(dispatches)))
        while todo:
            if self.chromium is None or self.chromium.proc is None or self.chromium.hung:
                if self.chromium is not None:
                    self.chromium.close()
                    self.chromium = None
                if self.restarts >= RESTARTS:
                    for i in todo:
                        results[i] = DispatchFailure("chromium: not rerun after "
                                                     f"{RESTARTS} restarts")
                    break
                self.restarts += 1
                try:
                    self.chromium = Chromium(self.binary, self.dispatch_timeout)
                except Unavailable as e:
                    for i in todo:
                        results[i] = DispatchFailure(f"chromium: restart failed: {e}")
                    break
            ran = self.chromium.run_batch([dispatches[i] for i in todo])
            for i, r in zip(todo, ran):
                results[i] = r
            todo = [i for i, r in zip(todo, ran) if r is None]
        return results

    def close(self):
        if self.chromium is not None:
            self.chromium.close()
            self.chromium = None


def run_batch(dispatches, binary=None):
    """Runs dispatches in a fresh Chromium; raises Unavailable."""
    runner = Runner(binary)
    try:
        return runner.run_batch(dispatches)
    finally:
        runner.close()
