// The narrow tile's shared memory (kernels/ours/narrow_layout.hpp): its slots are a permutation of
// the span's packets, and the lean 1-byte de-interleave's 8-byte loads read each owner's packets
// where the span put them, two wavefronts a half-warp.
#include "kernels/ours/narrow_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

namespace {

// 1-byte elements: V = 16 positions a packet, NC packets a position, RG = 256 / NC owners a
// packet column, block = V NC packets an owner's positions, 256 V packets a span.
constexpr int kV = 16;

TEST(NarrowLayout, SlotsArePermutationOfTheSpan) {
  using namespace tb::ours;
  for (int nc : {1, 2, 4, 8}) {
    const int block = kV * nc, packets = 256 * kV;
    std::vector<int> seen(static_cast<std::size_t>(packets), 0);
    for (int p = 0; p < packets; ++p) {
      const int s = narrow_slot(p, block);
      ASSERT_GE(s, 0);
      ASSERT_LT(s, packets);
      ASSERT_EQ(s / 8, p / 8) << "nc " << nc << " packet " << p << ": outside its 8-slot group";
      ++seen[static_cast<std::size_t>(s)];
    }
    for (int s = 0; s < packets; ++s)
      ASSERT_EQ(seen[static_cast<std::size_t>(s)], 1) << "nc " << nc << " slot " << s;
  }
}

// Owner (g, c), g = tid % RG, c = tid / RG, reads in pass h (0, 1) half h of its packets
// k = i NC + c (i = 0..15): the 8-byte unit of the slot the span stored packet g block + k in, and
// across the two passes both halves of it. A half-warp's 16 loads (128 bytes) take two
// wavefronts: no bank serves more than two words.
TEST(NarrowLayout, LeanOwnerLoadsReadTheirPacketsInTwoWavefronts) {
  using namespace tb::ours;
  for (int nc : {1, 2, 4, 8}) {
    const int rg = 256 / nc, block = kV * nc;
    for (int tid = 0; tid < 256; ++tid) {
      const int g = tid % rg, c = tid / rg;
      for (int i = 0; i < kV; ++i) {
        const int k = i * nc + c, slot = narrow_slot(g * block + k, block);
        for (int h = 0; h < 2; ++h)
          ASSERT_EQ(narrow_lean_unit(g, k, block, h), 2 * slot + h)
              << "nc " << nc << " tid " << tid << " i " << i << " pass " << h;
      }
    }
    for (int warp = 0; warp < 8; ++warp)
      for (int half = 0; half < 2; ++half)
        for (int i = 0; i < kV; ++i)
          for (int h = 0; h < 2; ++h) {
            std::vector<long long> words[32];
            for (int lane = 16 * half; lane < 16 * half + 16; ++lane) {
              const int tid = 32 * warp + lane, g = tid % rg, c = tid / rg;
              const int unit = narrow_lean_unit(g, i * nc + c, block, h);
              for (int w = 0; w < 2; ++w) {
                auto& b = words[(2 * unit + w) % 32];
                if (std::find(b.begin(), b.end(), 2LL * unit + w) == b.end())
                  b.push_back(2LL * unit + w);
              }
            }
            for (int b = 0; b < 32; ++b)
              ASSERT_LE(words[b].size(), 2u)
                  << "nc " << nc << " warp " << warp << " half-warp " << half << " i " << i
                  << " pass " << h << ": bank " << b;
          }
  }
}

} // namespace
