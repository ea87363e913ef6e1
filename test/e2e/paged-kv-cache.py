# RUN: rm -rf %t && mkdir -p %t
# RUN: relax-compile %S/Inputs/paged-attention-step.mlir -o %t/step.so
# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t/step.so | FileCheck %s --check-prefixes=CHECK,HOST
# RUN: relax-compile %S/Inputs/paged-attention-step.mlir -o %t/gather.so --pipeline-options paged-attention=gather
# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t/gather.so | FileCheck %s --check-prefixes=CHECK,HOST
# RUN: env PYTHONPATH=%relax_obj_root/python %python %s %t/step.so --module-cache | FileCheck %s --check-prefixes=CHECK,HOST
# REQUIRES: numpy
#
# The paged KV cache end to end: relax_runtime's KVCache (pages of 4
# tokens) feeds a compiled step that appends keys and values with
# paged_kv_append and attends with paged_attention, against numpy attention
# over each sequence's whole history, with attention in both of its forms
# (the CPU's default, page by page, and the GPU's, through the page table
# inside the products). Two prompts of different lengths in
# one packed step, then batched decode steps; a fork that shares a prefix
# and then diverges; pop n; a removed sequence's pages reused; the cache
# written in place (the pool the runtime owns, never another copy); and a
# full cache is an error that changes nothing. With --module-cache, the
# cache is the module's (relaxModuleCreateKVCache): its pool is where the
# library reads it, on the device for a GPU library.
#
# CHECK: prefill [5, 3]: tokens 8, page table {{\[\[}}0, 1], [2, 0]]: ok
# CHECK: decode 1: ok
# CHECK: decode 2: ok
# CHECK: decode 3: ok
# CHECK: fork at 3, then decode: ok; parent unchanged: ok
# CHECK: pop 2, then decode: ok
# CHECK: remove: free pages 2 -> 4; the next sequence takes a freed page: ok
# HOST: layer 0 untouched: ok
# DEVICE: pool on device {{[1-9][0-9]*}}
# CHECK: full: RelaxError 7: the KV cache is full: the step needs 4 pages of 4 tokens, 3 of 8 are free
# CHECK: after the failed step: unchanged

import sys

import numpy as np

import relax_runtime

module = relax_runtime.Module(sys.argv[1])
step_fn = module["step"]
H, KVH, D, S, PAGES = 4, 2, 8, 4, 8
cache = relax_runtime.KVCache(layers=2, kv_heads=KVH, head_dim=D, pages=PAGES, page_size=S,
                              module=module if "--module-cache" in sys.argv else None)
rng = np.random.default_rng(0)
history = {}  # sequence -> (keys, values), lists of [KVH, D]


def reference(seq, q, upto):
    keys = np.array(history[seq][0][:upto + 1])
    values = np.array(history[seq][1][:upto + 1])
    out = np.zeros((H, D), np.float32)
    for h in range(H):
        c = h // (H // KVH)
        scores = keys[:, c] @ q[h] / np.sqrt(D)
        w = np.exp(scores - scores.max())
        out[h] = (w / w.sum()) @ values[:, c]
    return out


def run(seqs, lengths):
    step = cache.begin_step(seqs, lengths)
    tokens = sum(lengths)
    q = rng.standard_normal((tokens, H, D)).astype(np.float32)
    k = rng.standard_normal((tokens, KVH, D)).astype(np.float32)
    v = rng.standard_normal((tokens, KVH, D)).astype(np.float32)
    q_seq, q_pos = step.q_seq.numpy(), step.q_pos.numpy()
    for t in range(tokens):
        keys, values = history.setdefault(seqs[q_seq[t]], ([], []))
        del keys[q_pos[t]:], values[q_pos[t]:]
        keys.append(k[t])
        values.append(v[t])
    out = step_fn(step.pages, q, k, v, step.slots, step.page_table, step.q_seq, step.q_pos)
    error = max(np.abs(out[t] - reference(seqs[q_seq[t]], q[t], q_pos[t])).max()
                for t in range(tokens))
    return step, ("ok" if error < 1e-5 else f"MISMATCH {error}")


for s in (0, 1):
    cache.add(s)
step, status = run([0, 1], [5, 3])
print(f"prefill [5, 3]: tokens {step.q_seq.shape[0]}, page table "
      f"{step.page_table.numpy().tolist()}: {status}")
for i in range(3):
    step, status = run([0, 1], [1, 1])
    print(f"decode {i + 1}:", status)
pages_of_1 = set(step.page_table.numpy()[1].tolist())

cache.fork(0, 2, 3)
history[2] = ([k.copy() for k in history[0][0][:3]], [v.copy() for v in history[0][1][:3]])
_, status = run([2], [2])
_, parent_status = run([0], [1])
print(f"fork at 3, then decode: {status}; parent unchanged: {parent_status}")

cache.pop(0, 2)
print("pop 2, then decode:", run([0], [1])[1])

before = cache.free_pages
cache.remove(1)
after = cache.free_pages
cache.add(3)
step, status = run([3], [1])
taken = set(step.page_table.numpy()[0].tolist())
print(f"remove: free pages {before} -> {after}; the next sequence takes a freed page:",
      "ok" if taken <= pages_of_1 else f"no: {taken} {pages_of_1}")

device = step.pages.__dlpack_device__()[0]
if device == 1:
    pool = np.from_dlpack(step.pages)
    print("layer 0 untouched:", "ok" if not pool[0].any() else "WRITTEN")
else:
    print("pool on device", device)

lengths = {s: cache.length(s) for s in (0, 2, 3)}
free = cache.free_pages
try:
    cache.begin_step([0, 3], [1, S * free])
    print("full: no error")
except relax_runtime.RelaxError as e:
    print(f"full: RelaxError {e.status}: {e}")
print("after the failed step:", "unchanged" if lengths == {s: cache.length(s) for s in (0, 2, 3)}
      and free == cache.free_pages else "CHANGED")
