// The word tile's shared-memory layout (kernels/ours/word_layout.hpp).
// store_low_bytes, the compact staging: at every offset within a word and every byte count,
// exactly the word's first bytes land at their place and no other byte of shared memory changes
// (a stray byte would overwrite the next position's first channels, written by another thread).
// chunk_swizzle, the chunked tile's span: a bijection, and free of bank conflicts for the
// accesses it is there for.
#include "kernels/ours/word_layout.hpp"

#include <gtest/gtest.h>

#include <set>
#include <vector>

namespace {

constexpr unsigned kWord = 0x44332211u; // byte j is 0x11·(j + 1)
constexpr unsigned char kUntouched = 0xEE;

template <int ES> void check_every_offset_and_count() {
  for (unsigned o = 0; o < 12; o += ES) {
    for (int nb = ES; nb <= 4; nb += ES) {
      alignas(4) unsigned char buf[20];
      for (unsigned char& b : buf) b = kUntouched;
      tb::ours::store_low_bytes<ES>(buf, o, kWord, nb);
      for (unsigned i = 0; i < sizeof buf; ++i) {
        const bool inside = i >= o && i < o + static_cast<unsigned>(nb);
        const unsigned char want =
            inside ? static_cast<unsigned char>(kWord >> (8 * (i - o))) : kUntouched;
        EXPECT_EQ(buf[i], want) << "ES " << ES << ", offset " << o << ", " << nb << " bytes: byte "
                                << i;
      }
    }
  }
}

} // namespace

TEST(ByteStore, OneByteElementsLandAtEveryOffsetAndNothingElse) {
  check_every_offset_and_count<1>();
}

TEST(ByteStore, TwoByteElementsLandAtEveryOffsetAndNothingElse) {
  check_every_offset_and_count<2>();
}

// The span holds 2 chunks a position for up to 512 positions (1024 chunks): every chunk gets
// its own place, and each group of 8 stays in place, so the span's size is unchanged.
TEST(ChunkSwizzle, IsABijectionWithinEachGroupOfEight) {
  std::vector<int> hits(1024, 0);
  for (int c = 0; c < 1024; ++c) {
    const int p = tb::ours::chunk_swizzle(c);
    ASSERT_GE(p, 0);
    ASSERT_LT(p, 1024);
    EXPECT_EQ(p / 8, c / 8) << c;
    ++hits[p];
  }
  for (int p = 0; p < 1024; ++p) EXPECT_EQ(hits[p], 1) << p;
}

// 16-byte shared accesses are served 8 lanes at a time; the 8 are free of bank conflicts when
// their chunks fall in 8 different groups of 4 banks (chunk mod 8). Phase 2: the 8 lanes of a
// quarter-warp take consecutive position quads pq (from a multiple of 8) and read window cw of
// position 4pq + t, chunk (4pq + t)·2 + cw. Phase 1: consecutive chunks.
TEST(ChunkSwizzle, QuarterWarpsReadEightBankGroups) {
  for (int pq0 = 0; pq0 < 128; pq0 += 8)
    for (int t = 0; t < 4; ++t)
      for (int cw = 0; cw < 2; ++cw) {
        std::set<int> groups;
        for (int pq = pq0; pq < pq0 + 8; ++pq)
          groups.insert(tb::ours::chunk_swizzle((4 * pq + t) * 2 + cw) % 8);
        EXPECT_EQ(groups.size(), 8u) << "pq from " << pq0 << ", t " << t << ", window " << cw;
      }
  for (int x0 = 0; x0 < 1024; x0 += 8) {
    std::set<int> groups;
    for (int x = x0; x < x0 + 8; ++x) groups.insert(tb::ours::chunk_swizzle(x) % 8);
    EXPECT_EQ(groups.size(), 8u) << "chunks from " << x0;
  }
}
