# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers
#
# A small Llama (grouped-query attention, rotary embeddings, RMSNorm, SwiGLU)
# from transformers with random weights, exported with torch.export, imported
# by the relax-import command and run by relax-run at three sizes (batch and
# sequence length) against PyTorch on the same weights.
#
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq], i64>,
# CHECK: llama [1, 2, 128]: {{.*}}: ok
# CHECK: llama [2, 7, 128]: {{.*}}: ok
# CHECK: llama [3, 33, 128]: {{.*}}: ok

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402

sys.exit(hf_models.run_model("llama", ((1, 2), (2, 7), (3, 33)), sys.argv[1], cli=True))
