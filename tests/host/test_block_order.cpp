// The diagonal reordering must visit every tile exactly once, for square and non-square grids.
#include "kernels/block_order.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace tb;

namespace {

template <class Order> bool is_bijection(unsigned gx, unsigned gy, bool square) {
  std::vector<int> hits(gx * gy, 0);
  for (unsigned by = 0; by < gy; ++by)
    for (unsigned bx = 0; bx < gx; ++bx) {
      unsigned tx = 0, ty = 0;
      Order::map(bx, by, gx, gy, square, tx, ty);
      if (tx >= gx || ty >= gy) return false;
      ++hits[ty * gx + tx];
    }
  for (int h : hits)
    if (h != 1) return false;
  return true;
}

} // namespace

TEST(BlockOrder, DiagonalIsABijectionOnSquareGrids) {
  for (unsigned g : {1u, 2u, 3u, 4u, 64u, 65u})
    EXPECT_TRUE(is_bijection<DiagonalOrder>(g, g, true)) << g;
}

TEST(BlockOrder, DiagonalIsABijectionOnNonSquareGrids) {
  // 33x65 -> 3x2 tiles; 1x1000 -> 32x1; 1000x1 -> 1x32; 1536x4096 -> 128x48; and a sweep.
  for (auto [gx, gy] : std::vector<std::pair<unsigned, unsigned>>{
           {3, 2}, {32, 1}, {1, 32}, {128, 48}, {48, 128}, {248, 129}})
    EXPECT_TRUE(is_bijection<DiagonalOrder>(gx, gy, false)) << gx << "x" << gy;
  for (unsigned gx = 1; gx <= 12; ++gx)
    for (unsigned gy = 1; gy <= 12; ++gy)
      EXPECT_TRUE(is_bijection<DiagonalOrder>(gx, gy, false)) << gx << "x" << gy;
}

TEST(BlockOrder, DiagonalFollowsThePapersFigure) {
  // 4x4 blocks: blockIdx (x=1, y=2) in diagonal coordinates is tile (x=3, y=1).
  unsigned tx = 0, ty = 0;
  DiagonalOrder::map(1, 2, 4, 4, true, tx, ty);
  EXPECT_EQ(tx, 3u);
  EXPECT_EQ(ty, 1u);
  // The first row of blocks to be scheduled (y = 0) runs down the main diagonal.
  for (unsigned x = 0; x < 4; ++x) {
    DiagonalOrder::map(x, 0, 4, 4, true, tx, ty);
    EXPECT_EQ(tx, x);
    EXPECT_EQ(ty, x);
  }
  EXPECT_TRUE(is_bijection<CartesianOrder>(5, 7, false));
}

TEST(BlockOrder, GroupedOrderIsABijection) {
  for (unsigned group : {1u, 2u, 8u, 16u, 32u, ~0u})
    for (auto [tx, ty] : std::vector<std::pair<unsigned, unsigned>>{
             {1, 1}, {1, 100}, {100, 1}, {7, 5}, {128, 128}, {33, 17}, {16, 64}, {257, 3}}) {
      std::vector<int> hits(tx * ty, 0);
      for (unsigned b = 0; b < tx * ty; ++b) {
        unsigned x = 0, y = 0;
        grouped_tile(b, tx, ty, group, x, y);
        ASSERT_LT(x, tx);
        ASSERT_LT(y, ty);
        ++hits[y * tx + x];
      }
      for (int h : hits) ASSERT_EQ(h, 1) << "group " << group << " grid " << tx << "x" << ty;
    }
}

TEST(BlockOrder, GroupedOrderWalksDownAGroupFirst) {
  unsigned x = 0, y = 0;
  // 10 x 10 tiles, groups of 4 rows: blocks 0..3 are column 0 of rows 0..3, block 4 is (1, 0).
  for (unsigned b = 0; b < 4; ++b) {
    grouped_tile(b, 10, 10, 4, x, y);
    EXPECT_EQ(x, 0u);
    EXPECT_EQ(y, b);
  }
  grouped_tile(4, 10, 10, 4, x, y);
  EXPECT_EQ(x, 1u);
  EXPECT_EQ(y, 0u);
  // The last group has only 2 rows (8, 9).
  grouped_tile(80, 10, 10, 4, x, y);
  EXPECT_EQ(x, 0u);
  EXPECT_EQ(y, 8u);
  grouped_tile(82, 10, 10, 4, x, y);
  EXPECT_EQ(x, 1u);
  EXPECT_EQ(y, 8u);
}

