//===- SPIRVReflection.cpp - Kernel interface of a SPIR-V module ----------===//
//
// A single pass over the word stream collects entry points, execution modes,
// decorations, types, 32-bit constants and resource variables; the bindings
// are then read off the variables in descriptor set 0. Only what MLIR's
// SPIR-V lowering produces for kernel arguments is accepted; anything else is
// refused with a message rather than guessed at.
//
//===----------------------------------------------------------------------===//

#include "SPIRVReflection.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <optional>

using namespace relax::gpu;

namespace {
// The few enumerants of the SPIR-V specification used here (the unified
// spirv.h header is not a dependency).
constexpr uint32_t kMagic = 0x07230203;
enum Op : uint32_t {
  OpEntryPoint = 15,
  OpExecutionMode = 16,
  OpCapability = 17,
  OpTypeInt = 21,
  OpTypeFloat = 22,
  OpTypeArray = 28,
  OpTypeRuntimeArray = 29,
  OpTypeStruct = 30,
  OpTypePointer = 32,
  OpConstant = 43,
  OpVariable = 59,
  OpDecorate = 71,
  OpMemberDecorate = 72,
  OpExecutionModeId = 331,
};
constexpr uint32_t kExecutionModelGLCompute = 5;
constexpr uint32_t kCapabilityGroupNonUniformArithmetic = 63;
constexpr uint32_t kExecutionModeLocalSize = 17;
constexpr uint32_t kExecutionModeLocalSizeId = 38;
enum Decoration : uint32_t {
  DecorationBlock = 2,
  DecorationBufferBlock = 3,
  DecorationArrayStride = 6,
  DecorationBinding = 33,
  DecorationDescriptorSet = 34,
  DecorationOffset = 35,
};
enum StorageClass : uint32_t {
  StorageClassUniformConstant = 0,
  StorageClassUniform = 2,
  StorageClassPushConstant = 9,
  StorageClassStorageBuffer = 12,
};

struct Decorations {
  std::optional<uint32_t> set, binding, arrayStride;
  bool block = false, bufferBlock = false;
  /// A struct's member offsets, by member.
  std::map<uint32_t, uint32_t> offsets;
};

struct EntryPoint {
  uint32_t model, id;
  std::string name;
};

struct Variable {
  uint32_t id, pointerType, storageClass;
};

/// Decodes the literal string that starts at `words[0]` and takes at most
/// `count` words.
std::string readString(const uint32_t *words, size_t count) {
  std::string result;
  for (size_t i = 0; i < count; ++i) {
    for (int byte = 0; byte < 4; ++byte) {
      char c = static_cast<char>((words[i] >> (8 * byte)) & 0xff);
      if (c == '\0')
        return result;
      result.push_back(c);
    }
  }
  return result;
}

} // namespace

size_t SPIRVKernelInterface::numBuffers() const {
  return std::count_if(bindings.begin(), bindings.end(), [](auto &b) {
    return b.kind == SPIRVBinding::Kind::Buffer;
  });
}

size_t SPIRVKernelInterface::numScalars() const {
  size_t count = 0;
  for (const SPIRVBinding &binding : bindings)
    count += binding.scalars.size();
  return count;
}

size_t SPIRVKernelInterface::numParams() const {
  return 5 * numBuffers() + numScalars();
}

