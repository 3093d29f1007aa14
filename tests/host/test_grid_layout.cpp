// The grid tile's segments (kernels/ours/grid_layout.hpp): over its tiles, every element of
// every output row is written exactly once; every segment that starts inside its row starts on
// the 256-byte grid; no shift passes the halo the tile loads; and the shifts of the V rows a
// thread owns repeat with the period the kernel's classes assume.
#include "kernels/ours/grid_layout.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

// One element size's tile: 16V x mult rows.
void check_shape(int rows, int cols, int es, int mult) {
  using namespace tb::ours;
  const int v = 16 / es, tile_rows = 16 * v * mult;
  const unsigned m = grid_pitch_offset(rows, es);
  const int halo = grid_halo(m, es);
  EXPECT_LE(halo, 16 * grid_halo_slabs(m, es));
  const int tiles_y = grid_tiles_y(rows, tile_rows, m, es);
  for (int r = 0; r < cols; ++r) {
    const int s = grid_shift(static_cast<unsigned>(r), m, es);
    ASSERT_LE(s, halo) << "row " << r;
    ASSERT_EQ(s % v, 0) << "row " << r << ": a shift of part of a packet";
    std::vector<int> seen(static_cast<std::size_t>(rows), 0);
    for (int ty = 0; ty < tiles_y; ++ty) {
      const int start = ty * tile_rows - s;
      if (start >= 0 && start < rows) {
        const long long byte = (static_cast<long long>(r) * rows + start) * es;
        ASSERT_EQ(byte % 256, 0) << "row " << r << ", tile " << ty << " of " << rows << " x "
                                 << cols << ", " << es << "-byte elements";
      }
      for (int y = start; y < start + tile_rows; ++y)
        if (y >= 0 && y < rows) ++seen[static_cast<std::size_t>(y)];
    }
    for (int y = 0; y < rows; ++y)
      ASSERT_EQ(seen[static_cast<std::size_t>(y)], 1)
          << "row " << r << ", column " << y << " of " << rows << " x " << cols << ", " << es
          << "-byte elements";
  }
  // The kernel's classes: rows x0 + cV + j (a multiple of V, then j < V) share the shift of
  // j mod K, K = min(period, V).
  const int period = grid_period(m), k = period < v ? period : v;
  for (int base = 0; base < 4 * 256; base += v)
    for (int j = 0; j < v; ++j)
      ASSERT_EQ(grid_shift(static_cast<unsigned>(base + j), m, es),
                grid_shift(static_cast<unsigned>(base + j % k), m, es))
          << "rows " << rows << ", " << es << "-byte elements, row " << base + j;
}

} // namespace

TEST(GridLayout, PeriodAndHaloOfEachOffset) {
  using namespace tb::ours;
  EXPECT_EQ(grid_period(0), 1);
  EXPECT_EQ(grid_period(128), 2);
  EXPECT_EQ(grid_period(64), 4);
  EXPECT_EQ(grid_period(192), 4);
  EXPECT_EQ(grid_period(96), 8);
  EXPECT_EQ(grid_period(16), 16);
  EXPECT_EQ(grid_halo(0, 4), 0);
  EXPECT_EQ(grid_halo(128, 4), 32); // 500000 x 64 fp32: odd rows 128 bytes back
  EXPECT_EQ(grid_halo(64, 2), 96);  // 500000 x 128 fp16: 64, 128 and 192 bytes back
  EXPECT_EQ(grid_halo(16, 1), 240); // every 16-byte offset
  EXPECT_EQ(grid_halo(96, 8), 28);  // 224 bytes of 8-byte elements
  EXPECT_EQ(grid_pitch_offset(500000, 4), 128u);
  EXPECT_EQ(grid_pitch_offset(500000, 2), 64u);
  EXPECT_EQ(grid_pitch_offset(8192, 4), 0u);
}

