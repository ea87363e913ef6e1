# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-transformers
#
# A small Whisper encoder (two convolutions, sinusoidal positions, GELU) from
# transformers with random weights, exported with torch.export, imported
# and run by relax-run at three batch sizes against PyTorch on the same
# weights. The model fixes the frame count: only the batch is dynamic.
#
# CHECK: relax.func @main(%x: !relax.tensor<[batch, 16, 128], f32>,
# CHECK: whisper [1, 64, 64]: {{.*}}: ok
# CHECK: whisper [2, 64, 64]: {{.*}}: ok
# CHECK: whisper [5, 64, 64]: {{.*}}: ok

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
import hf_models  # noqa: E402

sys.exit(hf_models.run_model("whisper", ((1, 0), (2, 0), (5, 0)), sys.argv[1], cli=False))
