//===- WebGPULaunch.cpp - Kernels and launches of the WebGPU runtime ------===//
//
// The streams of librelax_webgpu_runtime and their submission, the shader
// modules and pipelines of kernels, and launches: their checks, the binding
// of their arguments and their recording into a stream's batch. The caller
// holds the runtime's lock (WebGPURuntime.cpp).
//
//===----------------------------------------------------------------------===//

#include "WebGPUDevice.h"
#include "WebGPUDeviceInternal.h"

#include "ReportError.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <memory>
#include <string_view>

using namespace relax::gpu;
using namespace relax::gpu::webgpu;

namespace {

WGPUStringView toStringView(const std::string &text) {
  return {text.data(), text.size()};
}

} // namespace

//===----------------------------------------------------------------------===//
// Streams
//===----------------------------------------------------------------------===//

Stream *WebGPUDevice::createStream() { return new Stream; }

void WebGPUDevice::destroyStream(Stream *stream) {
  flush(*stream);
  for (UniformChunk &chunk : stream->uniforms)
    procs->wgpuBufferRelease(chunk.buffer);
  streams.erase(stream);
  if (stream == defaultStream)
    defaultStream = nullptr;
  delete stream;
}

Stream *WebGPUDevice::lookupStream(void *stream, const char *caller) {
  if (!stream) {
    if (!defaultStream)
      defaultStream = createStream();
    return defaultStream;
  }
  auto *result = static_cast<Stream *>(stream);
  if (streams.count(result))
    return result;
  reportError("webgpu: %s: %p is not a stream from mgpuStreamCreate", caller,
              stream);
  return nullptr;
}

bool WebGPUDevice::flush(Stream &stream) {
  if (!stream.encoder)
    return true;
  procs->wgpuComputePassEncoderEnd(stream.pass);
  procs->wgpuComputePassEncoderRelease(stream.pass);
  WGPUCommandBuffer commands =
      procs->wgpuCommandEncoderFinish(stream.encoder, nullptr);
  procs->wgpuCommandEncoderRelease(stream.encoder);
  stream.pass = nullptr;
  stream.encoder = nullptr;
  // The scalars of the batch, written just before it: the queue runs the
  // writes and submissions in order, so a chunk is free again for the next
  // batch as soon as this one is submitted.
  for (UniformChunk &chunk : stream.uniforms) {
    if (chunk.used)
      procs->wgpuQueueWriteBuffer(queue, chunk.buffer, 0, chunk.bytes.data(),
                                  chunk.used);
    chunk.used = 0;
  }
  stream.uniformChunk = 0;
  if (commands) {
    procs->wgpuQueueSubmit(queue, 1, &commands);
    procs->wgpuCommandBufferRelease(commands);
  }
  for (WGPUBindGroup group : stream.bindGroups)
    procs->wgpuBindGroupRelease(group);
  stream.bindGroups.clear();
  stream.dispatches = 0;
  if (std::string failure = takeErrors(); !failure.empty()) {
    reportError("webgpu: submitting the recorded kernels failed: %s",
                failure.c_str());
    return false;
  }
  return true;
}

bool WebGPUDevice::flushAll() {
  bool ok = !defaultStream || flush(*defaultStream);
  for (Stream *stream : streams)
    ok = flush(*stream) && ok;
  return ok;
}

bool WebGPUDevice::synchronize() { return flushAll() && waitIdle(); }

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

