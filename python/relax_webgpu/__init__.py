"""Runs WebGPU compute kernels (WGSL kernel blobs, or the dispatches of a
trace recorded by the WebGPU runtime) on Dawn (SwiftShader), wgpu-native
(lavapipe) and headless Chromium under the WebGPU default limits, and
compares their outputs. scripts/webgpu-replay.py is the command line."""

from .compare import compare_bytes
from .kernels import WEBGPU_DEFAULTS, Dispatch, KernelError, parse_header, plan_dispatch
from .native import DispatchFailure, Unavailable
from .replay import (BACKENDS, Backend, check_shaders, load_trace, replay_records, run_dispatch,
                     select_records)

__all__ = ["BACKENDS", "Backend", "Dispatch", "DispatchFailure", "KernelError",
           "Unavailable", "WEBGPU_DEFAULTS", "check_shaders", "compare_bytes", "load_trace",
           "parse_header", "plan_dispatch", "replay_records", "run_dispatch", "select_records"]
