#!/usr/bin/env python3
"""Runs `relax-opt --verify-roundtrip` on every ```mlir block of a Markdown
file. Prints one line per block and exits non-zero if any block fails."""

import re
import subprocess
import sys


def main(relax_opt, path):
    text = open(path, encoding="utf-8").read()
    blocks = re.findall(r"```mlir\n(.*?)```", text, re.S)
    failed = 0
    for i, block in enumerate(blocks):
        proc = subprocess.run([relax_opt, "--verify-roundtrip", "-"],
                              input=block, capture_output=True, text=True)
        status = "ok" if proc.returncode == 0 else "FAILED"
        print(f"block {i}: {status}")
        if proc.returncode != 0:
            failed += 1
            print(proc.stderr)
    if not blocks:
        print("no mlir blocks found")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
