#!/usr/bin/env python3
"""Replays a WebGPU dispatch trace (RELAX_WEBGPU_TRACE=DIR) on Dawn,
wgpu-native or headless Chromium and compares the outputs with the recorded
ones; with --check-shaders, compiles WGSL kernel blobs under the WebGPU
default limits.

    webgpu-replay.py TRACE_DIR --backend dawn|wgpu|chromium [--backend ...]
                     [--sample N | --limit N] [-v]
    webgpu-replay.py --check-shaders FILE.wgsl... --backend dawn [...]

Exit status: 0 when all match, 1 on a mismatch or error, 77 when every
requested backend is unavailable. See python/relax_webgpu.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                os.pardir, "python"))
from relax_webgpu.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
