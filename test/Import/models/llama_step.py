# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers
#
# The small Llama of llama.py as one step over a KV cache: the new tokens
# and each layer's past keys and values go in, the logits and the keys and
# values with the new tokens appended come out. Batch, new tokens and past
# tokens are all dynamic: exported with torch.export (the cache is a
# transformers DynamicCache built from the inputs), imported by the
# relax-import command and run by relax-run against PyTorch on the same
# weights, as a prefill (empty cache), a decode step and a chunk of tokens
# after a longer cache. Every layer's cache shares the variable `past`.
#
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq], i64>,
# CHECK-NEXT: %past_key_0: !relax.tensor<[batch, 2, past, 16], f32>,
# CHECK-NEXT: %past_value_0: !relax.tensor<[batch, 2, past, 16], f32>,
# CHECK-NEXT: %past_key_1: !relax.tensor<[batch, 2, past, 16], f32>,
# CHECK-NEXT: %past_value_1: !relax.tensor<[batch, 2, past, 16], f32>,
# CHECK: llama step batch=1 seq=4 past=0: logits [1, 4, 128] {{.*}}, 4 cache tensors [1, 2, 4, 16] {{.*}}: ok
# CHECK: llama step batch=2 seq=1 past=7: logits [2, 1, 128] {{.*}}, 4 cache tensors [2, 2, 8, 16] {{.*}}: ok
# CHECK: llama step batch=3 seq=5 past=33: logits [3, 5, 128] {{.*}}, 4 cache tensors [3, 2, 38, 16] {{.*}}: ok

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402

sys.exit(hf_models.run_step("llama", ((1, 4, 0), (2, 1, 7), (3, 5, 33)), sys.argv[1], cli=True))
