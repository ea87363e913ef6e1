# -*- Python -*-

import os

import lit.formats
import lit.util
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "RELAX"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.relax_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "consumer", "e2e.py",
                   "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%relax_src_root", config.relax_src_root))
config.substitutions.append(("%relax_obj_root", config.relax_obj_root))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%mlir_dir", config.mlir_dir))
# C programs that the tests compile link the project's libraries, which a
# sanitizer build instruments: they need the sanitizers' runtimes too.
sanitizers = config.sanitizers in ("ON", "1", "TRUE")
sanitizer_flags = " -fsanitize=address,undefined" if sanitizers else ""
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%cc", config.c_compiler + sanitizer_flags))
config.substitutions.append(
    ("%mlir_runner", os.path.join(config.llvm_tools_dir, "mlir-runner")))
config.substitutions.append(
    ("%mlir_lib_dir", os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")))
config.substitutions.append(
    ("%relax_lib_dir", os.path.join(config.relax_obj_root, "lib")))
# The CPU runtime library, built when OpenBLAS is installed.
if config.has_cpu_runtime in ("ON", "1", "TRUE"):
    config.available_features.add("blas")

# The GPU runtime libraries (lib/Runtime/GPU), each built when its SDK is
# found. `vulkan` also needs a Vulkan driver to run on (an ICD manifest, such
# as Mesa's lavapipe from mesa-vulkan-drivers).
def has_vulkan_driver():
    if os.environ.get("VK_ICD_FILENAMES") or os.environ.get("VK_DRIVER_FILES"):
        return True
    dirs = ["/usr/share/vulkan/icd.d", "/usr/local/share/vulkan/icd.d",
            "/etc/vulkan/icd.d"]
    return any(os.path.isdir(d) and os.listdir(d) for d in dirs)

if config.has_vulkan_runtime in ("ON", "1", "TRUE"):
    config.available_features.add("vulkan-runtime")
    if has_vulkan_driver():
        config.available_features.add("vulkan")
if config.has_cuda_runtime in ("ON", "1", "TRUE"):
    config.available_features.add("cuda-runtime")
if config.has_hip_runtime in ("ON", "1", "TRUE"):
    config.available_features.add("hip-runtime")
# `webgpu` runs the WebGPU runtime on wgpu-native (from the wgpu Python
# package, loaded at run time) over a Vulkan driver.
if config.has_webgpu_runtime in ("ON", "1", "TRUE"):
    config.available_features.add("webgpu-runtime")
    if os.path.isfile(config.webgpu_library) and has_vulkan_driver():
        config.available_features.add("webgpu")
# Tensor-parallel runs: librelax_mpi_runtime and a launcher.
if config.has_mpi_runtime in ("ON", "1", "TRUE") and lit.util.which("mpiexec"):
    config.available_features.add("mpi")
# The libFuzzer targets of fuzz/, built by clang builds.
if config.has_fuzzers in ("ON", "1", "TRUE"):
    config.available_features.add("fuzzers")
if lit.util.which("spirv-val"):
    config.available_features.add("spirv-tools")
# The leak checks of programs that fail at run time. Valgrind cannot run
# sanitized programs; in a sanitizer build LeakSanitizer checks every run.
if lit.util.which("valgrind") and not sanitizers:
    config.available_features.add("valgrind")
# CUDA's assembler, which checks the PTX of the cuda target.
if lit.util.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas"):
    config.available_features.add("ptxas")

try:
    import numpy  # noqa: F401
    config.available_features.add("numpy")
except ImportError:
    pass

# relax-import and the tests of imported models run on the python3 on PATH,
# where scripts/install-deps.sh installs torch, onnx and transformers (lit
# itself may run on another Python).
import importlib.util
import shutil
import subprocess

import_python = shutil.which("python3", path=config.environment.get("PATH"))
if import_python:
    config.substitutions.append(("%import_python", import_python))
    probe = subprocess.run(
        [import_python, "-c", "import importlib.util as u; print(*(m for m in "
         "('numpy', 'torch', 'onnx', 'onnxscript', 'transformers', 'safetensors', "
         "'gguf') "
         "if u.find_spec(m)))"], capture_output=True, text=True)
    for module in probe.stdout.split():
        config.available_features.add("import-" + module)

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                     "CCACHE_DIR", "XDG_RUNTIME_DIR"])
# The Vulkan and WebGPU drivers print an error on stderr, which the GPU
# tests read, when there is no runtime directory (a shell without a login
# session): give them a private one.
if "XDG_RUNTIME_DIR" not in config.environment:
    runtime_dir = os.path.join(config.test_exec_root, "xdg-runtime")
    os.makedirs(runtime_dir, mode=0o700, exist_ok=True)
    config.environment["XDG_RUNTIME_DIR"] = runtime_dir
