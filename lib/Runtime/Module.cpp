//===- Module.cpp - Load and call compiled Relax libraries ----------------===//
//
// A library that relax-compile writes exports three kinds of symbols:
//   relax_library_version    a uint32_t, RELAX_LIBRARY_VERSION when written
//   relax_library_metadata   NUL-terminated JSON: the target and, for each
//                            graph function, its symbol, parameters and
//                            results (docs/UserGuide.md lists the fields)
//   relax_call_<function>    void(void **args): args[0] points to storage
//                            for the results' memref descriptors (one after
//                            another), args[1 + i] to parameter i's
//
// Everything else in the library is hidden. This file reads the metadata,
// binds weights from a mapped safetensors file, runs each function's
// `relax.transform_params` function once, and turns DLPack tensors into
// memref descriptors and results back into DLPack tensors.
//
// A library compiled for a GPU calls its functions' entries on device
// memory and links its GPU runtime, whose mgpu* buffer functions this file
// finds through the library: weights are copied to the device once, inputs
// on the host for each call, and results back to the host.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/DeviceMemory.h"
#include "Relax/Runtime/RankBlocks.h"
#include "Relax/Runtime/RelaxKVCache.h"
#include "Relax/Runtime/RelaxModule.h"
#include "Relax/Runtime/RelaxRuntime.h"

#include "DataType.h"
#include "JSON.h"
#include "KVCacheOnDevice.h"
#include "Safetensors.h"
#include "SilentCalls.h"
#include "Status.h"

#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <map>
#include <set>
#include <vector>

#define RELAX_RUNTIME_EXPORT __attribute__((visibility("default")))

using namespace relax::runtime;
using relax_runtime::DeviceMemory;

namespace {
thread_local std::string lastError;
} // namespace

RelaxStatus relax::runtime::fail(RelaxStatus status, std::string message) {
  lastError = std::move(message);
  return status;
}

namespace {

/// A parameter or result as the metadata describes it.
struct TensorSpec {
  DLDataType dtype;
  /// Each dim's value when it is a constant.
  std::vector<std::optional<int64_t>> dims;
  /// The weight a parameter is bound to, by name.
  std::string weight;
  /// The result of the transform function a parameter takes, or -1.
  int transformed = -1;
  /// The dim a weight of a model split over ranks is cut along, or -1, and
  /// its segments (Relax/Runtime/RankBlocks.h).
  int64_t splitAxis = -1;
  std::vector<int64_t> segments;

  int getRank() const { return static_cast<int>(dims.size()); }
};

struct FunctionSpec {
  std::string name;
  std::string symbol;
  std::vector<TensorSpec> params, results;
  std::string transform;
  /// The parameter that holds a paged KV cache's pages, which a call
  /// writes in place, or -1.
  int kvCacheParam = -1;
};

/// A memref descriptor as the C interface lays it out: allocated and
/// aligned pointers, offset, sizes, strides.
struct Descriptor {
  std::vector<int64_t> words;

  static Descriptor of(void *data, const int64_t *shape, int rank) {
    Descriptor d;
    d.words.assign(3 + 2 * rank, 0);
    d.words[0] = d.words[1] = reinterpret_cast<int64_t>(data);
    int64_t stride = 1;
    for (int i = rank; i-- > 0;) {
      d.words[3 + i] = shape[i];
      d.words[3 + rank + i] = stride;
      stride *= shape[i];
    }
    return d;
  }
};

/// The results of one call: memref descriptors one after another.
struct ResultStorage {
  std::vector<int64_t> words;
  std::vector<size_t> starts;

  explicit ResultStorage(const std::vector<TensorSpec> &results) {
    size_t size = 0;
    for (const TensorSpec &result : results) {
      starts.push_back(size);
      size += 3 + 2 * result.getRank();
    }
    words.assign(size, 0);
  }
  void *getAllocated(size_t i) const {
    return reinterpret_cast<void *>(words[starts[i]]);
  }
  char *getData(size_t i, uint64_t elementSize) const {
    return reinterpret_cast<char *>(words[starts[i] + 1]) +
           words[starts[i] + 2] * elementSize;
  }
  const int64_t *getShape(size_t i) const { return &words[starts[i] + 3]; }
};

/// A bound parameter: a weight or a value computed from weights.
struct BoundTensor {
  void *data = nullptr;
  std::vector<int64_t> shape;
};

/// A DLPack tensor the runtime hands out, with what it owns.
struct OwnedResult {
  DLManagedTensor managed;
  std::vector<int64_t> shape;
  void *allocated;