TEST(GridLayout, EveryOutputElementOnceAndEverySegmentOnTheGrid) {
  // Output pitches of every offset class in the grid (0, 128, 64 and 192, 96, 16 mod 256
  // bytes), long sides that end inside a tile and inside the halo, a tile column cut short.
  for (int es : {1, 2, 4, 8}) {
    const int v = 16 / es;
    for (int rows : {v * 1000, v * 1003, 2048 / es * 3, 5000 * v / 4 * 4, 624 / es * v, 16 * v + v})
      for (int mult : {1, 2}) check_shape(rows, 3 * v, es, mult);
  }
  check_shape(500000, 64, 4, 1);
  check_shape(500000, 128, 2, 1);
  check_shape(250000, 64, 8, 2);
  check_shape(1000000, 4, 1, 1);
}

// The scalar grid tile's shared units (ScalarGrid, grid_unit_index): over a tile of 64 columns
// and 600 shared rows, every element has its own index inside its row (its pair's other row
// where half_rows swaps them), for units of 1, 2, 4 and 8 elements with the swizzle masks the tile
// uses (32, 16 and 8 units a row: 31, 15, 7); and phase 2's steps hold: 16 u k rows down is 16 u k
// rows of indices plus, on odd k, the step at k = 1 less 16 u rows, which is zero below a mask
// of 16.
TEST(GridLayout, SharedUnitsAreABijectionAndStepDownByConstants) {
  using namespace tb::ours;
  constexpr int tc = 64, srows = 600;
  for (auto [u, half] : std::vector<std::pair<int, bool>>{
           {1, false}, {2, false}, {4, false}, {8, false}, {8, true}}) {
    const int swz = grid_unit_swizzle(tc, u);
    std::vector<int> seen(static_cast<std::size_t>(srows) * tc, 0);
    for (int r = 0; r < srows; ++r)
      for (int c = 0; c < tc; ++c) {
        const int i = grid_unit_index(r, c, tc, u, swz, half);
        const int row = half ? r ^ (r / (8 * u) % 2) : r; // half_rows: pairs swapped
        ASSERT_GE(i, row * tc) << "u " << u << " r " << r << " c " << c;
        ASSERT_LT(i, (row + 1) * tc) << "u " << u << " r " << r << " c " << c;
        ++seen[static_cast<std::size_t>(i)];
        const int step = grid_unit_index_down(r, c, 1, tc, u, swz, half) - 16 * u * tc;
        if (swz < 16) {
          ASSERT_EQ(step, 0) << "u " << u << " r " << r << " c " << c;
        }
        for (int k = 0; k < 4; ++k)
          ASSERT_EQ(grid_unit_index_down(r, c, k, tc, u, swz, half),
                    16 * u * tc * k + (k % 2 ? step : 0))
              << "u " << u << " r " << r << " c " << c << " k " << k;
      }
    for (std::size_t i = 0; i < seen.size(); ++i)
      ASSERT_EQ(seen[i], 1) << "u " << u << " index " << i;
  }
}

// Phase 2 of the scalar grid tile in 8-byte units (scalar.cuh) reads shared memory without bank
// conflicts for 1-, 2- and 4-byte elements: a warp's load is element q of rows s + U (16 k + l)
// (lanes l = 0..15 of each half), in column o of its half's output row (the warp's pair o,
// o + U / 2), each half's rows from its own start s (the rows' shifts differ). For every pair, q,
// k and a range of starts, no bank serves two different 4-byte words.
TEST(GridLayout, SharedUnitLoadsAreFreeOfBankConflicts) {
  using namespace tb::ours;
  constexpr int tc = 64;
  for (int es : {1, 2, 4}) {
    const int u = 8 / es, swz = (tc / u < 32 ? tc / u : 32) - 1;
    const bool half = grid_half_rows(tc, es, u);
    for (int p = 0; p < tc / 2; ++p) {
      const int o0 = p / (u / 2) * u + p % (u / 2), o[2] = {o0, o0 + u / 2};
      for (int s0 = 0; s0 < 16 * u; ++s0)
        for (int s1 = 0; s1 < 16 * u; s1 += 5)
          for (int q = 0; q < u; ++q)
            for (int k = 0; k < 4; ++k) {
              long long word[32];
              for (int b = 0; b < 32; ++b) word[b] = -1;
              for (int h = 0; h < 2; ++h)
                for (int l = 0; l < 16; ++l) {
                  const int r = (h ? s1 : s0) + q + u * (16 * k + l);
                  const long long w = 1LL * grid_unit_index(r, o[h], tc, u, swz, half) * es / 4;
                  const int bank = static_cast<int>(w % 32);
                  ASSERT_TRUE(word[bank] < 0 || word[bank] == w)
                      << "es " << es << " pair " << o[0] << ", " << o[1] << " starts " << s0 << ", "
                      << s1 << " q " << q << " k " << k << " half " << h << " lane " << l
                      << ": bank " << bank << " serves words " << word[bank] << " and " << w;
                  word[bank] = w;
                }
            }
    }
  }
}

