//===- relax-webgpu-runtime-test.cpp - Drives librelax_webgpu_runtime -----===//
//
// Calls the mgpu* functions of librelax_webgpu_runtime the way compiled code
// does (a rank-1 memref argument as the five parameters of its descriptor, a
// scalar as one) on hand-written WGSL kernels, checks the numbers, and prints
// what it found for FileCheck. Errors reach it through librelax_runtime's
// handler, which prints them.
//
//   relax-webgpu-runtime-test <case> <kernel.wgsl>...
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/GPURuntime.h"
#include "Relax/Runtime/RelaxRuntime.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::vector<char> readFile(const std::string &path, bool mustExist = true) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    if (!mustExist)
      return {};
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(2);
  }
  return {std::istreambuf_iterator<char>(file),
          std::istreambuf_iterator<char>()};
}

void printError(const char *message, void *) {
  std::printf("error: %s\n", message);
  std::fflush(stdout);
}

/// A loaded module and its one kernel.
struct Kernel {
  std::vector<char> binary;
  void *module = nullptr;
  void *function = nullptr;

  Kernel(const char *path, const char *name) : binary(readFile(path)) {
    module = mgpuModuleLoad(binary.data(), binary.size());
    if (module)
      function = mgpuModuleGetFunction(module, name);
  }
  ~Kernel() { mgpuModuleUnload(module); }
};

/// The descriptor of a memref<?xT> argument, as compiled code passes it.
struct Memref {
  void *allocated, *aligned;
  int64_t offset, size, stride;
};

/// The `void *` launch parameters of a list of arguments.
class Params {
public:
  Params &memref(Memref &m) {
    for (void *p : {(void *)&m.allocated, (void *)&m.aligned, (void *)&m.offset,
                    (void *)&m.size, (void *)&m.stride})
      params.push_back(p);
    return *this;
  }
  template <typename T>
  Params &scalar(T &value) {
    params.push_back(&value);
    return *this;
  }
  void **data() { return params.data(); }
  size_t size() const { return params.size(); }
  Params dropLast() const {
    Params result = *this;
    result.params.pop_back();
    return result;
  }

private:
  std::vector<void *> params;
};

/// A view of `size` elements at element `offset` of `base`.
Memref view(void *base, int64_t offset, int64_t size) {
  return {base, base, offset, size, 1};
}

/// A device pointer `bytes` past `base`: compiled code offsets device
/// pointers like host ones.
void *at(void *base, size_t bytes) { return static_cast<char *>(base) + bytes; }

void copyIn(void *device, const void *host, size_t bytes) {
  mgpuMemcpy(device, const_cast<void *>(host), bytes, nullptr);
}

template <typename T>
std::vector<T> copyOut(void *device, size_t count) {
  std::vector<T> host(count);
  mgpuMemcpy(host.data(), device, count * sizeof(T), nullptr);
  return host;
}

