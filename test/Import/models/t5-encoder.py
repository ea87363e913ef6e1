# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-onnx, import-onnxscript, import-transformers
#
# A small T5 encoder from transformers (relative-position buckets: integer
# abs, log of the distance, min and where on i64; RMS norm, ReLU MLP), random
# weights, through torch.export and both of torch's ONNX exporters, imported
# by relax-import and run by relax-run at three sizes (batch and sequence
# length) against PyTorch. Eager attention: the dynamo exporter cannot
# decompose this model's SDPA form ("Cannot view a tensor ...").
#
# CHECK: torch.export [1, 2]: ok
# CHECK: torch.export [2, 7]: ok
# CHECK: torch.export [3, 33]: ok
# CHECK: onnx [1, 2]: ok
# CHECK: onnx [2, 7]: ok
# CHECK: onnx [3, 33]: ok
# CHECK: onnx dynamo [1, 2]: ok
# CHECK: onnx dynamo [2, 7]: ok
# CHECK: onnx dynamo [3, 33]: ok

import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Inputs"))
from exporters import run_all  # noqa: E402
from hf_models import Wrapper  # noqa: E402

import transformers as T  # noqa: E402

torch.manual_seed(0)
# Buckets of 8 up to a distance of 20, so that the sizes below reach the
# logarithmic buckets and their clamp.
config = T.T5Config(vocab_size=128, d_model=64, d_kv=16, d_ff=128, num_layers=2, num_heads=4,
                    relative_attention_num_buckets=8, relative_attention_max_distance=20)
model = Wrapper(T.T5EncoderModel._from_config(config, attn_implementation="eager").eval(),
                "ids").eval()


def tokens(batch, seq):
    return torch.randint(0, 128, (batch, seq))


sys.exit(run_all(model, tokens(2, 8), {0: ("batch", 1, 16), 1: ("seq", 2, 1024)}, tokens,
                 ((1, 2), (2, 7), (3, 33)), sys.argv[1], "t5"))
