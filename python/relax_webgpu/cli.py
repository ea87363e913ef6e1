"""webgpu-replay: replays a WebGPU dispatch trace on Dawn, wgpu-native or
headless Chromium and compares every read_write binding with its recorded
output; or, with --check-shaders, only compiles kernel blobs.

    webgpu-replay.py TRACE_DIR --backend dawn|wgpu|chromium [--backend ...]
                     [--sample N | --limit N] [-v]
    webgpu-replay.py --check-shaders FILE.wgsl... --backend dawn [...]

Exit status: 0 when everything matches (or compiles), 1 on any mismatch or
error, 77 when every requested backend is unavailable.
"""

import argparse
import concurrent.futures
import re
import sys
import time

from .kernels import KernelError
from .native import Unavailable
from .replay import BACKENDS, Backend, check_shaders, load_trace, replay_records, select_records

EXIT_SKIP = 77

EXCERPT = re.compile(r"^\s*([\s\^~|\u2502\u250c\u2500]*$|\u2502|\u250c\u2500|\d+ \u2502)")


def one_line(text, verbose, limit=300):
    """A message on one line, without the carets and frames of source
    excerpts (all of it with --verbose)."""
    lines = [l.strip() for l in str(text).splitlines()
             if l.strip() and (verbose or not EXCERPT.match(l))]
    text = " | ".join(lines)
    if not verbose and len(text) > limit:
        text = text[:limit] + " ..."
    return text


def main(argv=None):
    p = argparse.ArgumentParser(prog="webgpu-replay.py", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="*", metavar="TRACE_DIR | FILE.wgsl")
    p.add_argument("--backend", action="append", choices=BACKENDS,
                   help="dawn (SwiftShader), wgpu (wgpu-native on lavapipe) or chromium "
                        "(headless); repeatable; default: dawn")
    p.add_argument("--check-shaders", action="store_true",
                   help="only compile each kernel blob under the default limits")
    p.add_argument("--sample", type=int, metavar="N",
                   help="replay N dispatches: the first of each kernel, then evenly spaced")
    p.add_argument("--limit", type=int, metavar="N", help="replay the first N dispatches")
    p.add_argument("--atol", type=float, metavar="A",
                   help="absolute tolerance of float outputs (default 1e-5; WGSL "
                        "allows sin and cos an absolute error of 2^-11)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="S",
                   help="seconds a dispatch may take before it fails (default 60)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="a line per failing dispatch, messages in full")
    args = p.parse_args(argv)
    backends = list(dict.fromkeys(args.backend or ["dawn"]))
    if not args.paths:
        p.error("no trace directory" + (" or shader files" if args.check_shaders else ""))
    if not args.check_shaders and len(args.paths) != 1:
        p.error("one trace directory")
    tool = "webgpu check-shaders" if args.check_shaders else "webgpu replay"

    records = None
    if not args.check_shaders:
        try:
            records = select_records(load_trace(args.paths[0]), args.sample, args.limit)
        except (OSError, KernelError) as e:
            print(f"{tool}: cannot read trace: {e}")
            return 1

    # The backends run at once (each in processes of its own); their reports
    # print in the order asked.
    with concurrent.futures.ThreadPoolExecutor(len(backends)) as pool:
        jobs = [pool.submit(run_backend, name, args, records, tool) for name in backends]
        unavailable = status = 0
        for job in jobs:
            lines, failed, skipped = job.result()
            for line in lines:
                print(line, flush=True)
            status |= failed
            unavailable += skipped
    if unavailable == len(backends):
        return EXIT_SKIP
    return 1 if status else 0


def run_backend(name, args, records, tool):
    """(lines to print, whether anything failed, whether unavailable)."""
    lines = []
    backend = Backend(name, args.timeout)
    start = time.monotonic()
    try:
        try:
            backend.start()
        except Unavailable as e:
            return [f"{tool}: {name} unavailable: {one_line(e, args.verbose)}"], False, True
        if args.check_shaders:
            results = check_shaders(backend, args.paths)
            bad = [(path, msg) for path, msg in results if msg]
            for path, msg in bad:
                lines.append(f"{tool}: {name}: {path}: {one_line(msg, args.verbose, 600)}")
            took = time.monotonic() - start
            lines.append(f"{tool}: {name} {len(results) - len(bad)}/{len(results)} shaders "
                         f"compile; {took:.2f} s")
            return lines, bool(bad), False
        failures, max_rel = replay_records(backend, records, atol=args.atol)
        by_kernel = {}
        for f in failures:
            by_kernel.setdefault(f.record.kernel, []).append(f)
        totals = {}
        for r in records:
            totals[r.kernel] = totals.get(r.kernel, 0) + 1
        for kernel, fs in by_kernel.items():
            if args.verbose:
                for f in fs:
                    lines.append(f"{tool}: {name}: kernel {kernel}: dispatch {f.record.index}: "
                                 f"{one_line(f.what, True)}")
            else:
                f = fs[0]
                lines.append(f"{tool}: {name}: kernel {kernel}: {len(fs)}/{totals[kernel]} "
                             f"dispatches fail; dispatch {f.record.index}: "
                             f"{one_line(f.what, False)}")
        took = time.monotonic() - start
        errors = sum(f.what.startswith("error") for f in failures)
        kernels = f"{len(totals)} kernel{'s' if len(totals) != 1 else ''}"
        lines.append(f"{tool}: {name} {len(records) - len(failures)}/{len(records)} dispatches "
                     f"match ({kernels}); {len(failures) - errors} mismatches, {errors} errors; "
                     f"max rel err {max_rel:.2g}; {took:.2f} s")
        return lines, bool(failures), False
    finally:
        backend.close()


if __name__ == "__main__":
    sys.exit(main())
