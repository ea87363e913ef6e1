//===- RankBlocks.h - Each rank's block of a split array -------*- C++ -*-===//
//
// How the runtimes cut a split parameter (`relax.split_axes`,
// `relax.split_segments`; --relax-tensor-parallel) out of its full value:
// along the split dim, each segment (the whole dim when there are none) is
// cut into one block per rank, and rank `r` holds block `r` of every
// segment, in order. Header-only, for relax-run and librelax_runtime.
//
//===----------------------------------------------------------------------===//

#ifndef RELAX_RUNTIME_RANKBLOCKS_H
#define RELAX_RUNTIME_RANKBLOCKS_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace relax::runtime {

/// The shape of rank `rank`'s block of an array of `shape` split along
/// `axis` in `segments` (global sizes; empty: one, the whole dim) over
/// `numRanks` ranks; empty with `error` set when the dim does not divide.
inline std::vector<int64_t> getRankBlockShape(
    const std::vector<int64_t> &shape, int64_t axis,
    const std::vector<int64_t> &segments, int64_t numRanks,
    std::string &error) {
  if (axis < 0 || axis >= static_cast<int64_t>(shape.size())) {
    error = "has rank " + std::to_string(shape.size()) + ", but dim " +
            std::to_string(axis) + " is split";
    return {};
  }
  std::vector<int64_t> parts = segments;
  if (parts.empty())
    parts.push_back(shape[axis]);
  int64_t total = 0, local = 0;
  for (int64_t part : parts) {
    if (part % numRanks) {
      error = "dim " + std::to_string(axis) + " (" + std::to_string(part) +
              ") is not a multiple of the " + std::to_string(numRanks) +
              " ranks";
      return {};
    }
    total += part;
    local += part / numRanks;
  }
  if (total != shape[axis]) {
    error = "dim " + std::to_string(axis) + " is " +
            std::to_string(shape[axis]) + " but its segments sum to " +
            std::to_string(total);
    return {};
  }
  std::vector<int64_t> block = shape;
  block[axis] = local;
  return block;
}

/// Copies rank `rank`'s block of the row-major array `from` (of `shape`,
/// elements of `elementSize` bytes) into `to`, which has room for the
/// block of getRankBlockShape.
inline void copyRankBlock(const void *from, const std::vector<int64_t> &shape,
                          size_t elementSize, int64_t axis,
                          const std::vector<int64_t> &segments,
                          int64_t numRanks, int64_t rank, void *to) {
  std::vector<int64_t> parts = segments;
  if (parts.empty())
    parts.push_back(shape[axis]);
  // [outer, size, inner] to [outer, local, inner], segment by segment.
  int64_t outer = 1, inner = static_cast<int64_t>(elementSize);
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  const char *source = static_cast<const char *>(from);
  char *target = static_cast<char *>(to);
  for (int64_t o = 0; o < outer; ++o) {
    int64_t start = 0;
    for (int64_t part : parts) {
      int64_t block = part / numRanks;
      if (block)
        std::memcpy(target,
                    source + (o * shape[axis] + start + rank * block) * inner,
                    block * inner);
      target += block * inner;
      start += part;
    }
  }
}

} // namespace relax::runtime

#endif // RELAX_RUNTIME_RANKBLOCKS_H