Module *WebGPUDevice::loadModule(const void *data, size_t sizeBytes,
                                 WebGPUKernelInterface interface) {
  auto module = std::make_unique<Module>();
  module->interface = std::move(interface);
  module->source.assign(static_cast<const char *>(data), sizeBytes);
  const char *name = module->interface.kernel.c_str();

  // Kernels compiled without `shader-f16` hold f16 data in u32 words and
  // compute in f32; those compiled with it enable f16.
  bool usesF16 = module->source.find("enable f16") != std::string::npos;
  if (usesF16 && !f16) {
    reportError(
        "webgpu: kernel '%s' uses f16, which needs the shader-f16 "
        "feature: %s",
        name,
        adapterHasF16
            ? "RELAX_WEBGPU_F16=0 disabled it"
            : ("the adapter '" + adapterName + "' does not have it").c_str());
    return nullptr;
  }

  // A gpu.binary may carry a terminating NUL, which is no WGSL.
  std::string_view code = module->source;
  while (!code.empty() && code.back() == '\0')
    code.remove_suffix(1);
  WGPUShaderSourceWGSL wgsl = WGPU_SHADER_SOURCE_WGSL_INIT;
  wgsl.code = {code.data(), code.size()};
  WGPUShaderModuleDescriptor info = WGPU_SHADER_MODULE_DESCRIPTOR_INIT;
  info.nextInChain = &wgsl.chain;
  info.label = toStringView(module->interface.kernel);
  module->shader = procs->wgpuDeviceCreateShaderModule(device, &info);
  if (std::string failure = takeErrors(); !failure.empty() || !module->shader) {
    if (module->shader)
      procs->wgpuShaderModuleRelease(module->shader);
    reportError("webgpu: cannot load kernel '%s': its WGSL does not "
                "compile: %s",
                name, failure.c_str());
    return nullptr;
  }
  modules.insert(module.get());
  return module.release();
}

void WebGPUDevice::unloadModule(Module *module) {
  flushAll();
  if (module->function)
    destroyFunction(module->function);
  procs->wgpuShaderModuleRelease(module->shader);
  modules.erase(module);
  delete module;
}

Function *WebGPUDevice::createFunction(Module &module) {
  const WebGPUKernelInterface &interface = module.interface;
  const char *name = interface.kernel.c_str();
  const uint32_t *size = interface.workgroupSize;
  const uint32_t maxSize[3] = {limits.maxComputeWorkgroupSizeX,
                               limits.maxComputeWorkgroupSizeY,
                               limits.maxComputeWorkgroupSizeZ};
  for (int i = 0; i < 3; ++i) {
    if (size[i] > maxSize[i]) {
      reportError("webgpu: kernel '%s' has workgroups of %ux%ux%u threads, "
                  "more than the device's maxComputeWorkgroupSize%c (%u)",
                  name, size[0], size[1], size[2], "XYZ"[i], maxSize[i]);
      return nullptr;
    }
  }
  uint64_t invocations = uint64_t(size[0]) * size[1] * size[2];
  if (invocations > limits.maxComputeInvocationsPerWorkgroup) {
    reportError("webgpu: kernel '%s' has workgroups of %ux%ux%u threads, "
                "more than the device's maxComputeInvocationsPerWorkgroup "
                "(%u)",
                name, size[0], size[1], size[2],
                limits.maxComputeInvocationsPerWorkgroup);
    return nullptr;
  }
  if (interface.workgroupBytes > limits.maxComputeWorkgroupStorageSize) {
    reportError("webgpu: kernel '%s' uses %" PRIu64 " bytes of workgroup "
                "memory, more than the device's "
                "maxComputeWorkgroupStorageSize (%u)",
                name, interface.workgroupBytes,
                limits.maxComputeWorkgroupStorageSize);
    return nullptr;
  }
  if (interface.numStorage() > limits.maxStorageBuffersPerShaderStage) {
    reportError("webgpu: kernel '%s' has %zu storage bindings, more than the "
                "device's maxStorageBuffersPerShaderStage (%u)",
                name, interface.numStorage(),
                limits.maxStorageBuffersPerShaderStage);
    return nullptr;
  }

  // The layout comes from the header rather than from the shader ("auto"
  // layout), so that a header that disagrees with its WGSL fails here.
  std::vector<WGPUBindGroupLayoutEntry> entries(interface.bindings.size());
  for (size_t i = 0; i < entries.size(); ++i) {
    const WebGPUBinding &binding = interface.bindings[i];
    WGPUBindGroupLayoutEntry &entry = entries[i];
    entry = WGPU_BIND_GROUP_LAYOUT_ENTRY_INIT;
    entry.binding = i;
    entry.visibility = WGPUShaderStage_Compute;
    entry.buffer.type = binding.kind == WebGPUBinding::Kind::Uniform
                            ? WGPUBufferBindingType_Uniform
                        : binding.readOnly
                            ? WGPUBufferBindingType_ReadOnlyStorage
                            : WGPUBufferBindingType_Storage;
    // The texture and sampler members stay unused.
    entry.sampler.type = WGPUSamplerBindingType_BindingNotUsed;
    entry.texture.sampleType = WGPUTextureSampleType_BindingNotUsed;
    entry.storageTexture.access = WGPUStorageTextureAccess_BindingNotUsed;
  }
  auto function = std::make_unique<Function>();
  function->module = &module;
  auto fail = [&](const char *what) {
    std::string failure = takeErrors();
    reportError("webgpu: cannot create the %s of kernel '%s': %s", what, name,
                failure.c_str());
    destroyFunction(function.release());
    return nullptr;
  };
  functions.insert(function.get());

  WGPUBindGroupLayoutDescriptor layoutInfo =
      WGPU_BIND_GROUP_LAYOUT_DESCRIPTOR_INIT;
  layoutInfo.entryCount = entries.size();
  layoutInfo.entries = entries.data();
  function->bindGroupLayout =
      procs->wgpuDeviceCreateBindGroupLayout(device, &layoutInfo);
  if (!errors.empty() || !function->bindGroupLayout)
    return fail("bind group layout");

  WGPUPipelineLayoutDescriptor pipelineLayoutInfo =
      WGPU_PIPELINE_LAYOUT_DESCRIPTOR_INIT;
  pipelineLayoutInfo.bindGroupLayoutCount = 1;
  pipelineLayoutInfo.bindGroupLayouts = &function->bindGroupLayout;
  function->pipelineLayout =
      procs->wgpuDeviceCreatePipelineLayout(device, &pipelineLayoutInfo);
  if (!errors.empty() || !function->pipelineLayout)
    return fail("pipeline layout");

  WGPUComputePipelineDescriptor pipelineInfo =
      WGPU_COMPUTE_PIPELINE_DESCRIPTOR_INIT;
  pipelineInfo.label = toStringView(interface.kernel);
  pipelineInfo.layout = function->pipelineLayout;
  pipelineInfo.compute.module = module.shader;
  pipelineInfo.compute.entryPoint = toStringView(interface.entry);
  function->pipeline =
      procs->wgpuDeviceCreateComputePipeline(device, &pipelineInfo);
  if (!errors.empty() || !function->pipeline)
    return fail("pipeline");
  return module.function = function.release();
}

