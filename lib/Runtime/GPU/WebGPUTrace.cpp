//===- WebGPUTrace.cpp - Dispatch traces of the WebGPU runtime ------------===//
//
// RELAX_WEBGPU_TRACE=DIR records every dispatch, so that each kernel can be
// run again, elsewhere (another WebGPU implementation, a browser), on the
// same inputs and its outputs compared:
//
//   DIR/shaders/<hash>.wgsl      each module, once
//   DIR/data/d<N>_b<B>.in        binding B of dispatch N before it runs
//   DIR/data/d<N>_b<B>.out       a read_write binding after it
//   DIR/dispatches.jsonl         one JSON object per dispatch
//
// The runtime waits for each dispatch to finish, so traced runs are slow.
// The caller holds the runtime's lock (WebGPURuntime.cpp).
//
//===----------------------------------------------------------------------===//

#include "WebGPUDevice.h"
#include "WebGPUDeviceInternal.h"

#include "ReportError.h"

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <set>

#include <sys/stat.h>

using namespace relax::gpu;
using namespace relax::gpu::webgpu;

namespace relax::gpu::webgpu {
uint64_t nextDispatch = 0;
} // namespace relax::gpu::webgpu

namespace {

/// Creates `path` and its parents where they do not exist.
bool makeDirectories(const std::string &path) {
  for (size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    std::string prefix = path.substr(0, slash);
    if (mkdir(prefix.c_str(), 0777) != 0 && errno != EEXIST)
      return false;
    if (slash == std::string::npos)
      return true;
  }
}

bool writeFile(const std::string &path, const void *data, size_t size,
               const char *mode = "wb") {
  FILE *file = std::fopen(path.c_str(), mode);
  if (!file)
    return false;
  bool ok = std::fwrite(data, 1, size, file) == size;
  return std::fclose(file) == 0 && ok;
}

std::string jsonString(const std::string &text) {
  std::string result = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      result += '\\';
      result += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof(escape), "\\u%04x", c);
      result += escape;
    } else {
      result += c;
    }
  }
  return result + "\"";
}

/// FNV-1a: a stable name for a shader in traces.
std::string hashHex(const std::string &data) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (unsigned char c : data) {
    hash ^= c;
    hash *= 0x100000001b3ull;
  }
  char text[17];
  std::snprintf(text, sizeof(text), "%016" PRIx64, hash);
  return text;
}

std::string dataName(uint64_t dispatch, size_t binding, const char *suffix) {
  return "data/d" + std::to_string(dispatch) + "_b" + std::to_string(binding) +
         suffix;
}

} // namespace

bool WebGPUDevice::traceInputs(const std::vector<BoundRange> &ranges,
                               uint64_t index) {
  if (!makeDirectories(traceDir + "/data") ||
      !makeDirectories(traceDir + "/shaders")) {
    reportError("webgpu: RELAX_WEBGPU_TRACE: cannot create %s",
                (traceDir + "/data").c_str());
    return false;
  }
  for (size_t b = 0; b < ranges.size(); ++b) {
    const BoundRange &range = ranges[b];
    std::vector<uint8_t> bytes = range.uniform;
    if (range.uniform.empty()) {
      bytes.resize(range.size);
      if (range.allocation &&
          !readBuffer(range.buffer, range.offset, range.size, bytes.data()))
        return false;
    }
    std::string path = traceDir + "/" + dataName(index, b, ".in");
    if (!writeFile(path, bytes.data(), bytes.size())) {
      reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s", path.c_str());
      return false;
    }
  }
  return true;
}

void WebGPUDevice::traceDispatch(Function &function, const intptr_t grid[3],
                                 const std::vector<BoundRange> &ranges,
                                 uint64_t index) {
  const WebGPUKernelInterface &interface = function.interface();
  static auto *writtenShaders = new std::set<std::string>;
  std::string shader = "shaders/" + hashHex(function.module->source) + ".wgsl";
  if (writtenShaders->insert(traceDir + "/" + shader).second) {
    const std::string &source = function.module->source;
    if (!writeFile(traceDir + "/" + shader, source.data(), source.size())) {
      reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s/%s",
                  traceDir.c_str(), shader.c_str());
      return;
    }
  }

  std::string line = "{\"index\": " + std::to_string(index) +
                     ", \"kernel\": " + jsonString(interface.kernel) +
                     ", \"shader\": " + jsonString(shader) +
                     ", \"entry\": " + jsonString(interface.entry) +
                     ", \"grid\": [" + std::to_string(grid[0]) + ", " +
                     std::to_string(grid[1]) + ", " + std::to_string(grid[2]) +
                     "], \"bindings\": [";
  for (size_t b = 0; b < ranges.size(); ++b) {
    const WebGPUBinding &binding = interface.bindings[b];
    const BoundRange &range = ranges[b];
    bool storage = binding.kind == WebGPUBinding::Kind::Storage;
    line += b ? ", " : "";
    line += "{\"binding\": " + std::to_string(b) +
            ", \"type\": " + (storage ? "\"storage\"" : "\"uniform\"");
    if (storage) {
      // An empty view is bound to a buffer of the runtime's own, number 0.
      line += ", \"access\": " + jsonString(binding.access()) +
              ", \"element_type\": " + jsonString(binding.elementType) +
              ", \"size\": " + std::to_string(range.size) + ", \"buffer\": " +
              std::to_string(range.allocation ? range.allocation->id : 0) +
              ", \"offset\": " + std::to_string(range.offset);
    } else {
      line += ", \"size\": " + std::to_string(range.size);
    }
    line += ", \"input\": " + jsonString(dataName(index, b, ".in"));
    if (storage && !binding.readOnly) {
      std::string output = dataName(index, b, ".out");
      std::vector<uint8_t> bytes(range.size);
      if (range.allocation &&
          !readBuffer(range.buffer, range.offset, range.size, bytes.data()))
        return;
      if (!writeFile(traceDir + "/" + output, bytes.data(), bytes.size())) {
        reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s/%s",
                    traceDir.c_str(), output.c_str());
        return;
      }
      line += ", \"output\": " + jsonString(output);
    }
    line += "}";
  }
  line += "]}\n";
  std::string path = traceDir + "/dispatches.jsonl";
  if (!writeFile(path, line.data(), line.size(), "ab"))
    reportError("webgpu: RELAX_WEBGPU_TRACE: cannot write %s", path.c_str());
}
