# RUN: %python %s %relax_src_root/examples %t | FileCheck %s
# REQUIRES: vulkan, numpy
#
# Every shipped example runs with relax-run --device vulkan (kernels in
# SPIR-V on Mesa's lavapipe) at two sizes of its symbolic dims (see
# Inputs/run_gpu.py: the MLP against numpy, the others against the CPU).
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

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
import run_gpu  # noqa: E402

run_gpu.main("vulkan", sys.argv[1], sys.argv[2])
