//===- KVCache.cpp - A paged KV cache for compiled models -----------------===//
//
// Pages are reference-counted: a fork shares its parent's pages, and a
// sequence about to write into a page that another sequence also holds
// gets a copy of it first (every layer's keys and values). Full pages are
// never written again, so sharing costs nothing until a sequence writes
// into a partial shared page.
//
//===----------------------------------------------------------------------===//

#include "Relax/Runtime/RelaxKVCache.h"
#include "Relax/Runtime/DeviceMemory.h"

#include "DataType.h"
#include "KVCacheOnDevice.h"
#include "Status.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <vector>

#define RELAX_RUNTIME_EXPORT __attribute__((visibility("default")))

using namespace relax::runtime;
using relax_runtime::DeviceMemory;

namespace {
struct Sequence {
  int64_t length = 0;
  std::vector<int32_t> pages;
};

/// An int32 tensor the cache owns.
struct IndexTensor {
  std::vector<int32_t> data;
  std::vector<int64_t> shape;

  DLTensor view() {
    DLTensor tensor;
    tensor.data = data.empty() ? nullptr : data.data();
    tensor.device = DLDevice{kDLCPU, 0};
    tensor.ndim = static_cast<int>(shape.size());
    tensor.dtype = makeDType(kDLInt, 32);
    tensor.shape = shape.data();
    tensor.strides = nullptr;
    tensor.byte_offset = 0;
    return tensor;
  }
};
} // namespace

struct RelaxKVCache {
  int64_t numLayers, numKVHeads, headDim, pageSize, numPages;
  DLDataType dtype;
  uint64_t elementSize;
  void *pool = nullptr;
  /// Where the pool is: the host's memory, or the memory of a GPU library's
  /// device (`device` is then its module's, shared).
  std::shared_ptr<DeviceMemory> device;
  DLDeviceType deviceType = kDLCPU;
  std::vector<int64_t> poolShape;
  std::vector<int32_t> refCounts;
  std::vector<int32_t> freePages;
  std::map<int64_t, Sequence> sequences;
  IndexTensor pageTable, qSeq, qPos, slots, lastTokens;

  ~RelaxKVCache() {
    if (device && pool)
      device->free(pool);
    else
      std::free(pool);
  }

  /// Bytes of one (layer, page) block: keys and values of every kv head.
  uint64_t getPageBytes() const {
    return 2 * numKVHeads * pageSize * headDim * elementSize;
  }

  int32_t takePage() {
    int32_t page = freePages.back();
    freePages.pop_back();
    refCounts[page] = 1;
    return page;
  }

  void releasePage(int32_t page) {
    if (--refCounts[page] == 0)
      freePages.push_back(page);
  }

  /// Copies page `from` into `to` in every layer; false when the device's
  /// copy failed.
  bool copyPage(int32_t from, int32_t to) {
    uint64_t bytes = getPageBytes();
    auto *base = static_cast<char *>(pool);
    for (int64_t layer = 0; layer < numLayers; ++layer) {
      char *layerBase = base + layer * numPages * bytes;
      if (!device)
        std::memcpy(layerBase + to * bytes, layerBase + from * bytes, bytes);
      else if (!device->copy(layerBase + to * bytes, layerBase + from * bytes,
                             bytes))
        return false;
    }
    return true;
  }

  /// The pages extending `sequence` by `append` tokens takes: new pages,
  /// plus a copy of its last page when that page is shared and gets
  /// written.
  int64_t countPagesNeeded(const Sequence &sequence, int64_t append) const {
    int64_t have = static_cast<int64_t>(sequence.pages.size());
    int64_t need = (sequence.length + append + pageSize - 1) / pageSize;
    int64_t copies =
        sequence.length % pageSize != 0 && refCounts[sequence.pages.back()] > 1;
    return need - have + copies;
  }
};

static RelaxStatus noSequence(int64_t seqId) {
  return fail(RELAX_ERROR_INVALID_ARGUMENT,
              "the KV cache has no sequence " + std::to_string(seqId));
}

