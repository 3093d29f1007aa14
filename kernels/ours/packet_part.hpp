// A proper part of a 16-byte packet stored in aligned pieces (the halo tile's packets that
// straddle two output rows, halo.cuh), plain C++ so that host tests check it.
#pragma once

#include "harness/core/hd.hpp"

namespace tb::ours {

// The aligned pieces (offset, size: 1, 2, 4 or 8 bytes) that cover bytes [lo, hi) of a packet,
// 0 <= lo < hi <= 16 and not the whole packet, in address order: rising from lo to the next
// 16-byte boundary (each piece the size of lo's lowest set bit, while it fits), then falling.
// At most 7 pieces, 4 for a prefix or a suffix, where one store an element takes up to 15 for
// bytes.
template <typename F> TB_HD inline void packet_part_pieces(int lo, int hi, F&& piece) {
  int b = lo;
  const auto take = [&](int size) {
    piece(b, size);
    b += size;
  };
  if ((b & 1) != 0 && b + 1 <= hi) take(1);
  if ((b & 2) != 0 && b + 2 <= hi) take(2);
  if ((b & 4) != 0 && b + 4 <= hi) take(4);
  if ((b & 8) != 0 && b + 8 <= hi) take(8);
  if (b + 8 <= hi) take(8);
  if (b + 4 <= hi) take(4);
  if (b + 2 <= hi) take(2);
  if (b + 1 <= hi) take(1);
}

// Bytes [lo, hi) of the packet whose 32-bit words are w0 .. w3 (little-endian), stored to the
// 16-byte-aligned dst in those pieces; no other byte of dst is written.
TB_HD inline void store_packet_part(void* dst, unsigned w0, unsigned w1, unsigned w2, unsigned w3,
                                    int lo, int hi) {
  unsigned char* d = static_cast<unsigned char*>(dst);
  const auto word = [&](int i) { return i == 0 ? w0 : i == 1 ? w1 : i == 2 ? w2 : w3; };
  packet_part_pieces(lo, hi, [&](int b, int size) {
    const unsigned w = word(b >> 2);
    if (size == 8) {
      unsigned* p = reinterpret_cast<unsigned*>(d + b);
#if defined(__CUDA_ARCH__)
      *reinterpret_cast<uint2*>(p) = make_uint2(w, word((b >> 2) + 1));
#else
      p[0] = w;
      p[1] = word((b >> 2) + 1);
#endif
    } else if (size == 4) {
      *reinterpret_cast<unsigned*>(d + b) = w;
    } else if (size == 2) {
      *reinterpret_cast<unsigned short*>(d + b) = static_cast<unsigned short>(w >> (b & 2) * 8);
    } else {
      d[b] = static_cast<unsigned char>(w >> (b & 3) * 8);
    }
  });
}

} // namespace tb::ours
