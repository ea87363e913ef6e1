// Runs batches of compute dispatches on the page's WebGPU device, under the
// default limits (requestDevice() without requiredLimits). Driven by
// relax_webgpu/chromium.py through Runtime.evaluate.
"use strict";

const relaxWebGPU = (() => {
  let adapter = null;
  let device = null;
  let lost = null;
  const modules = new Map();    // shader key -> {module, error}
  const pipelines = new Map();  // shader key + entry + layout -> {pipeline, bgl, error}

  let stepTimeoutMs = 60000;  // each wait for the GPU

  function withTimeout(promise, what) {
    let timer;
    return Promise.race([
      promise,
      new Promise((_, reject) => {
        timer = setTimeout(
            () => reject(new Error(`${what} timed out after ${stepTimeoutMs} ms`)),
            stepTimeoutMs);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  function fromBase64(text) {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    const s = atob(text);
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  function toBase64(bytes) {
    if (bytes.toBase64) return bytes.toBase64();
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000)
      s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }

  // Large inputs come as local files (--allow-file-access-from-files):
  // the DevTools pipe moves base64 at only about 15 MB/s.
  function readFile(url) {
    return withTimeout(new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("GET", url);
      xhr.responseType = "arraybuffer";
      xhr.onload = () => xhr.response ? resolve(new Uint8Array(xhr.response))
                                      : reject(new Error(`cannot read ${url}`));
      xhr.onerror = () => reject(new Error(`cannot read ${url}`));
      xhr.send();
    }), "reading an input file");
  }

  async function init() {
    if (device && !lost) return device;
    if (device) device.destroy();
    if (!navigator.gpu) throw new Error("navigator.gpu is undefined");
    // An adapter gives one device: a new device needs a new adapter.
    adapter = await withTimeout(navigator.gpu.requestAdapter(), "requestAdapter");
    if (!adapter) throw new Error("requestAdapter() returned null");
    const features = adapter.features.has("shader-f16") ? ["shader-f16"] : [];
    device = await withTimeout(adapter.requestDevice({requiredFeatures: features}),
                               "requestDevice");
    lost = null;
    device.lost.then((info) => { lost = info.message || info.reason || "lost"; });
    modules.clear();
    pipelines.clear();
    return device;
  }

  async function describe() {
    await init();
    const info = adapter.info || {};
    const name = `${info.vendor || "?"} ${info.architecture || ""} ${info.description || ""}`;
    return {adapter: name.trim(),
            maxStorageBuffersPerShaderStage: device.limits.maxStorageBuffersPerShaderStage,
            maxComputeInvocationsPerWorkgroup: device.limits.maxComputeInvocationsPerWorkgroup,
            features: [...device.features]};
  }

  function scopes() {
    device.pushErrorScope("internal");
    device.pushErrorScope("out-of-memory");
    device.pushErrorScope("validation");
  }

  async function popScopes() {
    const errors = [];
    for (let i = 0; i < 3; i++) {
      const e = await withTimeout(device.popErrorScope(), "popErrorScope");
      if (e) errors.push(e.message);
    }
    return errors;
  }

  async function getModule(key, code) {
    let m = modules.get(key);
    if (m) return m;
    scopes();
    const module = device.createShaderModule({code});
    const info = await withTimeout(module.getCompilationInfo(), "getCompilationInfo");
    const errors = await popScopes();
    const messages = info.messages.filter((x) => x.type !== "warning")
        .map((x) => `${x.lineNum}:${x.linePos}: ${x.type}: ${x.message}`);
    const failed = info.messages.some((x) => x.type === "error");
    m = {module, error: failed ? "shader compilation: " + messages.join("\n")
                        : errors.length ? "shader compilation: " + errors.join("\n") : null};
    modules.set(key, m);
    return m;
  }

  async function getPipeline(key, code, entry, layout) {
    const pkey = `${key}|${entry}|${JSON.stringify(layout)}`;
    let p = pipelines.get(pkey);
    if (p) return p;
    const m = await getModule(key, code);
    if (m.error) return {error: m.error};
    scopes();
    const bgl = device.createBindGroupLayout({entries: layout.map(([binding, type]) => (
      {binding, visibility: GPUShaderStage.COMPUTE, buffer: {type}}))});
    const pl = device.createPipelineLayout({bindGroupLayouts: [bgl]});
    const pipeline = device.createComputePipeline(
        {layout: pl, compute: {module: m.module, entryPoint: entry}});
    const errors = await popScopes();
    p = {pipeline, bgl, error: errors.length ? "pipeline: " + errors.join("\n") : null};
    pipelines.set(pkey, p);
    return p;
  }

  async function runOne(d, shaders) {
    await init();
    const p = await getPipeline(d.shader, shaders[d.shader], d.entry, d.layout);
    if (p.error) return {error: p.error};
    if (!d.grid) return {outputs: {}};
    const buffers = [];
    const staging = [];
    try {
      scopes();
      for (const b of d.buffers) {
        const buf = device.createBuffer({size: b.size, usage: GPUBufferUsage.STORAGE |
            GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST});
        for (const [offset, data] of b.init) {
          let bytes = typeof data === "string" ? fromBase64(data) : await readFile(data.file);
          if (bytes.length % 4) {
            const padded = new Uint8Array(bytes.length + 4 - bytes.length % 4);
            padded.set(bytes);
            bytes = padded;
          }
          device.queue.writeBuffer(buf, offset, bytes);
        }
        buffers.push(buf);
      }
      const group = device.createBindGroup({layout: p.bgl, entries: d.entries.map((e) => (
        {binding: e.binding,
         resource: {buffer: buffers[e.buffer], offset: e.offset, size: e.size}}))});
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(p.pipeline);
      pass.setBindGroup(0, group);
      pass.dispatchWorkgroups(d.grid[0], d.grid[1], d.grid[2]);
      pass.end();
      for (const r of d.reads) {
        const s = device.createBuffer(
            {size: r.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST});
        encoder.copyBufferToBuffer(buffers[r.buffer], r.offset, s, 0, r.size);
        staging.push([r.binding, s]);
      }
      device.queue.submit([encoder.finish()]);
      const errors = await popScopes();
      if (errors.length) return {error: "dispatch: " + errors.join("\n")};
      const outputs = {};
      for (const [binding, s] of staging) {
        await withTimeout(s.mapAsync(GPUMapMode.READ), "mapAsync");
        outputs[binding] = toBase64(new Uint8Array(s.getMappedRange()));
        s.unmap();
      }
      if (lost) return {error: "device lost: " + lost};
      return {outputs};
    } finally {
      for (const b of buffers) b.destroy();
      for (const [, s] of staging) s.destroy();
    }
  }

  // batch: {shaders: {key: wgsl}, dispatches: [{shader: key, entry, grid,
  // layout: [[binding, type]], buffers, entries, reads}]}.
  async function runBatch(batch, timeoutMs) {
    if (timeoutMs) stepTimeoutMs = timeoutMs;
    const results = [];
    let hung = false;
    for (const d of batch.dispatches) {
      if (hung) {
        results.push({skipped: true});
        continue;
      }
      try {
        results.push(await runOne(d, batch.shaders));
      } catch (e) {
        results.push({error: `${e && e.message || e}` + (lost ? ` (device lost: ${lost})` : "")});
        // A GPU wait that timed out leaves the GPU process busy: the caller
        // reruns the rest in a new browser.
        hung = `${e && e.message}`.includes("timed out");
        // Error scopes may be unbalanced: the next dispatch gets a new device.
        try { if (device) device.destroy(); } catch (_) { /* lost already */ }
        device = null;
      }
    }
    return results;
  }

  return {describe, runBatch};
})();
