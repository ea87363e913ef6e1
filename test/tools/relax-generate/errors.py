# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-transformers
#
# Bad input to relax-import's model directories and to relax-generate:
# each a clear message and exit code 1, nothing written. And sampling:
# the same seed gives the same tokens, top-k 1 is greedy.
#
# CHECK: not a model: exit 1: relax-import: error: {{.*}}empty is not a transformers model directory (it has no config.json)
# CHECK: unknown architecture: exit 1: relax-import: error: architecture BertForMaskedLM is not supported; relax-import reads GPT2LMHeadModel, GPTNeoXForCausalLM, LlamaForCausalLM, MistralForCausalLM, Phi3ForCausalLM, Qwen2ForCausalLM
# CHECK: no weights: exit 1: relax-import: error: {{.*}}no-weights has no .safetensors weights
# CHECK: missing tensor: exit 1: relax-import: error: the weights in {{.*}}missing lack model.layers.1.mlp.up_proj.weight
# CHECK: nothing written: True
# CHECK: not an import: exit 1: relax-generate: error: cannot read {{.*}}empty/config.json: No such file or directory (is it a directory that relax-import wrote from a model directory?)
# CHECK: long prompt: exit 1: relax-generate: error: prompt #0 has 130 tokens; the context window is 128
# CHECK: bad id: exit 1: relax-generate: error: --prompt-ids: '256' is not a token id below the vocabulary size 256
# CHECK: no prompt: exit 1: relax-generate: error: give one of --prompt-ids, --prompt and --batch-prompts
# CHECK: other library: exit 1: relax-generate: error: {{.*}}other.so: library format version 9, but this runtime loads version 1: compile the model again with the relax-compile of this runtime
# CHECK: small cache: exit 1: relax-generate: error: the KV cache is full: the step needs 2 pages of 16 tokens, 1 of 1 are free
# CHECK: same seed: True; top-k 1 is greedy: True

import json
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hf_decoders import make  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Inputs"))
from binary_files import with_library_version  # noqa: E402

work = sys.argv[1]


def run(label, *cmd):
    result = subprocess.run(list(cmd), capture_output=True, text=True)
    print(f"{label}: exit {result.returncode}: {result.stderr.strip().splitlines()[-1]}"
          if result.returncode else f"{label}: exit 0")
    return result


def path(name):
    return os.path.join(work, name)


os.makedirs(path("empty"))
run("not a model", "relax-import", path("empty"), "-o", path("out-empty"))
os.makedirs(path("bert"))
with open(path("bert/config.json"), "w") as f:
    json.dump({"architectures": ["BertForMaskedLM"], "model_type": "bert"}, f)
run("unknown architecture", "relax-import", path("bert"), "-o", path("out-bert"))

llama = path("llama")
make("llama", llama)
shutil.copytree(llama, path("no-weights"))
os.remove(path("no-weights/model.safetensors"))
run("no weights", "relax-import", path("no-weights"), "-o", path("out-no-weights"))
shutil.copytree(llama, path("missing"))
from safetensors.torch import load_file, save_file  # noqa: E402
tensors = load_file(path("missing/model.safetensors"))
del tensors["model.layers.1.mlp.up_proj.weight"]
save_file(tensors, path("missing/model.safetensors"))
run("missing tensor", "relax-import", path("missing"), "-o", path("out-missing"))
print("nothing written:", not any(os.path.exists(path(f"out-{n}"))
                                  for n in ("empty", "bert", "no-weights", "missing")))

out = path("out")
subprocess.run(["relax-import", llama, "-o", out], check=True, capture_output=True)
run("not an import", "relax-generate", path("empty"), "--prompt-ids", "1")
run("long prompt", "relax-generate", out, "--prompt-ids", ",".join(["1"] * 130))
run("bad id", "relax-generate", out, "--prompt-ids", "1,256")
run("no prompt", "relax-generate", out)

# A library whose format version word says 9.
library = path("model.so")
subprocess.run(["relax-compile", os.path.join(out, "model.mlir"), "-o", library],
               check=True, capture_output=True)
with_library_version(library, path("other.so"), 9)
run("other library", "relax-generate", out, "--library", path("other.so"), "--prompt-ids", "1")
run("small cache", "relax-generate", out, "--library", library, "--num-pages", "1",
    "--prompt-ids", ",".join(["1"] * 20))


def generate(*args):
    return subprocess.run(["relax-generate", out, "--library", library, "--prompt-ids",
                           "3,4,5", "--max-new-tokens", "16", *args],
                          capture_output=True, text=True, check=True).stdout


sampled = generate("--temperature", "1.5", "--top-p", "0.9", "--seed", "7")
print("same seed:", sampled == generate("--temperature", "1.5", "--top-p", "0.9", "--seed", "7"),
      end="; ")
print("top-k 1 is greedy:", generate("--temperature", "1", "--top-k", "1") == generate())
