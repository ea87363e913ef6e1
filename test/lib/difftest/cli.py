"""The differential tester's command line.

    python3 -m difftest --count 200 --seed 1 --out DIR \\
        --relax-opt build/bin/relax-opt --mlir-runner mlir-runner \\
        --mlir-lib-dir /usr/lib/llvm-22/lib

generates `count` graphs from `seed`, runs them in batches under the
configurations, reduces every finding and writes it to DIR/<graph>-<config>/,
and ends with the line
`differential: N graphs, C configurations, M mismatches, F failures`.
"""

import argparse
import concurrent.futures
import os
import sys
import time

from . import generate, reduce, runner


def parse(argv):
    p = argparse.ArgumentParser(prog="difftest", description=__doc__.split("\n\n")[0])
    p.add_argument("--relax-opt", default="relax-opt")
    p.add_argument("--mlir-runner", default="mlir-runner")
    p.add_argument("--mlir-lib-dir", required=True,
                   help="the directory of libmlir_runner_utils.so")
    p.add_argument("--relax-lib-dir",
                   help="the directory of librelax_runtime.so (default: lib next "
                        "to relax-opt's bin)")
    p.add_argument("--count", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--first", type=int, default=0,
                   help="the index of the first graph (to rerun part of a seed)")
    p.add_argument("--batch", type=int, default=25, help="graphs per module")
    p.add_argument("--configs", default=",".join(runner.DEFAULT_CONFIGS),
                   help="comma-separated configurations, among "
                        + ", ".join(runner.CONFIGS) + " (default: "
                        + ",".join(runner.DEFAULT_CONFIGS) + ")")
    p.add_argument("--rotate", action="store_true",
                   help="run each graph under the first configuration and one "
                        "other, in turn, instead of all")
    p.add_argument("--jobs", type=int, default=1, help="batches run at once")
    p.add_argument("--max-ops", type=int, default=12)
    p.add_argument("--no-control-flow", action="store_true",
                   help="no relax.if in the graphs")
    p.add_argument("--no-match-cast", action="store_true",
                   help="no relax.match_cast in the graphs")
    p.add_argument("--no-keepdims-inner-reductions", action="store_true",
                   help="no reductions with keepdims over a middle axis that "
                        "keep an innermost dim needing masked vectors")
    p.add_argument("--no-bool-outputs", action="store_true",
                   help="no comparison results among the graphs' results")
    p.add_argument("--no-conv", action="store_true",
                   help="no convolutions in the graphs")
    p.add_argument("--no-int64", action="store_true",
                   help="integer tensors of i32 only (implied by the webgpu "
                        "configuration: WebGPU has no 64-bit integers)")
    p.add_argument("--out", help="where reproducers are written (default: none "
                                 "are written)")
    p.add_argument("--no-reduce", action="store_true",
                   help="write findings as generated, without reducing them")
    p.add_argument("--max-reduce", type=int, default=10,
                   help="findings reduced at most; later ones are written as "
                        "generated (default: 10)")
    p.add_argument("--quiet", action="store_true",
                   help="only the findings and the summary")
    return p.parse_args(argv)


def main(argv=None):
    args = parse(argv if argv is not None else sys.argv[1:])
    tools = runner.Tools(args.relax_opt, args.mlir_runner, args.mlir_lib_dir,
                         args.relax_lib_dir)
    configs = args.configs.split(",")
    for c in configs:
        if c not in runner.CONFIGS:
            sys.exit(f"difftest: unknown configuration '{c}'")
    options = generate.Options(max_ops=args.max_ops,
                               control_flow=not args.no_control_flow,
                               match_cast=not args.no_match_cast,
                               keepdims_inner_reductions=not args.no_keepdims_inner_reductions,
                               bool_outputs=not args.no_bool_outputs,
                               conv=not args.no_conv,
                               int64=not args.no_int64 and "webgpu" not in configs)
    start = time.time()
    graphs = [generate.generate(args.seed, i, options)
              for i in range(args.first, args.first + args.count)]
    generated = time.time() - start

    # Which graphs each configuration runs.
    assigned = {c: [] for c in configs}
    for i, g in enumerate(graphs):
        if args.rotate and len(configs) > 2:
            chosen = [configs[0], configs[1 + i % (len(configs) - 1)]]
        else:
            chosen = configs
        for c in chosen:
            assigned[c].append(g)
    tasks = [(c, gs[i:i + args.batch]) for c, gs in assigned.items()
             for i in range(0, len(gs), args.batch)]
    stats = {}
    findings = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for batch_findings in pool.map(lambda t: runner.run_batch(tools, t[1], t[0], stats),
                                       tasks):
            findings += batch_findings
    elapsed = time.time() - start
    runs = sum(len(gs) for gs in assigned.values())

    # A graph that fails under several configurations is reduced once.
    reported = {}
    for f in findings:
        print(f"finding: {f!r}")
        key = (f.graph.name, f.kind)
        if key in reported:
            print(f"  same as under {reported[key]}")
            continue
        reported[key] = f.config
        if args.out:
            directory = os.path.join(args.out, f"seed{args.seed}-{f.graph.name}-"
                                     + f.config.replace("=", ""))
            original = f.graph
            if not args.no_reduce and len(reported) <= args.max_reduce:
                f = reduce.reduce(tools, f, log=None if args.quiet else print)
            reduce.write(directory, f, original)
            print(f"  written to {directory} ({f.graph.size()} ops)")
    print(f"generated {len(graphs)} graphs in {generated:.1f} s; {runs} graph "
          f"compilations in {stats.get('modules', 0)} modules; "
          f"{len(graphs) / elapsed:.2f} graphs/s")
    mismatches = sum(f.kind == "mismatch" for f in findings)
    print(f"differential: {len(graphs)} graphs, {len(configs)} configurations, "
          f"{mismatches} mismatches, {len(findings) - mismatches} failures")
    return 1 if findings else 0
