// The narrow tile's shared memory (narrow.cuh), plain C++ so that host tests check it. The block's
// span is 256 V packets; packet p (consecutive p: one position's NC packets, then the next
// position's) sits in 16-byte slot p ^ (p / (V NC) mod 8), so that the span's lanes (consecutive
// p) and the owners' lanes (p = g V NC + k, consecutive g) each reach 8 different 16-byte bank
// groups every 8 lanes.
#pragma once

#include "harness/core/hd.hpp"

namespace tb::ours {

// The slot of span packet p, block = V NC (a multiple of 8 dividing 256).
TB_HD constexpr int narrow_slot(int p, int block) {
  return p ^ ((p / block) & 7);
}

// The lean 1-byte de-interleave (narrow_lean_deinterleave_one) reads each owner's 16 packets in
// two passes of 8 bytes a packet (pass h: the packets' bytes 8 h .. 8 h + 7, where its transposes
// take output packets 8 h .. 8 h + 7 from), one 8-byte load a packet: 32 words held, not 64. All
// lanes of a warp take the same half, so that a warp's store is 512 contiguous bytes of one
// planar row, as the narrow tile's. The owners' slots repeat every 8 lanes in the bank groups
// (narrow_slot), so a half-warp's 16 loads take two wavefronts: each bank serves two words. (Lanes
// 8 apart on the other half took one, but then every 256-byte piece of a planar row was stored
// half in one pass and half in the other: 4.5 to 22 points behind the narrow tile on an H200,
// docs/perf-notes.md.) Owner g's 8-byte unit of its packet k (< block) in pass h:
TB_HD constexpr int narrow_lean_unit(int g, int k, int block, int h) {
  return 2 * (g * block + (k ^ (g & 7))) + h;
}

} // namespace tb::ours