// The narrow tile's grid de-interleave (narrow_grid_deinterleave_one): over its blocks, every
// position of every planar row is stored exactly once; every segment that starts inside its row
// starts on the 256-byte grid; each lies inside the span its block loads (the halo's groups and
// its own), read from shared packets HG - shift / V + k inside the span's RG groups. For every
// element size, every short side of 1, 2, 4 and 8 packets, and long sides of each pitch offset
// class (16, 32, 64 and 128 mod 256 bytes), shorter than one block's halo among them.
TEST(GridLayout, NarrowGridSegmentsOnceOnTheGridInsideTheSpan) {
  using namespace tb::ours;
  for (int es : {1, 2, 4, 8}) {
    const int v = 16 / es;
    for (int nc : {1, 2, 4, 8}) {
      if (v * nc % 8 != 0) continue; // narrow_packets' swizzle
      const int rg = 256 / nc, planar = nc * v;
      for (int L : {v * 3, v * 1001, v * 1002, v * 1004, v * 1000, 10048 / es * 3 / v * v + v}) {
        const int hg = narrow_grid_halo_groups(L, es), nk = narrow_grid_own_groups(rg, hg);
        if (hg == 0) continue; // on the grid: the narrow tile itself
        ASSERT_GT(nk, 0);
        ASSERT_EQ(nk % 16, 0);
        ASSERT_LE(hg + nk, rg);
        const long long blocks = narrow_grid_blocks(L, rg, hg, v), w = 1LL * nk * v;
        for (int r = 0; r < planar; ++r) {
          const int sh = grid_shift(static_cast<unsigned>(r), grid_pitch_offset(L, es), es);
          ASSERT_EQ(sh % v, 0);
          ASSERT_LE(sh, hg * v);
          std::vector<int> seen(static_cast<std::size_t>(L), 0);
          for (long long b = 0; b < blocks; ++b) {
            const long long l0 = b * w, start = l0 - sh;
            if (start >= 0 && start < L) {
              ASSERT_EQ((1LL * r * L + start) * es % 256, 0)
                  << es << "-byte, L " << L << ", row " << r << ", block " << b;
            }
            for (int k = 0; k < nk; ++k) {
              const int col = hg - sh / v + k; // the shared packet's group in the span
              ASSERT_GE(col, 0);
              ASSERT_LT(col, rg);
              for (int e = 0; e < v; ++e) {
                const long long pos = start + 1LL * k * v + e;
                ASSERT_EQ(pos, l0 - 1LL * hg * v + 1LL * col * v + e); // the span's position
                if (pos >= 0 && pos < L) ++seen[static_cast<std::size_t>(pos)];
              }
            }
          }
          for (int p = 0; p < L; ++p)
            ASSERT_EQ(seen[static_cast<std::size_t>(p)], 1)
                << es << "-byte, nc " << nc << ", L " << L << ", row " << r << ", position " << p;
        }
      }
    }
  }
}
