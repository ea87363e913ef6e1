# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers
#
# The small GPT-2 of gpt2.py as one step over a KV cache (see
# llama_step.py): batch, new tokens and past tokens dynamic, imported and run
# by relax-run against PyTorch on the same weights as a prefill, a decode
# step and a chunk of tokens after a longer cache.
#
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq], i64>,
# CHECK-NEXT: %past_key_0: !relax.tensor<[batch, 4, past, 16], f32>,
# CHECK: %past_value_1: !relax.tensor<[batch, 4, past, 16], f32>,
# CHECK: #sym.range<past in [0, 1024]>
# CHECK: gpt2 step batch=1 seq=4 past=0: logits [1, 4, 128] {{.*}}, 4 cache tensors [1, 4, 4, 16] {{.*}}: ok
# CHECK: gpt2 step batch=2 seq=1 past=7: logits [2, 1, 128] {{.*}}, 4 cache tensors [2, 4, 8, 16] {{.*}}: ok
# CHECK: gpt2 step batch=3 seq=5 past=33: logits [3, 5, 128] {{.*}}, 4 cache tensors [3, 4, 38, 16] {{.*}}: ok

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402

sys.exit(hf_models.run_step("gpt2", ((1, 4, 0), (2, 1, 7), (3, 5, 33)), sys.argv[1], cli=False))