/// c = a + alpha * b on `n` elements, 64 per workgroup.
void launchAdd(Kernel &kernel, Params &params, int64_t n, void *stream) {
  mgpuLaunchKernel(kernel.function, (n + 63) / 64, 1, 1, 64, 1, 1, 0, stream,
                   params.data(), nullptr, params.size());
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

/// Copies in and out of one allocation of an odd size at every alignment,
/// between allocations and within one, and memsets, against a host mirror.
int runMemcpy(char **) {
  constexpr size_t kSize = 1001;
  void *a = mgpuMemAlloc(kSize, nullptr, false);
  void *b = mgpuMemAlloc(kSize, nullptr, false);
  std::vector<uint8_t> mirrorA(kSize), mirrorB(kSize, 0);
  for (size_t i = 0; i < kSize; ++i)
    mirrorA[i] = uint8_t(i * 7 + 3);
  copyIn(a, mirrorA.data(), kSize);
  int checks = 0, wrong = 0;
  auto check = [&](void *device, const std::vector<uint8_t> &mirror) {
    std::vector<uint8_t> all = copyOut<uint8_t>(device, kSize);
    ++checks;
    wrong += all != mirror;
  };
  check(a, mirrorA);
  check(b, mirrorB); // New memory is zero.

  // Host to device and back at unaligned offsets and sizes.
  uint8_t next = 100;
  for (size_t offset : {0, 1, 2, 3, 5, 254, 997, 1000}) {
    for (size_t size : {1, 2, 3, 4, 5, 7, 9, 300}) {
      if (offset + size > kSize)
        continue;
      std::vector<uint8_t> data(size);
      for (uint8_t &byte : data)
        byte = next++;
      copyIn(at(a, offset), data.data(), size);
      std::memcpy(mirrorA.data() + offset, data.data(), size);
      std::vector<uint8_t> back(size);
      mgpuMemcpy(back.data(), at(a, offset), size, nullptr);
      ++checks;
      wrong += back != data;
    }
  }
  check(a, mirrorA);

  // Device to device: between allocations (aligned, then not), then within
  // one, overlapping.
  auto deviceCopy = [&](void *dstBase, std::vector<uint8_t> &dstMirror,
                        size_t dstOffset, void *srcBase,
                        const std::vector<uint8_t> &srcMirror, size_t srcOffset,
                        size_t size) {
    mgpuMemcpy(at(dstBase, dstOffset), at(srcBase, srcOffset), size, nullptr);
    std::vector<uint8_t> source(srcMirror.begin() + srcOffset,
                                srcMirror.begin() + srcOffset + size);
    std::memcpy(dstMirror.data() + dstOffset, source.data(), size);
  };
  deviceCopy(b, mirrorB, 0, a, mirrorA, 0, 1000);
  check(b, mirrorB);
  deviceCopy(b, mirrorB, 3, a, mirrorA, 10, 501);
  check(b, mirrorB);
  deviceCopy(a, mirrorA, 100, a, mirrorA, 97, 400);
  check(a, mirrorA);

  // Memsets at odd places.
  uint32_t word = 0xa1b2c3d4;
  mgpuMemset32(at(b, 1), word, 50, nullptr);
  for (size_t i = 0; i < 50; ++i)
    std::memcpy(mirrorB.data() + 1 + 4 * i, &word, 4);
  uint16_t half = 0x5e6f;
  mgpuMemset16(at(b, 403), half, 33, nullptr);
  for (size_t i = 0; i < 33; ++i)
    std::memcpy(mirrorB.data() + 403 + 2 * i, &half, 2);
  check(b, mirrorB);

  // Host to host is a plain copy.
  std::vector<uint8_t> from(17, 9), to(17, 0);
  mgpuMemcpy(to.data(), from.data(), 17, nullptr);
  ++checks;
  wrong += to != from;

  std::printf("memcpy: %d checks, %d wrong\n", checks, wrong);
  mgpuMemFree(a, nullptr);
  mgpuMemFree(b, nullptr);
  return 0;
}

/// c = a + alpha * b over n = 1000 elements with its scalars in the uniform,
/// on three views into one arena: a at byte 0, b at an element offset of the
/// descriptor (byte 4096), c through an aligned pointer 256 bytes past an
/// offset of 8192 bytes.
int runAdd(char **files) {
  Kernel kernel(files[0], "add");
  constexpr int64_t kArena = 4096;
  int64_t n = 1000;
  float alpha = 0.5f;
  void *arena = mgpuMemAlloc(kArena * sizeof(float), nullptr, false);
  mgpuMemset32(arena, 0xbf800000, kArena, nullptr); // -1.0f
  std::vector<float> a(n), b(n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - i;
  }
  copyIn(arena, a.data(), n * sizeof(float));
  copyIn(at(arena, 4096), b.data(), n * sizeof(float));
  Memref ma = view(arena, 0, n), mb = view(arena, 1024, n);
  Memref mc = {arena, at(arena, 8192), 64, n, 1};
  void *stream = mgpuStreamCreate();
  Params params;
  params.memref(ma).memref(mb).memref(mc).scalar(n).scalar(alpha);
  launchAdd(kernel, params, n, stream);
  mgpuStreamSynchronize(stream);
  std::vector<float> all = copyOut<float>(arena, kArena);
  int wrong = 0, outside = 0;
  for (int64_t i = 0; i < n; ++i)
    wrong += all[2048 + 64 + i] != a[i] + alpha * b[i];
  for (int64_t i = 2048 + 64 + n; i < kArena; ++i)
    outside += all[i] != -1.0f;
  for (int64_t i = 2048; i < 2048 + 64; ++i)
    outside += all[i] != -1.0f;
  std::printf("add: %zu params, c[0] = %g, c[999] = %g, %d wrong, %d written "
              "outside c\n",
              params.size(), all[2048 + 64], all[2048 + 64 + n - 1], wrong,
              outside);
  mgpuStreamDestroy(stream);
  mgpuMemFree(arena, nullptr);
  return 0;
}

/// y = -x on n = 1001 i8 elements, read by the kernel as packed words: the
/// binding of y spans 1004 bytes, and the kernel keeps the 3 past n.
int runNegateI8(char **files) {
  Kernel kernel(files[0], "negate_i8");
  int64_t n = 1001;
  void *input = mgpuMemAlloc(2048, nullptr, false);
  void *arena = mgpuMemAlloc(4096, nullptr, false);
  mgpuMemset32(arena, 0x55555555, 1024, nullptr);
  std::vector<int8_t> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = int8_t(i * 37);
  copyIn(at(input, 256), x.data(), n);
  Memref mx = view(input, 256, n);
  Memref my = view(at(arena, 1536), 0, n);
  Params params;
  params.memref(mx).memref(my).scalar(n);
  int64_t words = (n + 3) / 4;
  mgpuLaunchKernel(kernel.function, (words + 31) / 32, 1, 1, 32, 1, 1, 0,
                   nullptr, params.data(), nullptr, params.size());
  std::vector<int8_t> all = copyOut<int8_t>(arena, 4096);
  int wrong = 0, outside = 0;
  for (int64_t i = 0; i < n; ++i)
    wrong += all[1536 + i] != int8_t(-x[i]);
  for (int64_t i = 0; i < 4096; ++i)
    outside += (i < 1536 || i >= 1536 + n) && all[i] != 0x55;
  std::printf("negate_i8: y[1] = %d, y[1000] = %d, %d wrong, %d written past "
              "y\n",
              all[1536 + 1], all[1536 + 1000], wrong, outside);
  mgpuMemFree(input, nullptr);
  mgpuMemFree(arena, nullptr);
  return 0;
}

/// 2400 dependent launches on one stream (more than a batch holds), each
/// with scalars of its own, then another stream after an event.
int runStreams(char **files) {
  Kernel kernel(files[0], "add");
  int64_t n = 300;
  float one = 1.0f, two = 2.0f;
  std::vector<float> init(n, 1.0f), ones(n, 1.0f);
  void *first = mgpuStreamCreate(), *second = mgpuStreamCreate();
  void *event = mgpuEventCreate();
  void *dx = mgpuMemAlloc(n * 4, nullptr, false);
  void *dy = mgpuMemAlloc(n * 4, nullptr, false);
  void *db = mgpuMemAlloc(n * 4, nullptr, false);
  void *dz = mgpuMemAlloc(n * 4, nullptr, false);
  copyIn(dx, init.data(), n * 4);
  copyIn(db, ones.data(), n * 4);
  Memref mx = view(dx, 0, n), my = view(dy, 0, n), mb = view(db, 0, n),
         mz = view(dz, 0, n);
  Params toY, toX, toZ;
  toY.memref(mx).memref(mb).memref(my).scalar(n).scalar(one);
  toX.memref(my).memref(mb).memref(mx).scalar(n).scalar(two);
  toZ.memref(mx).memref(mx).memref(mz).scalar(n).scalar(two);
  // x += 3 per pair.
  for (int i = 0; i < 1200; ++i) {
    launchAdd(kernel, toY, n, first);
    launchAdd(kernel, toX, n, first);
  }
  mgpuEventRecord(event, first);
  mgpuStreamWaitEvent(second, event);
  launchAdd(kernel, toZ, n, second); // z = 3 x
  mgpuEventSynchronize(event);
  mgpuStreamSynchronize(second);
  std::vector<float> z = copyOut<float>(dz, n);
  int wrong = 0;
  for (float value : z)
    wrong += value != 3.0f * 3601.0f;
  std::printf("streams: z[0] = %g, %d wrong\n", z[0], wrong);

  // The same kernel with an 8 KiB uniform binding: 8 dispatches fill a
  // uniform buffer, and the batch is submitted when 16 are full.
  std::string text(kernel.binary.begin(), kernel.binary.end());
  text.replace(text.find("\"size\": 8,"), 10, "\"size\": 8192,");
  void *bigModule = mgpuModuleLoad(text.data(), text.size());
  void *big = mgpuModuleGetFunction(bigModule, "add");
  for (int i = 0; i < 300; ++i) {
    for (Params *params : {&toY, &toX})
      mgpuLaunchKernel(big, (n + 63) / 64, 1, 1, 64, 1, 1, 0, first,
                       params->data(), nullptr, params->size());
  }
  mgpuStreamSynchronize(first);
  std::vector<float> x = copyOut<float>(dx, n);
  wrong = 0;
  for (float value : x)
    wrong += value != 3601.0f + 3.0f * 300;
  std::printf("streams: 8 KiB uniforms: x[0] = %g, %d wrong\n", x[0], wrong);
  mgpuModuleUnload(bigModule);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(first);
  mgpuStreamDestroy(second);
  for (void *p : {dx, dy, db, dz})
    mgpuMemFree(p, nullptr);
  return 0;
}

/// One launch of each kernel with RELAX_WEBGPU_TRACE set; then compares the
/// recorded bindings with what was passed and computed.
int runTrace(char **files) {
  const char *dir = std::getenv("RELAX_WEBGPU_TRACE");
  if (!dir) {
    std::fprintf(stderr, "RELAX_WEBGPU_TRACE is not set\n");
    return 2;
  }
  Kernel add(files[0], "add");
  Kernel negate(files[1], "negate_i8");
  int64_t n = 100;
  float alpha = 2.0f;
  void *arena = mgpuMemAlloc(2048, nullptr, false);
  std::vector<float> a(n), b(n), c(n, 7.0f);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 1.0f;
  }
  copyIn(arena, a.data(), n * 4);
  copyIn(at(arena, 512), b.data(), n * 4);
  copyIn(at(arena, 1024), c.data(), n * 4);
  Memref ma = view(arena, 0, n), mb = view(arena, 128, n),
         mc = view(arena, 256, n);
  Params addParams;
  addParams.memref(ma).memref(mb).memref(mc).scalar(n).scalar(alpha);
  launchAdd(add, addParams, n, nullptr);

  // The i8 kernel reads x read-only: y is in another allocation.
  int64_t bytes = 10;
  void *output = mgpuMemAlloc(256, nullptr, false);
  Memref mx = view(arena, 0, bytes), my = view(output, 0, bytes);
  Params negateParams;
  negateParams.memref(mx).memref(my).scalar(bytes);
  mgpuLaunchKernel(negate.function, 1, 1, 1, 32, 1, 1, 0, nullptr,
                   negateParams.data(), nullptr, negateParams.size());
  mgpuStreamSynchronize(nullptr);

  auto data = [&](const char *name) {
    return readFile(std::string(dir) + "/data/" + name, false);
  };
  auto asBytes = [](const void *p, size_t size) {
    auto *begin = static_cast<const char *>(p);
    return std::vector<char>(begin, begin + size);
  };
  std::vector<float> expected(n);
  for (int64_t i = 0; i < n; ++i)
    expected[i] = a[i] + alpha * b[i];
  std::vector<char> uniform(16, 0);
  std::memcpy(uniform.data(), &n, 4);
  std::memcpy(uniform.data() + 4, &alpha, 4);
  std::printf("trace: d0_b0.in %s\n",
              data("d0_b0.in") == asBytes(a.data(), n * 4) ? "is a" : "wrong");
  std::printf("trace: d0_b2.in %s\n",
              data("d0_b2.in") == asBytes(c.data(), n * 4) ? "is c before"
                                                           : "wrong");
  std::printf("trace: d0_b2.out %s\n",
              data("d0_b2.out") == asBytes(expected.data(), n * 4)
                  ? "is a + alpha * b"
                  : "wrong");
  std::printf("trace: d0_b3.in %s\n",
              data("d0_b3.in") == uniform ? "holds n and alpha" : "wrong");
  std::printf("trace: d1_b0.out %s\n",
              data("d1_b0.out").empty() ? "absent" : "present");
  std::vector<char> out = data("d1_b1.out");
  int wrong = out.size() != 12;
  for (int64_t i = 0; i < bytes && !wrong; ++i)
    wrong += out[i] != char(-reinterpret_cast<const char *>(a.data())[i]);
  std::printf("trace: d1_b1.out has %zu bytes, %d wrong\n", out.size(), wrong);
  mgpuMemFree(output, nullptr);
  mgpuMemFree(arena, nullptr);
  return 0;
}

