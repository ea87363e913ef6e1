"""The tokenizer of a model directory, for relax-generate's --prompt:

    python3 tokenizer.py DIR encode TEXT     # prints the ids: 1,2,3
    python3 tokenizer.py DIR decode 1 2 3    # prints the text

DIR holds a `tokenizer.json` that the `tokenizers` package reads (relax-import
copies it from the model directory). Standalone: it imports nothing of the
package, so that a tool can run it as a script.
"""

import os
import sys


def main(argv):
    if len(argv) < 3 or argv[1] not in ("encode", "decode"):
        print("usage: tokenizer.py DIR encode TEXT | DIR decode ID...", file=sys.stderr)
        return 2
    path = os.path.join(argv[0], "tokenizer.json")
    if not os.path.isfile(path):
        print(f"{argv[0]} has no tokenizer.json", file=sys.stderr)
        return 1
    try:
        from tokenizers import Tokenizer
    except ImportError:
        print("the tokenizers package is not installed (pip install tokenizers)",
              file=sys.stderr)
        return 1
    try:
        tokenizer = Tokenizer.from_file(path)
    except Exception as error:  # noqa: BLE001 - any unreadable tokenizer
        print(f"cannot read {path}: {error}", file=sys.stderr)
        return 1
    if argv[1] == "encode":
        print(",".join(str(i) for i in tokenizer.encode(" ".join(argv[2:])).ids))
    else:
        print(tokenizer.decode([int(i) for i in argv[2:]]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
