# RUN: rm -rf %t && %python %s %relax_src_root/examples %t | FileCheck %s
# RUN: for t in %t/trace/*; do %import_python %relax_src_root/scripts/webgpu-replay.py $t --backend dawn || exit 1; done | FileCheck %s --check-prefix=DAWN
# RUN: %import_python %relax_src_root/scripts/webgpu-replay.py %t/trace/llama_layer --backend chromium --sample 12 | FileCheck %s --check-prefix=CHROMIUM
# REQUIRES: webgpu, wgpudawn, chromium, numpy, import-numpy
#
# Every shipped example runs with relax-run --device webgpu (kernels in WGSL
# on wgpu-native, Firefox's implementation, over Mesa's lavapipe, under
# WebGPU's default limits) at two sizes of its symbolic dims (see
# Inputs/run_gpu.py: the MLP against numpy, the others against the CPU).
# Every dispatch of each example's first size is recorded
# (RELAX_WEBGPU_TRACE) and replayed on Dawn, Chrome's implementation, on
# SwiftShader: each kernel's outputs must match wgpu-native's; a sample
# runs in headless Chromium itself.
#
# CHECK-NOT: BAD
# CHECK: mlp b=1: max abs error {{.*}} ok
# CHECK: mlp b=5: max abs error {{.*}} ok
# CHECK: clip_vision_block b=1 h=32 w=32: 1 results, max relative difference {{.*}} ok
# CHECK: clip_vision_block b=2 h=48 w=16: 1 results, {{.*}} ok
# CHECK: gpt2_block b=1 s=3 p=0: 3 results, {{.*}} ok
# CHECK: gpt2_block b=2 s=5 p=4: 3 results, {{.*}} ok
# CHECK: llama_decoder_layer b=1 s=3: 1 results, {{.*}} ok
# CHECK: llama_decoder_layer b=2 s=7: 1 results, {{.*}} ok
# CHECK: llama_layer b=1 s=3 p=0: 3 results, {{.*}} ok
# CHECK: llama_layer b=2 s=5 p=4: 3 results, {{.*}} ok
# CHECK: whisper_encoder_block b=1 t=6: 1 results, {{.*}} ok
# CHECK: whisper_encoder_block b=2 t=10: 1 results, {{.*}} ok
#
# DAWN-NOT: fail
# DAWN-COUNT-6: webgpu replay: dawn {{[0-9]+}}/{{[0-9]+}} dispatches match ({{.*}}); 0 mismatches, 0 errors
#
# CHROMIUM: webgpu replay: chromium 12/12 dispatches match

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import run_gpu  # noqa: E402

examples, work = sys.argv[1], sys.argv[2]
traced = set()


def trace_first_size(model, size):
    """Records the dispatches of each model's first size."""
    if model is None or model in traced:
        return {}
    traced.add(model)
    return {"RELAX_WEBGPU_TRACE": os.path.join(work, "trace", model)}


run_gpu.main("webgpu", examples, work, trace_first_size)
