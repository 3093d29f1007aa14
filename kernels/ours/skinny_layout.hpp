// The skinny register path's (skinny.cuh) staging layout in shared memory, plain C++ so that
// host tests check it.
#pragma once

#include "harness/core/hd.hpp"

namespace tb::ours {

// The block of every skinny kernel (kThreads in common.cuh).
inline constexpr int kSkinnyThreads = 256;

struct Skinny {
  static constexpr int kTileBytes = 16 * 1024;
  static constexpr int kLoads = 4; // 16-byte loads in flight per thread
  // The interleaving gather of 2- and 4-byte elements above kWideAbove rows takes twice the data
  // a block, above kWiderAbove four times (skinny_wide).
  static constexpr int kWideAbove = 33;
  static constexpr int kWiderAbove = 128;
  // 4-byte elements take four times the data above kWider4Above rows and below kWider4Below,
  // through L1 (skinny_cached_copies), where the data a block stops at kCachedWideBytes: with
  // its rows' padding and skew (at most 61.8 KB a block, at s = 127) three blocks fit in a
  // carveout that leaves the L1 60 KB on sm_90 (skinny_keeps_l1).
  static constexpr int kWider4Above = 64;
  static constexpr int kWider4Below = 128;
  static constexpr int kCachedWideBytes = 58 * 1024;
  // 2-byte elements take four times the data (capped at kCachedWideBytes, through L1) from
  // kKeep2From rows to kWideAbove (skinny_keeps_l1).
  static constexpr int kKeep2From = 25;
  // A short side up to this fits the 64 KB of shared memory a block of sm_75 (51 KB at 1024),
  // but for the interleave of 2- and 4-byte elements at four times the data (skinny_wide, above
  // s = 128: at most short sides from 136 more than 64 KB, up to 93552 bytes at s = 819), which
  // sm_80 and later allow (sm_86 and sm_89 99 KB); on sm_75 those launches read unsupported
  // (allow_dynamic_smem).
  static constexpr int kMaxShort = 1024;
};

// The interleaving gather's period: element u of the interleaved span is row u % s, position
// u / s, so output packets q and q + p, with p = s / gcd(s, V), read the same shared rows,
// V / gcd(s, V) positions further on.
TB_HD constexpr int skinny_period(int element_size, int s) {
  const int V = 16 / element_size;
  const int g = (s & -s) < V ? (s & -s) : V;
  return s / g;
}
// Threads of the interleaving gather that take packets: the largest multiple of the period up to
// the block's threads (each takes packets of one class q mod the period); 0 where the period is
// longer than that, and for 1-byte elements (16 addresses a thread: at 69 registers the u8
// gather ran 2-5 points slower on an H200 than stepping element by element), where every thread
// steps through its packets element by element.
TB_HD constexpr int skinny_gather_threads(int element_size, int s) {
  const int p = skinny_period(element_size, s);
  return element_size >= 2 && p <= kSkinnyThreads ? kSkinnyThreads / p * p : 0;
}
// Whether the interleaving gather asks for a shared carveout that leaves the L1 room
// (keep_l1_carveout, skinny.cuh): 4-byte elements at s = 65-127 and 2-byte ones at 25-33, where
// it copies through L1 with four times the data a block, capped at kCachedWideBytes
// (skinny_cached_copies). Left to itself the driver takes the smallest carveout that holds as
// many blocks as fit at all: fp32 blocks of 50 KB (s = 65, 97) four to 228 KB, which leaves an
// sm_90 L1 28 KB, and blocks of 64.3-65.7 KB (64 KB of data, s = 72, 100, 127) three to 228 KB
// by a few hundred bytes; there the copies ran at 82-86% of memcpy against 93.5-96.5 where three
// blocks fit 196 KB (L1 60 KB). Measured on an H200 (two passes each; docs/perf-notes.md,
// 2026-11-28): asked for 196 KB, with 58 KB of data a block so that three fit, 92.5-96.0 at
// every s tried from 65 to 127 (at 164 KB, two blocks, up to 3 points less); the through-L1
// gathers of 16 KB a block at 196 KB lost up to 11 (fp16 and fp32 31 x L: their default, 164 KB,
// leaves the L1 92 KB) or moved by -1.1 to +0.2, so they keep the driver's choice.
// 2-byte elements at s = 25-33 (H200, two passes, against 16 KB of data a block through L1 and
// the driver's carveout, % of memcpy; docs/perf-notes.md, 2026-11-28): +0.8 to +3.3 at 25-32
// (fp16 29 x 2206897 91.6 -> 94.9), +2.9 to +6.1 at 33 (fp16 33 x 1939393 91.0 -> 97.1, bf16
// the same). Below 25 it went both ways, -1.5 to +2.5, and lost where the gather's loads take 3
// wavefronts or more in the bank model (skinny_gather_wavefronts: fp16 18 x 3555555 3.5, -1.5;
// 19 x 3368421 and 17 x 3764707 3.0, -0.8 and -1.1), as some long sides (L mod 8) do at s = 14,
// 17-21 and 24; from 25 to 33 the model has every L under 3. fp32 at 12-33 moved by -0.7 to
// +2.5, +0.3 on average: it keeps its 16 KB.
TB_HD constexpr bool skinny_keeps_l1(int element_size, int s, bool interleave) {
  return interleave &&
         ((element_size == 2 && s >= Skinny::kKeep2From && s <= Skinny::kWideAbove) ||
          (element_size == 4 && s > Skinny::kWider4Above && s < Skinny::kWider4Below));
}
// How many times kTileBytes of data (and kLoads packets a gather thread) the interleaving gather
// takes a block: 2- and 4-byte elements (phase 1 copies without registers, so the loads in flight
// cost none) twice above Skinny::kWideAbove rows and four times above kWiderAbove, and four
// times where skinny_keeps_l1 (4-byte elements at s = 65-127, 2-byte ones at 25-33); 1 elsewhere.
// Its s input row segments are about kTileBytes / s bytes each (160 at s = 100), and short reads
// from many rows cost the memory system (docs/probes/scattered-writes.cu: on an H200 256-byte
// pieces 93.0% of memcpy, 1 KB 95.1). Measured (two passes each GPU, % of memcpy, H200 / H100;
// docs/perf-notes.md): twice at every s against as it was (5f74ae7), fp16 at s = 40-127 +1.2 to
// +5.0 / +0.2 to +2.0 (100 x 640001 86.2 -> 89.6 / 90.9 -> 92.6), fp32 at 40-200 +0.7 to +4.7 /
// +0.4 to +3.2; at s = 12-33 fp16 -1.5 to +1.4 / -1.6 to -0.2, fp32 -0.3 to +0.1 / -0.5 to -0.2
// (rows of 500 bytes and more already). Four times against twice above 128 (a4b6e98): fp32 at
// s = 129-255 +0.4 to +2.5 / +0.8 to +2.3; fp16 +0.1 to +3.1 on the H200 but -0.5 to -1.8 at
// 132, 136 and 160, on the H100 +0.5 to +1.6 but -0.5 at 136. 8-byte
// elements load through registers (kLoads a thread) and 1-byte ones gather element by element:
// not measured wide.
TB_HD constexpr int skinny_wide(int element_size, int s, bool interleave) {
  if (!interleave || (element_size != 2 && element_size != 4)) return 1;
  return s > Skinny::kWiderAbove || skinny_keeps_l1(element_size, s, interleave) ? 4
         : s > Skinny::kWideAbove                                                ? 2
                                                                                 : 1;
}
// Long-side positions a block: about kTileBytes of data (skinny_wide times that), a multiple of V,
// at least V. Interleaving with a gather period, at most kLoads packets (skinny_wide times that)
// for each of the gather's threads, so that no thread takes one packet more than the others
// (fp32 31 x 1032259: 1023 packets a block for 248 threads took 5 rounds where 992 take 4).
TB_HD constexpr int skinny_width(int element_size, int s, bool interleave) {
  const int V = 16 / element_size;
  const int f = skinny_wide(element_size, s, interleave);
  const int bytes = skinny_keeps_l1(element_size, s, interleave) ? Skinny::kCachedWideBytes
                                                                 : f * Skinny::kTileBytes;
  int w = bytes / (s * element_size) / V * V;
  const int threads = skinny_gather_threads(element_size, s);
  if (interleave && threads > 0) {
    const int cap = f * Skinny::kLoads * threads * V / s / V * V;
    w = w < cap ? w : cap;
  }
  return w > V ? w : V;
}
// Where shared row k starts, in elements: k rows of skinny_row_of and, for a short side over
// SkinnySkew::above (SKEW), one 16-byte chunk more for every 8 rows and another for every 64. A
// row stride of whole 16-byte chunks gives only 8 distinct bank groups, so rows 8 apart start in
// the same banks; the gather reads rows V apart (mod s) in one instruction and hit the same banks
// up to 16 times (7 wavefronts a request at 100 x 1280001 u8, 12.7 at 100 rows fp16, modelled). The
// skew moves each group of 8 rows to the next bank group and keeps every row start 16-byte aligned;
// modelled over s = 5..255, it brings the gather's wavefronts per request from 5.3 to 1.8 (u8), 8.6
// to 2.2 (2-byte), 7.5 to 3.3 (4-byte) and 5.9 to 4.1 (8-byte) on average. Measured on an H200 it
// pays above 32 rows (u8 at 1280001 x 100: 31 -> 42% of memcpy) and costs below (the extra index
// arithmetic of an instruction-bound gather: u8 at 16 x 16000000, 67 -> 58%), where the model shows
// no conflicts to remove; so only short sides over 32 are skewed. u8 at s = 64 still loses 2-8
// points on both GPUs: its gather is conflict-free now and bound by instructions
// (docs/perf-notes.md). Between 13 and 32 the model shows conflicts the skew removes for 2-, 4-
// and 8-byte elements (fp32 at s = 31: 7.2 to 4.9 wavefronts a request; fp16 4.0 to 2.0), but
// measured (H200 and H100, s = 13-32, odd long sides) only 4-byte elements gain: interleaving
// +0.5 to +4.8 points (fp32 31 x 1032259: 82.0 -> 86.7 on the H200, 93.9 -> 95.1 on the H100),
// de-interleaving within 0.6; fp16 and fp64 interleaving lose 2-5 on the H200, the index
// arithmetic again. So 4-byte elements are skewed from s = 13 (above(4)), the others from 33.
struct SkinnySkew {
  static constexpr int kAbove = 32;
  static constexpr int kAbove4 = 12; // 4-byte elements
  static constexpr int above(int element_size) { return element_size == 4 ? kAbove4 : kAbove; }
};
// Elements a shared row: the segment, up to V-1 elements of misalignment before it, and the
// rest of the last packet after it; an odd number of 16-byte chunks, so that consecutive rows
// start in different banks (an even count put every row of a 33-row block in the same banks:
// 50% of memcpy at 33 x 969697 fp32).
TB_HD constexpr int skinny_row_elems(int element_size, int width) {
  const int V = 16 / element_size;
  const int r = width + V;
  return r / V % 2 ? r : r + V;
}
// Where shared row k starts, in elements (row: skinny_row_elems), skewed or not (above).
TB_HD constexpr int skinny_row_at(int element_size, bool skew, int k, int row) {
  const int V = 16 / element_size;
  return k * row + (skew ? ((k >> 3) + (k >> 6)) * V : 0);
}

// The interleaving gather's loads from its shared rows (skinny.cuh, phase 2 with a gather
// period): thread t takes packets t, t + jump, ...; the load j of an instruction reads element j
// of each lane's packet, or with ROTATE element j + c·V/4 (mod V), c = t mod 4. Planar row k's
// segment starts m_k = k·L mod V elements into its shared row (its misalignment, as copied), and
// element u of the span is row u mod s, position u / s. Where L and s make every lane's element
// fall at one offset within its 16-byte chunk, the 32 lanes share 8 of the 32 banks (fp16
// 33 x 1939393: 4.5 wavefronts a load); rotated, the lanes take four offsets.
// The mean wavefronts a warp-wide load takes (4-byte banks, 32 of them) over every warp's
// first two rounds, for 2- and 4-byte elements (0 where the gather has no period).
inline double skinny_gather_wavefronts(int element_size, int s, int L, bool rotate) {
  const int V = 16 / element_size;
  const int jump = skinny_gather_threads(element_size, s);
  if (jump == 0 || V < 4) return 0;
  const int W = skinny_width(element_size, s, true);
  const int re = skinny_row_elems(element_size, W);
  const bool skew = s > SkinnySkew::above(element_size);
  const int lmod = L & (V - 1);
  const int packets = W * s / V;
  long long sum = 0, loads = 0;
  for (int w0 = 0; w0 < jump; w0 += 32)
    for (int round = 0; round < 2; ++round)
      for (int j = 0; j < V; ++j) {
        int words[32][32]; // per bank, the distinct words asked for
        int count[32] = {};
        bool any = false;
        for (int t = w0; t < w0 + 32 && t < jump; ++t) {
          const int q = t + round * jump;
          if (q >= packets) continue;
          const int e = rotate ? (j + (t & 3) * (V / 4)) % V : j;
          const int u = q * V + e, k = u % s, l = u / s;
          const int word =
              ((skinny_row_at(element_size, skew, k, re) + ((k * lmod) & (V - 1)) + l) *
               element_size) /
              4;
          int* ws = words[word % 32];
          int& n = count[word % 32];
          bool seen = false;
          for (int i = 0; i < n; ++i) seen = seen || ws[i] == word;
          if (!seen) ws[n++] = word;
          any = true;
        }
        if (!any) continue;
        int most = 0;
        for (int b = 0; b < 32; ++b) most = count[b] > most ? count[b] : most;
        sum += most;
        ++loads;
      }
  return loads ? static_cast<double>(sum) / static_cast<double>(loads) : 0;
}

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
// 2-byte elements at s = 33 too, with four times the data a block (skinny_keeps_l1; at 16 KB a
// block and rotated, fp16 33 x 1939393 had run 89.7 from L2 only and 90.9 through L1: H200,
// 03d17f9, two passes).
// 4-byte elements at s = 65-127 too, with four times the data a block (capped at
// kCachedWideBytes) and the carveout of skinny_keeps_l1: fp32 65-127 +4.0 to +5.5 on an H200
// (100 x 320001 90.7 -> 95.9; docs/perf-notes.md, 2026-11-28). Through L1 at twice the data a
// block they had lost 3-12 (above), with blocks of 32-34 KB that fit six to the 228 KB carveout
// and leave the L1 28 KB (a reading: not measured apart).
TB_HD constexpr bool skinny_cached_copies(int element_size, int s) {
  return s >= 2 && ((element_size == 2 && s <= 32) || (element_size == 4 && s <= 33) ||
                    skinny_keeps_l1(element_size, s, true));
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

// Whether the interleaving gather reads its shared rows rotated (skinny_gather_wavefronts): 2- and
// 4-byte elements where the model has the rotated loads take at least one wavefront fewer, but
// not where phase 1 copies a row a warp (skinny_row_copies). Nsight Compute agreed with the model
// (H200, 9a4c650: fp16 33 x 1939393 4.54 -> 1.75 wavefronts a load, modelled 4.50 -> 1.72; fp16
// 31 x 2064517 4.05 -> 2.03, modelled 4.00 -> 2.00). Measured, rotated against not (H200,
// 9a4c650 and 03d17f9, two passes, % of memcpy; docs/perf-notes.md): fp16 s = 25 and 27, where
// the model has 7.0 and 6.6 wavefronts, 74.3 -> 93.3 and 74.5 -> 92.3; s = 26, 28-33 +0.7 to
// +1.6 (4.0-4.5 -> 1.0-2.1); 200 +2.3; fp32 9, 31, 33, 100, 128, 200 +0.2 to +1.0. Where the
// model has no wavefront to gain: fp16 9, 12, 24 -0.8 to -1.9, fp32 12, 24 -0.5, -0.6; with the
// row walk (fp16 34-128) -5.8 to -9.8. The H100 (6cf1155, two passes): fp16 and bf16 25, 27, 33
// +2.6 to +3.0 (33 x 1939393 93.9 -> 96.7), 29-32 +0.6 to +0.7, fp32 100 and 200 +2.1 and +5.5;
// but fp16 200 -1.2, so not for 2-byte elements above s = 128 (four times the data a block).
inline bool skinny_rotate_wins(int element_size, int s, int L) {
  if ((element_size != 2 && element_size != 4) || skinny_row_copies(element_size, s)) return false;
  if (element_size == 2 && s > Skinny::kWiderAbove) return false;
  const double plain = skinny_gather_wavefronts(element_size, s, L, false);
  return plain > 0 && skinny_gather_wavefronts(element_size, s, L, true) <= plain - 1.0;
}

} // namespace tb::ours