  static void release(DLManagedTensor *managed) {
    auto *self = static_cast<OwnedResult *>(managed->manager_ctx);
    std::free(self->allocated);
    delete self;
  }
};

std::optional<uint64_t> getNumElements(const int64_t *shape, int rank) {
  uint64_t count = 1;
  for (int i = 0; i < rank; ++i) {
    if (shape[i] < 0)
      return std::nullopt;
    if (shape[i] && count > UINT64_MAX / shape[i])
      return std::nullopt;
    count *= shape[i];
  }
  return count;
}

std::string describeShape(const std::vector<std::optional<int64_t>> &dims) {
  std::string text = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i)
      text += ", ";
    text += dims[i] ? std::to_string(*dims[i]) : "?";
  }
  return text + "]";
}

bool parseTensorSpec(const JSONValue &json, TensorSpec &spec) {
  const std::string *dtype = json.getString("dtype");
  const JSONValue *shape = json.get("shape");
  if (!dtype || !shape || !shape->isArray())
    return false;
  std::optional<DLDataType> parsed = parseMLIRDType(*dtype);
  if (!parsed)
    return false;
  spec.dtype = *parsed;
  for (const JSONValue &dim : *shape->getArray()) {
    if (!dim.isString() && !dim.getInteger())
      return false;
    spec.dims.push_back(dim.getInteger());
  }
  if (const std::string *weight = json.getString("weight"))
    spec.weight = *weight;
  if (std::optional<int64_t> index = json.getInteger("transformed"))
    spec.transformed = static_cast<int>(*index);
  if (const JSONValue *split = json.get("split")) {
    std::optional<int64_t> axis = split->getInteger("axis");
    if (!axis || *axis < 0 || *axis >= spec.getRank())
      return false;
    spec.splitAxis = *axis;
    if (const JSONValue *segments = split->get("segments")) {
      if (!segments->isArray())
        return false;
      for (const JSONValue &segment : *segments->getArray()) {
        std::optional<int64_t> size = segment.getInteger();
        if (!size || *size <= 0)
          return false;
        spec.segments.push_back(*size);
      }
    }
  }
  return true;
}

/// Whether this CPU has `feature` (a name of LLVM's x86 feature list).
std::optional<bool> hostHasFeature(const std::string &feature) {
#if defined(__x86_64__) && defined(__GNUC__)
  __builtin_cpu_init();
  if (feature == "avx")
    return __builtin_cpu_supports("avx");
  if (feature == "avx2")
    return __builtin_cpu_supports("avx2");
  if (feature == "fma")
    return __builtin_cpu_supports("fma");
  if (feature == "f16c")
    return __builtin_cpu_supports("f16c");
  if (feature == "avx512f")
    return __builtin_cpu_supports("avx512f");
  if (feature == "avx512bw")
    return __builtin_cpu_supports("avx512bw");
  if (feature == "avx512dq")
    return __builtin_cpu_supports("avx512dq");
  if (feature == "avx512vl")
    return __builtin_cpu_supports("avx512vl");
  if (feature == "avx512vnni")
    return __builtin_cpu_supports("avx512vnni");
  if (feature == "avx512bf16")
    return __builtin_cpu_supports("avx512bf16");
#endif
  (void)feature;
  return std::nullopt;
}
} // namespace

struct RelaxFunction {
  RelaxModule *module;
  const FunctionSpec *spec;
  void (*call)(void **);
  /// Per parameter: its bound value, or nothing for an input.
  std::vector<std::optional<BoundTensor>> bound;
  std::vector<int> inputs;
};

struct RelaxModule {
  void *handle = nullptr;
  std::string metadataText;
  std::vector<FunctionSpec> specs;
  std::unique_ptr<SafetensorsFile> weights;
  std::map<std::string, std::unique_ptr<RelaxFunction>> functions;
  /// Results of transform functions, by function, and what they allocated.
  std::map<std::string, std::vector<BoundTensor>> transformed;
  std::set<void *> owned;
  /// Tensor parallelism: this process's rank of `numRanks`, and how to end
  /// them all.
  int64_t rank = 0, numRanks = 1;
  void (*abortRanks)(int) = nullptr;
  /// A GPU library's device: the DLPack type of its memory, its runtime's
  /// buffer functions, and the device buffers the module owns (weights and
  /// transformed values).
  DLDeviceType deviceType = kDLCPU;
  std::shared_ptr<DeviceMemory> device;
  std::set<void *> ownedOnDevice;

