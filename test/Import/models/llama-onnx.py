# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-torch, import-onnx, import-onnxscript, import-transformers
#
# The small Llama of llama.py (grouped-query attention: 4 heads, 2 KV heads;
# rotary embeddings, RMSNorm, SwiGLU), called with a mask of ones, through
# both of torch's ONNX exporters (llama.py covers torch.export), imported by
# relax-import and run by relax-run at three sizes against PyTorch. The
# TorchScript graph builds the causal mask from shapes (Range, LessOrEqual,
# And, Expand by a shape through Where(Equal(shape, -1))), which must fold at
# import for the dims to stay symbolic.
#
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
config = T.LlamaConfig(vocab_size=128, hidden_size=64, intermediate_size=128,
                       num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                       max_position_embeddings=2048)
model = Wrapper(T.LlamaForCausalLM._from_config(config, attn_implementation="eager").eval(),
                "causal-mask").eval()


def tokens(batch, seq):
    return torch.randint(0, 128, (batch, seq))


sys.exit(run_all(model, tokens(2, 8), {0: ("batch", 1, 16), 1: ("seq", 2, 1024)}, tokens,
                 ((1, 2), (2, 7), (3, 33)), sys.argv[1], "llama",
                 routes=("onnx", "onnx dynamo")))
