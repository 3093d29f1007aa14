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
// Whether that phase 1 copies a row a warp (warp w rows w, w + 8, ...; its lanes the row's
// consecutive packets), through L1, instead of walking consecutive slots: 2-byte elements at
// s = 34-128. docs/probes/cg-copies.cu (phase 1 alone, H200, % of memcpy): at 100 rows of 320
// bytes the slot walk 85.3 from L2 only and 73.8 through L1, a row a warp 85.3 and 89.7; from
// L2 only both walks read 1.5-1.6 times the data's sectors from L2, through L1 1.02-1.12; a
// warp's line read by one instruction, not shared with the next warp's. The gather with it
// (H200, b7ee207, two passes, against the slot walk, % of memcpy; docs/perf-notes.md): fp16
// s = 34-128 +3.0 to +5.9 (100 x 640001 89.6 -> 94.5, 90 x 745655 88.0 -> 93.9), bf16 at 48 and
// 100 +4.2 and +5.0; above 128 (four times the data a block) -4.8 to +4.0 (136, 144, 152, 200
// behind); fp32 at 12-33 +0.2 to +0.3 but at 72-129 -2.0 to -3.7 (Nsight Compute at fp32
// 100 x 320001: 50% more instructions, the shared-memory pipe still the wait).
TB_HD constexpr bool skinny_row_copies(int element_size, int s) {
  return element_size == 2 && s > 33 && s <= 128;
}

} // namespace tb::ours
