// Where the grid tile (tile16_grid.cuh) puts each output row's segment, plain C++ so that host
// tests check it. The 16-byte tile writes the same columns [y0, y0 + W) of every output row of a
// block: where the output pitch (rows x element size) is not a multiple of 256 bytes, those
// segments start at different offsets within the 256-byte pieces of the address space, and every
// other piece (at a pitch of 128 mod 256) is written half by one block and half by the next. The
// grid tile moves each output row's segment back by the row's offset within its piece, so that
// every segment starts on the 256-byte grid: rows of one block then cover columns that differ by
// up to 240 bytes, which the tile reads as halo rows above its own.
#pragma once

#include "harness/core/hd.hpp"

namespace tb::ours {

inline constexpr unsigned kGridBytes = 256;

// The output pitch's offset in the grid: (rows x element size) mod 256. Output row r starts at
// byte r x m of its piece (mod 256); 0 where the rows are on the grid.
TB_HD constexpr unsigned grid_pitch_offset(int rows, int element_size) {
  return (static_cast<unsigned>(rows) * static_cast<unsigned>(element_size)) % kGridBytes;
}

// Elements that output row r's segment moves back: its start's offset in the grid, in elements
// (unsigned arithmetic: only the product mod 256 matters, so wrapping is exact).
TB_HD constexpr int grid_shift(unsigned r, unsigned m, int element_size) {
  return static_cast<int>((r * m) % kGridBytes) / element_size;
}

// The rows' period in shifts: 256 / gcd(m, 256) = 256 / (m's lowest set bit), 1 on the grid.
TB_HD constexpr int grid_period(unsigned m) {
  return m == 0 ? 1 : static_cast<int>(kGridBytes / (m & (0u - m)));
}

// The largest shift over all rows, in elements: the halo the tile reads above its own rows. The
// shifts r x m mod 256 are the multiples of m's lowest set bit below 256.
TB_HD constexpr int grid_halo(unsigned m, int element_size) {
  return m == 0 ? 0 : static_cast<int>(kGridBytes - (m & (0u - m))) / element_size;
}

// The halo rounded up to the tile's 16-row slabs (the rows phase 1 loads above the tile's own).
TB_HD constexpr int grid_halo_slabs(unsigned m, int element_size) {
  return (grid_halo(m, element_size) + 15) / 16;
}

// Tiles down the long side (the input's rows): the segments of a row with shift s cover
// [ty x tile_rows - s, (ty + 1) x tile_rows - s), so one more tile where the halo needs it.
TB_HD constexpr int grid_tiles_y(int rows, int tile_rows, unsigned m, int element_size) {
  return (rows + grid_halo(m, element_size) + tile_rows - 1) / tile_rows;
}

// The narrow tile's grid de-interleave (narrow.cuh, narrow_grid_deinterleave_one): planar rows of
// L elements, a block's span of rg groups of v positions (v = 16 / element size), the first hg of
// them the halo before its own. hg: the halo's groups, grid_halo / v (8, 12, 14 or 15 off the
// grid, 0 on it: the pitch offset of rows of whole packets is a multiple of 16 bytes).
TB_HD constexpr int narrow_grid_halo_groups(int rows, int element_size) {
  return grid_halo(grid_pitch_offset(rows, element_size), element_size) / (16 / element_size);
}
// The block's own groups: what the halo leaves of its rg, rounded down to 16 groups (256 bytes),
// so that every block starts on the grid in every planar row (block b at b x 256 k bytes of each
// row, before the row's shift).
TB_HD constexpr int narrow_grid_own_groups(int rg, int hg) {
  return (rg - hg) / 16 * 16;
}
// Blocks of a grid de-interleave over L positions: enough that the segment of the row with the
// largest shift (hg groups) reaches the end.
TB_HD constexpr long long narrow_grid_blocks(long long L, int rg, int hg, int v) {
  const long long w = static_cast<long long>(narrow_grid_own_groups(rg, hg)) * v;
  return (L + static_cast<long long>(hg) * v + w - 1) / w;
}

// The scalar grid tile's shared memory (ScalarGrid in scalar.cuh): rows of tc elements in units of
// u elements, unit j of shared row r at unit j ^ ((r / u) & swz). The index of element (r, c),
// r and c >= 0 (unsigned arithmetic: u a power of two, the divisions are shifts).
// half_rows: rows of half the 32 banks (64 bytes: bytes in 64 columns), where row r and row r + 1
// share a bank line. There phase 2's half-warp reads rows r + 8 u l (lanes l = 0..15), all of one
// parity: on one half of the banks, lanes l and l + 8 on the same unit, a 2-way conflict. So the
// rows of each pair swap places where bit 0 of r / (8 u) is set: lanes l and l + 8 differ in that
// bit, and land on different halves of the banks.
// The swizzle's mask for rows of tc elements in units of u: the units of a row, at most 32, less
// one.
TB_HD constexpr int grid_unit_swizzle(int tc, int u) {
  return (tc / u < 32 ? tc / u : 32) - 1;
}

// Whether rows of tc elements of es bytes, in units of more than one element, fill only half the
// banks (grid_unit_index's half_rows).
TB_HD constexpr bool grid_half_rows(int tc, int es, int u) {
  return u > 1 && tc * es < 128;
}

TB_HD constexpr int grid_unit_index(int r, int c, int tc, int u, int swz, bool half_rows = false) {
  const unsigned ur = static_cast<unsigned>(r), uc = static_cast<unsigned>(c);
  const unsigned uu = static_cast<unsigned>(u);
  const unsigned row = half_rows ? ur ^ ((ur / (8 * uu)) & 1u) : ur;
  return static_cast<int>(row * static_cast<unsigned>(tc) +
                          uu * ((uc / uu) ^ ((ur / uu) & static_cast<unsigned>(swz))) + uc % uu);
}

// How far element (r + 16 u k, c) lies from element (r, c), r >= 0: 16 u k rows, and the swizzle
// moved by 16 k, which leaves masks below 16 alone and flips bit 4 of a 32-unit mask on odd k (the
// pairs of half_rows are left alone: 16 u k rows keep bit 0 of r / (8 u)). So for every k it is
// 16 u k tc plus, on odd k, the step at k = 1 less 16 u tc: phase 2 of the tile works out each
// lane's index once an output row and steps down by constants.
TB_HD constexpr int grid_unit_index_down(int r, int c, int k, int tc, int u, int swz,
                                         bool half_rows = false) {
  return grid_unit_index(r + 16 * u * k, c, tc, u, swz, half_rows) -
         grid_unit_index(r, c, tc, u, swz, half_rows);
}

} // namespace tb::ours