bool relax::gpu::reflectSPIRV(const void *data, size_t sizeBytes,
                              SPIRVKernelInterface &result,
                              std::string &error) {
  auto fail = [&](std::string message) {
    error = std::move(message);
    return false;
  };
  if (!data || sizeBytes < 20 || sizeBytes % 4 != 0)
    return fail("the binary of " + std::to_string(sizeBytes) +
                " bytes is not a SPIR-V module (it must be a whole number "
                "of 32-bit words, at least the 5 of the header)");
  std::vector<uint32_t> words(sizeBytes / 4);
  std::memcpy(words.data(), data, sizeBytes);
  if (words[0] != kMagic) {
    char magic[16];
    std::snprintf(magic, sizeof(magic), "0x%08x", words[0]);
    return fail(std::string("the binary is not a little-endian SPIR-V "
                            "module (its first word is ") +
                magic + ", not 0x07230203)");
  }

  std::vector<EntryPoint> entryPoints;
  std::map<uint32_t, std::vector<uint32_t>> localSizes, localSizeIds;
  std::map<uint32_t, Decorations> decorations;
  // A type's opcode and its operands after the result id.
  std::map<uint32_t, std::pair<uint32_t, std::vector<uint32_t>>> types;
  std::map<uint32_t, uint32_t> constants;
  std::vector<Variable> variables;

  for (size_t at = 5; at < words.size();) {
    uint32_t opcode = words[at] & 0xffff;
    uint32_t count = words[at] >> 16;
    if (count == 0 || at + count > words.size())
      return fail("malformed SPIR-V: the instruction at word " +
                  std::to_string(at) + " runs past the end of the module");
    const uint32_t *ops = &words[at + 1];
    size_t numOps = count - 1;
    at += count;
    auto need = [&](size_t n) { return numOps >= n; };
    switch (opcode) {
    case OpCapability:
      if (need(1) && ops[0] == kCapabilityGroupNonUniformArithmetic)
        result.subgroupArithmetic = true;
      break;
    case OpEntryPoint:
      if (!need(3))
        return fail("malformed SPIR-V: a truncated OpEntryPoint");
      entryPoints.push_back({ops[0], ops[1], readString(ops + 2, numOps - 2)});
      break;
    case OpExecutionMode:
    case OpExecutionModeId:
      if (need(5) && ops[1] == kExecutionModeLocalSize)
        localSizes[ops[0]] = {ops[2], ops[3], ops[4]};
      else if (need(5) && ops[1] == kExecutionModeLocalSizeId)
        localSizeIds[ops[0]] = {ops[2], ops[3], ops[4]};
      break;
    case OpDecorate: {
      if (!need(2))
        return fail("malformed SPIR-V: a truncated OpDecorate");
      Decorations &d = decorations[ops[0]];
      switch (ops[1]) {
      case DecorationBlock:
        d.block = true;
        break;
      case DecorationBufferBlock:
        d.bufferBlock = true;
        break;
      case DecorationArrayStride:
        if (need(3))
          d.arrayStride = ops[2];
        break;
      case DecorationBinding:
        if (need(3))
          d.binding = ops[2];
        break;
      case DecorationDescriptorSet:
        if (need(3))
          d.set = ops[2];
        break;
      default:
        break;
      }
      break;
    }
    case OpMemberDecorate:
      if (need(4) && ops[2] == DecorationOffset)
        decorations[ops[0]].offsets[ops[1]] = ops[3];
      break;
    case OpTypeInt:
    case OpTypeFloat:
    case OpTypeArray:
    case OpTypeRuntimeArray:
    case OpTypeStruct:
    case OpTypePointer:
      if (!need(1))
        return fail("malformed SPIR-V: a type without a result id");
      types[ops[0]] = {opcode, std::vector<uint32_t>(ops + 1, ops + numOps)};
      break;
    case OpConstant:
      if (need(3))
        constants[ops[1]] = ops[2];
      break;
    case OpVariable:
      if (!need(3))
        return fail("malformed SPIR-V: a truncated OpVariable");
      variables.push_back({ops[1], ops[0], ops[2]});
      break;
    default:
      break;
    }
  }

  if (entryPoints.empty())
    return fail("the module has no entry point");
  if (entryPoints.size() > 1) {
    std::string names;
    for (const EntryPoint &e : entryPoints)
      names += (names.empty() ? "'" : ", '") + e.name + "'";
    return fail("the module has " + std::to_string(entryPoints.size()) +
                " entry points (" + names +
                "); the runtime takes one kernel per module");
  }
  const EntryPoint &entry = entryPoints.front();
  result.entryPoint = entry.name;
  if (entry.model != kExecutionModelGLCompute)
    return fail("entry point '" + entry.name +
                "' is not a GLCompute (compute shader) entry point");
  if (auto it = localSizes.find(entry.id); it != localSizes.end()) {
    std::copy(it->second.begin(), it->second.end(), result.localSize);
  } else if (auto it = localSizeIds.find(entry.id); it != localSizeIds.end()) {
    for (int i = 0; i < 3; ++i) {
      auto c = constants.find(it->second[i]);
      if (c == constants.end())
        return fail("entry point '" + entry.name +
                    "' has a LocalSizeId that is not a 32-bit constant");
      result.localSize[i] = c->second;
    }
  } else {
    return fail("entry point '" + entry.name +
                "' has no LocalSize execution mode (its workgroup size)");
  }

  // The resource variables, by binding.
  std::map<uint32_t, SPIRVBinding> bindings;
  for (const Variable &var : variables) {
    if (var.storageClass == StorageClassPushConstant)
      return fail("entry point '" + entry.name +
                  "' uses push constants, which the runtime does not set");
    bool isBufferClass = var.storageClass == StorageClassStorageBuffer ||
                         var.storageClass == StorageClassUniform;
    const Decorations &d = decorations[var.id];
    if (!isBufferClass) {
      if (var.storageClass == StorageClassUniformConstant && d.binding)
        return fail("entry point '" + entry.name +
                    "' uses an image or sampler binding; only storage "
                    "buffers are supported");
      continue;
    }
    if (!d.binding || !d.set)
      return fail("a buffer variable of entry point '" + entry.name +
                  "' has no DescriptorSet and Binding decorations");
    std::string where =
        "kernel '" + entry.name + "' binding " + std::to_string(*d.binding);
    if (*d.set != 0)
      return fail(where + " is in descriptor set " + std::to_string(*d.set) +
                  "; kernel arguments must be in descriptor set 0");
    if (bindings.count(*d.binding))
      return fail(where + " is bound to two variables");

    auto pointer = types.find(var.pointerType);
    if (pointer == types.end() || pointer->second.first != OpTypePointer ||
        pointer->second.second.size() < 2)
      return fail(where + " is not a variable of pointer type");
    uint32_t structId = pointer->second.second[1];
    auto structType = types.find(structId);
    if (structType == types.end() || structType->second.first != OpTypeStruct)
      return fail(where + " does not point to a struct");
    const Decorations &sd = decorations[structId];
    if (var.storageClass == StorageClassUniform && !sd.bufferBlock)
      return fail(where +
                  " is a uniform buffer; kernel arguments must be storage "
                  "buffers");
    const std::vector<uint32_t> &members = structType->second.second;
    if (members.empty())
      return fail(where + " holds an empty struct");
    auto member = types.find(members[0]);
    if (member == types.end())
      return fail(where + " holds a member of unknown type");
    SPIRVBinding binding{SPIRVBinding::Kind::Buffer, 0, {}};
    if (member->second.first == OpTypeRuntimeArray ||
        member->second.first == OpTypeArray) {
      if (members.size() != 1)
        return fail(where + " holds an array and " +
                    std::to_string(members.size() - 1) +
                    " other members; a memref argument's struct has one");
      const Decorations &ad = decorations[members[0]];
      if (!ad.arrayStride || *ad.arrayStride == 0)
        return fail(where + " holds an array without an ArrayStride");
      binding.bytes = *ad.arrayStride;
      bindings[*d.binding] = binding;
      continue;
    }
    // A struct of scalars, each at its Offset (a lone member at 0).
    binding.kind = SPIRVBinding::Kind::Scalar;
    for (size_t m = 0; m < members.size(); ++m) {
      auto type = types.find(members[m]);
      if (type == types.end() ||
          (type->second.first != OpTypeInt &&
           type->second.first != OpTypeFloat) ||
          type->second.second.empty())
        return fail(where + " holds neither an array (a memref argument) "
                            "nor integers and floats (scalar arguments)");
      uint32_t width = type->second.second[0];
      if (width != 8 && width != 16 && width != 32 && width != 64)
        return fail(where + " holds a scalar of " + std::to_string(width) +
                    " bits");
      auto offset = sd.offsets.find(m);
      if (offset == sd.offsets.end() && members.size() != 1)
        return fail(where + " holds a struct whose member " +
                    std::to_string(m) + " has no Offset");
      uint32_t at = offset == sd.offsets.end() ? 0 : offset->second;
      binding.scalars.push_back(
          {at, width / 8, type->second.first == OpTypeFloat});
      binding.bytes = std::max(binding.bytes, at + width / 8);
    }
    bindings[*d.binding] = binding;
  }

  result.bindings.clear();
  for (auto &[index, binding] : bindings) {
    if (index != result.bindings.size())
      return fail("kernel '" + entry.name + "' has no binding " +
                  std::to_string(result.bindings.size()) +
                  " but has a binding " + std::to_string(index) +
                  "; kernel arguments are bindings 0, 1, 2, ... in order");
    result.bindings.push_back(binding);
  }
  return true;
}
