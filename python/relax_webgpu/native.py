"""Dawn (PyPI `wgpudawn`, on SwiftShader) and wgpu-native (PyPI `wgpu`, on
Mesa's lavapipe), in this process.

Both read the Vulkan driver list (VK_ICD_FILENAMES) once per process, and
each needs a different driver, so one process serves one backend:
`relax_webgpu.worker` runs each in a subprocess of its own.
"""

import hashlib
import os
import tempfile

from .kernels import WEBGPU_DEFAULTS

SWIFTSHADER_ICD = "/usr/lib/chromium/vk_swiftshader_icd.json"
LAVAPIPE_ICDS = ["/usr/share/vulkan/icd.d/lvp_icd.x86_64.json",
                 "/usr/share/vulkan/icd.d/lvp_icd.aarch64.json"]

BACKENDS = ("dawn", "wgpu")


class Unavailable(Exception):
    """The backend cannot run here (not installed, or no adapter)."""


def backend_environment(backend, env=None):
    """The environment a process serving `backend` should start with."""
    env = dict(os.environ if env is None else env)
    if not env.get("XDG_RUNTIME_DIR"):
        # Silences the OpenGL backend's "XDG_RUNTIME_DIR is invalid".
        env["XDG_RUNTIME_DIR"] = tempfile.gettempdir()
    icd = env.get("VK_ICD_FILENAMES", "")
    if backend == "dawn":
        if not icd and os.path.exists(SWIFTSHADER_ICD):
            env["VK_ICD_FILENAMES"] = SWIFTSHADER_ICD
    elif backend == "wgpu":
        if not icd or "swiftshader" in icd:
            env.pop("VK_ICD_FILENAMES", None)
            for path in LAVAPIPE_ICDS:
                if os.path.exists(path):
                    env["VK_ICD_FILENAMES"] = path
                    break
    return env


def _import(backend):
    if backend == "dawn":
        if not os.environ.get("VK_ICD_FILENAMES") and os.path.exists(SWIFTSHADER_ICD):
            os.environ["VK_ICD_FILENAMES"] = SWIFTSHADER_ICD
        try:
            import wgpudawn as wgpu
        except ImportError as e:
            raise Unavailable(f"cannot import wgpudawn ({e})") from None
    elif backend == "wgpu":
        try:
            import wgpu
        except ImportError as e:
            raise Unavailable(f"cannot import wgpu ({e})") from None
    else:
        raise ValueError(f"unknown backend {backend}")
    return wgpu


def _message(e):
    text = str(e).strip() or type(e).__name__
    return text