RelaxStatus relax::runtime::createKVCache(
    int64_t numLayers, int64_t numKVHeads, int64_t headDim, int64_t pageSize,
    int64_t numPages, DLDataType dtype, std::shared_ptr<DeviceMemory> device,
    DLDeviceType deviceType, RelaxKVCache **cache) {
  if (!cache)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "relaxKVCacheCreate: null cache");
  std::optional<uint64_t> elementSize = getElementSize(dtype);
  if (numLayers <= 0 || numKVHeads <= 0 || headDim <= 0 || pageSize <= 0 ||
      numPages <= 0 || numPages > INT32_MAX / pageSize || !elementSize ||
      dtype.code != kDLFloat)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxKVCacheCreate: layers, kv heads, head dim, page size "
                "and pages must be positive (fewer than 2^31 slots), and the "
                "dtype a float type");
  auto made = std::make_unique<RelaxKVCache>();
  made->numLayers = numLayers;
  made->numKVHeads = numKVHeads;
  made->headDim = headDim;
  made->pageSize = pageSize;
  made->numPages = numPages;
  made->dtype = dtype;
  made->elementSize = *elementSize;
  uint64_t pageBytes = made->getPageBytes();
  if (pageBytes / (2 * *elementSize) / numKVHeads / pageSize !=
          static_cast<uint64_t>(headDim) ||
      static_cast<uint64_t>(numPages) * numLayers > UINT64_MAX / 2 / pageBytes)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxKVCacheCreate: the cache's size overflows");
  std::string size = std::to_string(numPages * numLayers * pageBytes);
  if (!device) {
    made->pool = std::calloc(numPages * numLayers, pageBytes);
    if (!made->pool)
      return fail(RELAX_ERROR_OUT_OF_MEMORY,
                  "out of memory for a KV cache of " + size + " bytes");
  } else {
    // Zeroed a layer at a time, from one zeroed layer on the host.
    relaxClearError();
    made->pool = device->allocate(numPages * numLayers * pageBytes);
    if (!made->pool) {
      const char *error = relaxGetError();
      std::string why = error ? error : "no memory";
      relaxClearError();
      return fail(RELAX_ERROR_DEVICE, "cannot allocate a KV cache of " + size +
                                          " bytes on the device: " + why);
    }
    made->device = device;
    made->deviceType = deviceType;
    std::unique_ptr<void, void (*)(void *)> zeros(
        std::calloc(numPages, pageBytes), std::free);
    if (!zeros)
      return fail(RELAX_ERROR_OUT_OF_MEMORY,
                  "out of memory for zeroing a KV cache layer");
    for (int64_t layer = 0; layer < numLayers; ++layer)
      if (!device->copy(static_cast<char *>(made->pool) +
                            layer * numPages * pageBytes,
                        zeros.get(), numPages * pageBytes)) {
        relaxClearError();
        return fail(RELAX_ERROR_DEVICE, "cannot zero the KV cache");
      }
  }
  made->poolShape = {numLayers, numPages, 2, numKVHeads, pageSize, headDim};
  made->refCounts.assign(numPages, 0);
  // Pages are taken from the back: lowest first.
  for (int64_t page = numPages; page-- > 0;)
    made->freePages.push_back(static_cast<int32_t>(page));
  *cache = made.release();
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxKVCacheCreate(
    int64_t numLayers, int64_t numKVHeads, int64_t headDim, int64_t pageSize,
    int64_t numPages, DLDataType dtype, RelaxKVCache **cache) {
  return createKVCache(numLayers, numKVHeads, headDim, pageSize, numPages,
                       dtype, /*device=*/nullptr, kDLCPU, cache);
}