  ~RelaxModule() {
    for (void *ptr : owned)
      std::free(ptr);
    for (void *ptr : ownedOnDevice)
      device->free(ptr);
    device.reset();
    if (handle)
      dlclose(handle);
  }

  bool isOnDevice() const { return deviceType != kDLCPU; }
  /// Fails with RELAX_ERROR_DEVICE and the GPU runtime's message.
  RelaxStatus failOnDevice(const std::string &what) {
    std::string message = what + ": ";
    message += relaxGetError() ? relaxGetError() : "the GPU runtime failed";
    relaxClearError();
    return fail(RELAX_ERROR_DEVICE, message);
  }

  const FunctionSpec *lookupSpec(const std::string &name) const {
    for (const FunctionSpec &spec : specs)
      if (spec.name == name)
        return &spec;
    return nullptr;
  }

  RelaxStatus readMetadata(const std::string &path);
  RelaxStatus startRanks(const std::string &path);
  RelaxStatus openDevice(const std::string &path);
  RelaxStatus bindWeight(const FunctionSpec &spec, size_t index,
                         BoundTensor &bound);
  RelaxStatus runTransform(const FunctionSpec &spec);
  RelaxStatus call(RelaxFunction &function, const DLTensor *inputs,
                   DLManagedTensor **results, bool toModule,
                   std::vector<BoundTensor> *transformResults);
};

RelaxStatus RelaxModule::readMetadata(const std::string &path) {
  auto *version =
      static_cast<const uint32_t *>(dlsym(handle, "relax_library_version"));
  auto *metadata =
      static_cast<const char *>(dlsym(handle, "relax_library_metadata"));
  if (!version || !metadata)
    return fail(RELAX_ERROR_LOAD,
                path + ": not a Relax library (no relax_library_version or "
                       "relax_library_metadata)");
  if (*version != RELAX_LIBRARY_VERSION)
    return fail(RELAX_ERROR_VERSION,
                path + ": library format version " + std::to_string(*version) +
                    ", but this runtime loads version " +
                    std::to_string(RELAX_LIBRARY_VERSION) +
                    ": compile the model again with the relax-compile of "
                    "this runtime");
  metadataText = metadata;
  std::string error;
  std::optional<JSONValue> json = JSONValue::parse(metadataText, error);
  auto bad = [&](const std::string &why) {
    return fail(RELAX_ERROR_LOAD, path + ": bad metadata: " + why);
  };
  if (!json)
    return bad(error);
  if (json->getInteger("version") != std::optional<int64_t>(*version))
    return bad("its version is not the library's");
  if (const JSONValue *target = json->get("target")) {
    if (const std::string *name = target->getString("device")) {
      // kDLWebGPU is 15 from DLPack 0.8 on; Debian 12's headers are older.
      static const std::map<std::string, DLDeviceType> kDevices = {
          {"cpu", kDLCPU},
          {"vulkan", kDLVulkan},
          {"webgpu", static_cast<DLDeviceType>(15)},
          {"cuda", kDLCUDA},
          {"rocm", kDLROCM}};
      auto it = kDevices.find(*name);
      if (it == kDevices.end())
        return bad("unknown target device '" + *name + "'");
      deviceType = it->second;
    }
    if (const JSONValue *features = target->get("features");
        features && features->isArray()) {
      for (const JSONValue &feature : *features->getArray()) {
        const std::string *name = feature.getString();
        if (name && hostHasFeature(*name) == std::optional<bool>(false))
          return fail(RELAX_ERROR_VERSION,
                      path + ": the library was compiled for a CPU with " +
                          *name + ", which this CPU lacks");
      }
    }
  }
  if (const JSONValue *parallel = json->get("tensor_parallel")) {
    std::optional<int64_t> ranks = parallel->getInteger("ranks");
    if (!ranks || *ranks < 1)
      return bad("tensor_parallel without a positive number of ranks");
    numRanks = *ranks;
  }
  const JSONValue *functions = json->get("functions");
  if (!functions || !functions->isArray())
    return bad("no function list");
  for (const JSONValue &function : *functions->getArray()) {
    FunctionSpec spec;
    const std::string *name = function.getString("name");
    const std::string *symbol = function.getString("symbol");
    const JSONValue *params = function.get("params");
    const JSONValue *results = function.get("results");
    if (!name || !symbol || !params || !params->isArray() || !results ||
        !results->isArray())
      return bad("a function without name, symbol, params or results");
    spec.name = *name;
    spec.symbol = *symbol;
    for (const JSONValue &param : *params->getArray())
      if (!parseTensorSpec(param, spec.params.emplace_back()))
        return bad("a parameter of @" + spec.name + " is not a tensor spec");
    for (const JSONValue &result : *results->getArray())
      if (!parseTensorSpec(result, spec.results.emplace_back()))
        return bad("a result of @" + spec.name + " is not a tensor spec");
    if (const std::string *transform = function.getString("transform_params"))
      spec.transform = *transform;
    if (const JSONValue *cache = function.get("kv_cache")) {
      std::optional<int64_t> param = cache->getInteger("param");
      if (!param || *param < 0 ||
          static_cast<size_t>(*param) >= spec.params.size())
        return bad("the KV cache of @" + spec.name + " is not a parameter");
      spec.kvCacheParam = static_cast<int>(*param);
    }
    specs.push_back(std::move(spec));
  }
  for (const FunctionSpec &spec : specs) {
    if (!spec.transform.empty() && !lookupSpec(spec.transform))
      return bad("@" + spec.name + "'s transform @" + spec.transform +
                 " is not in the library");
    for (const TensorSpec &param : spec.params)
      if (param.transformed >= 0 &&
          (spec.transform.empty() ||
           static_cast<size_t>(param.transformed) >=
               lookupSpec(spec.transform)->results.size()))
        return bad("@" + spec.name + " takes a transform result it has not");
  }
  return RELAX_OK;
}

