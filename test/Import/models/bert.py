# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers
#
# A small BERT (token type and position embeddings, post-norm, GELU) from
# transformers with random weights, exported with torch.export, imported and
# run by relax-run at three sizes (batch and sequence length) against PyTorch
# on the same weights.
#
# CHECK: relax.func @main(%x: !relax.tensor<[batch, seq], i64>,
# CHECK: bert [1, 2, 64]: {{.*}}: ok
# CHECK: bert [2, 7, 64]: {{.*}}: ok
# CHECK: bert [3, 33, 64]: {{.*}}: ok

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402

sys.exit(hf_models.run_model("bert", ((1, 2), (2, 7), (3, 33)), sys.argv[1], cli=False))
