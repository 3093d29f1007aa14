// Stores of a word's first bytes at any byte of shared memory, in aligned pieces: the word tile's
// compact staging (words.cuh) writes each position's channels at their place in the output span,
// s·sizeof(T) bytes a position, so a word of four channels starts anywhere in a 32-bit word.
// Plain C++ so that host tests check every offset and byte count.
#pragma once

#include "harness/core/hd.hpp"

namespace tb::ours {

TB_HD inline void store_u8(unsigned char* p, unsigned v) {
  *p = static_cast<unsigned char>(v);
}
TB_HD inline void store_u16(unsigned char* p, unsigned v) { // p 2-byte aligned
  *reinterpret_cast<unsigned short*>(p) = static_cast<unsigned short>(v);
}

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

} // namespace tb::ours