RelaxStatus RelaxModule::bindWeight(const FunctionSpec &spec, size_t index,
                                    BoundTensor &bound) {
  const TensorSpec &param = spec.params[index];
  std::string what = "weight '" + param.weight + "' (parameter #" +
                     std::to_string(index) + " of @" + spec.name + ")";
  if (!weights)
    return fail(RELAX_ERROR_WEIGHTS,
                "no weights file was loaded, which " + what + " needs");
  const MappedTensor *tensor = weights->lookup(param.weight);
  if (!tensor)
    return fail(RELAX_ERROR_WEIGHTS,
                weights->getPath() + " has no tensor for " + what);
  // A split weight: this rank's block of the full one in the file.
  std::vector<int64_t> shape = tensor->shape;
  if (param.splitAxis >= 0 && numRanks > 1) {
    std::string error;
    shape = getRankBlockShape(tensor->shape, param.splitAxis, param.segments,
                              numRanks, error);
    if (shape.empty())
      return fail(RELAX_ERROR_WEIGHTS,
                  weights->getPath() + " holds " + what + ", whose " + error);
  }
  bool sameShape = shape.size() == param.dims.size();
  for (size_t d = 0; sameShape && d < param.dims.size(); ++d)
    sameShape = param.dims[d] == std::optional<int64_t>(shape[d]);
  if (!isCompatible(tensor->dtype, param.dtype) || !sameShape) {
    std::vector<std::optional<int64_t>> actual(tensor->shape.begin(),
                                               tensor->shape.end());
    return fail(RELAX_ERROR_WEIGHTS,
                weights->getPath() + " holds " + what + " as " +
                    toString(tensor->dtype) + " " + describeShape(actual) +
                    ", but the library takes " + toString(param.dtype) + " " +
                    describeShape(param.dims));
  }
  bound.shape = shape;
  std::optional<uint64_t> elementSize = getElementSize(tensor->dtype);
  if (!elementSize)
    return fail(RELAX_ERROR_WEIGHTS, "cannot bind " + what + " of dtype " +
                                         toString(tensor->dtype));
  size_t bytes = *elementSize;
  for (int64_t d : shape)
    bytes *= d;
  void *block = nullptr;
  if (shape == tensor->shape) {
    bound.data = tensor->data;
  } else {
    block = bound.data = std::malloc(bytes ? bytes : 1);
    if (!bound.data)
      return fail(RELAX_ERROR_OUT_OF_MEMORY, "out of memory for " + what);
    copyRankBlock(tensor->data, tensor->shape, *elementSize, param.splitAxis,
                  param.segments, numRanks, rank, bound.data);
  }
  if (isOnDevice()) {
    SilentCall silent;
    relaxClearError();
    void *onDevice = device->upload(bound.data, bytes);
    std::free(block);
    if (!onDevice)
      return failOnDevice("cannot copy " + what + " to the device");
    ownedOnDevice.insert(onDevice);
    bound.data = onDevice;
  } else if (block) {
    owned.insert(block);
  }
  return RELAX_OK;
}

