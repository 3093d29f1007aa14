// The skinny register path's staging layout (kernels/ours/skinny_layout.hpp): for every short
// side S of the path and either layout, a warp's 32·S packets take 32·S distinct chunks of its
// own 32 in each of the S shared rows; every instruction's accesses (32 consecutive packets, or
// packet i of each lane's S) fall on the eight 16-byte bank groups four times each, eight
// different ones in each quarter warp, so that no access conflicts; and in columns each lane's
// S packets are its own chunk of the S rows, which the de-interleave stores over unsynchronised.
#include "kernels/ours/skinny_layout.hpp"

#include <gtest/gtest.h>

#include <array>
#include <set>
#include <vector>

namespace {

// Max over the eight bank groups of the chunks an instruction's 32 lanes take there (4 is the
// floor for 16-byte accesses), and whether each quarter warp takes eight different ones.
struct Spread {
  int most = 0;
  bool quarters = true;
};
Spread spread(const std::vector<int>& chunks) {
  Spread out;
  std::array<int, 8> per{};
  for (int c : chunks) out.most = std::max(out.most, ++per[static_cast<unsigned>(c % 8)]);
  for (int q = 0; q < 4; ++q) {
    std::set<int> groups;
    for (int l = 0; l < 8; ++l) groups.insert(chunks[static_cast<unsigned>(8 * q + l)] % 8);
    out.quarters = out.quarters && groups.size() == 8;
  }
  return out;
}

TEST(SkinnyLayout, StagingSlotsAreDistinctAndFreeOfBankConflicts) {
  using tb::ours::skinny_reg_columns;
  using tb::ours::skinny_reg_rc;
  using tb::ours::skinny_reg_slot;
  for (int s = 2; s <= 8; ++s) {
    const int rc = skinny_reg_rc(s);
    EXPECT_GE(rc, 256 + 3) << "S " << s << ": a row holds room, 256 chunks and the rest";
    for (bool columns : {false, true}) {
      if (columns && !skinny_reg_columns(s)) continue;
      std::set<int> seen;
      for (int x = 0; x < 32 * s; ++x) {
        const int c = skinny_reg_slot(s, columns, rc, x);
        EXPECT_TRUE(c >= 0 && c / rc < s && c % rc < 32)
            << "S " << s << (columns ? " columns" : " rows") << ": packet " << x << " at " << c;
        seen.insert(c);
        if (columns) {
          EXPECT_EQ(c, x % s * rc + x / s) << "S " << s << ": packet " << x;
        }
      }
      EXPECT_EQ(static_cast<int>(seen.size()), 32 * s) << "S " << s;
      for (int i = 0; i < s; ++i) {
        std::vector<int> along, across;
        for (int l = 0; l < 32; ++l) {
          along.push_back(skinny_reg_slot(s, columns, rc, 32 * i + l));
          across.push_back(skinny_reg_slot(s, columns, rc, l * s + i));
        }
        for (const auto& [what, v] : {std::pair{"32 consecutive packets", along},
                                      std::pair{"packet i of each lane", across}}) {
          const Spread sp = spread(v);
          EXPECT_EQ(sp.most, 4) << "S " << s << (columns ? " columns" : " rows") << ", " << what
                                << ", i = " << i;
          EXPECT_TRUE(sp.quarters)
              << "S " << s << (columns ? " columns" : " rows") << ", " << what << ", i = " << i;
        }
      }
    }
  }
  // S = 6 has no pitch that makes columns conflict-free: the rows layout there.
  EXPECT_FALSE(skinny_reg_columns(6));
}

// Where the interleaving gather copies through L1 with four times the data a block
// (skinny_keeps_l1: 4-byte elements at s = 65-127, 2-byte ones at 25-33), three blocks fit in the
// 196 KB carveout that leaves an sm_90 L1 60 KB: each block's shared rows (skinny_rows_elems,
// skewed above SkinnySkew::above rows) rounded up to 128 bytes, with the 1 KB a block the driver
// reserves. With 64 KB of data a block (no kCachedWideBytes cap) fp32 s = 72 and 100 take 65808
// bytes, and only two fit.
TEST(SkinnyLayout, CachedWideGatherFitsThreeBlocksBesideTheL1) {
  using namespace tb::ours;
  int kept = 0;
  for (int e : {1, 2, 4, 8})
    for (int s = 2; s <= 256; ++s) {
      if (!skinny_keeps_l1(e, s, true)) continue;
      ++kept;
      ASSERT_TRUE(skinny_cached_copies(e, s)) << e << " bytes, s " << s;
      ASSERT_EQ(skinny_wide(e, s, true), 4) << e << " bytes, s " << s;
      const int W = skinny_width(e, s, true);
      const int row = skinny_row_elems(e, W);
      const int bytes = (skinny_row_at(e, s > SkinnySkew::above(e), s - 1, row) + row) * e;
      const int block = (bytes + 127) / 128 * 128 + 1024;
      EXPECT_LE(3 * block, 196 * 1024) << e << " bytes, s " << s << ": " << bytes << " a block";
      EXPECT_GE(W, 4 * Skinny::kTileBytes / (s * e) / 2)
          << e << " bytes, s " << s << ": " << W << " positions";
    }
  EXPECT_EQ(kept, 63 + 9); // 4-byte elements at s = 65-127, 2-byte ones at 25-33
}

} // namespace

// The interleaving gather's bank model (skinny_gather_wavefronts) against Nsight Compute's shared
// wavefronts a load (H200, 9a4c650; l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld over the
// loads): fp16 33 x 1939393 4.54 in order, 1.75 rotated; fp16 31 x 2064517 4.05 and 2.03. And the
// shapes where it was worst: fp16 25 and 27 (74% of memcpy in order, 92-93 rotated). fp32
// 100 x 320001 was checked here too (3.79 and 2.33 at 80 positions a block) until that shape took
// 148 positions (skinny_keeps_l1, 88f1387); there the counters read 1.34 rotated where the model
// gives 2.00 (results/h200/explore/cached-wide-gather-88f1387/), so fp32 has no line here. The
// fp16 lines are those of 224 and 256 positions a block; at 896 and 952 (skinny_keeps_l1,
// 852647f) the model gives the same 1.72 and 2.00 rotated and the counters read 1.40 and 1.64
// (results/h200/explore/keep-l1-2byte-852647f/): at four times the data the model counts high.
TEST(SkinnyLayout, GatherWavefrontsFollowTheCounters) {
  using tb::ours::skinny_gather_wavefronts;
  EXPECT_NEAR(skinny_gather_wavefronts(2, 33, 1939393, false), 4.54, 0.1);
  EXPECT_NEAR(skinny_gather_wavefronts(2, 33, 1939393, true), 1.75, 0.1);
  EXPECT_NEAR(skinny_gather_wavefronts(2, 31, 2064517, false), 4.05, 0.1);
  EXPECT_NEAR(skinny_gather_wavefronts(2, 31, 2064517, true), 2.03, 0.1);
  EXPECT_GT(skinny_gather_wavefronts(2, 25, 2560001, false), 6.5);
  EXPECT_GT(skinny_gather_wavefronts(2, 27, 2370371, false), 6.5);
  EXPECT_LT(skinny_gather_wavefronts(2, 25, 2560001, true), 2.1);
  // No period, no model: 1-byte elements, 8-byte ones.
  EXPECT_EQ(skinny_gather_wavefronts(1, 33, 3878787, false), 0.0);
  EXPECT_EQ(skinny_gather_wavefronts(8, 33, 484849, true), 0.0);
}
