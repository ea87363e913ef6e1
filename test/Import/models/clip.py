# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers
#
# A small CLIP vision tower (patch convolution, class token, quick GELU) from
# transformers with random weights, exported with torch.export, imported
# and run by relax-run at three batch sizes against PyTorch on the same
# weights. The model fixes the image size: only the batch is dynamic.
#
# CHECK: relax.func @main(%x: !relax.tensor<[batch, 3, 32, 32], f32>,
# CHECK: clip [1, 17, 64]: {{.*}}: ok
# CHECK: clip [2, 17, 64]: {{.*}}: ok
# CHECK: clip [5, 17, 64]: {{.*}}: ok

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402

sys.exit(hf_models.run_model("clip", ((1, 0), (2, 0), (5, 0)), sys.argv[1], cli=False))