/// Each misuse in turn, its message printed by the handler, and then a
/// correct launch, which still works.
int runErrors(char **files) {
  auto section = [](const char *name) {
    relaxClearError();
    std::printf("-- %s\n", name);
  };
  Kernel kernel(files[0], "add");
  int64_t n = 1000;
  float alpha = 1.0f;
  void *stream = mgpuStreamCreate();
  void *arena = mgpuMemAlloc(3 * 4096, nullptr, false);
  Memref ma = view(arena, 0, n), mb = view(arena, 1024, n),
         mc = view(arena, 2048, n);
  Params params;
  params.memref(ma).memref(mb).memref(mc).scalar(n).scalar(alpha);

  section("unknown kernel");
  void *missing = mgpuModuleGetFunction(kernel.module, "nope");
  std::printf("function: %s\n", missing ? "non-null" : "null");
  mgpuLaunchKernel(missing, 1, 1, 1, 64, 1, 1, 0, stream, params.data(),
                   nullptr, params.size());

  section("params count");
  Params fewer = params.dropLast();
  launchAdd(kernel, fewer, n, stream);

  section("block size");
  mgpuLaunchKernel(kernel.function, 8, 1, 1, 128, 1, 1, 0, stream,
                   params.data(), nullptr, params.size());

  section("grid too large");
  mgpuLaunchKernel(kernel.function, 70000, 1, 1, 64, 1, 1, 0, stream,
                   params.data(), nullptr, params.size());

  section("misaligned view");
  Memref odd = view(arena, 1028, n);
  Params misaligned;
  misaligned.memref(ma).memref(odd).memref(mc).scalar(n).scalar(alpha);
  launchAdd(kernel, misaligned, n, stream);

  section("host pointer");
  std::vector<float> host(n);
  Memref onHost = view(host.data(), 0, n);
  Params hostParams;
  hostParams.memref(ma).memref(mb).memref(onHost).scalar(n).scalar(alpha);
  launchAdd(kernel, hostParams, n, stream);

  section("view past the end");
  Memref tooLong = view(arena, 2560, n);
  Params longParams;
  longParams.memref(ma).memref(mb).memref(tooLong).scalar(n).scalar(alpha);
  launchAdd(kernel, longParams, n, stream);

  section("read and read_write views of one allocation");
  Kernel negate(files[1], "negate_i8");
  Memref mx = view(arena, 0, n), my = view(arena, 4096, n);
  Params aliased;
  aliased.memref(mx).memref(my).scalar(n);
  mgpuLaunchKernel(negate.function, 8, 1, 1, 32, 1, 1, 0, stream,
                   aliased.data(), nullptr, aliased.size());

  section("view smaller than its shader declares");
  Kernel sized(files[4], "sized");
  Memref small = view(arena, 0, 4);
  Params smallParams;
  smallParams.memref(small);
  mgpuLaunchKernel(sized.function, 1, 1, 1, 16, 1, 1, 0, stream,
                   smallParams.data(), nullptr, smallParams.size());

  section("free of an inner pointer");
  mgpuMemFree(at(arena, 16), nullptr);

  section("copy past the end");
  std::vector<char> big(64);
  mgpuMemcpy(big.data(), at(arena, 3 * 4096 - 32), 64, nullptr);

  section("host-shared memory");
  std::printf("memory: %s\n",
              mgpuMemAlloc(64, nullptr, true) ? "non-null" : "null");

  section("allocation over the limit");
  std::printf("memory: %s\n",
              mgpuMemAlloc(300ull << 20, nullptr, false) ? "non-null" : "null");

  // Malformed modules: each refused at load with what is wrong.
  auto load = [](const std::string &text) {
    void *module = mgpuModuleLoad(const_cast<char *>(text.data()), text.size());
    std::printf("module: %s\n", module ? "non-null" : "null");
    mgpuModuleUnload(module);
  };
  const std::string storage =
      R"({"binding": 0, "type": "storage", "access": "read_write", )"
      R"("element_type": "f32", "element_bytes": 4, "rank": 1})";
  auto header = [&](const std::string &bindings) {
    return R"(// relax.webgpu.kernel {"kernel": "k", "entry": "k", )"
           R"("workgroup_size": [64, 1, 1], "workgroup_bytes": 0, )"
           R"("bindings": [)" +
           bindings + "]}\n";
  };

  section("SPIR-V");
  load(std::string("\x03\x02\x23\x07\x00\x00\x01\x00", 8));

  section("no header");
  load("@compute @workgroup_size(1) fn main() {}\n");

  section("bad JSON");
  load("// relax.webgpu.kernel {\"kernel\": \"k\",\n");

  section("no entry");
  load(R"(// relax.webgpu.kernel {"kernel": "k", "workgroup_size": [1, 1, 1], )"
       R"("workgroup_bytes": 0, "bindings": []})"
       "\n");

  section("gap in the bindings");
  std::string second = storage;
  second.replace(second.find("0"), 1, "2");
  load(header(storage + ", " + second));

  section("uniform not last");
  load(header(R"({"binding": 0, "type": "uniform", "size": 4, "scalars": )"
              R"([{"offset": 0, "bytes": 4}]}, )" +
              storage.substr(0, 12) + "1" + storage.substr(13)));

  section("scalar past the uniform");
  load(header(R"({"binding": 0, "type": "uniform", "size": 4, "scalars": )"
              R"([{"offset": 2, "bytes": 4}]})"));

  section("bad access");
  std::string writeOnly = storage;
  writeOnly.replace(writeOnly.find("read_write"), 10, "write");
  load(header(writeOnly));

  // Kernels are held to WebGPU's default limits, not the adapter's.
  auto getFunction = [](const std::string &text) {
    void *module = mgpuModuleLoad(const_cast<char *>(text.data()), text.size());
    void *function = mgpuModuleGetFunction(module, "k");
    std::printf("function: %s\n", function ? "non-null" : "null");
    mgpuModuleUnload(module);
  };

  section("workgroup over the default limit");
  getFunction(R"(// relax.webgpu.kernel {"kernel": "k", "entry": "k", )"
              R"("workgroup_size": [512, 1, 1], "workgroup_bytes": 0, )"
              R"("bindings": []})"
              "\n@compute @workgroup_size(512) fn k() {}\n");

  section("storage bindings over the default limit");
  std::string bindings, declarations;
  for (int i = 0; i < 9; ++i) {
    std::string number = std::to_string(i);
    bindings +=
        (i ? ", " : "") + storage.substr(0, 12) + number + storage.substr(13);
    declarations += "@group(0) @binding(" + number +
                    ") var<storage, read_write> b" + number + ": array<f32>;\n";
  }
  getFunction(header(bindings) + declarations +
              "@compute @workgroup_size(64) fn k() {}\n");

  section("WGSL that does not compile");
  Kernel broken(files[2], "broken");
  std::printf("module: %s\n", broken.module ? "non-null" : "null");

  section("kernel of a module that failed to load");
  mgpuModuleGetFunction(broken.module, "broken");

  section("header and WGSL disagree");
  Kernel mismatch(files[3], "mismatch");
  std::printf("function: %s\n", mismatch.function ? "non-null" : "null");

  section("recovery");
  std::vector<float> ones(n, 1.0f);
  copyIn(arena, ones.data(), n * 4);
  copyIn(at(arena, 4096), ones.data(), n * 4);
  launchAdd(kernel, params, n, stream);
  mgpuStreamSynchronize(stream);
  std::vector<float> c = copyOut<float>(at(arena, 8192), n);
  std::printf("recovery: c[999] = %g, error: %s\n", c[n - 1],
              relaxGetError() ? relaxGetError() : "none");

  mgpuStreamDestroy(stream);
  mgpuMemFree(arena, nullptr);
  return 0;
}

