//===- WebGPUKernelHeader.cpp - Interface line of a WGSL kernel -----------===//

#include "WebGPUKernelHeader.h"

#include "JSON.h"

#include <cstring>
#include <optional>
#include <string_view>

using namespace relax::gpu;
using relax::runtime::JSONValue;

size_t WebGPUKernelInterface::numParams() const {
  size_t count = 0;
  for (const WebGPUBinding &binding : bindings)
    count += binding.numParams();
  return count;
}

size_t WebGPUKernelInterface::numStorage() const {
  size_t count = 0;
  for (const WebGPUBinding &binding : bindings)
    count += binding.kind == WebGPUBinding::Kind::Storage;
  return count;
}

size_t WebGPUKernelInterface::numScalars() const {
  const WebGPUBinding *scalars = uniform();
  return scalars ? scalars->scalars.size() : 0;
}

namespace {

/// Reads the members of the header object, remembering the first problem.
class HeaderReader {
public:
  explicit HeaderReader(std::string &error) : error(error) {}

  bool fail(std::string message) {
    if (error.empty())
      error = std::move(message);
    return false;
  }

  /// Member `key` of `object` as an integer in [min, max]; `what` names the
  /// object in messages.
  std::optional<int64_t> integer(const JSONValue &object, const char *key,
                                 const std::string &what, int64_t min,
                                 int64_t max) {
    const JSONValue *value = object.get(key);
    if (!value) {
      fail(what + " has no \"" + key + "\"");
      return std::nullopt;
    }
    std::optional<int64_t> result = value->getInteger();
    if (!result || *result < min || *result > max) {
      fail(what + ": \"" + key + "\" must be an integer from " +
           std::to_string(min) + " to " + std::to_string(max));
      return std::nullopt;
    }
    return result;
  }

  const std::string *string(const JSONValue &object, const char *key,
                            const std::string &what) {
    const std::string *result = object.getString(key);
    if (!result || result->empty())
      fail(what + ": \"" + key + "\" must be a non-empty string");
    return result && !result->empty() ? result : nullptr;
  }

  const std::vector<JSONValue> *array(const JSONValue &object, const char *key,
                                      const std::string &what) {
    const JSONValue *value = object.get(key);
    if (!value || !value->isArray())
      fail(what + ": \"" + key + "\" must be an array");
    return value ? value->getArray() : nullptr;
  }

private:
  std::string &error;
};

bool parseBinding(HeaderReader &reader, const JSONValue &json, size_t index,
                  const std::string &kernel, WebGPUBinding &binding) {
  std::string what = "kernel '" + kernel + "' binding " + std::to_string(index);
  if (!json.isObject())
    return reader.fail(what + " is not an object");
  std::optional<int64_t> number =
      reader.integer(json, "binding", what, 0, INT32_MAX);
  if (!number)
    return false;
  if (*number != int64_t(index))
    return reader.fail(what + " is numbered " + std::to_string(*number) +
                       "; bindings must be numbered 0 to n-1 in order");
  const std::string *type = reader.string(json, "type", what);
  if (!type)
    return false;

  if (*type == "storage") {
    binding.kind = WebGPUBinding::Kind::Storage;
    const std::string *access = reader.string(json, "access", what);
    const std::string *elementType = reader.string(json, "element_type", what);
    std::optional<int64_t> elementBytes =
        reader.integer(json, "element_bytes", what, 1, 16);
    std::optional<int64_t> rank = reader.integer(json, "rank", what, 0, 64);
    if (!access || !elementType || !elementBytes || !rank)
      return false;
    if (*access != "read" && *access != "read_write")
      return reader.fail(what + " has access '" + *access +
                         "'; a storage binding is 'read' or 'read_write'");
    binding.readOnly = *access == "read";
    binding.elementType = *elementType;
    binding.elementBytes = *elementBytes;
    binding.rank = *rank;
    if (json.get("min_bytes")) {
      std::optional<int64_t> minBytes =
          reader.integer(json, "min_bytes", what, 0, INT64_MAX);
      if (!minBytes)
        return false;
      binding.minBytes = *minBytes;
    }
    return true;
  }

  if (*type == "uniform") {
    binding.kind = WebGPUBinding::Kind::Uniform;
    // WebGPU's default maxUniformBufferBindingSize.
    std::optional<int64_t> size = reader.integer(json, "size", what, 1, 65536);
    const std::vector<JSONValue> *scalars = reader.array(json, "scalars", what);
    if (!size || !scalars)
      return false;
    binding.size = *size;
    for (size_t i = 0; i < scalars->size(); ++i) {
      const JSONValue &scalar = (*scalars)[i];
      std::string scalarWhat = what + " scalar " + std::to_string(i);
      if (!scalar.isObject())
        return reader.fail(scalarWhat + " is not an object");
      std::optional<int64_t> offset =
          reader.integer(scalar, "offset", scalarWhat, 0, *size - 1);
      // A scalar is at most 8 bytes on the host (an i64 index); more would
      // read past its value.
      std::optional<int64_t> bytes =
          reader.integer(scalar, "bytes", scalarWhat, 1, 8);
      if (!offset || !bytes)
        return false;
      if (*offset + *bytes > *size)
        return reader.fail(scalarWhat + " (" + std::to_string(*bytes) +
                           " bytes at offset " + std::to_string(*offset) +
                           ") runs past the end of the " +
                           std::to_string(*size) + "-byte uniform binding");
      binding.scalars.push_back({uint32_t(*offset), uint32_t(*bytes)});
    }
    return true;
  }

  return reader.fail(what + " has type '" + *type +
                     "'; a binding is 'storage' or 'uniform'");
}

} // namespace

