// A proper part of a 16-byte packet stored in aligned pieces (kernels/ours/packet_part.hpp), as
// the halo tile stores the packets that straddle two output rows: for every byte range, the
// pieces are aligned, in address order and cover exactly the range (a stray byte would overwrite
// the neighbouring output row, written by another tile); a prefix or a suffix takes at most 4,
// and ranges of 2- or 4-byte elements no piece narrower than an element.
#include "kernels/ours/packet_part.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

struct Piece {
  int at, size;
};

std::vector<Piece> pieces(int lo, int hi) {
  std::vector<Piece> out;
  tb::ours::packet_part_pieces(lo, hi, [&](int at, int size) { out.push_back({at, size}); });
  return out;
}

// Every proper part [lo, hi) of a packet (0 <= lo < hi <= 16, not 0 .. 16).
template <typename F> void for_every_part(F&& f) {
  for (int lo = 0; lo < 16; ++lo)
    for (int hi = lo + 1; hi <= 16; ++hi)
      if (lo != 0 || hi != 16) f(lo, hi);
}

constexpr unsigned char kUntouched = 0xEE;

} // namespace

TEST(PacketPart, PiecesAreAlignedInOrderAndCoverExactlyTheRange) {
  for_every_part([](int lo, int hi) {
    const std::vector<Piece> ps = pieces(lo, hi);
    int next = lo;
    for (const Piece& p : ps) {
      EXPECT_TRUE(p.size == 1 || p.size == 2 || p.size == 4 || p.size == 8)
          << lo << ".." << hi << ": a piece of " << p.size;
      EXPECT_EQ(p.at % p.size, 0) << lo << ".." << hi << ": " << p.size << " bytes at " << p.at;
      EXPECT_EQ(p.at, next) << lo << ".." << hi << ": a gap or an overlap at " << p.at;
      next = p.at + p.size;
    }
    EXPECT_EQ(next, hi) << lo << ".." << hi << ": the pieces end at " << next;
    EXPECT_LE(ps.size(), 7u) << lo << ".." << hi;
    if (lo == 0 || hi == 16) {
      EXPECT_LE(ps.size(), 4u) << lo << ".." << hi << ": a prefix or a suffix";
    }
  });
}

TEST(PacketPart, ElementRangesTakeNoPieceNarrowerThanAnElement) {
  for (int es : {2, 4}) {
    for_every_part([es](int lo, int hi) {
      if (lo % es != 0 || hi % es != 0) return;
      for (const Piece& p : pieces(lo, hi))
        EXPECT_GE(p.size, es) << es << "-byte elements " << lo << ".." << hi;
    });
  }
}

TEST(PacketPart, StoresTheRangesBytesAndNoOther) {
  // Packet byte j is 0x10 + j (little-endian words).
  const unsigned w[4] = {0x13121110u, 0x17161514u, 0x1b1a1918u, 0x1f1e1d1cu};
  for_every_part([&](int lo, int hi) {
    alignas(16) unsigned char buf[48];
    for (unsigned char& b : buf) b = kUntouched;
    tb::ours::store_packet_part(buf + 16, w[0], w[1], w[2], w[3], lo, hi);
    for (int i = 0; i < 48; ++i) {
      const int j = i - 16;
      const bool inside = j >= lo && j < hi;
      const unsigned char want = inside ? static_cast<unsigned char>(0x10 + j) : kUntouched;
      EXPECT_EQ(buf[i], want) << lo << ".." << hi << ": byte " << j;
    }
  });
}