void WebGPUDevice::destroyFunction(Function *function) {
  if (function->pipeline)
    procs->wgpuComputePipelineRelease(function->pipeline);
  if (function->pipelineLayout)
    procs->wgpuPipelineLayoutRelease(function->pipelineLayout);
  if (function->bindGroupLayout)
    procs->wgpuBindGroupLayoutRelease(function->bindGroupLayout);
  if (function->module->function == function)
    function->module->function = nullptr;
  functions.erase(function);
  delete function;
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

namespace {
/// Reads the value of type T that launch parameter `param` points to.
template <typename T>
T readParam(void **params, size_t param) {
  T value;
  std::memcpy(&value, params[param], sizeof(T));
  return value;
}
} // namespace

bool WebGPUDevice::checkLaunch(Function &function, const intptr_t grid[3],
                               const intptr_t block[3], int32_t smemBytes,
                               void **params, size_t paramsCount) {
  const WebGPUKernelInterface &interface = function.interface();
  const char *name = function.name();

  if (paramsCount != interface.numParams()) {
    reportError("webgpu: kernel '%s' takes %zu memref and %zu scalar "
                "arguments, which are %zu launch parameters (3 + 2 * rank "
                "per memref descriptor, 1 per scalar), but the launch passed "
                "%zu",
                name, interface.numStorage(), interface.numScalars(),
                interface.numParams(), paramsCount);
    return false;
  }
  if (paramsCount && !params) {
    reportError("webgpu: kernel '%s' was launched with null parameters", name);
    return false;
  }
  const uint32_t *local = interface.workgroupSize;
  if (block[0] != local[0] || block[1] != local[1] || block[2] != local[2]) {
    reportError("webgpu: kernel '%s' was compiled for workgroups of %ux%ux%u "
                "threads, but the launch asks for blocks of %" PRIdPTR
                "x%" PRIdPTR "x%" PRIdPTR,
                name, local[0], local[1], local[2], block[0], block[1],
                block[2]);
    return false;
  }
  for (int i = 0; i < 3; ++i) {
    if (grid[i] < 0) {
      reportError("webgpu: kernel '%s': grid %" PRIdPTR "x%" PRIdPTR
                  "x%" PRIdPTR " has a negative size",
                  name, grid[0], grid[1], grid[2]);
      return false;
    }
    if (uint64_t(grid[i]) > limits.maxComputeWorkgroupsPerDimension) {
      reportError("webgpu: kernel '%s': grid %" PRIdPTR "x%" PRIdPTR
                  "x%" PRIdPTR " exceeds the device's maximum workgroup "
                  "count %u in %c (maxComputeWorkgroupsPerDimension)",
                  name, grid[0], grid[1], grid[2],
                  limits.maxComputeWorkgroupsPerDimension, "xyz"[i]);
      return false;
    }
  }
  if (smemBytes != 0) {
    reportError("webgpu: kernel '%s': dynamic shared memory (%d bytes) is "
                "not supported; declare workgroup memory in the kernel",
                name, smemBytes);
    return false;
  }
  return true;
}

bool WebGPUDevice::bindArguments(Function &function, void **params,
                                 std::vector<BoundRange> &ranges) {
  const WebGPUKernelInterface &interface = function.interface();
  const char *name = function.name();
  ranges.assign(interface.bindings.size(), BoundRange());
  size_t param = 0;
  for (size_t b = 0; b < interface.bindings.size(); ++b) {
    const WebGPUBinding &binding = interface.bindings[b];
    BoundRange &range = ranges[b];
    if (binding.kind == WebGPUBinding::Kind::Uniform) {
      // Bound whole, in 16-byte units as WGSL sizes uniform structs.
      range.size = alignUp(binding.size, 16);
      range.uniform.assign(range.size, 0);
      // Little endian: the low bytes of a wider host value (an i64 index
      // that the kernel reads as i32) come first.
      for (const WebGPUScalar &scalar : binding.scalars)
        std::memcpy(range.uniform.data() + scalar.offset, params[param++],
                    scalar.bytes);
      continue;
    }
    auto aligned = readParam<uintptr_t>(params, param + 1);
    auto offset = readParam<int64_t>(params, param + 2);
    uint64_t elements = 1;
    for (uint32_t d = 0; d < binding.rank; ++d) {
      auto size = readParam<int64_t>(params, param + 3 + d);
      if (size < 0 ||
          __builtin_mul_overflow(elements, uint64_t(size), &elements)) {
        reportError("webgpu: kernel '%s' binding %zu: the memref has size "
                    "%" PRId64 " in dim %u",
                    name, b, size, d);
        return false;
      }
    }
    param += binding.numParams();
    if (offset < 0) {
      reportError("webgpu: kernel '%s' binding %zu: the memref descriptor "
                  "has the negative offset %" PRId64,
                  name, b, offset);
      return false;
    }
    if (elements == 0) {
      // Nothing of an empty view is read; bind a few bytes of our own.
      range.buffer = emptyView(binding.readOnly);
      range.size = kEmptyViewBytes;
      if (!range.buffer)
        return false;
      continue;
    }
    uint64_t elementBytes = binding.elementBytes;
    uint64_t startOffset, bytes;
    uintptr_t start;
    if (__builtin_mul_overflow(uint64_t(offset), elementBytes, &startOffset) ||
        __builtin_mul_overflow(elements, elementBytes, &bytes) ||
        __builtin_add_overflow(aligned, startOffset, &start)) {
      reportError("webgpu: kernel '%s' binding %zu: offset %" PRId64
                  " and %" PRIu64 " elements of %" PRIu64
                  " bytes overflow the address space",
                  name, b, offset, elements, elementBytes);
      return false;
    }
    uint64_t byteOffset = 0;
    const Allocation *allocation = findAllocation(start, byteOffset);
    if (!allocation) {
      reportError("webgpu: kernel '%s' binding %zu: its data at %p (aligned "
                  "pointer %p + %" PRId64 " elements of %" PRIu64
                  " bytes) is not in memory from mgpuMemAlloc",
                  name, b, reinterpret_cast<void *>(start),
                  reinterpret_cast<void *>(aligned), offset, elementBytes);
      return false;
    }
    if (byteOffset % limits.minStorageBufferOffsetAlignment != 0) {
      reportError("webgpu: kernel '%s' binding %zu: the view starts at byte "
                  "%" PRIu64 " of its allocation, which is not a multiple of "
                  "the device's minStorageBufferOffsetAlignment (%u bytes)",
                  name, b, byteOffset, limits.minStorageBufferOffsetAlignment);
      return false;
    }
    if (bytes > allocation->size - byteOffset) {
      reportError("webgpu: kernel '%s' binding %zu: the view of %" PRIu64
                  " bytes at byte %" PRIu64 " runs past the end of its "
                  "allocation of %" PRIu64 " bytes",
                  name, b, bytes, byteOffset, allocation->size);
      return false;
    }
    // Binding sizes are whole words: i8 and i1 data is read as packed u32.
    // The allocation's buffer has its size rounded up, so this stays inside.
    uint64_t boundBytes = alignUp(bytes, 4);
    if (boundBytes > limits.maxStorageBufferBindingSize) {
      reportError("webgpu: kernel '%s' binding %zu: the view of %" PRIu64
                  " bytes is larger than the device's "
                  "maxStorageBufferBindingSize (%s); RELAX_WEBGPU_LIMITS="
                  "adapter asks for the adapter's",
                  name, b, bytes,
                  mib(limits.maxStorageBufferBindingSize).c_str());
      return false;
    }
    if (boundBytes < binding.minBytes) {
      reportError("webgpu: kernel '%s' binding %zu: the view of %" PRIu64
                  " bytes is smaller than the %" PRIu64
                  " bytes its shader declares",
                  name, b, bytes, binding.minBytes);
      return false;
    }
    range.buffer = allocation->buffer;
    range.offset = byteOffset;
    range.size = boundBytes;
    range.allocation = allocation;
  }

  // One dispatch cannot use a buffer both as read-only storage and as
  // writable storage (one usage scope).
  for (size_t r = 0; r < ranges.size(); ++r) {
    if (!interface.bindings[r].readOnly || !ranges[r].allocation)
      continue;
    for (size_t w = 0; w < ranges.size(); ++w) {
      const WebGPUBinding &other = interface.bindings[w];
      if (other.kind != WebGPUBinding::Kind::Storage || other.readOnly ||
          ranges[w].buffer != ranges[r].buffer)
        continue;
      reportError("webgpu: kernel '%s': binding %zu (read) and binding %zu "
                  "(read_write) are views of one allocation, which WebGPU "
                  "does not allow in one dispatch; the compiler must bind "
                  "both read_write",
                  name, r, w);
      return false;
    }
  }
  return true;
}

bool WebGPUDevice::record(Function &function, const intptr_t grid[3],
                          Stream &stream, std::vector<BoundRange> &ranges) {
  const WebGPUKernelInterface &interface = function.interface();

  // Make room in the stream's batch, submitting what it holds if it is full
  // or its uniform buffers are: the scalars take a slot of the current
  // uniform buffer, or of the next.
  const WebGPUBinding *uniform = interface.uniform();
  uint64_t slotBytes =
      uniform ? alignUp(ranges.back().size,
                        std::max<uint64_t>(
                            limits.minUniformBufferOffsetAlignment, 256))
              : 0;
  auto fitsCurrentChunk = [&] {
    return stream.uniformChunk < stream.uniforms.size() &&
           stream.uniforms[stream.uniformChunk].used + slotBytes <=
               kUniformChunkBytes;
  };
  if (stream.dispatches >= kDispatchesPerBatch ||
      (uniform && !fitsCurrentChunk() &&
       stream.uniformChunk + 1 >= kUniformChunksPerBatch))
    if (!flush(stream))
      return false;
  if (uniform) {
    if (!fitsCurrentChunk() && stream.uniformChunk < stream.uniforms.size())
      ++stream.uniformChunk;
    if (stream.uniformChunk == stream.uniforms.size()) {
      UniformChunk chunk;
      chunk.buffer = createBuffer(
          kUniformChunkBytes, WGPUBufferUsage_Uniform | WGPUBufferUsage_CopyDst,
          "the scalars of kernels");
      if (!chunk.buffer)
        return false;
      chunk.bytes.resize(kUniformChunkBytes);
      stream.uniforms.push_back(std::move(chunk));
    }
    UniformChunk &chunk = stream.uniforms[stream.uniformChunk];
    BoundRange &range = ranges.back();
    std::memcpy(chunk.bytes.data() + chunk.used, range.uniform.data(),
                range.uniform.size());
    range.buffer = chunk.buffer;
    range.offset = chunk.used;
    chunk.used += slotBytes;
  }

  std::vector<WGPUBindGroupEntry> entries(ranges.size());
  for (size_t i = 0; i < ranges.size(); ++i) {
    entries[i] = WGPU_BIND_GROUP_ENTRY_INIT;
    entries[i].binding = i;
    entries[i].buffer = ranges[i].buffer;
    entries[i].offset = ranges[i].offset;
    entries[i].size = ranges[i].size;
  }
  WGPUBindGroupDescriptor groupInfo = WGPU_BIND_GROUP_DESCRIPTOR_INIT;
  groupInfo.layout = function.bindGroupLayout;
  groupInfo.entryCount = entries.size();
  groupInfo.entries = entries.data();
  WGPUBindGroup group = procs->wgpuDeviceCreateBindGroup(device, &groupInfo);
  if (std::string failure = takeErrors(); !failure.empty() || !group) {
    if (group)
      procs->wgpuBindGroupRelease(group);
    reportError("webgpu: kernel '%s': cannot bind its arguments: %s",
                function.name(), failure.c_str());
    return false;
  }
  stream.bindGroups.push_back(group);

  if (!stream.encoder) {
    stream.encoder = procs->wgpuDeviceCreateCommandEncoder(device, nullptr);
    stream.pass =
        procs->wgpuCommandEncoderBeginComputePass(stream.encoder, nullptr);
  }
  // WebGPU orders the dispatches of a pass and makes the writes of one
  // visible to the next: no barriers to record.
  procs->wgpuComputePassEncoderSetPipeline(stream.pass, function.pipeline);
  procs->wgpuComputePassEncoderSetBindGroup(stream.pass, 0, group, 0, nullptr);
  procs->wgpuComputePassEncoderDispatchWorkgroups(stream.pass, grid[0], grid[1],
                                                  grid[2]);
  ++stream.dispatches;
  return true;
}

void WebGPUDevice::launch(Function &function, const intptr_t grid[3],
                          const intptr_t block[3], int32_t smemBytes,
                          Stream &stream, void **params, size_t paramsCount) {
  // Everything is checked before anything is recorded, so that a refused
  // launch leaves the stream's batch as it was.
  std::vector<BoundRange> ranges;
  if (!checkLaunch(function, grid, block, smemBytes, params, paramsCount) ||
      !bindArguments(function, params, ranges))
    return;
  if (grid[0] == 0 || grid[1] == 0 || grid[2] == 0)
    return; // An empty grid runs nothing.
  if (traceDir.empty()) {
    record(function, grid, stream, ranges);
    return;
  }
  uint64_t index = nextDispatch++;
  if (traceInputs(ranges, index) && record(function, grid, stream, ranges) &&
      flush(stream) && waitIdle())
    traceDispatch(function, grid, ranges, index);
}
