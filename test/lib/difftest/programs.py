"""Runs whole programs (the suite's .mlir files, the examples, mutants of
them) on a GPU device and on the CPU through relax-run and compares their
results; the CPU is the reference.

Each run happens twice on each device, with every buffer the compiled code
allocates first filled with 0x00 bytes and then with 0xFF bytes (relax-run
--fill-allocations). A result element that differs between the two is one
the program never writes (or computes from one it never writes): undefined,
so the reference marks it and it is counted, not compared. Findings:

- mismatch: an element both devices write differs;
- written-once: an element one device writes and the other does not;
- refused-once: a run-time check fails, or the process crashes, on one
  device only (a compile-time refusal of the device alone, such as WebGPU's
  missing 64-bit integers, is counted apart as `unsupported`).

On WebGPU, whose WGSL promises nothing where an f32 result is NaN or
infinite, such elements of the reference are not compared either.

    python3 -m difftest.programs --relax-run build/bin/relax-run \\
        --device vulkan examples/*.mlir test/tools/relax-run/*.mlir

Sizes: relax-run names the entry's symbolic variables when asked for one it
lacks; each run draws them in [1, --max-size] and draws again when they
break the entry's constraints.
"""

import argparse
import os
import random
import re
import sys
import tempfile

import numpy as np

from .runner import _run

FILLS = (0x00, 0xFF)


class Outcome:
    """What one relax-run did: its results, or how it failed."""

    def __init__(self, proc, arrays):
        self.returncode = proc.returncode
        self.stderr = proc.stderr
        self.arrays = arrays

    @property
    def ok(self):
        return self.returncode == 0

    @property
    def kind(self):
        if self.ok:
            return "ok"
        if self.returncode < 0 or "timed out" in self.stderr:
            return "crash"
        if "run-time check failed" in self.stderr:
            return "check"
        return "refused"

    def first_line(self):
        lines = self.stderr.strip().splitlines()
        return lines[0] if lines else f"exit {self.returncode}"


def variables(relax_run, path, entry):
    """The symbolic variables of `entry`'s parameters, from relax-run's
    message about a --size it lacks; None when relax-run refuses the file
    before (its message is the second result)."""
    proc = _run([relax_run, path, "--entry", entry, "--size", "__none__=1"], None)
    match = re.search(r"its variables: ([^)]*)\)", proc.stderr)
    if match:
        return [v.strip() for v in match.group(1).split(",")], None
    if "its parameters have none" in proc.stderr:
        return [], None
    return None, proc


def run_once(relax_run, path, entry, device, sizes, seed, fill, tmp, tag):
    prefix = os.path.join(tmp, tag)
    args = [relax_run, path, "--entry", entry, "--device", device,
            "--seed", str(seed), "--fill-allocations", str(fill),
            "--output", prefix + ".npy"]
    for name, value in sizes.items():
        args += ["--size", f"{name}={value}"]
    for stale in _result_paths(prefix):
        os.remove(stale)
    proc = _run(args, None)
    arrays = [np.load(p) for p in _result_paths(prefix)] if not proc.returncode else []
    return Outcome(proc, arrays)


def _result_paths(prefix):
    paths = []
    if os.path.exists(prefix + ".npy"):
        paths.append(prefix + ".npy")
    i = 1
    while os.path.exists(f"{prefix}.{i}.npy"):
        paths.append(f"{prefix}.{i}.npy")
        i += 1
    return paths


def unwritten(first, second):
    """Elements whose bytes differ between the runs with two fills."""
    if first.shape != second.shape or first.dtype != second.dtype:
        return None
    width = max(first.dtype.itemsize, 1)
    a = np.ascontiguousarray(first).view(np.uint8).reshape(-1, width)
    b = np.ascontiguousarray(second).view(np.uint8).reshape(-1, width)
    return (a != b).any(axis=1).reshape(first.shape)


def close(expected, actual):
    """Elementwise agreement: exact for integers; for floats, within a
    tolerance relative to the element and to the result's largest finite
    magnitude (sums in another order differ by that much), NaN equal to
    NaN."""
    if expected.dtype.kind == "f" or actual.dtype.kind == "f":
        e = expected.astype(np.float64)
        a = actual.astype(np.float64)
        tolerance = 1e-2 if np.float16 in (expected.dtype, actual.dtype) else 1e-3
        finite = np.abs(e[np.isfinite(e)])
        scale = max(1.0, float(finite.max())) if finite.size else 1.0
        return np.isclose(a, e, rtol=tolerance, atol=tolerance * 1e-1 * scale,
                          equal_nan=True)
    return expected == actual


def compare(reference, other, finite_only=False):
    """Compares one run's results on two devices (each a pair of outcomes
    with the two fills); returns (finding or None, compared, unwritten).
    With `finite_only`, an element the reference computes as NaN or an
    infinity counts as undefined too (WGSL promises nothing there)."""
    ref0, ref1 = reference
    dev0, dev1 = other
    if len(ref0.arrays) != len(dev0.arrays):
        return (f"mismatch: {len(ref0.arrays)} results on the CPU, "
                f"{len(dev0.arrays)} on the device"), 0, 0
    compared = skipped = 0
    for i, (r0, r1, d0, d1) in enumerate(zip(ref0.arrays, ref1.arrays,
                                             dev0.arrays, dev1.arrays)):
        if r0.shape != d0.shape:
            return (f"mismatch: result #{i} has shape {list(r0.shape)} on the "
                    f"CPU, {list(d0.shape)} on the device"), compared, skipped
        ref_hole = unwritten(r0, r1)
        dev_hole = unwritten(d0, d1)
        if ref_hole is None or dev_hole is None:
            return f"mismatch: result #{i} changes type between runs", compared, skipped
        if finite_only and r0.dtype.kind == "f":
            nonfinite = ~np.isfinite(r0.astype(np.float64))
            ref_hole = ref_hole | nonfinite
            dev_hole = dev_hole | nonfinite
        once = ref_hole != dev_hole
        if once.any():
            where = tuple(int(x) for x in np.argwhere(once)[0])
            side = "the CPU" if not ref_hole[where] else "the device"
            return (f"written-once: result #{i} element {list(where)} is "
                    f"written on {side} only "
                    f"({int(once.sum())} such elements)"), compared, skipped
        good = close(r0, d0) | ref_hole
        if not good.all():
            where = tuple(int(x) for x in np.argwhere(~good)[0])
            return (f"mismatch: result #{i} element {list(where)}: "
                    f"{r0[where]} on the CPU, {d0[where]} on the device "
                    f"({int((~good).sum())} of {good.size} differ)"), compared, skipped
        compared += int((~ref_hole).sum())
        skipped += int(ref_hole.sum())
    return None, compared, skipped


