//===- relax-vulkan-runtime-test.cpp - Drives librelax_vulkan_runtime -----===//
//
// Calls the mgpu* functions of librelax_vulkan_runtime the way compiled code
// does (a rank-1 memref argument as the five parameters of its descriptor, a
// scalar as one) on SPIR-V kernels that the tests assemble, checks the
// numbers, and prints what it found for FileCheck. Errors reach it through
// librelax_runtime's handler, which prints them.
//
//   relax-vulkan-runtime-test <case> <kernel.spv>...
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/GPURuntime.h"
#include "Relax/Runtime/RelaxRuntime.h"

#include "SPIRVReflection.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::vector<char> readFile(const char *path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    std::fprintf(stderr, "cannot read %s\n", path);
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
    function = mgpuModuleGetFunction(module, name);
  }
  ~Kernel() { mgpuModuleUnload(module); }
};

/// The descriptor of a memref<?xf32> argument, as compiled code passes it.
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
  /// The same parameters without the last.
  Params dropLast() const {
    Params result = *this;
    result.params.pop_back();
    return result;
  }

private:
  std::vector<void *> params;
};

Memref view(void *base, int64_t offset, int64_t size) {
  return {base, base, offset, size, 1};
}

void *allocFloats(size_t count) {
  return mgpuMemAlloc(count * sizeof(float), nullptr, false);
}

void copyIn(void *device, const std::vector<float> &host, void *stream) {
  mgpuMemcpy(device, const_cast<float *>(host.data()),
             host.size() * sizeof(float), stream);
}

std::vector<float> copyOut(void *device, size_t count, void *stream) {
  std::vector<float> host(count);
  mgpuMemcpy(host.data(), device, count * sizeof(float), stream);
  return host;
}

constexpr unsigned kMinusOne = 0xbf800000; // -1.0f

/// Launches `kernel` on a 1-D grid of 64-thread blocks over `n` elements.
void launchAdd(Kernel &kernel, Params &params, int64_t n, void *stream) {
  mgpuLaunchKernel(kernel.function, (n + 63) / 64, 1, 1, 64, 1, 1, 0, stream,
                   params.data(), nullptr, params.size());
}

//===----------------------------------------------------------------------===//
// Cases
//===----------------------------------------------------------------------===//

/// c = a + b over n = 1000 elements, each in an allocation of its own; c's
/// allocation is 1024 elements, and the bounds guard leaves the last 24.
int runAdd(char **files) {
  Kernel kernel(files[0], "add");
  int64_t n = 1000;
  std::vector<float> a(n), b(n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = 0.5f * i;
    b[i] = 1000.0f - i;
  }
  void *stream = mgpuStreamCreate();
  void *da = allocFloats(n), *db = allocFloats(n), *dc = allocFloats(1024);
  copyIn(da, a, stream);
  copyIn(db, b, stream);
  mgpuMemset32(dc, kMinusOne, 1024, stream);
  Memref ma = view(da, 0, n), mb = view(db, 0, n), mc = view(dc, 0, n);
  Params params;
  params.memref(ma).memref(mb).memref(mc).scalar(n);
  launchAdd(kernel, params, n, stream);
  mgpuStreamSynchronize(stream);
  std::vector<float> c = copyOut(dc, 1024, stream);
  int wrong = 0, guard = 0;
  for (int64_t i = 0; i < n; ++i)
    wrong += c[i] != a[i] + b[i];
  for (int64_t i = n; i < 1024; ++i)
    guard += c[i] != -1.0f;
  std::printf("add: %zu params, c[0] = %g, c[999] = %g, %d wrong, %d past n "
              "written\n",
              params.size(), c[0], c[999], wrong, guard);
  mgpuStreamDestroy(stream);
  for (void *p : {da, db, dc})
    mgpuMemFree(p, nullptr);
  return 0;
}

/// The same kernel on three views into one arena, on the default (null)
/// stream: a at element 0, b at element offset 1024 of the arena's base, c
/// through an aligned pointer 2048 elements into the arena.
int runViews(char **files) {
  Kernel kernel(files[0], "add");
  constexpr int64_t kArena = 4096;
  int64_t n = 1000;
  void *arena = allocFloats(kArena);
  mgpuMemset32(arena, kMinusOne, kArena, nullptr);
  std::vector<float> a(n), b(n);
  for (int64_t i = 0; i < n; ++i) {
    a[i] = i;
    b[i] = 2.0f * i + 1;
  }
  auto *base = static_cast<float *>(arena);
  copyIn(base, a, nullptr);
  copyIn(base + 1024, b, nullptr);
  Memref ma = view(arena, 0, n), mb = view(arena, 1024, n);
  Memref mc = {arena, base + 2048, 0, n, 1};
  Params params;
  params.memref(ma).memref(mb).memref(mc).scalar(n);
  launchAdd(kernel, params, n, nullptr);
  std::vector<float> all = copyOut(arena, kArena, nullptr);
  int wrong = 0, outside = 0;
  for (int64_t i = 0; i < n; ++i)
    wrong += all[2048 + i] != 3.0f * i + 1;
  for (int64_t i = 2048 + n; i < kArena; ++i)
    outside += all[i] != -1.0f;
  for (int64_t i = n; i < 1024; ++i)
    outside += all[i] != -1.0f;
  std::printf("views: c[0] = %g, c[999] = %g, %d wrong, %d written outside "
              "the views\n",
              all[2048], all[2048 + n - 1], wrong, outside);
  mgpuMemFree(arena, nullptr);
  return 0;
}