extern "C" RELAX_RUNTIME_EXPORT void relaxKVCacheFree(RelaxKVCache *cache) {
  delete cache;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus
relaxKVCacheAddSequence(RelaxKVCache *cache, int64_t seqId) {
  if (!cache)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "null KV cache");
  if (!cache->sequences.emplace(seqId, Sequence()).second)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "the KV cache has a sequence " +
                                                  std::to_string(seqId) +
                                                  " already");
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus
relaxKVCacheRemoveSequence(RelaxKVCache *cache, int64_t seqId) {
  if (!cache)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "null KV cache");
  auto it = cache->sequences.find(seqId);
  if (it == cache->sequences.end())
    return noSequence(seqId);
  for (int32_t page : it->second.pages)
    cache->releasePage(page);
  cache->sequences.erase(it);
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxKVCacheForkSequence(
    RelaxKVCache *cache, int64_t parentId, int64_t childId, int64_t forkPos) {
  if (!cache)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "null KV cache");
  auto parent = cache->sequences.find(parentId);
  if (parent == cache->sequences.end())
    return noSequence(parentId);
  if (cache->sequences.count(childId))
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "the KV cache has a sequence " +
                                                  std::to_string(childId) +
                                                  " already");
  int64_t length = parent->second.length;
  if (forkPos < -1 || forkPos > length)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "fork position " + std::to_string(forkPos) +
                    " is outside sequence " + std::to_string(parentId) +
                    " of length " + std::to_string(length));
  Sequence child;
  child.length = forkPos < 0 ? length : forkPos;
  int64_t pages = (child.length + cache->pageSize - 1) / cache->pageSize;
  child.pages.assign(parent->second.pages.begin(),
                     parent->second.pages.begin() + pages);
  for (int32_t page : child.pages)
    ++cache->refCounts[page];
  cache->sequences.emplace(childId, std::move(child));
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus
relaxKVCachePopN(RelaxKVCache *cache, int64_t seqId, int64_t n) {
  if (!cache)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "null KV cache");
  auto it = cache->sequences.find(seqId);
  if (it == cache->sequences.end())
    return noSequence(seqId);
  Sequence &sequence = it->second;
  if (n < 0 || n > sequence.length)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "cannot pop " + std::to_string(n) + " tokens of sequence " +
                    std::to_string(seqId) + " of length " +
                    std::to_string(sequence.length));
  sequence.length -= n;
  size_t keep = (sequence.length + cache->pageSize - 1) / cache->pageSize;
  while (sequence.pages.size() > keep) {
    cache->releasePage(sequence.pages.back());
    sequence.pages.pop_back();
  }
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxKVCacheGetLength(
    const RelaxKVCache *cache, int64_t seqId, int64_t *length) {
  if (!cache || !length)
    return fail(RELAX_ERROR_INVALID_ARGUMENT, "null KV cache or length");
  auto it = cache->sequences.find(seqId);
  if (it == cache->sequences.end())
    return noSequence(seqId);
  *length = it->second.length;
  return RELAX_OK;
}

extern "C" RELAX_RUNTIME_EXPORT int64_t
relaxKVCacheGetNumFreePages(const RelaxKVCache *cache) {
  return cache ? static_cast<int64_t>(cache->freePages.size()) : 0;
}

