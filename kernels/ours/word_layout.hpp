// The word tile's (words.cuh) shared-memory layout helpers, plain C++ so that host tests check
// them: stores of a word's first bytes at any byte (the compact staging), and the chunked
// tile's swizzled span.
#pragma once

#include "harness/core/hd.hpp"

namespace tb::ours {

// The de-interleaving word tile owning whole units of ue elements (a power of two: a packet or a
// 32-byte sector) of its output rows: the block position of the first unit boundary of output
// row r (r·L elements from the output's start) in the block whose first position is p0. Only
// the low bits of r·L + p0 matter, so 32-bit arithmetic that wraps is exact; lmod = L mod ue. A
// block stores the units that start below its own positions' end (words_one's phase 3).
TB_HD constexpr int words_unit_head(unsigned r, unsigned lmod, unsigned p0, unsigned ue) {
  return static_cast<int>((ue - ((r * lmod + p0) & (ue - 1))) & (ue - 1));
}

TB_HD inline void store_u8(unsigned char* p, unsigned v) {
  *p = static_cast<unsigned char>(v);
}
TB_HD inline void store_u16(unsigned char* p, unsigned v) { // p 2-byte aligned
  *reinterpret_cast<unsigned short*>(p) = static_cast<unsigned short>(v);
}

// The compact staging writes each position's channels at their place in the output span,
// s·sizeof(T) bytes a position, so a word of four channels starts anywhere in a 32-bit word.
// The low nb bytes of w (little-endian) at base + o and no other byte (base 4-byte aligned; o and
// nb multiples of ES, 0 < nb <= 4). A whole word takes one 32-bit store where o is on the 32-bit
// grid, two 16-bit stores halfway, and a byte, a 16-bit store and a byte at odd o (1-byte
// elements only): 2.25 stores on average over the four offsets, against 4 byte stores. Fewer
// bytes (a position's last channels) go in the pieces that hold them.
template <int ES>
TB_HD inline void store_low_bytes(unsigned char* base, unsigned o, unsigned w, int nb) {
  static_assert(ES == 1 || ES == 2, "1- and 2-byte elements");
  unsigned char* p = base + o;
  const unsigned r = o & 3u;
  if (r == 0) {
    if (nb == 4) {
      *reinterpret_cast<unsigned*>(p) = w;
      return;
    }
    if (nb >= 2) store_u16(p, w);
    if (nb & 1) store_u8(p + nb - 1, w >> (8 * (nb - 1)));
  } else if (ES == 2 || r == 2) {
    if (nb >= 2)
      store_u16(p, w);
    else
      store_u8(p, w);
    if (nb == 4)
      store_u16(p + 2, w >> 16);
    else if (nb == 3)
      store_u8(p + 2, w >> 16);
  } else { // r = 1 or 3: p + 1 is 2-byte aligned
    store_u8(p, w);
    if (nb >= 3)
      store_u16(p + 1, w >> 8);
    else if (nb == 2)
      store_u8(p + 1, w >> 8);
    if (nb == 4) store_u8(p + 3, w >> 24);
  }
}

// Where the chunked word tile keeps span chunk c (position c / PER, packet c % PER of its chunk
// of 16·PER channels, PER = 2 or 4): the low three bits XORed with the three above a position
// quad's 4·PER chunks (bits 3-5 for PER = 2, 4-6 for PER = 4), a bijection within each group of
// 8 chunks. Phase 2's 8 lanes of a quarter-warp read one window of positions 4 apart (chunks
// 4·PER apart, in one bank group unswizzled), which land in 8 different bank groups; phase 1's
// 8 consecutive chunks stay in 8 groups.
template <int PER = 2> TB_HD constexpr int chunk_swizzle(int c) {
  static_assert(PER == 2 || PER == 4, "chunks of 32 or 64 channels");
  return c ^ ((c >> (PER == 2 ? 3 : 4)) & 7);
}

// The item that phase 2's item it (of n) takes with kWordsSpread (odd short sides): in each whole
// group of 32 items, which is one warp's, lane l takes item 2l mod 32 + l / 16 of the group, so
// the first half-warp takes the even items and the second the odd ones; items of a partial last
// group as they are. A bijection on [0, n). Items are position quads (and then windows), so at
// odd s, where quad q's window starts 4·q·s bytes into the span, 16 even (or odd) quads put
// their 8-byte words on 16 different bank pairs whatever the span's offset, where 16
// consecutive quads ask two words of some pairs.
TB_HD constexpr int spread_item(int it, int n) {
  return (it & ~31) + 32 <= n ? (it & ~31) | (((it << 1) | ((it >> 4) & 1)) & 31) : it;
}

// The phase-2 item of the 2- and 4-byte de-interleave with kWordsDeal (odd short sides): warp
// tile u of J·ceil(NQ / 8) (J = ceil(NK / 4)) holds words 4j .. 4j + 3 of position groups 8i ..
// 8i + 7 (j = u mod J, i = u / J), lane l word 4j + l / 8 of group 8i + l mod 8; lanes past NK
// or NQ idle. Group qg's words start 4·s·qg words into the span (V positions of s channels), so
// at odd s the 8 groups of a tile fall 4 banks apart in 8 different ways and the 4 words of each
// fill them: every 32-bit span load of a whole tile is conflict-free, where consecutive words
// of consecutive groups ask up to three words of a bank. Each quarter-warp stores 8 consecutive
// chunks of one planar row.
struct DealtItem {
  int kg, qg;
};
TB_HD constexpr DealtItem deal_item(int u, int lane, int tiles_across) {
  return {4 * (u % tiles_across) + (lane >> 3), 8 * (u / tiles_across) + (lane & 7)};
}

// Chunks a planar row of the word tile takes (Words::row_chunks), at least rc: the row of
// channel k starts at chunk k·RC + k / E, so E rows (one word's channels) are E·RC + 1 chunks
// apart. Consecutive lanes store E rows apart, 16 bytes each, and a quarter-warp's 8 stores fall
// in 8 different bank groups only where that distance is odd: always for E = 2 and 4, and for
// E = 1 (4-byte elements) where RC is even. So RC is rounded up to even for E = 1. Left odd, the
// fp32 de-interleave's planar stores were 8-way conflicts wherever RC + 1 = NQ + 3 was a multiple
// of 8 (s = 13, 22, 24, 38, 45, 54, 55: Nsight Compute on an H100, 5.8-7.1 M of 6.8-8.1 M store
// wavefronts in conflicts at s = 13, 24, 54, against 0.4 of 1.4 M at s = 12).
TB_HD constexpr int planar_row_chunks(int rc, int e) {
  return e == 1 && rc % 2 != 0 ? rc + 1 : rc;
}

} // namespace tb::ours
