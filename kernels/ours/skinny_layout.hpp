// The skinny register path's (skinny.cuh) staging layout in shared memory, plain C++ so that
// host tests check it.
#pragma once

#include "harness/core/hd.hpp"

namespace tb::ours {

// The register path's staging: a warp's 32·S packets of the interleaved span x = 0 .. 32·S - 1
// (x / S the lane whose packet x % S it is) staged in the warp's own 32 chunks of each shared
// row. Where skinny_reg_columns(S) (the de-interleave), packet x at row x mod S, chunk x / S:
// each lane's S packets are its own chunk of every row, the chunks its row packets go to, and
// the rows' pitch RC (skinny_reg_rc) is chosen so that an instruction's 32 consecutive packets
// fall on all eight 16-byte bank groups four times (S·RC = 1 mod 8 for odd S; 260, 266 and 265
// for S = 2, 4, 8). No pitch does that at S = 6, which (and the interleave) stages packet x at
// slot y = x ^ (x / lcm(8, S) mod 8) instead, chunk y mod 32 of row y / 32 rotated by -(y / 32)·RC
// within the warp's 32 (the bank group of y in a contiguous area, conflict-free both ways).
TB_HD constexpr bool skinny_reg_columns(int s) {
  return s != 6;
}
TB_HD constexpr int skinny_reg_rc(int s) {
  switch (s) {
  case 2:
    return 260;
  case 4:
    return 266;
  case 5:
    return 261;
  case 7:
    return 263;
  case 8:
    return 265;
  default:
    return 259; // S = 3 (3·259 = 1 mod 8), 6
  }
}

// Staging slot of packet x (0 .. 32·S - 1) in a warp's chunks, as a chunk offset from the
// warp's first chunk of row 0 (rows RC chunks apart), in columns or not (above).
TB_HD constexpr int skinny_reg_slot(int s, bool columns, int rc, int x) {
  if (columns) return x % s * rc + x / s;
  const int p = s % 8 == 0 ? s : s % 4 == 0 ? 2 * s : s % 2 == 0 ? 4 * s : 8 * s; // lcm(8, s)
  const int y = x ^ (x / p & 7), r = y >> 5;
  return r * rc + ((y - r * rc) & 31);
}

// Whether the interleaving gather's phase 1 (skinny.cuh) copies its planar packets through L1
// (cp.async.ca, copy16_async<true>) rather than from L2 only (.cg). Its s row segments start
// anywhere in a sector: from L2 only, Nsight Compute counted 1.5-1.6 times the data's sectors
// read from L2 on an H200 (fp16 100 x 640001 6.24 M, 31 x 2064517 6.17 M, fp32 100 x 320001
// 6.18 M, for 4.00 M) where its warps ask 1.05-1.12 (modelled), and through L1 1.06-1.11.
// Measured (H200, 7d3acf5, two passes, against the same tree with L2-only copies, % of
// memcpy, docs/perf-notes.md): fp32 s = 12-33 +1.4 to +3.1 (31 x 1032259 91.6 -> 94.3), fp16
// s = 12-32 +0.3 to +2.2; but fp16 from 33 and fp32 from 48 (the wide gather above 33: twice
// the data a block) -3.0 to -12.5 (fp16 100 x 640001 89.6 -> 78.1); u8 -2.6 to +0.4. So 2-byte
// elements up to s = 32 and 4-byte ones up to 33.
TB_HD constexpr bool skinny_cached_copies(int element_size, int s) {
  return s >= 2 && ((element_size == 2 && s <= 32) || (element_size == 4 && s <= 33));
}

} // namespace tb::ours