/// out = in * s + row on a 100x70 matrix, a grid of 9x13 blocks of 8x8, with
/// index and f32 scalar arguments.
int runGrid2D(char **files) {
  Kernel kernel(files[0], "scale2d");
  int64_t rows = 100, cols = 70;
  float s = 2.5f;
  std::vector<float> in(rows * cols);
  for (size_t i = 0; i < in.size(); ++i)
    in[i] = static_cast<float>(i % 17);
  void *stream = mgpuStreamCreate();
  void *din = allocFloats(in.size()), *dout = allocFloats(in.size());
  copyIn(din, in, stream);
  mgpuMemset32(dout, kMinusOne, in.size(), stream);
  Memref mi = view(din, 0, in.size()), mo = view(dout, 0, in.size());
  Params params;
  params.memref(mi).memref(mo).scalar(rows).scalar(cols).scalar(s);
  mgpuLaunchKernel(kernel.function, (cols + 7) / 8, (rows + 7) / 8, 1, 8, 8, 1,
                   0, stream, params.data(), nullptr, params.size());
  mgpuStreamSynchronize(stream);
  std::vector<float> out = copyOut(dout, in.size(), stream);
  int wrong = 0;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      wrong += out[r * cols + c] != in[r * cols + c] * s + r;
  std::printf("grid2d: %zu params, grid %ldx%ldx1, out[99][69] = %g, %d "
              "wrong\n",
              params.size(), long((cols + 7) / 8), long((rows + 7) / 8),
              out[rows * cols - 1], wrong);
  mgpuStreamDestroy(stream);
  mgpuMemFree(din, nullptr);
  mgpuMemFree(dout, nullptr);
  return 0;
}

/// c = a + b on one stream, then, after an event, d = c + b on another.
int runStreams(char **files) {
  Kernel kernel(files[0], "add");
  int64_t n = 300;
  std::vector<float> a(n, 1.0f), b(n, 2.0f);
  void *first = mgpuStreamCreate(), *second = mgpuStreamCreate();
  void *event = mgpuEventCreate();
  void *da = allocFloats(n), *db = allocFloats(n), *dc = allocFloats(n),
       *dd = allocFloats(n);
  copyIn(da, a, first);
  copyIn(db, b, first);
  Memref ma = view(da, 0, n), mb = view(db, 0, n), mc = view(dc, 0, n),
         md = view(dd, 0, n);
  Params p1, p2;
  p1.memref(ma).memref(mb).memref(mc).scalar(n);
  p2.memref(mc).memref(mb).memref(md).scalar(n);
  // More launches than one batch holds (256 descriptor sets) before
  // anything waits.
  for (int i = 0; i < 600; ++i)
    launchAdd(kernel, p1, n, first);
  mgpuEventRecord(event, first);
  mgpuStreamWaitEvent(second, event);
  launchAdd(kernel, p2, n, second);
  mgpuEventSynchronize(event);
  mgpuStreamSynchronize(second);
  std::vector<float> d = copyOut(dd, n, second);
  int wrong = 0;
  for (float x : d)
    wrong += x != 5.0f;
  std::printf("streams: d[0] = %g, %d wrong\n", d[0], wrong);
  mgpuEventDestroy(event);
  mgpuStreamDestroy(first);
  mgpuStreamDestroy(second);
  for (void *p : {da, db, dc, dd})
    mgpuMemFree(p, nullptr);
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
  void *stream = mgpuStreamCreate();
  void *da = allocFloats(1024), *db = allocFloats(1024),
       *dc = allocFloats(1024);
  Memref ma = view(da, 0, n), mb = view(db, 0, n), mc = view(dc, 0, n);
  Params params;
  params.memref(ma).memref(mb).memref(mc).scalar(n);

  section("unknown kernel");
  void *missing = mgpuModuleGetFunction(kernel.module, "nope");
  std::printf("function: %s\n", missing ? "non-null" : "null");
  mgpuLaunchKernel(missing, 1, 1, 1, 64, 1, 1, 0, stream, params.data(),
                   nullptr, params.size());

  section("params count");
  Params short_ = params.dropLast();
  launchAdd(kernel, short_, n, stream);

  section("block size");
  mgpuLaunchKernel(kernel.function, 8, 1, 1, 128, 1, 1, 0, stream,
                   params.data(), nullptr, params.size());

  section("grid too large");
  mgpuLaunchKernel(kernel.function, 70000, 1, 1, 64, 1, 1, 0, stream,
                   params.data(), nullptr, params.size());

  section("misaligned view");
  Memref odd = view(db, 1, n);
  Params misaligned;
  misaligned.memref(ma).memref(odd).memref(mc).scalar(n);
  launchAdd(kernel, misaligned, n, stream);

  section("host pointer");
  std::vector<float> host(n);
  Memref onHost = view(host.data(), 0, n);
  Params hostParams;
  hostParams.memref(ma).memref(mb).memref(onHost).scalar(n);
  launchAdd(kernel, hostParams, n, stream);

  section("view past the end");
  Memref tooLong = view(dc, 512, 1000);
  Params longParams;
  longParams.memref(ma).memref(mb).memref(tooLong).scalar(n);
  launchAdd(kernel, longParams, n, stream);

  section("free of an inner pointer");
  mgpuMemFree(static_cast<float *>(da) + 4, nullptr);

  section("not SPIR-V");
  std::vector<char> text(64, 'x');
  std::printf("module: %s\n",
              mgpuModuleLoad(text.data(), text.size()) ? "non-null" : "null");

  section("two entry points");
  Kernel two(files[1], "first");
  std::printf("module: %s\n", two.module ? "non-null" : "null");

  section("kernel of a module that failed to load");
  mgpuModuleGetFunction(two.module, "first");

  section("descriptor set 1");
  Kernel set1(files[2], "set1");
  std::printf("module: %s\n", set1.module ? "non-null" : "null");

  section("recovery");
  std::vector<float> ones(1024, 1.0f);
  copyIn(da, ones, stream);
  copyIn(db, ones, stream);
  launchAdd(kernel, params, n, stream);
  mgpuStreamSynchronize(stream);
  std::vector<float> c = copyOut(dc, n, stream);
  std::printf("recovery: c[999] = %g, error: %s\n", c[n - 1],
              relaxGetError() ? relaxGetError() : "none");

  mgpuStreamDestroy(stream);
  for (void *p : {da, db, dc})
    mgpuMemFree(p, nullptr);
  return 0;
}