CONSTRAINT = re.compile(
    r"breaks the constraint #sym\.(?:range<(\w+) in \[(-?\d+), (-?\d+)\]>"
    r"|divisible<(\w+) by (\d+)>)")


def fix_size(sizes, broken, rng, max_size):
    """Moves the size that `broken` (a CONSTRAINT match) names into its
    range (its low end plus a little) or onto a multiple of its divisor."""
    if broken.group(1):
        low, high = int(broken.group(2)), int(broken.group(3))
        sizes[broken.group(1)] = rng.randint(low, max(low, min(high, low + max_size)))
    else:
        sizes[broken.group(4)] = int(broken.group(5)) * rng.randint(1, 2)


def check_program(args, path, stats, log):
    entry = args.entry
    names, refusal = variables(args.relax_run, path, entry)
    if names is None:
        stats["skipped"] += 1
        log(f"skipped {path}: {refusal.stderr.strip().splitlines()[0] if refusal.stderr.strip() else 'no entry'}")
        return
    rng = random.Random(f"{args.seed}:{os.path.basename(path)}")
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(args.runs):
            # Sizes that the entry's constraints accept: drawn small, then
            # moved into the range or onto the multiple that relax-run names
            # when one breaks a constraint.
            sizes = {n: rng.randint(1, args.max_size) for n in names}
            for _ in range(20):
                ref = [run_once(args.relax_run, path, entry, "cpu", sizes,
                                run, FILLS[0], tmp, "cpu0")]
                broken = CONSTRAINT.search(ref[0].stderr)
                if not broken:
                    break
                fix_size(sizes, broken, rng, args.max_size)
            else:
                stats["skipped"] += 1
                log(f"skipped {path}: no sizes found that its constraints accept")
                return
            ref.append(run_once(args.relax_run, path, entry, "cpu", sizes, run,
                                FILLS[1], tmp, "cpu1"))
            dev = [run_once(args.relax_run, path, entry, args.device, sizes,
                            run, fill, tmp, f"dev{k}")
                   for k, fill in enumerate(FILLS)]
            stats["runs"] += 1
            label = f"{path} run {run} " + " ".join(f"{k}={v}" for k, v in sizes.items())
            kinds = (ref[0].kind, dev[0].kind)
            if "crash" in kinds:
                stats["findings"] += 1
                side = ref[0] if ref[0].kind == "crash" else dev[0]
                log(f"FINDING crash: {label}: {side.first_line()}")
                continue
            if kinds == ("ok", "refused"):
                stats["unsupported"] += 1
                log(f"unsupported: {label}: {dev[0].first_line()}")
                continue
            if kinds[0] != "ok" or kinds[1] != "ok":
                if kinds[0] == kinds[1]:
                    stats["refused"] += 1
                    continue
                stats["findings"] += 1
                log(f"FINDING refused-once: {label}: CPU {kinds[0]} "
                    f"({ref[0].first_line() if not ref[0].ok else 'ran'}), "
                    f"{args.device} {kinds[1]} "
                    f"({dev[0].first_line() if not dev[0].ok else 'ran'})")
                continue
            if not (ref[1].ok and dev[1].ok):
                stats["findings"] += 1
                log(f"FINDING refused-once: {label}: a run failed with one fill only")
                continue
            finding, compared, skipped = compare(ref, dev,
                                                 finite_only=args.device == "webgpu")
            stats["compared"] += compared
            stats["unwritten"] += skipped
            if finding:
                stats["findings"] += 1
                log(f"FINDING {finding}: {label}")
            elif skipped:
                log(f"ok (unwritten elements not compared: {skipped}): {label}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--relax-run", required=True)
    p.add_argument("--device", default="vulkan",
                   choices=["vulkan", "webgpu", "cuda", "rocm"])
    p.add_argument("--entry", default="main")
    p.add_argument("--runs", type=int, default=2, help="runs per program")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-size", type=int, default=6)
    p.add_argument("--quiet", action="store_true",
                   help="only the findings and the summary")
    p.add_argument("programs", nargs="+")
    args = p.parse_args(argv)
    stats = dict(runs=0, findings=0, refused=0, unsupported=0, skipped=0,
                 compared=0, unwritten=0)

    def log(line):
        if not args.quiet or line.startswith("FINDING"):
            print(line, flush=True)

    for path in args.programs:
        check_program(args, path, stats, log)
    print(f"programs: {len(args.programs)} files ({stats['skipped']} skipped), "
          f"{stats['runs']} runs on the CPU and {args.device}: "
          f"{stats['findings']} findings, {stats['refused']} refused on both, "
          f"{stats['unsupported']} unsupported on {args.device}; "
          f"{stats['compared']} elements compared, "
          f"{stats['unwritten']} never written (not compared)")
    return 1 if stats["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
