# RUN: rm -rf %t && mkdir -p %t
# RUN: %import_python %s %t | FileCheck %s
# REQUIRES: import-transformers
#
# --prompt TEXT and --print-text with the model's tokenizer (a word-level
# tokenizer.json in the model directory, which relax-import copies): the
# text gives the ids that --prompt-ids gives, and the printed text is the
# generated ids decoded. Without a tokenizer both are errors.
#
# CHECK: copied: True
# CHECK: same tokens: True
# CHECK: text: True
# CHECK: no tokenizer: exit 1: relax-generate: error: --prompt needs a tokenizer: {{.*}} has no tokenizer.json (relax-import copies the model directory's)

import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hf_decoders import make  # noqa: E402
from tokenizers import Tokenizer, models, pre_tokenizers  # noqa: E402

work = sys.argv[1]
hf, out = os.path.join(work, "llama"), os.path.join(work, "out")
make("llama", hf)
words = ["the", "cat", "sat", "on", "mat", "a", "dog"] + [f"w{i}" for i in range(249)]
tokenizer = Tokenizer(models.WordLevel({w: i for i, w in enumerate(words)}, unk_token="a"))
tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
tokenizer.save(os.path.join(hf, "tokenizer.json"))
subprocess.run(["relax-import", hf, "-o", out], check=True, capture_output=True)
print("copied:", os.path.isfile(os.path.join(out, "tokenizer.json")))


def generate(*args, directory=out):
    return subprocess.run(["relax-generate", directory, "--max-new-tokens", "8", *args],
                          capture_output=True, text=True)


by_text = generate("--prompt", "the cat sat on the mat")
by_ids = generate("--prompt-ids", "0,1,2,3,0,4")
print("same tokens:", by_text.returncode == 0 and by_text.stdout == by_ids.stdout)
text = generate("--prompt", "the cat sat on the mat", "--print-text").stdout.strip()
ids = [int(i) for i in by_ids.stdout.split()]
print("text:", text == " ".join(words[i] for i in ids))
bare = os.path.join(work, "bare")
shutil.copytree(out, bare)
os.remove(os.path.join(bare, "tokenizer.json"))
result = generate("--prompt", "the cat", directory=bare)
print(f"no tokenizer: exit {result.returncode}: {result.stderr.strip()}")