class NativeDevice:
    """One device under the WebGPU default limits, with shader modules and
    pipelines cached by shader text, entry point and layout."""

    def __init__(self, backend):
        self.backend = backend
        self.wgpu = wgpu = _import(backend)
        if backend == "wgpu":
            # Vulkan only (lavapipe); wgpu-native's OpenGL backend is slow to
            # start and runs on the same llvmpipe.
            try:
                from wgpu.backends.wgpu_native.extras import set_instance_extras
                set_instance_extras(backends=["Vulkan"])
            except Exception:
                pass
        try:
            adapter = wgpu.gpu.request_adapter_sync()
        except Exception as e:
            raise Unavailable(f"no adapter ({_message(e)})") from None
        kind = str(adapter.info.get("backend_type", "")).lower() if adapter else ""
        if kind in ("", "null"):
            raise Unavailable("no adapter" + (f" (only {kind})" if kind else ""))
        self.adapter = adapter
        info = self.adapter.info
        self.description = f"{info.get('device', '?')} ({info.get('backend_type', '?')})"
        features = []
        if "shader-f16" in self.adapter.features:
            features.append("shader-f16")
        try:
            self.device = self.adapter.request_device_sync(
                required_features=features, required_limits=dict(WEBGPU_DEFAULTS))
        except Exception as e:
            raise Unavailable(f"requestDevice failed: {_message(e)}") from None
        self.features = features
        self.modules = {}
        self.pipelines = {}
        self.layouts = {}

    # -- caches ---------------------------------------------------------

    def _bind_group_layout(self, layout):
        key = tuple(layout)
        if key not in self.layouts:
            wgpu = self.wgpu
            types = {"uniform": wgpu.BufferBindingType.uniform,
                     "storage": wgpu.BufferBindingType.storage,
                     "read-only-storage": wgpu.BufferBindingType.read_only_storage}
            bgl = self.device.create_bind_group_layout(entries=[
                {"binding": n, "visibility": wgpu.ShaderStage.COMPUTE,
                 "buffer": {"type": types[kind]}} for n, kind in layout])
            pl = self.device.create_pipeline_layout(bind_group_layouts=[bgl])
            self.layouts[key] = (bgl, pl)
        return self.layouts[key]

    def _module(self, shader):
        key = hashlib.sha256(shader.encode()).hexdigest()
        if key not in self.modules:
            try:
                module = self.device.create_shader_module(code=shader)
                errors = []
                try:
                    info = module.get_compilation_info_sync()
                    for m in (getattr(info, "messages", None) or info or []):
                        if str(getattr(m, "type", "")).endswith("error"):
                            errors.append(getattr(m, "message", str(m)))
                except Exception:
                    pass
                if errors:
                    raise RuntimeError("\n".join(errors))
                self.modules[key] = (module, None)
            except Exception as e:
                self.modules[key] = (None, "shader compilation: " + _message(e))
        return key, self.modules[key]

    def pipeline(self, shader, entry, layout):
        key, (module, error) = self._module(shader)
        if error:
            raise DispatchFailure(error)
        pkey = (key, entry, tuple(layout))
        if pkey not in self.pipelines:
            try:
                bgl, pl = self._bind_group_layout(layout)
                pipe = self.device.create_compute_pipeline(
                    layout=pl, compute={"module": module, "entry_point": entry})
                self.pipelines[pkey] = (pipe, bgl, None)
            except Exception as e:
                self.pipelines[pkey] = (None, None, "pipeline: " + _message(e))
        pipe, bgl, error = self.pipelines[pkey]
        if error:
            raise DispatchFailure(error)
        return pipe, bgl

    # -- running ----------------------------------------------------------

    def run(self, dispatch):
        """Runs a kernels.Dispatch: {binding: bytes} for its read_write
        bindings (nothing when only compiling). Raises DispatchFailure."""
        layout = dispatch.layout()
        pipe, bgl = self.pipeline(dispatch.shader, dispatch.entry, layout)
        if dispatch.grid is None:
            return {}
        wgpu = self.wgpu
        plan = dispatch.plan()
        device = self.device
        try:
            usage = (wgpu.BufferUsage.STORAGE | wgpu.BufferUsage.UNIFORM
                     | wgpu.BufferUsage.COPY_SRC | wgpu.BufferUsage.COPY_DST)
            buffers = []
            for b in plan["buffers"]:
                buf = device.create_buffer(size=b["size"], usage=usage)
                for offset, data in b["init"]:
                    if len(data) % 4:
                        data = data + bytes(4 - len(data) % 4)
                    device.queue.write_buffer(buf, offset, data)
                buffers.append(buf)
            group = device.create_bind_group(layout=bgl, entries=[
                {"binding": e["binding"],
                 "resource": {"buffer": buffers[e["buffer"]], "offset": e["offset"],
                              "size": e["size"]}} for e in plan["entries"]])
            encoder = device.create_command_encoder()
            cpass = encoder.begin_compute_pass()
            cpass.set_pipeline(pipe)
            cpass.set_bind_group(0, group)
            cpass.dispatch_workgroups(*dispatch.grid)
            cpass.end()
            device.queue.submit([encoder.finish()])
            outputs = {}
            for r in plan["reads"]:
                data = device.queue.read_buffer(buffers[r["buffer"]], r["offset"], r["size"])
                outputs[r["binding"]] = bytes(data)
            for buf in buffers:
                buf.destroy()
            return outputs
        except DispatchFailure:
            raise
        except Exception as e:
            raise DispatchFailure("dispatch: " + _message(e)) from None


class DispatchFailure(Exception):
    """A compile, validation or execution error, with the implementation's
    message."""
