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

} // namespace
