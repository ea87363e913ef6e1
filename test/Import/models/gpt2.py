# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers
#
# A small GPT-2 (learned positions, fused QKV, GELU-tanh MLP) from
# transformers with random weights, exported with torch.export, imported and
# run by relax-run at three sizes (batch and sequence length) against PyTorch
# on the same weights.
#
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq], i64>,
# CHECK: gpt2 [1, 2, 128]: {{.*}}: ok
# CHECK: gpt2 [2, 7, 128]: {{.*}}: ok
# CHECK: gpt2 [3, 33, 128]: {{.*}}: ok

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402

sys.exit(hf_models.run_model("gpt2", ((1, 2), (2, 7), (3, 33)), sys.argv[1], cli=False))