RelaxStatus RelaxModule::openDevice(const std::string &path) {
  if (!isOnDevice())
    return RELAX_OK;
  // The library links its GPU runtime, whose functions its handle finds.
  std::string error;
  SilentCall silent;
  relaxClearError();
  device = DeviceMemory::load(
      [&](const char *name) { return dlsym(handle, name); }, error);
  if (!device)
    return error.empty() ? failOnDevice(path + ": no GPU device")
                         : fail(RELAX_ERROR_LOAD, path + ": " + error);
  // The GPU runtime stays loaded until exit: a KV cache on the device may
  // outlive the module (relaxModuleCreateKVCache).
  if (Dl_info info; dladdr(dlsym(handle, "mgpuMemAlloc"), &info))
    dlopen(info.dli_fname, RTLD_NOW | RTLD_NODELETE | RTLD_NOLOAD);
  return RELAX_OK;
}

RelaxStatus RelaxModule::startRanks(const std::string &path) {
  if (numRanks == 1)
    return RELAX_OK;
  // The library links librelax_mpi_runtime, found through it.
  auto init = reinterpret_cast<int (*)(int64_t, int64_t *)>(
      dlsym(handle, "relaxCollectivesInit"));
  abortRanks =
      reinterpret_cast<void (*)(int)>(dlsym(handle, "relaxCollectivesAbort"));
  if (!init || !abortRanks)
    return fail(RELAX_ERROR_LOAD,
                path + " is split over " + std::to_string(numRanks) +
                    " ranks but does not link librelax_mpi_runtime");
  // MPI is finalized at exit: the collectives stay loaded until then.
  if (Dl_info info; dladdr(reinterpret_cast<void *>(init), &info))
    dlopen(info.dli_fname, RTLD_NOW | RTLD_NODELETE | RTLD_NOLOAD);
  relaxClearError();
  if (init(numRanks, &rank)) {
    std::string message = relaxGetError() ? relaxGetError() : "MPI failed";
    relaxClearError();
    return fail(RELAX_ERROR_LOAD, path + ": " + message);
  }
  return RELAX_OK;
}

RelaxStatus RelaxModule::runTransform(const FunctionSpec &spec) {
  if (transformed.count(spec.transform))
    return RELAX_OK;
  const FunctionSpec *transform = lookupSpec(spec.transform);
  RelaxFunction *function = nullptr;
  if (RelaxStatus status =
          relaxModuleGetFunction(this, spec.transform.c_str(), &function))
    return status;
  if (!function->inputs.empty())
    return fail(RELAX_ERROR_LOAD, "@" + transform->name +
                                      " takes parameters that are not weights");
  std::vector<BoundTensor> results;
  if (RelaxStatus status = call(*function, nullptr, nullptr,
                                /*toModule=*/true, &results))
    return status;
  transformed[spec.transform] = std::move(results);
  return RELAX_OK;
}

