/*===- RelaxKVCache.h - A paged KV cache for compiled models -------*- C -*-===*\
|*                                                                            *|
|* The host side of a paged KV cache: one pool of pages that every sequence  *|
|* of a model draws from. The pool is a tensor `[layers, pages, 2, kv_heads, *|
|* page_size, head_dim]` (keys at [., ., 0], values at [., ., 1]) that the   *|
|* model's functions take as an input and write in place                     *|
|* (`relax.paged_kv_append`, `relax.paged_attention`); this API keeps, per   *|
|* sequence, its length and its pages, and builds the small tables one step  *|
|* of the model reads.                                                       *|
|*                                                                            *|
|* A step: relaxKVCacheBeginStep(sequences, append lengths) extends each     *|
|* sequence (taking pages from the free list) and builds, for the `tokens`   *|
|* new tokens of all of them in order, the tensors of RelaxKVCacheStep;      *|
|* the model's call then writes the tokens' keys and values into their       *|
|* slots. Forked sequences share their common pages; a page that two         *|
|* sequences share is copied before either writes into it. Nothing is ever   *|
|* copied per step beyond that.                                              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef RELAX_RUNTIME_RELAXKVCACHE_H
#define RELAX_RUNTIME_RELAXKVCACHE_H

#include "Relax/Runtime/RelaxModule.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct RelaxKVCache RelaxKVCache;

/// The tensors of one step, owned by the cache and valid until the next
/// relaxKVCacheBeginStep. Index tensors are int32.
typedef struct RelaxKVCacheStep {
  /// The pool, `[layers, pages, 2, kv_heads, page_size, head_dim]`.
  DLTensor pages;
  /// `[sequences, max_pages]`: each sequence's pages in order, then 0.
  DLTensor pageTable;
  /// `[tokens]`: the row of pageTable each new token belongs to.
  DLTensor qSeq;
  /// `[tokens]`: each new token's position in its sequence.
  DLTensor qPos;
  /// `[tokens]`: each new token's slot, `page * page_size + offset`.
  DLTensor slots;
  /// `[sequences]`: the index among the tokens of each sequence's last
  /// new token (whose logits a model returns).
  DLTensor lastTokens;
} RelaxKVCacheStep;

/// Creates a cache of `numPages` pages of `pageSize` tokens, zeroed.
RelaxStatus relaxKVCacheCreate(int64_t numLayers, int64_t numKVHeads,
                               int64_t headDim, int64_t pageSize,
                               int64_t numPages, DLDataType dtype,
                               RelaxKVCache **cache);
/// relaxKVCacheCreate for the functions of `module`: the pool is where they
/// read it, in device memory for a library compiled for a GPU (the step's
/// `pages` then has the library's DLPack device type, and a call copies
/// only the step's tables), in host memory otherwise. The cache may
/// outlive the module.
RelaxStatus relaxModuleCreateKVCache(RelaxModule *module, int64_t numLayers,
                                     int64_t numKVHeads, int64_t headDim,
                                     int64_t pageSize, int64_t numPages,
                                     DLDataType dtype, RelaxKVCache **cache);
void relaxKVCacheFree(RelaxKVCache *cache);

/// Adds an empty sequence `seqId` (any id not in use).
RelaxStatus relaxKVCacheAddSequence(RelaxKVCache *cache, int64_t seqId);
/// Removes a sequence; its pages return to the free list unless another
/// sequence shares them.
RelaxStatus relaxKVCacheRemoveSequence(RelaxKVCache *cache, int64_t seqId);
/// Adds `childId` as a copy of the first `forkPos` tokens of `parentId`
/// (all of them for -1), sharing its pages.
RelaxStatus relaxKVCacheForkSequence(RelaxKVCache *cache, int64_t parentId,
                                     int64_t childId, int64_t forkPos);
/// Drops the last `n` tokens of a sequence.
RelaxStatus relaxKVCachePopN(RelaxKVCache *cache, int64_t seqId, int64_t n);
RelaxStatus relaxKVCacheGetLength(const RelaxKVCache *cache, int64_t seqId,
                                  int64_t *length);
/// Pages no sequence holds.
int64_t relaxKVCacheGetNumFreePages(const RelaxKVCache *cache);

/// Extends the `numSeqs` distinct sequences `seqIds` by `appendLengths`
/// tokens each (at least 1) and builds the step's tensors. Fails, changing nothing, with
/// RELAX_ERROR_CAPACITY when the free pages do not suffice.
RelaxStatus relaxKVCacheBeginStep(RelaxKVCache *cache, const int64_t *seqIds,
                                  const int64_t *appendLengths, int numSeqs,
                                  RelaxKVCacheStep *step);

#ifdef __cplusplus
}
#endif

#endif // RELAX_RUNTIME_RELAXKVCACHE_H