llvm_config.use_default_substitutions()

tool_dirs = [config.relax_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(
    [ToolSubst("relax-opt", unresolved="fatal"),
     ToolSubst("relax-run", unresolved="fatal"),
     ToolSubst("relax-translate", unresolved="fatal"),
     ToolSubst("relax-compile", unresolved="fatal"),
     ToolSubst("relax-generate", unresolved="fatal")], tool_dirs)
llvm_config.with_environment("PATH", config.relax_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

if sanitizers:
    config.available_features.add("sanitizers")
    # libMLIR.so is not instrumented. LLVM headers inlined into our code
    # poison bump-allocator slabs that libMLIR.so then fills without
    # unpoisoning: ignore manual poisoning, keep every other check. An
    # allocation too large for the machine returns null, as without the
    # sanitizer, so that the compiled code's out-of-memory checks are what
    # the tests see (ASan aborts on one by default).
    asan_options = (
        "detect_leaks=1:allow_user_poisoning=0:allocator_may_return_null=1")
    ubsan_options = "print_stacktrace=1"
    # UBSan reports and continues, and a test that expects a failure passes
    # whatever aborted: with RELAX_SANITIZER_LOG_DIR set, every report is
    # written to a file there instead, for scripts/sanitize.sh to count.
    log_dir = os.environ.get("RELAX_SANITIZER_LOG_DIR")
    if log_dir:
        os.makedirs(log_dir, exist_ok=True)
        asan_options += ":log_path=" + os.path.join(log_dir, "asan")
        ubsan_options += ":log_path=" + os.path.join(log_dir, "ubsan")
    config.environment["ASAN_OPTIONS"] = asan_options
    config.environment["UBSAN_OPTIONS"] = ubsan_options
    # Leaks inside third-party drivers, named in the file; not listing the
    # suppressions used keeps the report files to reports.
    config.environment["LSAN_OPTIONS"] = (
        "print_suppressions=0:suppressions=" +
        os.path.join(config.test_source_root, "lsan-suppressions.txt"))
    # MPICH's UCX transport rewrites the code of mmap when it loads, which
    # is ASan's interceptor here: the process crashes in the loader. UCX
    # then learns of unmapped memory from its other hooks.
    config.environment["UCX_MEM_MMAP_HOOK_MODE"] = "none"

# WebGPU implementations for scripts/webgpu-replay.py (python/relax_webgpu),
# on the python3 on PATH: Dawn on SwiftShader (PyPI wgpudawn; the Vulkan ICD
# of Debian's chromium), wgpu-native (PyPI wgpu) and headless Chromium.
if import_python:
    webgpu_probe = subprocess.run(
        [import_python, "-c", "import importlib\n"
         "for m, f in (('wgpudawn', 'wgpudawn'), ('wgpu', 'wgpu-native')):\n"
         "    try: importlib.import_module(m); print(f)\n"
         "    except Exception: pass"], capture_output=True, text=True)
    webgpu_found = webgpu_probe.stdout.split()
    if ("wgpudawn" in webgpu_found
            and os.path.exists("/usr/lib/chromium/vk_swiftshader_icd.json")):
        config.available_features.add("wgpudawn")
    if "wgpu-native" in webgpu_found:
        config.available_features.add("wgpu-native")
if lit.util.which("chromium", config.environment.get("PATH")):
    config.available_features.add("chromium")