RelaxStatus RelaxModule::call(RelaxFunction &function, const DLTensor *inputs,
                              DLManagedTensor **results, bool toModule,
                              std::vector<BoundTensor> *transformResults) {
  const FunctionSpec &spec = *function.spec;
  SilentCall silent;
  relaxClearError();
  // Inputs on the host that a GPU library's call takes as copies in device
  // memory, freed when the call returns; a KV cache's pages are copied back.
  struct Staged {
    void *device, *host;
    uint64_t bytes;
    bool copyBack;
  };
  struct StagedInputs {
    DeviceMemory *device;
    std::vector<Staged> copies;
    ~StagedInputs() {
      for (const Staged &copy : copies)
        device->free(copy.device);
    }
  } staged{device.get(), {}};

  // Descriptors for every parameter: bound values and the caller's inputs.
  std::vector<Descriptor> descriptors;
  std::set<const void *> passed;
  for (size_t i = 0, next = 0; i < spec.params.size(); ++i) {
    const TensorSpec &param = spec.params[i];
    if (function.bound[i]) {
      BoundTensor &bound = *function.bound[i];
      descriptors.push_back(
          Descriptor::of(bound.data, bound.shape.data(), param.getRank()));
      passed.insert(bound.data);
      continue;
    }
    const DLTensor &input = inputs[next];
    std::string what = "input #" + std::to_string(next) + " of @" + spec.name;
    ++next;
    bool onDevice = isOnDevice() && input.device.device_type == deviceType;
    if (input.device.device_type != kDLCPU && !onDevice)
      return fail(RELAX_ERROR_INVALID_ARGUMENT,
                  what + " is not on the CPU" +
                      (isOnDevice() ? " or the library's device" : ""));
    if (!isCompatible(input.dtype, param.dtype))
      return fail(RELAX_ERROR_INVALID_ARGUMENT,
                  what + " has dtype " + toString(input.dtype) +
                      " but must have " + toString(param.dtype));
    if (input.ndim != param.getRank())
      return fail(RELAX_ERROR_INVALID_ARGUMENT,
                  what + " has rank " + std::to_string(input.ndim) +
                      " but must have rank " + std::to_string(param.getRank()));
    std::optional<uint64_t> count = getNumElements(input.shape, input.ndim);
    if (!count)
      return fail(RELAX_ERROR_INVALID_ARGUMENT, what + " has a bad shape");
    if (input.strides && *count) {
      int64_t stride = 1;
      for (int d = input.ndim; d-- > 0;) {
        if (input.shape[d] != 1 && input.strides[d] != stride)
          return fail(RELAX_ERROR_INVALID_ARGUMENT,
                      what + " is not contiguous and row-major");
        stride *= input.shape[d];
      }
    }
    if (!input.data && *count)
      return fail(RELAX_ERROR_INVALID_ARGUMENT, what + " has no data");
    void *data = static_cast<char *>(input.data) + input.byte_offset;
    if (isOnDevice() && !onDevice) {
      uint64_t bytes = *count * *getElementSize(param.dtype);
      void *copy = device->upload(data, bytes);
      if (!copy)
        return failOnDevice("cannot copy " + what + " to the device");
      staged.copies.push_back(
          {copy, data, bytes, static_cast<int>(i) == spec.kvCacheParam});
      data = copy;
    }
    descriptors.push_back(Descriptor::of(data, input.shape, input.ndim));
    passed.insert(data);
  }

  ResultStorage storage(spec.results);
  std::vector<void *> args;
  args.push_back(storage.words.data());
  for (Descriptor &d : descriptors)
    args.push_back(d.words.data());
  relaxClearError();
  function.call(args.data());
  if (const char *error = relaxGetError())
    return fail(isOnDevice() ? RELAX_ERROR_DEVICE : RELAX_ERROR_CHECK,
                std::string(isOnDevice() ? "the call failed: "
                                         : "run-time check failed: ") +
                    error);

  // A result owns its buffer unless the buffer is a parameter's, the
  // mapped weights', or an earlier result's: such results are copied (or,
  // for the module's own values, kept as views). A GPU library's results
  // are copied to the host, and the device buffers they own freed.
  std::set<void *> claimed;
  std::vector<OwnedResult *> made;
  std::set<void *> freeOnDevice;
  auto release = [&]() {
    for (OwnedResult *result : made)
      OwnedResult::release(&result->managed);
    for (void *allocated : freeOnDevice)
      device->free(allocated);
  };
  for (size_t i = 0; i < spec.results.size(); ++i) {
    const TensorSpec &result = spec.results[i];
    uint64_t elementSize = *getElementSize(result.dtype);
    void *allocated = storage.getAllocated(i);
    char *data = storage.getData(i, elementSize);
    const int64_t *shape = storage.getShape(i);
    uint64_t bytes = *getNumElements(shape, result.getRank()) * elementSize;
    bool isView = passed.count(allocated) || claimed.count(allocated) ||
                  (weights && weights->contains(allocated)) ||
                  ownedOnDevice.count(allocated);
    if (toModule) {
      BoundTensor value{data,
                        std::vector<int64_t>(shape, shape + result.getRank())};
      if (!isView && allocated)
        (isOnDevice() ? ownedOnDevice : owned).insert(allocated);
      claimed.insert(allocated);
      transformResults->push_back(std::move(value));
      continue;
    }
    if (isOnDevice() && allocated && !isView)
      freeOnDevice.insert(allocated);
    claimed.insert(allocated);
    if ((isView || isOnDevice()) && bytes) {
      void *copy = std::malloc(bytes);
      if (!copy) {
        release();
        return fail(RELAX_ERROR_OUT_OF_MEMORY, "out of memory for result #" +
                                                   std::to_string(i) + " of @" +
                                                   spec.name);
      }
      if (isOnDevice()) {
        if (!device->download(copy, data, bytes)) {
          std::free(copy);
          release();
          return failOnDevice("cannot copy result #" + std::to_string(i) +
                              " of @" + spec.name + " to the host");
        }
      } else {
        std::memcpy(copy, data, bytes);
      }
      allocated = data = static_cast<char *>(copy);
    } else if (isView || isOnDevice()) {
      allocated = data = nullptr;
    }
    auto *owned = new OwnedResult();
    owned->shape.assign(shape, shape + result.getRank());
    owned->allocated = allocated;
    DLTensor &tensor = owned->managed.dl_tensor;
    tensor.data = data;
    tensor.device = DLDevice{kDLCPU, 0};
    tensor.ndim = result.getRank();
    tensor.dtype = result.dtype;
    tensor.shape = owned->shape.data();
    tensor.strides = nullptr;
    tensor.byte_offset = 0;
    owned->managed.manager_ctx = owned;
    owned->managed.deleter = OwnedResult::release;
    made.push_back(owned);
  }
  for (void *allocated : freeOnDevice)
    device->free(allocated);
  // The pages a call wrote, back where the caller keeps them.
  for (const Staged &copy : staged.copies)
    if (copy.copyBack &&
        !device->download(copy.host, copy.device, copy.bytes)) {
      for (OwnedResult *result : made)
        OwnedResult::release(&result->managed);
      return failOnDevice("cannot copy the KV cache of @" + spec.name +
                          " back to the host");
    }
  for (size_t i = 0; i < made.size(); ++i)
    results[i] = &made[i]->managed;
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT const char *relaxGetLastErrorMessage(void) {
  return lastError.c_str();
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxModuleLoad(
    const char *libraryPath, const char *weightsPath, RelaxModule **module) {
  if (!libraryPath || !module)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxModuleLoad: null library path or module");
  // A GPU runtime's failures while loading are this call's status.
  SilentCall silent;
  auto loaded = std::make_unique<RelaxModule>();
  // Each library's symbols stay its own: two models in one process do not
  // bind to each other's kernels.
  // A path without a slash names a file, not a library to search for.
  std::string path = libraryPath;
  if (path.find('/') == std::string::npos)
    path = "./" + path;
  loaded->handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!loaded->handle)
    return fail(RELAX_ERROR_LOAD, dlerror());
  if (RelaxStatus status = loaded->readMetadata(libraryPath))
    return status;
  if (RelaxStatus status = loaded->startRanks(libraryPath))
    return status;
  if (RelaxStatus status = loaded->openDevice(libraryPath))
    return status;
  if (weightsPath) {
    std::string error;
    loaded->weights = SafetensorsFile::open(weightsPath, error);
    if (!loaded->weights)
      return fail(RELAX_ERROR_LOAD, error);
  }
  *module = loaded.release();
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT void relaxModuleFree(RelaxModule *module) {
  delete module;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxModuleGetRank(
    const RelaxModule *module, int64_t *rank, int64_t *numRanks) {
  if (!module)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "relaxModuleGetRank: no module");
  if (rank)
    *rank = module->rank;
  if (numRanks)
    *numRanks = module->numRanks;
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT void
relaxModuleAbortRanks(const RelaxModule *module, int code) {
  if (module && module->abortRanks)
    module->abortRanks(code);
}

extern "C" RELAX_RUNTIME_EXPORT const char *
relaxModuleGetMetadata(const RelaxModule *module) {
  return module ? module->metadataText.c_str() : nullptr;
}

extern "C" RELAX_RUNTIME_EXPORT int
relaxModuleGetNumFunctions(const RelaxModule *module) {
  return module ? static_cast<int>(module->specs.size()) : 0;
}

extern "C" RELAX_RUNTIME_EXPORT const char *
relaxModuleGetFunctionName(const RelaxModule *module, int index) {
  if (!module || index < 0 ||
      static_cast<size_t>(index) >= module->specs.size())
    return nullptr;
  return module->specs[index].name.c_str();
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxModuleGetFunction(
    RelaxModule *module, const char *name, RelaxFunction **function) {
  if (!module || !name || !function)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxModuleGetFunction: null module, name or function");
  if (auto it = module->functions.find(name); it != module->functions.end()) {
    *function = it->second.get();
    return RELAX_OK;
  }
  const FunctionSpec *spec = module->lookupSpec(name);
  if (!spec)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                std::string("the library has no function @") + name);
  auto made = std::make_unique<RelaxFunction>();
  made->module = module;
  made->spec = spec;
  made->call = reinterpret_cast<void (*)(void **)>(
      dlsym(module->handle, spec->symbol.c_str()));
  if (!made->call)
    return fail(RELAX_ERROR_LOAD, "the library lacks " + spec->symbol +
                                      ", the entry of @" + spec->name);
  if (!spec->transform.empty())
    if (RelaxStatus status = module->runTransform(*spec))
      return status;
  for (size_t i = 0; i < spec->params.size(); ++i) {
    const TensorSpec &param = spec->params[i];
    std::optional<BoundTensor> bound;
    if (!param.weight.empty()) {
      bound.emplace();
      if (RelaxStatus status = module->bindWeight(*spec, i, *bound))
        return status;
    } else if (param.transformed >= 0) {
      bound = module->transformed[spec->transform][param.transformed];
    } else {
      made->inputs.push_back(static_cast<int>(i));
    }
    made->bound.push_back(std::move(bound));
  }
  *function = made.get();
  module->functions[name] = std::move(made);
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxModuleCreateKVCache(
    RelaxModule *module, int64_t numLayers, int64_t numKVHeads,
    int64_t headDim, int64_t pageSize, int64_t numPages, DLDataType dtype,
    RelaxKVCache **cache) {
  if (!module)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxModuleCreateKVCache: null module");
  SilentCall silent;
  return createKVCache(numLayers, numKVHeads, headDim, pageSize, numPages,
                       dtype, module->device, module->deviceType, cache);
}

extern "C" RELAX_RUNTIME_EXPORT int
relaxFunctionGetNumInputs(const RelaxFunction *function) {
  return function ? static_cast<int>(function->inputs.size()) : 0;
}

extern "C" RELAX_RUNTIME_EXPORT int
relaxFunctionGetNumResults(const RelaxFunction *function) {
  return function ? static_cast<int>(function->spec->results.size()) : 0;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxFunctionGetInput(
    const RelaxFunction *function, int index, DLDataType *dtype, int *rank) {
  if (!function || index < 0 ||
      static_cast<size_t>(index) >= function->inputs.size())
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxFunctionGetInput: no such input");
  const TensorSpec &param = function->spec->params[function->inputs[index]];
  if (dtype)
    *dtype = param.dtype;
  if (rank)
    *rank = param.getRank();
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus
relaxFunctionCall(RelaxFunction *function, const DLTensor *inputs,
                  int numInputs, DLManagedTensor **results, int numResults) {
  if (!function)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxFunctionCall: null function");
  const FunctionSpec &spec = *function->spec;
  if (numInputs != static_cast<int>(function->inputs.size()) ||
      (numInputs && !inputs))
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "@" + spec.name + " takes " +
                    std::to_string(function->inputs.size()) +
                    " inputs, but the call gives " + std::to_string(numInputs));
  if (numResults != static_cast<int>(spec.results.size()) ||
      (numResults && !results))
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "@" + spec.name + " returns " +
                    std::to_string(spec.results.size()) +
                    " results, but the call has room for " +
                    std::to_string(numResults));
  return function->module->call(*function, inputs, results,
                                /*toModule=*/false, nullptr);
}