/// RELAX_WEBGPU_LIMITS=adapter lifts the 256 MiB default maxBufferSize.
int runLimits(char **) {
  void *memory = mgpuMemAlloc(300ull << 20, nullptr, false);
  std::printf("limits: 300 MiB allocation %s\n",
              memory ? "succeeded" : "failed");
  mgpuMemFree(memory, nullptr);
  return 0;
}

/// Leaves a module, an allocation and a stream with unfinished work for after
/// main, to be released by a global destructor (as compiled code unloads its
/// modules), by an atexit handler, or never.
enum class Release { Destructor, AtExit, Never };
void *exitModule, *exitInput, *exitOutput, *exitStream;
std::vector<char> exitBinary;
bool releaseInDestructor = false;

void releaseAfterMain() {
  mgpuStreamDestroy(exitStream);
  mgpuMemFree(exitInput, nullptr);
  mgpuMemFree(exitOutput, nullptr);
  mgpuModuleUnload(exitModule);
  std::printf("exit: released\n");
}

__attribute__((destructor)) void releaseInGlobalDestructor() {
  if (releaseInDestructor)
    releaseAfterMain();
}

int runExit(char **files, Release release) {
  exitBinary = readFile(files[0]);
  exitModule = mgpuModuleLoad(exitBinary.data(), exitBinary.size());
  void *function = mgpuModuleGetFunction(exitModule, "add");
  exitStream = mgpuStreamCreate();
  exitInput = mgpuMemAlloc(64 * 4, nullptr, false);
  exitOutput = mgpuMemAlloc(64 * 4, nullptr, false);
  int64_t n = 64;
  float alpha = 1.0f;
  Memref in = view(exitInput, 0, n), out = view(exitOutput, 0, n);
  Params params;
  params.memref(in).memref(in).memref(out).scalar(n).scalar(alpha);
  // Left unsynchronized: releasing must finish it.
  mgpuLaunchKernel(function, 1, 1, 1, 64, 1, 1, 0, exitStream, params.data(),
                   nullptr, params.size());
  if (release == Release::AtExit)
    std::atexit(releaseAfterMain);
  releaseInDestructor = release == Release::Destructor;
  std::printf("exit: main returns\n");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr,
                 "usage: %s memcpy|add|negate-i8|streams|trace|errors|limits|"
                 "exit-destructor|exit-atexit|exit-leak <kernel.wgsl>...\n",
                 argv[0]);
    return 2;
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  relaxSetErrorHandler(printError, nullptr);
  std::string name = argv[1];
  char **files = argv + 2;
  int numFiles = argc - 2;
  if (name == "memcpy")
    return runMemcpy(files);
  if (name == "limits")
    return runLimits(files);
  if (name == "add" && numFiles >= 1)
    return runAdd(files);
  if (name == "negate-i8" && numFiles >= 1)
    return runNegateI8(files);
  if (name == "streams" && numFiles >= 1)
    return runStreams(files);
  if (name == "trace" && numFiles >= 2)
    return runTrace(files);
  if (name == "errors" && numFiles >= 5)
    return runErrors(files);
  if (name == "exit-destructor" && numFiles >= 1)
    return runExit(files, Release::Destructor);
  if (name == "exit-atexit" && numFiles >= 1)
    return runExit(files, Release::AtExit);
  if (name == "exit-leak" && numFiles >= 1)
    return runExit(files, Release::Never);
  std::fprintf(stderr, "unknown case or missing kernels: %s\n", argv[1]);
  return 2;
}