bool relax::gpu::parseWebGPUKernelHeader(const void *data, size_t sizeBytes,
                                         WebGPUKernelInterface &result,
                                         std::string &error) {
  std::string_view text(static_cast<const char *>(data), sizeBytes);
  constexpr std::string_view marker = kWebGPUKernelMarker;
  if (text.substr(0, marker.size()) != marker) {
    // The SPIR-V of the other GPU targets is the likely mistake.
    uint32_t magic = 0;
    if (sizeBytes >= 4)
      std::memcpy(&magic, data, 4);
    if (magic == 0x07230203)
      error = "the module is SPIR-V, not WGSL; the webgpu runtime takes WGSL "
              "kernels whose first line is '// relax.webgpu.kernel {...}'";
    else
      error = "the module does not start with '// relax.webgpu.kernel {...}' "
              "(the interface line of a WGSL kernel of the webgpu target)";
    return false;
  }
  size_t end = text.find('\n');
  if (end == std::string_view::npos)
    end = text.size();
  std::string_view line = text.substr(marker.size(), end - marker.size());
  if (!line.empty() && line.back() == '\r')
    line.remove_suffix(1);

  std::string jsonError;
  std::optional<JSONValue> json = JSONValue::parse(line, jsonError);
  if (!json) {
    error = "the kernel header is not valid JSON: " + jsonError;
    return false;
  }
  if (!json->isObject()) {
    error = "the kernel header is not a JSON object";
    return false;
  }

  HeaderReader reader(error);
  WebGPUKernelInterface interface;
  const std::string *kernel = reader.string(*json, "kernel", "the header");
  if (!kernel)
    return false;
  interface.kernel = *kernel;
  std::string what = "kernel '" + interface.kernel + "'";
  const std::string *entry = reader.string(*json, "entry", what);
  const std::vector<JSONValue> *size =
      reader.array(*json, "workgroup_size", what);
  std::optional<int64_t> workgroupBytes =
      reader.integer(*json, "workgroup_bytes", what, 0, INT32_MAX);
  const std::vector<JSONValue> *bindings =
      reader.array(*json, "bindings", what);
  if (!entry || !size || !workgroupBytes || !bindings)
    return false;
  interface.entry = *entry;
  interface.workgroupBytes = *workgroupBytes;

  if (size->size() != 3)
    return reader.fail(what + ": \"workgroup_size\" must have 3 elements");
  for (int i = 0; i < 3; ++i) {
    std::optional<int64_t> dim = (*size)[i].getInteger();
    if (!dim || *dim < 1 || *dim > INT32_MAX)
      return reader.fail(what + ": \"workgroup_size\" must hold 3 positive "
                                "integers");
    interface.workgroupSize[i] = *dim;
  }

  for (size_t i = 0; i < bindings->size(); ++i) {
    WebGPUBinding binding;
    if (!parseBinding(reader, (*bindings)[i], i, interface.kernel, binding))
      return false;
    if (!interface.bindings.empty() &&
        interface.bindings.back().kind == WebGPUBinding::Kind::Uniform)
      return reader.fail(what + " binding " + std::to_string(i) +
                         " follows the uniform binding; the uniform binding "
                         "of the scalars must be the last");
    interface.bindings.push_back(std::move(binding));
  }
  result = std::move(interface);
  return true;
}