extern "C" RELAX_RUNTIME_EXPORT RelaxStatus relaxKVCacheBeginStep(
    RelaxKVCache *cache, const int64_t *seqIds, const int64_t *appendLengths,
    int numSeqs, RelaxKVCacheStep *step) {
  if (!cache || !step || numSeqs <= 0 || !seqIds || !appendLengths)
    return fail(RELAX_ERROR_INVALID_ARGUMENT,
                "relaxKVCacheBeginStep: null argument or no sequences");
  // Everything is checked before anything changes.
  std::vector<Sequence *> sequences;
  std::set<int64_t> seen;
  int64_t tokens = 0, pagesNeeded = 0;
  for (int i = 0; i < numSeqs; ++i) {
    auto it = cache->sequences.find(seqIds[i]);
    if (it == cache->sequences.end())
      return noSequence(seqIds[i]);
    if (!seen.insert(seqIds[i]).second)
      return fail(RELAX_ERROR_INVALID_ARGUMENT,
                  "sequence " + std::to_string(seqIds[i]) +
                      " appears twice in one step");
    if (appendLengths[i] <= 0 || appendLengths[i] > INT32_MAX - tokens)
      return fail(RELAX_ERROR_INVALID_ARGUMENT,
                  "bad append length " + std::to_string(appendLengths[i]) +
                      " for sequence " + std::to_string(seqIds[i]));
    sequences.push_back(&it->second);
    tokens += appendLengths[i];
    pagesNeeded += cache->countPagesNeeded(it->second, appendLengths[i]);
  }
  if (pagesNeeded > static_cast<int64_t>(cache->freePages.size()))
    return fail(RELAX_ERROR_CAPACITY,
                "the KV cache is full: the step needs " +
                    std::to_string(pagesNeeded) + " pages of " +
                    std::to_string(cache->pageSize) + " tokens, " +
                    std::to_string(cache->freePages.size()) + " of " +
                    std::to_string(cache->numPages) + " are free");

  size_t maxPages = 1;
  for (int i = 0; i < numSeqs; ++i) {
    Sequence &sequence = *sequences[i];
    int64_t append = appendLengths[i];
    // A shared partial last page is copied before it is written.
    if (sequence.length % cache->pageSize != 0) {
      int32_t &last = sequence.pages.back();
      if (cache->refCounts[last] > 1) {
        int32_t copy = cache->takePage();
        if (!cache->copyPage(last, copy)) {
          std::string why = relaxGetError() ? relaxGetError() : "failed";
          relaxClearError();
          return fail(RELAX_ERROR_DEVICE,
                      "copying a shared page on the device: " + why);
        }
        cache->releasePage(last);
        last = copy;
      }
    }
    int64_t need =
        (sequence.length + append + cache->pageSize - 1) / cache->pageSize;
    while (static_cast<int64_t>(sequence.pages.size()) < need)
      sequence.pages.push_back(cache->takePage());
    maxPages = std::max(maxPages, sequence.pages.size());
  }

  cache->pageTable.shape = {numSeqs, static_cast<int64_t>(maxPages)};
  cache->pageTable.data.assign(numSeqs * maxPages, 0);
  cache->qSeq.shape = cache->qPos.shape = cache->slots.shape = {tokens};
  cache->qSeq.data.clear();
  cache->qPos.data.clear();
  cache->slots.data.clear();
  cache->lastTokens.shape = {numSeqs};
  cache->lastTokens.data.clear();
  for (int i = 0; i < numSeqs; ++i) {
    Sequence &sequence = *sequences[i];
    std::copy(sequence.pages.begin(), sequence.pages.end(),
              cache->pageTable.data.begin() + i * maxPages);
    for (int64_t j = 0; j < appendLengths[i]; ++j) {
      int64_t position = sequence.length + j;
      cache->qSeq.data.push_back(i);
      cache->qPos.data.push_back(static_cast<int32_t>(position));
      cache->slots.data.push_back(static_cast<int32_t>(
          sequence.pages[position / cache->pageSize] * cache->pageSize +
          position % cache->pageSize));
    }
    cache->lastTokens.data.push_back(
        static_cast<int32_t>(cache->qSeq.data.size()) - 1);
    sequence.length += appendLengths[i];
  }

  DLTensor &pages = step->pages;
  pages.data = cache->pool;
  pages.device = DLDevice{cache->deviceType, 0};
  pages.ndim = 6;
  pages.dtype = cache->dtype;
  pages.shape = cache->poolShape.data();
  pages.strides = nullptr;
  pages.byte_offset = 0;
  step->pageTable = cache->pageTable.view();
  step->qSeq = cache->qSeq.view();
  step->qPos = cache->qPos.view();
  step->slots = cache->slots.view();
  step->lastTokens = cache->lastTokens.view();
  return RELAX_OK;
}
