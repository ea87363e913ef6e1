#!/usr/bin/env python3
"""Extracts the objects of the gpu.binary ops of a textual MLIR module, and
checks each with its vendor's tool.

    gpu-binaries.py module.mlir OUTDIR [--check] [--chip CHIP] [--webgpu]

Each object of `gpu.binary @name [...]` becomes OUTDIR/name.<ext>, the
extension naming the target and format: .spv (SPIR-V), .wgsl (WebGPU),
.cubin, .ptx, .hsaco, .amdgcn (AMDGPU assembly), .bc; one line per file is
printed. With --check, each file is also checked, and the line says by what:
  .spv     spirv-val --target-env vulkan1.1 (with --webgpu, also: no 64-bit
           integer or float capability, as WebGPU allows none);
  .wgsl    Dawn (Chrome's WebGPU: Tint compiles it into a compute pipeline
           under WebGPU's default limits) and wgpu-native (Firefox's naga),
           through scripts/webgpu-replay.py --check-shaders;
  .ptx     ptxas -arch CHIP (CUDA's assembler) compiles it;
  .cubin   llvm-readelf: an ELF for the CUDA machine whose flags name CHIP;
  .hsaco   llvm-objdump --mcpu CHIP disassembles it (LLVM's AMDGPU backend)
           and llvm-readelf finds each kernel's descriptor.
The exit code is 1 when any check fails.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys

BINARY = re.compile(r'gpu\.binary @(\w+)\s*(?:<[^>]*>\s*)?\[(.*)\]\s*$')
OBJECT = re.compile(r'#gpu\.object<#(\w+)\.(?:target|target_env)')


def unescape(text):
    """Decodes an MLIR string literal body (\\XX hex escapes, \\\\, \\")."""
    out = bytearray()
    i = 0
    while i < len(text):
        c = text[i]
        if c != '\\':
            out += c.encode('utf-8')
            i += 1
            continue
        nxt = text[i + 1]
        if nxt in '\\"':
            out.append(ord(nxt))
            i += 2
        elif nxt == 'n':
            out.append(10)
            i += 2
        elif nxt == 't':
            out.append(9)
            i += 2
        else:
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
    return bytes(out)


def last_string(text):
    """The body of the last string literal in `text`."""
    end = len(text) - 1
    while text[end] != '"':
        end -= 1
    start = end - 1
    while True:
        if text[start] == '"':
            # A quote preceded by an odd number of backslashes is escaped.
            slashes = 0
            j = start - 1
            while text[j] == '\\':
                slashes += 1
                j -= 1
            if slashes % 2 == 0:
                break
        start -= 1
    return text[start + 1:end]


def extension(dialect, attrs, data):
    if data.startswith(b'// relax.webgpu.kernel '):
        return 'wgsl'
    if dialect == 'spirv':
        return 'spv'
    if re.search(r'\bassembly = "', attrs):
        return 'ptx' if dialect == 'nvvm' else 'amdgcn'
    if data[:4] == b'BC\xc0\xde':
        return 'bc'
    return 'cubin' if dialect == 'nvvm' else 'hsaco'


LLVM_BIN = '/usr/lib/llvm-22/bin'


def tool(name):
    found = shutil.which(name) or os.path.join(LLVM_BIN, name)
    if name == 'ptxas' and not shutil.which('ptxas'):
        found = '/usr/local/cuda/bin/ptxas'
    return found


def run(args):
    proc = subprocess.run(args, capture_output=True, text=True)
    return proc.returncode == 0, proc.stdout + proc.stderr


def check(path, chip, webgpu):
    """Returns (ok, what checked it, detail)."""
    ext = path.rsplit('.', 1)[1]
    if ext == 'spv':
        ok, out = run([tool('spirv-val'), '--target-env', 'vulkan1.1', path])
        if ok and webgpu:
            _, text = run([tool('spirv-dis'), path])
            wide = [c for c in ('Int64', 'Float64')
                    if re.search(r'OpCapability %s\b' % c, text)]
            if wide:
                return False, 'webgpu', 'capabilities ' + ', '.join(wide)
        return ok, 'spirv-val', out
    if ext == 'ptx':
        ok, out = run([tool('ptxas'), '-arch', chip, path, '-o', path + '.o'])
        return ok, 'ptxas ' + chip, out
    if ext == 'cubin':
        ok, out = run([tool('llvm-readelf'), '-h', path])
        ok = ok and 'NVIDIA CUDA' in out
        return ok, 'llvm-readelf', out
    if ext == 'hsaco':
        ok, out = run([tool('llvm-objdump'), '-d', '--mcpu=' + chip, path])
        if ok:
            ok2, syms = run([tool('llvm-readelf'), '-s', path])
            ok = ok2 and '.kd' in syms and 's_endpgm' in out
        return ok, 'llvm-objdump ' + chip, out
    return False, 'none', 'no check for .' + ext


def check_wgsl(paths):
    """Compiles WGSL kernels on Dawn and wgpu-native in one process each;
    returns {path: (ok, what, detail)}."""
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          'webgpu-replay.py')
    args = [sys.executable, script, '--check-shaders', *paths,
            '--backend', 'dawn', '--backend', 'wgpu']
    proc = subprocess.run(args, capture_output=True, text=True)
    what = 'dawn, wgpu-native'
    if proc.returncode == 77:
        return {p: (False, what, 'no WebGPU implementation: ' + proc.stdout)
                for p in paths}
    results = {p: (True, what, '') for p in paths}
    for line in proc.stdout.splitlines():
        for p in paths:
            if ': ' + p + ': ' in line:
                results[p] = (False, what, line + '\n')
    if proc.returncode != 0 and all(ok for ok, _, _ in results.values()):
        results = {p: (False, what, proc.stdout + proc.stderr) for p in paths}
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('module')
    parser.add_argument('outdir')
    parser.add_argument('--check', action='store_true')
    parser.add_argument('--chip', default='')
    parser.add_argument('--webgpu', action='store_true')
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    count = failures = 0
    wgsl = []
    with open(args.module) as f:
        for line in f:
            match = BINARY.search(line.strip())
            if not match:
                continue
            name, objects = match.groups()
            target = OBJECT.search(objects)
            if not target:
                sys.exit(f'error: gpu.binary @{name}: no object')
            data = unescape(last_string(objects))
            ext = extension(target.group(1), objects, data)
            path = os.path.join(args.outdir, f'{name}.{ext}')
            with open(path, 'wb') as out:
                out.write(data)
            count += 1
            if not args.check:
                print(path)
                continue
            if ext == 'wgsl':
                wgsl.append((name, path))
                continue
            ok, what, detail = check(path, args.chip, args.webgpu)
            print(f'{"ok" if ok else "FAILED"}: {name}.{ext} ({what})')
            if not ok:
                failures += 1
                sys.stderr.write(detail)
    if wgsl:
        results = check_wgsl([path for _, path in wgsl])
        for name, path in wgsl:
            ok, what, detail = results[path]
            print(f'{"ok" if ok else "FAILED"}: {name}.wgsl ({what})')
            if not ok:
                failures += 1
                sys.stderr.write(detail)
    if count == 0:
        sys.exit(f'error: no gpu.binary in {args.module}')
    print(f'{count} binaries, {failures} failed')
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
