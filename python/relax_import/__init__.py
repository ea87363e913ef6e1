"""relax-import: translates torch.export programs and ONNX models into
textual relax IR, with their weights as parameters (written to a
.safetensors or .npz file that `relax-run --weights` loads) or constants.

    from relax_import import import_torch
    text, weights = import_torch(exported_program)
"""

from .emitter import ImportError_ as ImportFailure, write_weights  # noqa: F401


def import_torch(ep, **kw):
    """(module text, weights) for a torch.export.ExportedProgram."""
    from .torch_export import import_program
    return import_program(ep, **kw)


def import_onnx(model, **kw):
    """(module text, weights) for an onnx.ModelProto or a path to one."""
    from .onnx_import import import_model
    return import_model(model, **kw)