TEST(BlockOrder, OrderedTileIsABijectionForRowAndColumnGroups) {
  for (unsigned order :
       {1u, 8u, kColumnMajor, column_groups(2), column_groups(4), column_groups(64)})
    for (auto [tx, ty] : std::vector<std::pair<unsigned, unsigned>>{
             {1, 1}, {1, 100}, {100, 1}, {7, 5}, {128, 128}, {33, 17}, {16, 64}, {257, 3}}) {
      std::vector<int> hits(tx * ty, 0);
      for (unsigned b = 0; b < tx * ty; ++b) {
        unsigned x = 0, y = 0;
        ordered_tile(b, tx, ty, order, x, y);
        ASSERT_LT(x, tx);
        ASSERT_LT(y, ty);
        ++hits[y * tx + x];
      }
      for (int h : hits) ASSERT_EQ(h, 1) << "order " << order << " grid " << tx << "x" << ty;
    }
}

TEST(BlockOrder, ColumnMajorWalksDownWholeTileColumns) {
  unsigned x = 0, y = 0;
  // 3 x 5 tiles: blocks 0..4 are column 0, block 5 starts column 1.
  for (unsigned b = 0; b < 5; ++b) {
    ordered_tile(b, 3, 5, kColumnMajor, x, y);
    EXPECT_EQ(x, 0u);
    EXPECT_EQ(y, b);
  }
  ordered_tile(5, 3, 5, kColumnMajor, x, y);
  EXPECT_EQ(x, 1u);
  EXPECT_EQ(y, 0u);
  ordered_tile(14, 3, 5, kColumnMajor, x, y);
  EXPECT_EQ(x, 2u);
  EXPECT_EQ(y, 4u);
}

TEST(BlockOrder, ColumnGroupsWalkAcrossAGroupFirst) {
  unsigned x = 0, y = 0;
  // 10 x 10 tiles, groups of 4 columns: blocks 0..3 are row 0 of columns 0..3, block 4 is (0, 1).
  for (unsigned b = 0; b < 4; ++b) {
    ordered_tile(b, 10, 10, column_groups(4), x, y);
    EXPECT_EQ(x, b);
    EXPECT_EQ(y, 0u);
  }
  ordered_tile(4, 10, 10, column_groups(4), x, y);
  EXPECT_EQ(x, 0u);
  EXPECT_EQ(y, 1u);
  // The last group has only 2 columns (8, 9).
  ordered_tile(82, 10, 10, column_groups(4), x, y);
  EXPECT_EQ(x, 8u);
  EXPECT_EQ(y, 1u);
}

// Groups of tile rows only where input rows split a sector between two to kSectorGroupColumns
// tile columns and a tile column moves more than kSectorGapBytes: fp16 64000 x 1000 (2000-byte
// rows, 8 tile columns of 500 tiles of 32 KB) yes; aligned rows, one tile column, more than 8
// tile columns or short tile columns no.
TEST(BlockOrder, SectorAwareOrderGroupsOnlyLongColumnsOfSplitRows) {
  constexpr unsigned kTile = 128 * 256; // an fp16 tile: 128 rows of 256 bytes
  EXPECT_EQ(sector_aware_order(2000, 8, 500, kTile), kSectorGroup);
  EXPECT_EQ(sector_aware_order(2000, 8, 129, kTile), kSectorGroup);
  EXPECT_EQ(sector_aware_order(2000, 8, 128, kTile), kColumnMajor); // 8 MB a column: the limit
  EXPECT_EQ(sector_aware_order(31248, 122, 32, kTile), kColumnMajor);
  EXPECT_EQ(sector_aware_order(2048, 8, 500, kTile), kColumnMajor);   // whole sectors
  EXPECT_EQ(sector_aware_order(200, 1, 5001, kTile), kColumnMajor);   // one tile column
  EXPECT_EQ(sector_aware_order(4016, 9, 500, kTile), kColumnMajor);   // 9 tile columns: the limit
  EXPECT_EQ(sector_aware_order(22625, 89, 177, kTile), kColumnMajor); // u8 22625^2's halo tile
  EXPECT_EQ(sector_aware_order(1008, 8, 500, kTile), kSectorGroup);   // 16 mod 32
  EXPECT_EQ(sector_aware_order(1000, 4, 1000, kTile), kSectorGroup);  // 8 mod 32
  // Rows whose byte count wraps 32 bits keep their low bits: 2^32 + 16 -> 16.
  EXPECT_EQ(sector_aware_order(static_cast<unsigned>((1ull << 32) + 16), 2, 600, kTile),
            kSectorGroup);
}
