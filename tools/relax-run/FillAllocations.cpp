//===- FillAllocations.cpp - Buffers that start with a known byte ---------===//

#include "FillAllocations.h"

#include "llvm/Support/DynamicLibrary.h"

#include <cstdlib>
#include <cstring>

using namespace relax_run;

namespace {
uint8_t fillByte = 0;

using GPUAlloc = void *(*)(uint64_t, void *, bool);
using GPUMemset32 = void (*)(void *, unsigned, size_t, void *);
GPUAlloc gpuAlloc = nullptr;
GPUMemset32 gpuMemset32 = nullptr;

void *fillingMalloc(size_t bytes) {
  void *pointer = std::malloc(bytes);
  if (pointer)
    std::memset(pointer, fillByte, bytes);
  return pointer;
}

void *fillingAlignedAlloc(size_t alignment, size_t bytes) {
  void *pointer = std::aligned_alloc(alignment, bytes);
  if (pointer)
    std::memset(pointer, fillByte, bytes);
  return pointer;
}

/// Device memory is filled in 32-bit words, so the allocation is rounded up
/// to whole words; the program only sees its own bytes of it.
void *fillingGPUAlloc(uint64_t bytes, void *stream, bool hostShared) {
  uint64_t words = bytes / 4 + (bytes % 4 != 0);
  void *pointer = gpuAlloc(words * 4, stream, hostShared);
  if (pointer && words) {
    unsigned word = fillByte * 0x01010101u;
    gpuMemset32(pointer, word, words, stream);
  }
  return pointer;
}

template <typename F>
void add(llvm::orc::SymbolMap &symbols, llvm::orc::MangleAndInterner &interner,
         const char *name, F *function) {
  symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                             llvm::JITSymbolFlags::Exported};
}
} // namespace

bool relax_run::addFillingAllocators(llvm::orc::SymbolMap &symbols,
                                     llvm::orc::MangleAndInterner &interner,
                                     uint8_t byte, bool gpu,
                                     std::string &error) {
  fillByte = byte;
  add(symbols, interner, "malloc", &fillingMalloc);
  add(symbols, interner, "aligned_alloc", &fillingAlignedAlloc);
  if (!gpu)
    return true;
  gpuAlloc = reinterpret_cast<GPUAlloc>(
      llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("mgpuMemAlloc"));
  gpuMemset32 = reinterpret_cast<GPUMemset32>(
      llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("mgpuMemset32"));
  if (!gpuAlloc || !gpuMemset32) {
    error = "--fill-allocations: the GPU runtime has no mgpuMemAlloc or "
            "mgpuMemset32";
    return false;
  }
  add(symbols, interner, "mgpuMemAlloc", &fillingGPUAlloc);
  return true;
}
