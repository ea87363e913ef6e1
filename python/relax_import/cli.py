"""The relax-import command line:

    relax-import model.pt2 -o model.mlir         # weights: model.safetensors
    relax-import model.onnx -o model.mlir --weights=constants
    relax-import llama-dir/ -o out/              # a decoder LM: out/model.mlir,
                                                 # model.safetensors, config.json
    relax-import llama-dir/ -o out/ --quantize q4_0
    relax-import model.gguf -o out/              # the same, from a GGUF file
    relax-import llama-dir/ -o out/ --tensor-parallel 2   # split over 2 ranks
"""

import argparse
import os
import sys

from .emitter import ImportError_, write_weights


def verify(text):
    """Checks the translated module with relax-opt's parser, verifiers and
    shape inference (the relax-opt beside the launcher, `RELAX_OPT`): a
    module that would not run is an error naming the op, never written."""
    import subprocess
    relax_opt = os.environ.get("RELAX_OPT")
    if not relax_opt or not os.path.exists(relax_opt):
        return
    result = subprocess.run([relax_opt, "--relax-infer-shapes", "-o", os.devnull, "-"],
                            input=text, capture_output=True, text=True)
    if result.returncode == 0:
        return
    lines = text.splitlines()
    messages = []
    for line in result.stderr.splitlines():
        # <stdin>:LINE:COL: error: ... -> the message and the line it names.
        parts = line.split(":", 3)
        if len(parts) == 4 and parts[0] == "<stdin>" and parts[1].isdigit():
            number = int(parts[1])
            op = lines[number - 1].strip() if 0 < number <= len(lines) else ""
            messages.append(f"{parts[3].strip()}\n    at: {op}")
    detail = "\n  ".join(messages) or result.stderr.strip()
    raise ImportError_(f"the translated module does not verify (a bug of "
                       f"relax-import or an invalid model):\n  {detail}")


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="relax-import",
        description="Translates a torch.export program (.pt2, saved with "
        "torch.export.save) or an ONNX model (.onnx) into relax IR: one "
        "relax.func @main taking the user inputs, then the weights. A "
        "transformers model directory (save_pretrained's config.json and "
        "safetensors) of a decoder LM becomes a directory: model.mlir "
        "(@prefill and @decode over a paged KV cache), model.safetensors and "
        "config.json.")
    parser.add_argument("input", help="model.pt2, model.onnx, a model directory or "
                        "model.gguf (llama)")
    parser.add_argument("-o", "--output", help="the module (default: stdout)")
    parser.add_argument("--weights", choices=["params", "constants"], default="params",
                        help="weights as parameters of @main, written to the "
                        "weights file (default), or as relax.constant ops")
    parser.add_argument("--weights-file",
                        help="where parameters' weights go: .safetensors or .npz "
                        "(default: beside the module, <output stem>.safetensors)")
    parser.add_argument("--quantize", choices=["q4_0", "q8_0", "q4f16_1", "q4f32_1"],
                        help="a model directory's projections, embedding and head as "
                        "4- or 8-bit groups of 32 (GGUF's q4_0 / q8_0 blocks, MLC's "
                        "q4f16_1 / q4f32_1), unpacked inside the kernels that read them")
    parser.add_argument("--tensor-parallel", type=int, default=1, metavar="N",
                        help="a decoder LM split over N ranks (Megatron-LM's placement: "
                        "q/k/v/gate/up projections by outputs, o/down by inputs, the KV "
                        "cache by heads); run it under `mpiexec -n N`")
    parser.add_argument("--dim-name", action="append", default=[], metavar="SYMBOL=NAME",
                        help="name a torch symbol (s0, s77, ...) of a program that "
                        "does not record its Dim names")
    args = parser.parse_args(argv)
    try:
        if args.tensor_parallel < 1:
            raise ImportError_("--tensor-parallel takes a number of ranks, at least 1")
        if not os.path.exists(args.input):
            raise ImportError_(f"no such file: {args.input}")
        if os.path.isdir(args.input):
            if not args.output:
                raise ImportError_("a model directory needs -o OUT/, the directory "
                                   "to write")
            if os.path.exists(args.output) and not os.path.isdir(args.output):
                raise ImportError_(f"{args.output} is not a directory")
            from .hf_decoder import import_directory
            config = import_directory(args.input, args.output, verify,
                                      quantize=args.quantize,
                                      tensor_parallel=args.tensor_parallel)
            print(f"relax-import: wrote {args.output}: {config['architecture']}, "
                  f"{config['num_layers']} layers, weights {config['weight_bytes']} bytes")
            return 0
        if args.quantize:
            raise ImportError_("--quantize applies to a transformers model directory")
        if args.input.endswith(".gguf"):
            if not args.output:
                raise ImportError_("a GGUF file needs -o OUT/, the directory to write")
            if os.path.exists(args.output) and not os.path.isdir(args.output):
                raise ImportError_(f"{args.output} is not a directory")
            from .gguf_import import import_gguf
            config = import_gguf(args.input, args.output, verify,
                                 tensor_parallel=args.tensor_parallel)
            print(f"relax-import: wrote {args.output}: {config['architecture']}, "
                  f"{config['num_layers']} layers, weights {config['weight_bytes']} bytes")
            return 0
        if args.tensor_parallel != 1:
            raise ImportError_("--tensor-parallel applies to a decoder LM (a model "
                               "directory or a GGUF file)")
        constants = args.weights == "constants"
        source = os.path.basename(args.input)
        if args.input.endswith(".onnx"):
            from .onnx_import import import_model
            text, weights = import_model(args.input, weights_as_constants=constants,
                                         source=source)
        else:
            from .torch_export import import_program, load
            ep, names = load(args.input)
            for item in args.dim_name:
                symbol, _, name = item.partition("=")
                names[symbol] = name
            text, weights = import_program(ep, names=names, weights_as_constants=constants,
                                           source=source)
        verify(text)
        if args.output:
            with open(args.output, "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        # A module written to a file gets its weights file, empty when the
        # model has no weights, so that `relax-run model.mlir --weights
        # model.safetensors` runs every imported model.
        if weights or (not constants and args.output):
            path = args.weights_file
            if path is None:
                stem = os.path.splitext(args.output)[0] if args.output else \
                    os.path.splitext(args.input)[0]
                path = stem + ".safetensors"
            write_weights(path, weights)
    except ImportError_ as error:
        print(f"relax-import: error: {error}", file=sys.stderr)
        return 1
    return 0
