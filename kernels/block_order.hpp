// How a kernel reads blockIdx: the usual cartesian order, or the whitepaper's diagonal order,
// which walks tiles along diagonals so that concurrently running blocks spread their reads and
// writes over all memory partitions (the paper's cure for partition camping on 8-/10-series
// GPUs). Plain C++ so host tests can check that every mapping is a bijection on tiles.
#pragma once

#include "harness/core/hd.hpp"

namespace tb {

struct CartesianOrder {
  TB_HD static void map(unsigned bx, unsigned by, unsigned /*gx*/, unsigned /*gy*/, bool /*square*/,
                        unsigned& tile_x, unsigned& tile_y) {
    tile_x = bx;
    tile_y = by;
  }
};

// blockIdx.y picks a diagonal slice, blockIdx.x the position along it. `square` is the paper's
// `width == height` test; the general branch is the paper's mapping for non-square matrices,
// which is a bijection for every grid shape: bid / gy ranges over [0, gx) and, for a fixed
// tile_y = bid % gy, (bid / gy + tile_y) % gx is a rotation of that range.
struct DiagonalOrder {
  TB_HD static void map(unsigned bx, unsigned by, unsigned gx, unsigned gy, bool square,
                        unsigned& tile_x, unsigned& tile_y) {
    if (square) {
      tile_y = bx;
      tile_x = (bx + by) % gx;
    } else {
      const unsigned bid = bx + gx * by;
      tile_y = bid % gy;
      tile_x = (bid / gy + tile_y) % gx;
    }
  }
};

// A 1-D block index walked down columns of `group` tile rows, then across: the blocks running
// at one time cover a patch about `group` tiles tall, so their reads (input rows) and their
// writes (output rows = input columns) both run contiguously over many tiles. group = 1 is
// plain row-major order. A bijection from [0, tiles_x * tiles_y) onto the tiles.
TB_HD inline void grouped_tile(unsigned bid, unsigned tiles_x, unsigned tiles_y, unsigned group,
                               unsigned& tile_x, unsigned& tile_y) {
  if (group <= 1) {
    tile_x = bid % tiles_x;
    tile_y = bid / tiles_x;
    return;
  }
  if (group >= tiles_y) { // one group: column-major (and no overflow of group * tiles_x)
    tile_y = bid % tiles_y;
    tile_x = bid / tiles_y;
    return;
  }
  const unsigned per_group = group * tiles_x;
  const unsigned first = bid / per_group * group;
  const unsigned height = tiles_y - first < group ? tiles_y - first : group;
  const unsigned in_group = bid % per_group;
  tile_y = first + in_group % height;
  tile_x = in_group / height;
}

// A block order as one number, for kernel templates: a group of tile rows (grouped_tile), or,
// with the top bit set, the same walk transposed: across a group of tile columns, then down
// (column_groups(1) is column-major order). Column-major order lets the blocks running at one
// time write long runs of whole output rows; groups of a few columns also lengthen their
// reads.
inline constexpr unsigned kColumnGroupsBit = 0x80000000u;
constexpr unsigned column_groups(unsigned group) {
  return kColumnGroupsBit | group;
}
inline constexpr unsigned kColumnMajor = column_groups(1);
TB_HD inline void ordered_tile(unsigned bid, unsigned tiles_x, unsigned tiles_y, unsigned order,
                               unsigned& tile_x, unsigned& tile_y) {
  if (order & kColumnGroupsBit)
    grouped_tile(bid, tiles_y, tiles_x, order & ~kColumnGroupsBit, tile_y, tile_x);
  else
    grouped_tile(bid, tiles_x, tiles_y, order, tile_x, tile_y);
}

// Column-major order, except where it would read sectors twice from DRAM. Where input rows are not
// whole 32-byte sectors, two neighbouring tile columns share the sector at their boundary in every
// other row, and each reads it. In column-major order the second read comes one whole tile column
// of traffic after the first; past a few MB of it the L2 has let the sector go (fp16 64000 x 1000
// on an H200: DRAM reads 1.12 times the data, the one extra sector in eight). There the walk goes
// down groups of kSectorGroup tile rows instead: both reads come a few blocks apart. Where the tile
// columns are short the second read finds the sector in the L2 anyway, and column-major order stays
// (its long output runs measured better: fp16 4096 x 15624, 92.9 against 89.9 in groups of 8 on an
// H200). Groups gained at 2 to 8 tile columns (fp32 320001 x 100, u8 128000 x 1000, fp16 64000 x
// 1000) and lost at many (fp16 15624 x 4096, 32 tile columns: 82.4 against 92.1), so they are taken
// up to kSectorGroupColumns tile columns. The bound, A/B of both trees on each GPU (% of memcpy,
// H200 / H100): u8 22625^2 (89 tile columns) 59.5 -> 81.2 / 65.4 -> 85.8, fp16 20000 x 20008 (157)
// 84.5 -> 91.0 / 88.7 -> 91.6, the grouped shapes of 2-8 tile columns within 0.1
// (docs/perf-notes.md, 2026-11-28). The bound is the most tile columns measured to gain before it,
// not the crossover: at 9 (fp16 64000 x 1112) groups still gain 3.2 (H200) and 7.8 (H100), at 32
// they lost. row_bytes: the input row's bytes (only its low five bits matter, so a product that
// wraps is exact); tile_bytes: one tile's input. Chosen on the host: each order is its own kernel
// instance, so the column-major one is unchanged.
inline constexpr unsigned kSectorGroup = 8;
inline constexpr unsigned kSectorGapBytes = 8u << 20;
inline constexpr unsigned kSectorGroupColumns = 8;
TB_HD inline unsigned sector_aware_order(unsigned row_bytes, unsigned tiles_x, unsigned tiles_y,
                                         unsigned tile_bytes) {
  return row_bytes % 32 != 0 && tiles_x > 1 && tiles_x <= kSectorGroupColumns &&
                 tiles_y > kSectorGapBytes / (2 * tile_bytes)
             ? kSectorGroup
             : kColumnMajor;
}

} // namespace tb