/// Leaves a module, an allocation and a stream with unfinished work for after
/// main, to be released by a global destructor (as compiled code unloads its
/// modules), by an atexit handler, or never.
enum class Release { Destructor, AtExit, Never };
void *exitModule, *exitMemory, *exitStream;
std::vector<char> exitBinary;
bool releaseInDestructor = false;

void releaseAfterMain() {
  mgpuStreamDestroy(exitStream);
  mgpuMemFree(exitMemory, nullptr);
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
  exitMemory = allocFloats(64);
  int64_t n = 64;
  Memref m = view(exitMemory, 0, n);
  Params params;
  params.memref(m).memref(m).memref(m).scalar(n);
  // Left unsynchronized: unloading must finish it.
  mgpuLaunchKernel(function, 1, 1, 1, 64, 1, 1, 0, exitStream, params.data(),
                   nullptr, params.size());
  if (release == Release::AtExit)
    std::atexit(releaseAfterMain);
  releaseInDestructor = release == Release::Destructor;
  std::printf("exit: main returns\n");
  return 0;
}

/// Prints the interface the runtime reads from a module.
int runReflect(char **files) {
  for (; *files; ++files) {
    std::vector<char> binary = readFile(*files);
    relax::gpu::SPIRVKernelInterface interface;
    std::string error;
    if (!relax::gpu::reflectSPIRV(binary.data(), binary.size(), interface,
                                  error)) {
      std::printf("reflect error: %s\n", error.c_str());
      continue;
    }
    const uint32_t *size = interface.localSize;
    std::printf("entry point '%s', local size %ux%ux%u, %zu params\n",
                interface.entryPoint.c_str(), size[0], size[1], size[2],
                interface.numParams());
    for (size_t i = 0; i < interface.bindings.size(); ++i) {
      const relax::gpu::SPIRVBinding &b = interface.bindings[i];
      if (b.kind == relax::gpu::SPIRVBinding::Kind::Buffer)
        std::printf("  binding %zu: buffer of %u-byte elements\n", i, b.bytes);
      else
        for (const relax::gpu::SPIRVScalar &scalar : b.scalars)
          std::printf("  binding %zu: %s scalar of %u bytes at %u\n", i,
                      scalar.isFloat ? "float" : "integer", scalar.bytes,
                      scalar.offset);
    }
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: %s add|views|grid2d|streams|errors|"
                 "exit-destructor|exit-atexit|exit-leak|reflect "
                 "<kernel.spv>...\n",
                 argv[0]);
    return 2;
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  relaxSetErrorHandler(printError, nullptr);
  std::string name = argv[1];
  char **files = argv + 2;
  if (name == "add")
    return runAdd(files);
  if (name == "views")
    return runViews(files);
  if (name == "grid2d")
    return runGrid2D(files);
  if (name == "streams")
    return runStreams(files);
  if (name == "errors" && argc >= 5)
    return runErrors(files);
  if (name == "exit-destructor")
    return runExit(files, Release::Destructor);
  if (name == "exit-atexit")
    return runExit(files, Release::AtExit);
  if (name == "exit-leak")
    return runExit(files, Release::Never);
  if (name == "reflect")
    return runReflect(files);
  std::fprintf(stderr, "unknown case or missing kernels: %s\n", argv[1]);
  return 2;
}
