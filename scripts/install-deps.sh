#!/usr/bin/env bash
# Installs what building and testing Relax-MLIR needs on Debian 12, skipping
# packages that are already present. Safe to run repeatedly.
set -euo pipefail

packages=(
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  libclang-rt-22-dev libomp-22-dev libstdc++-12-dev spirv-tools ninja-build
  ccache cmake python3 python3-pip python3-numpy python3-psutil libopenblas-dev libdlpack-dev
  mpich libmpich-dev
  mesa-vulkan-drivers libvulkan-dev vulkan-tools libamdhip64-dev valgrind
  chromium chromium-headless-shell
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

# relax-import and its tests (python/relax_import, test/Import) run on the
# python3 on PATH, and so does relax-generate's tokenizer
# (python/relax_import/tokenizer.py); gguf reads GGUF files for
# `relax-import model.gguf`; onnxscript is what torch.onnx.export's dynamo
# exporter (dynamo=True) needs, whose output the importer tests read:
# install each Python package they lack, and only those.
# The WebGPU implementations the webgpu target's tests run on (pinned: the
# runtime loads wgpu-native's library and headers from the wgpu wheel, and
# wgpudawn is alpha): wgpu-native (Firefox's wgpu) on lavapipe and Dawn
# (Chrome's) on the SwiftShader driver of the chromium package.
python_packages=()
for spec in torch onnx onnxscript transformers safetensors tokenizers gguf \
            wgpu==0.32.0 wgpudawn==0.32.0.4; do
  module=${spec%%==*}
  version=""
  [[ $spec == *==* ]] && version=${spec##*==}
  python3 -c "import importlib.metadata as m, sys; import $module
sys.exit(0 if not '$version' or m.version('$module') == '$version' else 1)" \
    2>/dev/null || python_packages+=("$spec")
done
if [ ${#python_packages[@]} -gt 0 ]; then
  echo "Installing Python packages: ${python_packages[*]}"
  python3 -m pip install --quiet "${python_packages[@]}" \
    || python3 -m pip install --quiet --break-system-packages "${python_packages[@]}"
fi
