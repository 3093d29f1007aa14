// store_low_bytes (kernels/ours/byte_store.hpp), the word tile's compact staging: at every offset
// within a word and every byte count, exactly the word's first bytes land at their place and no
// other byte of shared memory changes (a stray byte would overwrite the next position's first
// channels, written by another thread).
#include "kernels/ours/byte_store.hpp"

#include <gtest/gtest.h>

#include <cstdint>

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
