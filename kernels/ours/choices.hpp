// ours_best's choices that host tests check directly, without a GPU: the sides of a halo tile's
// shape, the choices keyed on the GPU's DRAM peak (where the H100 and the H200 measured opposite
// ones: lower_dram_peak), and the word tile's. Plain constexpr functions, used by the kernels'
// launch code and by the notes that say which path ours_best took.
#pragma once

#include "kernels/ours/dram_peak.hpp"
#include "kernels/ours/grid_layout.hpp" // grid_pitch_offset

#include <cstddef>

namespace tb::ours {

// Which sides of a halo tile's shape are 16-byte aligned (a template argument: each side that is
// compiles its realignment out). kInAligned: input rows start on 16-byte boundaries (cols a
// multiple of V), so phase 1 loads the tile's packets as they are (no neighbour shuffles, no 17th
// packets, no funnel shifts). kOutAligned: output rows do (rows a multiple of V), so phase 2 is
// the aligned tile's (no halo rows above the tile, no second row group, no funnel shifts, no
// element stores). Eight of the map's nine u8 halo shapes have one aligned side (s x L and L x s
// at s = 256, 1000, 1024, 4096); the odd square has none. Compiled out, the output-aligned
// side gained 14-21 points on the H200 and 2-6 on the H100 (u8 s x L); the input-aligned side
// 2-6 on the H200 and -7 to 0 on the H100 (docs/perf-notes.md). Registers at half height (u8):
// output-aligned 80 (so 3 blocks an SM under halo_blocks' bound of 2), input-aligned 107.
// For 2-byte elements (v = 8) the output side counts as aligned only where its rows are whole
// 32-byte sectors (rows a multiple of 2V); elsewhere the tile owns whole sectors of them
// (halo_sectors, HaloTile::SECTORS). Except where the matrix is one row of tiles (rows no more
// than tile_rows, the tile's own rows): there no output sector is split between two tiles, so
// they own whole packets (kPackets; fp16 120 x 533333 on an H200: 88.5% of memcpy with the
// output side compiled out at 128be78, 72.7 owning sectors at 70fc8ef).
inline constexpr int kInAligned = 1, kOutAligned = 2, kPackets = 4;
// kAboveShuffled: phase 2 takes the transposed packet of the row group above a thread's own
// from the lane that owns that group (a shuffle), not by reading and transposing the group a
// second time; only the tile's top groups, whose group above is the halo, read it from a
// buffer of the halo's transposed packets that a pre-pass writes. For output rows that are not
// aligned and owned in packets (not sectors), 4-byte elements, and 1-byte ones at half height
// (where lane g - 1 of a word pass is on the same word).
inline constexpr int kAboveShuffled = 8;
// kStorePieces: straddling packets in aligned pieces (HaloTile::PIECES) for 1-byte elements
// whatever the input side; without it only where input rows are aligned.
inline constexpr int kStorePieces = 16;
// kSectorGroups: output rows whose pitch is a whole number of packets but not of 32-byte sectors
// (1-byte elements, rows 16 mod 32), owned in whole sectors by whole row groups: the owned
// segment of an output row at 16 mod 32 bytes starts one row group above the tile, so phase 2
// stores the group above's transposed packet there (HaloTile::SECTOR_GROUPS); no funnel shifts.
inline constexpr int kSectorGroups = 32;
// kByteSectors: 1-byte elements in output rows that are not whole packets own whole 32-byte
// sectors of them, as 2-byte elements do (HaloTile::SECTORS: 2V halo rows; with kAboveShuffled
// the group two above from the lane that owns it too).
inline constexpr int kByteSectors = 64;
// A halo tile's own rows: 16V, or 8V at SPLIT 2 (HaloTile::TROWS, for the host).
constexpr int halo_tile_rows(int element_size, int split) {
  return 16 * (16 / element_size) / split;
}
// The split ours_best takes: bytes the half-height tile; 2-byte types stay on the full one,
// which led at three of the map's four 2-byte halo shapes on the H100 and at all four on the
// H200.
constexpr int halo_split(std::size_t element_size) {
  return element_size == 1 ? 2 : 1;
}
constexpr int halo_sides(int v, int rows, int cols, int tile_rows) {
  const bool sectors = v == 8 && rows > tile_rows;
  return (cols % v == 0 ? kInAligned : 0) | (rows % (sectors ? 2 * v : v) == 0 ? kOutAligned
                                             : v == 8 && !sectors              ? kPackets
                                                                               : 0);
}
// Whether ours_best takes the group above by a shuffle (kAboveShuffled): 1-byte elements with
// neither side aligned (the half-height tile; al from halo_sides). Measured on the H100
// (docs/perf-notes.md): u8 11313², 8191 x 8193 and 4099 x 7919 +2.4, +1.2 and +2.1 points (12%
// fewer instructions at 11313²); where only the output side is unaligned (1000 x 128000,
// 1000 x 64000) within a point, the extra barrier's waits taking what the instructions gave. On
// the H200 there, against the tile without it: +1.0 at 1000 x 128000, +0.9 at 125001 x 1024,
// +0.7 to +2.0 at L x 640 to L x 3072 (two passes), -0.8 and -0.9 at L x 256 and L x 512, so it
// took it there for rows longer than 512; those shapes now own whole output sectors
// (halo_byte_sectors_wins, the groups above by shuffles too), and the input-aligned shapes left
// to the halo tile (s = 192-240 channels) have rows of 512 or less. 4-byte elements within 0.2
// at seven shapes.
constexpr bool halo_above_shuffled(int element_size, int al) {
  return element_size == 1 && (al & (kInAligned | kOutAligned)) == 0;
}
// Whether ours_best holds that tile to three blocks an SM (80 registers) where neither side is
// aligned: on a GPU above the H100's DRAM peak. H200 (docs/perf-notes.md), against two blocks:
// +4.4 to +8.1 points at all eight shapes measured (11313² 71.0 -> 78.6% of memcpy, 3001 x 42671
// 69.6 -> 77.7, 8191 x 8193, 4099 x 7919, 12345 x 6789, 42671 x 3001, 1001 x 128001,
// 128001 x 1001); the H100 lost 5 to 11 points with the third block.
constexpr bool halo_three_blocks(int element_size, int al, double dram_peak_gbps) {
  return element_size == 1 && (al & (kInAligned | kOutAligned)) == 0 &&
         !lower_dram_peak(dram_peak_gbps);
}
// Whether ours_best's halo tile owns whole sectors by row groups (kSectorGroups): bytes whose
// output rows are whole packets but 16 mod 32 bytes (rows 16
// mod 32). Where two tiles of a tile column meet they would each write half of a 32-byte sector
// in every other output row (docs/perf-notes.md):
//  - input rows not whole packets (al == kOutAligned; the halo tile, its output side compiled
//    out: 86-94 -> 68-72% of memcpy on both GPUs). Owning whole sectors, the H100 (two blocks an
//    SM): 42672 x 3000, 42672 x 3001, 25648 x 5000, 128048 x 1000, 500016 x 1000 71-72 -> 85-86
//    and 8016 x 8001 81.7 -> 86.8; the H200 only at three blocks (+6.3 to +10.6) and only where
//    the matrix is tall (8016 x 8001 82.7 -> 76.3; the tall shapes have rows >= 5 cols);
//  - input rows whole packets too (al == kInAligned | kOutAligned; ours_best's 16-byte tile
//    otherwise, 4-10 points below the same shapes at a pitch of 0 mod 32), the input side's
//    realignment compiled out, two blocks an SM: the H100 +4.3 to +11.9 at all eight shapes
//    measured (500016 x 256 82.4 -> 94.3, 8208 x 8192 90.6 -> 94.9, 1040 x 128000 84.9 -> 93.5);
//    the H200 +1.3 to +7.1 where rows >= 4 cols (500016 x 256 81.1 -> 88.1, 125008 x 1024,
//    42672 x 4096, 16400 x 4096), within 0.3 at 8208 x 8192 and 16400 x 16384, -0.8 and -2.6
//    at 4112 x 16384 and 1040 x 128000.
// So both on the H100 at two blocks an SM, at first. With each thread's group above taken from
// the lane that owns it (kAboveShuffled, not transposed a second time) at three blocks an SM (80
// registers, 0-12 bytes spilled), every shape measured won on the H200 (475448c, two passes,
// ours_tile16_halo_groups_shuffled_3): 42672 x 3001 75.2 -> 86.7, 128048 x 1000 75.5 -> 85.3,
// 500016 x 1000 75.2 -> 85.3, 8016 x 8001 85.0 -> 90.8, 8208 x 8192 87.8 -> 93.0,
// 16400 x 4096 +4.3, 42672 x 4096 +4.0, 500016 x 256 +0.1; and it led the 8-byte tile (tile8.cuh)
// at nine of ten shapes of input rows of whole 8-byte packets (6569302: +0.7 to +7.7, 63760 x
// 2008 79.6 -> 87.3; -0.1 at 8016 x 7000). On the H100 (e2dfe31, two passes) against the
// two-block tile: where input rows are not whole packets +5.2 to +7.3 at all six shapes
// (42672 x 3000 85.2 -> 92.2, 128048 x 1000 85.4 -> 92.4, 8016 x 8001 87.2 -> 94.5), where they
// are within 0.4 at four. So on both GPUs: the sector groups, the group above by a shuffle,
// three blocks an SM (halo_sector_groups_fit: the shapes the tile takes at all;
// ours_tile16_halo_groups measures every one of them).
constexpr bool halo_sector_groups_fit(int element_size, int al, int rows) {
  return element_size == 1 && (al == kOutAligned || al == (kInAligned | kOutAligned)) &&
         rows % 32 == 16;
}
// Whether ours_best takes the half-height halo tile (input realignment kept, every offset 0:
// ours_tile16_halo_general) for 1-byte elements whose rows are whole packets both ways, not 16
// mod 32 bytes (halo_sector_groups_fit), instead of the 16-byte tile: short side from 4096, at
// least 288 of the 16-byte tile's 256 x 256 tiles, and either a side that is not a whole number
// of tiles (rows off the 256-byte grid, the tile's edge tiles in packets) or at most 1024 tiles
// (64 MiB). Below 288 tiles the 16-byte tile's blocks are about one wave (two an SM on 132 SMs,
// 264) and the halo tile's twice as many: at 4096² (256 tiles) the 16-byte tile leads by 5-6
// points on both GPUs, at 4096 x 4112 (272, the last tile column 16 bytes wide) by 1.3-2.5 and
// 1.7; from 4096 x 4608 (288) it trails. Against the 16-byte tile in the same pass (97a3705 to
// 6a9da74, two passes each, % of memcpy, H200 / H100; docs/perf-notes.md, "u8 whole packets both
// ways: the half-height halo tile by size and edge"):
//  - a side off whole tiles, 529 to 8281 tiles (32-512 MiB): 5792² +3.2 / +2.3, 9792² +2.0 /
//    +1.6, 11584² +1.4 / +1.3, 23168² +0.9 / +1.0, 16416² +1.5 / +1.5, 8192 x 8256 +1.9 / +1.1,
//    8256 x 8192 +2.4 / +1.9, 16384 x 9792 +0.5 / +0.7, 9792 x 16384 +1.6 / +1.5, 16384 x 16448
//    +0.4 / +0.7, 16448 x 16384 +1.3 / +1.3, 16384 x 23168 +0.3 / +0.5, 23168 x 16384 +1.0 / +1.1;
//  - whole tiles, 288 to 1024 (18-64 MiB): 4096 x 4608 +7.4 / +6.0, 4608 x 4096 +6.8 / +7.1,
//    4096 x 5120 +5.9 / +3.1, 5888 x 4096 +6.6 / +6.0, 4096 x 6144 +4.4 / +5.1, 4096 x 7936
//    +5.1 / +1.3, 7936 x 4096 +5.3 / +1.5, 4096 x 8192 +4.6 / +1.2, 8192 x 4096 +3.0 / +1.1,
//    6144 x 8192 +2.5 / +0.6, 8192 x 6144 +1.6 / +0.7, 8192² +1.1 / +0.0, 4096 x 16384 +1.7 /
//    -0.0, 16384 x 4096 +1.2 / +0.0 (2048 x 32768 +1.4 / +0.3 and 32768 x 2048 +1.1 / -0.1,
//    short side 2048: left to the 16-byte tile);
//  - whole tiles, 1600 and more (100 MiB and more): 10240² +0.1 / -0.3, 11520² -0.3 / -0.9,
//    8192 x 16384 -0.1 / -0.5, 16384 x 8192 -0.3 / -0.7, 12288² -0.5 / -0.8, 16384² -1.1 / -0.9,
//    16640² -1.2 / -0.9, 8192 x 32768 -0.8 / -0.8, 16384 x 32768 -1.4 / -1.0; and 256 tiles
//    (4096², one wave of the 16-byte tile's blocks, two of the halo tile's) -5.3 / -5.9.
// No GPU key: the two GPUs agree in sign wherever the change passes half a point.
constexpr bool tile16_bytes_halo_wins(int element_size, int rows, int cols) {
  const long long tiles = static_cast<long long>((rows + 255) / 256) * ((cols + 255) / 256);
  const bool edges = rows % 256 != 0 || cols % 256 != 0;
  return element_size == 1 && rows % 16 == 0 && cols % 16 == 0 && rows % 32 != 16 &&
         (rows < cols ? rows : cols) >= 4096 && tiles >= 288 && (edges || tiles <= 1024);
}
// Whether ours_best holds the scalar tile (8-byte elements whose rows are not 16-byte aligned,
// scalar.cuh) to three blocks an SM (80 registers) rather than two: on a GPU above the H100's
// DRAM peak, where the short side ends in a tile that leaves an eighth or more of its tiles' span
// idle, so that a block's warps have lanes with nothing to move (s = 100: the second of two
// 64-element tiles 36 elements wide). Measured (fp64, two passes, % of memcpy, two blocks ->
// three; docs/perf-notes.md): H200 (b7ee207) s = 100, 130, 140, 150, 160, 200 +2.9 to +5.6 both
// ways (160001 x 100 86.8 -> 90.1, 100 x 160001 91.9 -> 96.2, 130 x 123077 87.5 -> 93.1); where
// the idle share is 0-2% (s = 250, 256, 500) -0.6 to -0.8, at 8191 x 8193 +0.7, 4099 x 7919,
// 1024 x 15625 and 15625 x 1024 within 0.2. H100 (492cf2b against 40f49b9): the tall ones
// -1.9 to -2.8 (160001 x 100 93.6 -> 90.9), the wide ones -0.6 to +0.4.
constexpr bool tile_scalar_three_blocks(int rows, int cols, double dram_peak_gbps) {
  const int s = rows < cols ? rows : cols;
  const int span = (s + 63) / 64 * 64;
  return (span - s) * 8 >= span && !lower_dram_peak(dram_peak_gbps);
}
// Whether ours_best takes the scalar grid tile (scalar.cuh: the scalar tile's element accesses,
// each output row's segment moved back onto the 256-byte grid, its rows copied to shared memory
// by cp.async) for 8-byte elements whose output rows are not whole 16-byte packets (rows odd): at
// least 16 MB of matrix (below, the L2 holds much of it: 1001 x 1000 -13 on the H200), and input
// rows whose last 32 lanes idle at most a quarter of all the lanes over them (s = 33: 31 of 64
// idle, -2.0 on the H100 and -4.3 on the H200; s = 24 and 28: 8 and 4 of 32), and on a GPU above
// the H100's DRAM peak at least 31 of them (a block's bytes in flight shrink with its columns
// below 64: the H200 lost 7.5 at 700001 x 24 and 2.6 at 600001 x 28 to the gather, and gained 1.9
// at 516129 x 31; at 2e2489f s = 29 -0.8, 30 +0.3). ours_best asks it first for tall matrices
// (ahead of the gather) and for the others where the scalar tile would run. Measured (fp64, two
// passes, % of memcpy; docs/perf-notes.md): H200, ours_best at 3a7b316 against 9db93ef, 177779 x 90
// +4.4, 200001 x 80 +3.3, 250001 x 64 +5.7, 350001 x 48 +4.5, 131073 x 128 +4.3 (the gather and the
// scalar tile before), 160001 x 100 +2.1, 62501 x 256 +3.2, 15625 x 1024 +1.7, 8191 x 8193 +1.2,
// 3001 x 1000 +2.6; H100 (the tile against ours_best in the same pass, 0ef5578) s = 24, 28, 31, 48,
// 64, 128 +1.3 to +5.4, 160001 x 100 +2.8, 32001 x 500 +3.7, 62501 x 256 +2.8, 3001 x 1000
// +0.6, 8191 x 8193 +0.3.
constexpr bool scalar_grid_wins(int element_size, int rows, int cols, double dram_peak_gbps) {
  const int lanes = (cols + 31) / 32 * 32;
  return element_size == 8 && rows % 2 == 1 && 4 * (lanes - cols) <= lanes &&
         (cols >= 31 || lower_dram_peak(dram_peak_gbps)) &&
         static_cast<long long>(rows) * cols * 8 >= (16LL << 20);
}
// Whether ours_best takes the scalar grid tile in 8-byte units (ScalarGrid's UB = 8: two columns a
// copy, two rows of an output row a store, each half-warp's store a whole 128-byte line) for
// 4-byte elements in the halo tile's place: output rows not whole packets (rows odd), input rows
// of whole 8-byte units (cols even), at least 16 MB of matrix (scalar_grid_wins' bound), the last
// tile column leaving at most a quarter of the 64-column spans over the input rows idle (fp64's
// bound, carried over, not measured past it for fp32: 0-25% idle at the shapes measured, 25% at
// 333333 x 96, -0.6 on the H200), and on a
// GPU above the H100's DRAM peak at least two of the tile's 128-row heights of rows (the H200 lost
// 6.4 points at 201 x 320000, where a tile column is three tiles for 201 rows, and gained 1.9 at
// 301 x 213334). Measured (ours_best at 84bb23e against fc01c7c, built side by side, two passes,
// % of memcpy; docs/perf-notes.md): H200 125001 x 256 91.2 -> 95.0, 250001 x 128 +7.5, 160001 x
// 200 +7.1, 492307 x 64 +9.0, 200001 x 160 +4.6, 4097 x 1026 +12.1, 2049 x 2050 +4.0, 31251 x
// 1024 +1.2, 16001 x 4000 +1.4, 333333 x 96 -0.6, 401-1001 rows wide -0.6 to +0.3; H100 -0.1 to
// +10.5 at all 18 shapes (201 x 320000 +3.9, 129 x 500000 +2.4). Where the word tile past one tile
// takes the shape first (fp32 320001 x 100) the tile lost 4.4 (H200, 309ae9e); 2-byte elements
// -11.5 to +0.1 (four loads from shared memory a store), bytes -5 to -22: not taken.
constexpr bool scalar_grid_units_win(int element_size, int rows, int cols, double dram_peak_gbps) {
  const int span = (cols + 63) / 64 * 64;
  return element_size == 4 && rows % 2 == 1 && cols % 2 == 0 && 4 * (span - cols) <= span &&
         (rows >= 256 || lower_dram_peak(dram_peak_gbps)) &&
         static_cast<long long>(rows) * cols * 4 >= (16LL << 20);
}
// Whether ours_best takes the scalar grid tile in 8-byte units (8 columns a copy, 8 rows of an
// output row a store, its shared rows in pairs: scalar.cuh) for 1-byte elements de-interleaving
// 64 channels from rows that are not whole packets (rows odd), in the chunked word tile's place
// (words_chunked_wins), from 128 MB of matrix. Measured (% of memcpy, two passes;
// docs/perf-notes.md): ours_best at 6f0d4c0 (the rule from 16 MiB) against 418ce2d, built side by
// side, H200: 2000001 x 64 85.7 -> 88.6, 4000001 x 64 83.3 -> 89.2, but 1000001 x 64 -1.1,
// 524289 x 64 -5.2 and 262145 x 64 -14.9 (16.8 MB); the tile against ours_best in the same pass,
// H100 (29d2f1c): 1000001 x 64 93.0 -> 95.8, 2000001 x 64 90.0 -> 95.5, 4000001 x 64 89.5 ->
// 96.0. So from 128 MB, where both GPUs gained. Elsewhere the tile lost: 72, 80 and 96 channels
// (H100 -11.0, -10.3, -3.3 against the word tile), 128 (H200 -1.4 at 1000001 x 128), 256 (H200
// -11.0, H100 -7.7 at 500001 x 256), and rows of whole packets (H200 -4.5 at 2000000 x 64, the
// narrow tile).
constexpr bool scalar_grid_bytes_win(int element_size, int rows, int cols) {
  return element_size == 1 && cols == 64 && rows % 2 == 1 &&
         static_cast<long long>(rows) * cols >= 128000000LL;
}
// Whether ours_best takes the grid tile (tile16_grid.cuh: each output row's 256-byte segment
// moved back onto the 256-byte grid, halo rows above the tile) for 2-, 4- and 8-byte elements in
// rows of whole packets both ways: tall matrices whose input rows are a multiple of 64 elements
// (whole tile columns of every type) up to 2 KB and whose output rows (rows x element size) are a
// multiple of 32 bytes off the grid. There the
// 16-byte tile writes 256 bytes of each output row a block from the same column in every row, so
// that at a pitch of 128 mod 256 every other row's segment straddles two 256-byte pieces, each
// written half by one block and half by the next: the H200 lost 4-6 points to it (89.5% of
// memcpy at fp32 500000 x 64 against 93.9 at 499968 x 64), and a plain copy at that pitch 3-4
// (docs/probes/pitched-tiles.cu). The halo costs L2 reads (1.33 times the input's sectors at fp32
// 500000 x 64), not DRAM reads (128.0 MB either way). Measured (5d3fb90, two passes a GPU, % of
// memcpy, the 16-byte tile (the narrow tile at fp16 1000000 x 64) -> the grid tile, H200 / H100;
// docs/perf-notes.md, "output segments on the 256-byte grid"): fp32 500000 x 64 89.5 -> 94.2 /
// 94.2 -> 97.7, 300000 x 64 +4.0 / +3.2, 250000 x 128 +3.3 / +3.1, 125008 x 256 +3.0 / +3.5,
// 125000 x 256 (32 mod 256) +1.5 / +3.2, 62512 x 512 +1.6 / +2.5; fp64 250000 x 64 91.5 -> 95.7
// / 94.5 -> 97.5, 125000 x 128 +1.6 / +2.3, 62504 x 256 +0.2 / +2.2; fp16 (8 chunks a block,
// held to four blocks an SM) 1000000 x 64 90.5 -> 93.8 / 94.6 -> 97.0, 500000 x 128 +1.7 / +0.8,
// 250016 x 256 +1.5 / +0.5. Elsewhere it lost on the H200: long input rows (fp32 5656² -3.8 at 96
// mod 256, 5664² -0.4 at 128; fp32 1000 x 32000 and fp64 1000 x 16000, output rows on the grid,
// -4.2 and -3.3), and u8 (V = 16: 1000000 x 128 -6.2, 2000000 x 64 -32.6).
// Also 4- and 8-byte elements in whole 16-byte tiles both ways (rows and cols multiples of 16V:
// every row on the grid, no halo) from a short side of 4096: there the grid tile is the 16-byte
// tile transposed before shared memory, 16 chunks a block, its two row groups a thread loaded
// together, and it led at each of seven squares and oblongs of 64 MiB to 1 GiB on both GPUs
// (9ea68df, two passes, % of memcpy, H200 / H100): fp32 4096² -0.0 / +0.5, 6144² +0.1 / +0.4,
// 8192² 97.6 -> 98.0 / 96.5 -> 97.0, 12288² +0.2 / +0.3, 16384² +0.1 / 97.1 -> 97.7, 8192 x
// 16384 +0.3 / +0.5, 16384 x 8192 +0.1 / +0.5; fp64 4096² +0.4 / +0.5, 6144² +0.1 / +0.4,
// 8192² +0.0 / +0.3, 12288² +0.0 / +0.2, 16384² +0.5 / 96.6 -> 96.9, 8192 x 16384 +0.6 / +0.3,
// 16384 x 8192 +0.0 / +0.4. 2-byte elements (8 chunks a block) trailed there by 1.4 to 2.7 on the
// H100; smaller or edged matrices were mixed on the H200 (fp32 1000 x 32000 -4.2, 32000 x 1000
// -1.2, 128 x 250000 +1.0).
constexpr bool tile16_grid_wins(int element_size, int rows, int cols) {
  const int v = 16 / element_size;
  const unsigned m = (static_cast<unsigned>(rows) * static_cast<unsigned>(element_size)) % 256;
  const bool tall = element_size >= 2 && rows % v == 0 && cols % 64 == 0 &&
                    static_cast<long long>(cols) * element_size <= 2048 && rows > cols && m != 0 &&
                    m % 32 == 0;
  const bool large = element_size >= 4 && rows % (16 * v) == 0 && cols % (16 * v) == 0 &&
                     (rows < cols ? rows : cols) >= 4096;
  return tall || large;
}
// Whether ours_best's halo tile owns whole 32-byte sectors of unaligned byte output rows
// (kByteSectors, the groups one and two above by shuffles, three blocks an SM): 1-byte elements
// whose input rows alone are whole packets, short side s at least one halo tile wide (256).
// Where two tiles of a tile column meet, the other tile would write half of one sector of
// nearly every output row: ours_best stored 12.8-15.2% more sectors than the data on the H200
// (1000 x 128000: 4.61 M for 4.00 M). Measured (e2dfe31, two passes, against ours_best: the
// H200's halo tile with the group above by a shuffle, the H100's with its input realignment
// kept, or the chunked word tile at 256-2048 channels; % of memcpy, H200 / H100):
// 1000 x 128000 80.5 -> 86.0 / 87.0 -> 92.1, 31250 x 4096 84.5 -> 91.0 / 87.0 -> 93.6,
// 62501 x 2048 86.4 -> 94.0 / 84.7 -> 96.2, 125001 x 1024 84.0 -> 92.5 / 84.8 -> 94.7,
// 500001 x 256 82.1 -> 91.1 / 85.4 -> 95.0, 3001 x 42672 +4.6 / +5.0, 4099 x 8192 +2.0 / +4.7,
// 1001 x 128000 +1.2 / +6.0; against the chunked word tile (3f785a1, one pass) at 512, 640,
// 768, 1152 and 2560 channels +0.2 to +13.5 / -0.0 to +10.9 (H200 200001 x 640 81.4 against
// 80.9, 111111 x 1152 86.8 against 81.6). At two blocks an SM the H200 lost 3 to 10. Where neither
// side is aligned the same tile lost on the H200 (-0.6 to -18.1 at seven shapes) and was mixed
// on the H100 (+1.3 to +9.0 at six, -10.7 at 8191 x 8193): those keep the tile above.
constexpr bool halo_byte_sectors_wins(int element_size, int al, int s) {
  return element_size == 1 && (al & (kInAligned | kOutAligned)) == kInAligned && s >= 256;
}
// Whether ours_best takes the staged byte tile (staged.cuh: both realignments through shared
// memory addresses, the halo tile's ownership) where the halo tile would own whole output sectors
// with input rows aligned (halo_byte_sectors_wins): input rows of at least 2048 bytes, on a GPU
// above the H100's DRAM peak. H200, three runs of two passes against ours_best in the same pass
// (docs/perf-notes.md), % of memcpy: 31250 x 4096 90.9-91.3 -> 92.7-93.3, 62501 x 2048
// 94.2-94.5 -> 95.9-96.1, 1000 x 128000 85.8-86.1 -> 86.8-87.1; at rows of 1024 bytes +0.2
// (125001 x 1024) and at 256 -0.4 to -0.6 (500001 x 256). The H100 (one run of two passes): -1.0
// at 1000 x 128000, -1.5 at 4099 x 8192, -0.6 at 1001 x 128000, +0.3 and +0.4 at 31250 x 4096
// and 62501 x 2048.
constexpr bool staged_byte_sectors_wins(int element_size, int al, int s, int cols,
                                        double dram_peak_gbps) {
  return halo_byte_sectors_wins(element_size, al, s) && static_cast<long long>(cols) >= 2048 &&
         !lower_dram_peak(dram_peak_gbps);
}
// Whether ours_best keeps the input side's realignment where only input rows are aligned, with
// straddling packets stored in pieces (HaloTile<T, 2, kStorePieces>, not <T, 2, kInAligned>):
// 1-byte elements on a GPU of the H100's DRAM peak (lower_dram_peak). On the H100 the general tile
// led by +8.8 points at 1000 x 128000 (87.4% of memcpy), +6.7 at 3000 x 42672, +6.8 at
// 5000 x 25600 and 15625 x 8192, +3.7 at 7813 x 16384, +2.3 at 1000 x 64000, +0.4 at
// 600 x 213344 and -1.2 at 1001 x 128000; its instructions +15%, its warps' waits at the barrier
// and on loads shorter (docs/perf-notes.md). On the H200 (128be78, both tiles storing straddling
// packets an element at a time) the compiled-out tile led by 4.9 and 5.7 points at
// 1000 x 128000 and 31250 x 4096.
constexpr bool halo_input_realigned(int element_size, int al, double dram_peak_gbps) {
  return element_size == 1 && (al & (kInAligned | kOutAligned)) == kInAligned &&
         lower_dram_peak(dram_peak_gbps);
}

// Which word tile: half the positions a block (WordsHalf) for 1-byte elements below s = 64,
// both ways, and interleaving where s is not a multiple of 4 below s = 100; the whole one
// elsewhere, where a block's P positions become few (u8 at 100: P = 144, the halo of 16
// positions 11% more), and for 2- and 4-byte elements. Interleaving at s not a multiple of 4
// the half tile is staged compactly (words_compact_wins), and leads the whole one by 1.7 to 3.2
// points at s = 65-90 on the H100, trails it by 1.1 at 113, ties at 126-127 and trails by 2 to 6
// from 129.
// 2-byte elements de-interleaving below s = 16 on both GPUs (two passes each, s = 9-15: the half
// tile 92.0-95.5% of memcpy on the H200 and 97.0-99.2 on the H100, +0.8 to +4.4 and +0.3 to +2.3
// over the whole tile, +3.0 to +25 and +2.4 to +12.6 over the gather and the register path
// that held these shapes). On a GPU above the H100's DRAM peak, also 2- and 4-byte elements
// de-interleaving at s = 12-33 (H200, two passes, against the whole tile: fp16 at s = 24, 31 and
// 33 +2.4, -0.5 and +2.6; fp32 at 12, 24, 31 and 33 +1.4, +0.3, +2.0 and +1.3; from 48 on -0.3
// to -4.4; the H100 within -1.5 to +1.5 there).
constexpr bool words_half_wins(int element_size, int s, bool interleave, double dram_peak_gbps) {
  if (element_size == 2 && !interleave && s < 16) return true;
  if (element_size == 2 || element_size == 4)
    return !interleave && s >= 12 && s <= 33 && !lower_dram_peak(dram_peak_gbps);
  return element_size == 1 && (s < 64 || (interleave && s % 4 != 0 && s < 100));
}
// Where the word tile stages a 2-byte interleave below one tile compactly (words_pick): on a GPU
// of the H100's DRAM peak, s = 80-104. There ours_best took the word tile on the H100 (two passes
// at 3a77f6b against the gather: s = 80, 96, 100, 104 +1.4, +1.0, +1.0, +2.3; the H200 -0.2 at
// 100, -3.0 at 72, -5.9 at 65; docs/perf-notes.md) until the gather copied its input a row a warp
// through L1 (skinny_row_copies): then the gather led it at s = 80, 90, 100, 104 by 2.7 to 4.0
// points on the H100 (278bae1, two passes, fp16 and bf16; 100 x 640001 91.8 -> 95.7), so
// ours_best no longer asks this.
constexpr bool words_two_byte_interleave_wins(int element_size, int s, bool interleave,
                                              double dram_peak_gbps) {
  return element_size == 2 && interleave && s >= 80 && s <= 104 && lower_dram_peak(dram_peak_gbps);
}
// Whether ours_best takes the word tile to de-interleave 2-byte elements at s = 16 where the
// output rows are not whole packets (whole ones take the narrow tile first; every other s from 9
// to 127 takes the tile on both GPUs, words_tile_wins in words.cuh): above the H100's DRAM peak,
// where the tile runs on half the positions a block (words_half_wins). H200, two passes against
// the gather: fp16 L x 16 at L = 1000001, 4000001, 4000002 and 4000003 +4.1, +2.6, +2.4 and +2.9
// (1000001 x 16 92.4 -> 96.5), bf16 4000001 x 16 +2.4 (docs/perf-notes.md). The H100, which would
// run the whole tile there, is not measured and keeps the gather.
constexpr bool words_two_byte_sixteen_wins(double dram_peak_gbps) {
  return !lower_dram_peak(dram_peak_gbps);
}
// Whether the half tile stages a 1-byte interleave compactly (kWordsCompact): where s is not a
// multiple of 4, so that the padded staging would leave gaps. H100, against the padded half
// tile: +1.4 to +2.0 points at s = 17, 25, 31 and 33 (93.6-94.5% of memcpy), +1.8 at 65.
constexpr bool words_compact_wins(int element_size, int s, bool interleave) {
  return element_size == 1 && interleave && s % 4 != 0 && words_half_wins(1, s, true, 0);
}
// Where ours_best runs the word tile compiled for the short side (Words' SFIX: one instance a
// side, every quantity that follows from s folded and its strides constants), from s = 12 to
// 127 where the tile takes the shape: the u8 interleave (below 16 only at multiples of 4:
// Words::takes) and de-interleave (not at 32, 64 and 96: the chunked tile's, words_chunked_wins),
// on the tile words_pick takes (the half tile below 64, and interleaving at s not a multiple of 4
// below 100); the 2-byte de-interleave on whichever tile either GPU picks (words_compiled_runs;
// at 16 the H200's half tile alone, words_two_byte_sixteen_wins); the 4-byte
// de-interleave up to 33 on the half tile (the H200's). The tile compiled for s = 31 and 33 had
// run 24% fewer instructions at fp16 and 40% fewer at u8 33 x 3878787 (Nsight Compute). Measured
// against the tile that reads s at run time (two passes a GPU, % of memcpy; docs/perf-notes.md):
// the u8 interleave at s = 12, 17, 24, 31, 33, 40, 48, 56, 63 H200 +0.7 to +15.7
// (17 x 7529413 78.3 -> 94.0), H100 +0.2 to +2.0 (2b34635); the u8 de-interleave at the same s
// H200 +1.8 to +13.1 (5333333 x 24 80.9 -> 94.1), H100 +0.2 to +1.3; fp16 at s = 12, 13, 15, 17,
// 24, 31, 33 H200 +0.7 to +4.4 (1939393 x 33 91.0 -> 94.9), H100 -0.1 to +0.2 (bcd660d against
// e5d3df4); u8 at s = 64, 65, 72, 80, 90, 100, 113, 127 H200 +0.3 to +12.3 both ways
// (1600001 x 80 79.3 -> 91.6, 127 x 1007875 72.4 -> 77.9), H100 interleaving +0.0 to +1.5,
// de-interleaving -0.5 to +1.8 (5054c49 against 2ad634b); the 2-byte whole tile at s = 40-127
// H200 +0.5 to +2.5 (566371 x 113 87.7 -> 90.2, 640001 x 100 90.5 -> 91.3), H100 -0.1 to +0.3,
// at 17-33 (the H100's whole tile) -0.5, +0.7, -0.4 at 33, 24, 17, taken as the one rule; the
// 4-byte half tile at 12-33 H200 +0.1 to +0.4 (1032259 x 31 91.5 -> 91.8), while its whole tile
// at 40-63 lost 0.4 to 0.6 and is left out (the H100's at 12-33 with it, not measured)
// (e27ad17 and 15b08f8 against a2c0472); the 2-byte half tile at 16, H200, L not whole packets:
// fp16 L = 2000001, 4000001, 4000002, 4000003 and bf16 4000001 +4.1 to +4.3 (4000001 x 16 90.5 ->
// 94.7; 39feed8 against 2a56b56's kernels). Bounded so that the instances stay few (380; best.cu
// builds in 141 s for three architectures on one core, 124 s with 247: docs/perf-notes.md).
constexpr bool words_compiled_wins(int element_size, int s, bool interleave) {
  if (s < 12 || s >= 128) return false;
  if (element_size == 1) return interleave ? s >= 16 || s % 4 == 0 : s % 32 != 0;
  if (interleave) return false;
  if (element_size == 2) return true;
  return element_size == 4 && s <= 33;
}
// Whether ours_best runs a compiled instance for the tile it picked (half: WordsHalf): where
// words_compiled_wins, on the tile words_half_wins picks on either side of the DRAM-peak key (one
// instance a side and tile that a GPU of either kind runs).
constexpr bool words_compiled_runs(int element_size, int s, bool interleave, bool half) {
  constexpr double lower = kLowerDramGbps / 2, higher = kLowerDramGbps * 2;
  // The one shape class the word tile takes on one kind of GPU only (words_tile_wins).
  const bool lower_takes = element_size != 2 || s != 16 || words_two_byte_sixteen_wins(lower);
  return words_compiled_wins(element_size, s, interleave) && (element_size != 4 || half) &&
         ((lower_takes && words_half_wins(element_size, s, interleave, lower) == half) ||
          words_half_wins(element_size, s, interleave, higher) == half);
}
// The chunked word tile ours_best takes (kWordsChunk): 1-byte elements de-interleaving rows of a
// multiple of 32 channels below 256, where the word tile held them (s = 32, 64, 96 and 160 in
// unaligned rows: 64, 60, 63 and 57% of memcpy on the H100; chunked, 82-98%). 2, 4 and 8 packets
// keep the narrow tile (ours_best asks narrow_packets first: at 2000000 x 64 and
// 1000000 x 128, 95 and 94 against the chunks' 88 and 85). From 256 channels the chunks had
// led the halo tile as it was up to 2048 channels on the H100 and up to 512 and at part tiles
// on the H200 (docs/perf-notes.md, 2026-11-25 and 2026-11-26); the halo tile owning whole
// output sectors (halo_byte_sectors_wins, asked first) has since led them at every count
// measured on both GPUs (256-2560: H200 +0.2 to +13.5, H100 -0.0 to +10.9), so they keep only
// the short rows.
constexpr bool words_chunked_wins(int element_size, int rows, int cols) {
  return element_size == 1 && rows > cols && cols % 32 == 0 && cols < 256;
}
// Where ours_best de-interleaves on the narrow tile (narrow_packets: a short side of NC packets)
// into planar rows off the 256-byte grid (L x element size not a multiple of 256): the narrow
// tile's grid de-interleave (narrow.cuh, narrow_grid_deinterleave_one), each planar row's segment
// moved back onto the grid, the halo positions before a block's own loaded with its span. The
// narrow tile lost to its own figure on the grid (43f588e, two passes, % of memcpy, H200 / H100):
// u8 1000000 x 128 90.4 / 93.9 against 999936 x 128 93.7 / 96.3, 2000000 x 64 91.7 / 95.1
// against 1999872 x 64 93.9 / 96.5. The grid de-interleave against the narrow tile in the same
// pass (7b9624d, two passes, H200): where a block keeps 48 or more groups of its own (NC up to 4)
// 2- and 4-byte elements gained, fp16 2000008 x 32 93.0 -> 97.7, fp32 1000004 x 16 97.5 -> 103.3,
// and 1-byte ones only at one packet (8000032 x 16 +1.1; 4000016 x 32 -0.6,
// 2000000 x 64 -2.8); at 8 packets (16 groups of its own of 32) all lost, u8 1000000 x 128 -7.5,
// fp32 500000 x 32 -4.1. On the H100 with the rule (24c479e, the same A/B): fp16 2000008 x 32
// 96.7 -> 100.1, 1000000 x 32 95.9 -> 97.7, fp32 1000004 x 16 100.3 -> 103.3, u8 8000032 x 16
// 99.2 -> 100.4; where it is not taken the H100 lost less (u8 1000000 x 128 -0.1, 2000000 x 64
// -0.9, fp32 500000 x 32 +0.1: its DRAM peak is lower). The classes left out then, against the
// narrow tile in the same pass (ae769bc, H200, two passes; planar rows 16 / 128 mod 256 bytes):
// fp16 at one packet 8000008 x 8 +2.2, 8000064 x 8 +1.6, at two 4000008 x 16 +3.2, 4000064 x 16
// +2.1; fp32 at two 4000004 x 8 +3.2, 4000032 x 8 +2.8; fp64 at four 2000002 x 8 +3.5,
// 2000016 x 8 +3.0; H100 (b4bfe5e, the same A/B with ours_best taking the rule) +1.4, +1.0,
// +2.4, +1.4; +1.6, +1.3; +1.2, +0.9 (fp16 4000008 x 16 98.4 -> 100.8). So it takes elements of 2
// bytes and more at up to 4 packets, 1-byte ones at one.
constexpr bool narrow_grid_wins(int element_size, int rows, int cols) {
  // In 64 bits: the narrow tile also takes s x L, whose long side's bytes pass 2^31 from fp32
  // 8 x 2^29 (17 GB).
  const long long packets = static_cast<long long>(cols) * element_size / 16;
  return rows > cols && grid_pitch_offset(rows, element_size) != 0 &&
         ((element_size >= 2 && packets <= 4) || (element_size == 1 && packets == 1));
}
// Where ours_best de-interleaves 4-byte elements above one tile (s from 65, where the 16-byte
// and halo tiles leave most of their second tile column empty) through the skinny path's gather
// (skinny.cuh): whole output sectors where output rows (L elements) are not 16-byte aligned,
// whole packets where they are (skinny_sectors_wins). Measured (two passes each GPU, % of
// memcpy, the tile ours_best took -> the gather; docs/perf-notes.md): H200 +18.6 at 492307 x 65
// (63.7 -> 82.2), +13.8 to +17.1 at 70 and 75, +7.9 at 400001 x 80, +15.9 at 400000 x 80
// (aligned), +2.1 and +4.9 at 84 and 88, but -3.0 at 92 (84.1 -> 81.1), -0.7 at 96, -4.9 at
// 320001 x 100 and -3.8 to -9.5 at 112-200 (+5.8 and +4.5 at 95 and 97, whose input rows are not
// 16-byte aligned: not taken); H100 +15.4 at 65, +10.3 at 80, +1.3 to +10.5 at every s from 84
// to 200 where L is odd (320001 x 100 91.4 -> 93.3), none at 224 and 240, but where output rows are
// aligned -2.3 at 320000 x 97 and -2.2 at 320000 x 100 (+1.6 at 400000 x 80). So it took s =
// 65-90 on both GPUs, and up to 200 on a GPU of the H100's DRAM peak where output rows are not
// 16-byte aligned. The word tile past one tile has since led it below two tiles on both GPUs
// (word_tile_past_wins, asked first: fp32 de-interleave at 65-100, and to 127 in unaligned
// output rows; H100 251969 x 127 93.1 -> 95.8): the gather keeps 128 (two tiles) to 200 on a
// GPU of the H100's DRAM peak where output rows are not 16-byte aligned. But where the scalar grid
// tile in 8-byte units fits (scalar_grid_units_win: L odd, s even, at most a quarter of the spans
// idle) it leads the gather there (H100, 7332dd4, the tile against ours_best in the same pass, two
// passes: 250001 x 128 92.7 -> 97.1, 200001 x 160 +4.2, 160001 x 200 +3.9), and takes the shape.
constexpr bool skinny_above_tile_wins(int element_size, int s, int L, bool interleave,
                                      double dram_peak_gbps) {
  return element_size == 4 && !interleave && lower_dram_peak(dram_peak_gbps) && L % 4 != 0 &&
         s >= 128 && s <= 200 && !scalar_grid_units_win(element_size, L, s, dram_peak_gbps);
}
// Where ours_best interleaves above one tile through the skinny path's gather: 1-, 2- and 4-byte
// elements whose short rows (s elements, s from 16V) are not whole 16-byte packets, up to 400 bytes
// of them for 4-byte elements and to two tiles for the others, where the halo tile leaves its last
// tile column part empty and realigns every output row. Measured (one pass each GPU, s x L with L
// odd, % of memcpy, H200 / H100, the halo tile -> the gather; docs/perf-notes.md): fp32 at s = 65
// 58 -> 85 / 75 -> 91, 70 63 -> 89 / 80 -> 91, 90 74 -> 85 / 91 -> 91, 97 76 -> 86 / 91 -> 91; fp16
// at 129 38 -> 72 / 52 -> 83, 161 47 -> 79 / 64 -> 86, 180 58 -> 81 / 77 -> 87; u8 at 257, 264, 300
// and 333 +7 to +14 / +12 to +24. Short rows of whole packets keep the tile (fp32 80 and 112, fp16
// 144 and 160, u8 272 and 400: the H100 3 to 17 ahead on the tile; the H200 1 to 7 behind at fp32
// 80 and fp16 144 and 160, ahead at the others), and so do longer ones of 4-byte elements (fp32
// 127: -1 / -2). For 1- and 2-byte elements the 400 bytes were where the runs stopped: at the
// above-tile configs (3eac98b, one pass each GPU) the gather led at fp16 249 and 255, 78.1 and 78.6
// against 57.7 and 52.5 / 85.4 and 85.0 against 76.2 and 70.0, and at u8 497 and 511 tied on the
// H200 (61.3 and 61.8 against 61.3 and 61.7) and led on the H100 (77.2 and 77.6 against 70.0 and
// 70.6), so they take it up to two tiles. The word tile past one tile is asked first
// (word_tile_past_wins: up to 300 bytes).
constexpr bool skinny_interleave_above_tile_wins(int element_size, int s, bool interleave) {
  if (!interleave || element_size > 4) return false;
  const int v = 16 / element_size;
  return s > 16 * v && s < 32 * v && s % v != 0 && (element_size <= 2 || s * element_size <= 400);
}
// Where ours_best interleaves through the gather, which takes two or four times the data a block
// there (skinny_wide), on a GPU above the H100's DRAM peak, the matrix not whole packets both
// ways: 4-byte elements just above one tile (64 < s < 128) and from two tiles up to 800 bytes of
// short row where the short rows are not whole packets; 2-byte elements from one tile to two.
// Measured on an H200 (two passes, % of memcpy, the path ours_best took -> the gather;
// docs/perf-notes.md): at 5f74ae7 against the gather twice as wide at every s, fp32 72 x 444445
// 89.2 (the word tile past one tile) -> 91.0, 80 x 400001 81.2 (the halo tile) -> 90.7,
// 100 x 320001 88.7 (halo) -> 89.9, 127 x 251969 85.6 (halo) -> 88.5; at a4b6e98 against the
// gather four times as wide, fp32 129 x 248063 72.9 (halo) -> 87.3, 145 x 220689 78.3 -> 87.7,
// 193 x 165803 79.2 -> 86.8, but 160 and 200 (whole packets) 92.0 and 92.5 against 89.3 and 88.2,
// 249 and 255 87.9 and 89.7 against 85.1 and 86.6; fp16 129 x 496125 73.9 (the word tile past
// one tile) -> 87.3, 136 x 470589 86.0 -> 87.4, 145 x 441378 76.6 -> 85.9, 160 x 400001 82.5
// (halo) -> 87.4, 200 x 320001 70.8 (halo) -> 85.6, 132 x 484848 87.2 -> 86.8. On the H100 the
// tiles lead at fp32 80, 100, 145-255 (95.5 and 95.0 against 93.2 and 92.9 at 80 and 100) and
// fp16 132, 136 and 160.
constexpr bool skinny_wide_interleave_wins(int element_size, int s, bool aligned, bool interleave,
                                           double dram_peak_gbps) {
  if (!interleave || aligned || lower_dram_peak(dram_peak_gbps)) return false;
  if (element_size == 2) return s > 128 && s < 256;
  return element_size == 4 && ((s > 64 && s < 128) || (s > 128 && s % 4 != 0 && s * 4 <= 800));
}
// Where ours_best runs the word tile past one tile (ours_words_past: short sides from 16V + 1
// to 32V - 1, where the 16-byte and halo tiles leave their last tile column part empty and the
// gather de-interleaves slowly): the whole tile, de-interleaving into whole output sectors,
// interleaving 1- and 2-byte elements staged compactly. Measured at the above-tile configs (one
// pass each GPU at 3eac98b, % of memcpy, the path ours_best took -> the word tile, H200 / H100;
// docs/perf-notes.md): de-interleaving fp32 at s = 65-100 +5.6 to +10.0 / -0.8 to +12.2
// (400001 x 80 83.5 -> 93.5 / 94.2 -> 96.6), 251969 x 127 +5.7 / +2.7 but 256000 x 125 (output
// rows aligned) -3.5 / -1.9; fp16 at 129-200 +8.0 to +38.2 / +1.9 to +28.5 (496125 x 129
// 48.7 -> 86.9 / 66.4 -> 94.9), 249 and 255 -1.9 and +3.1 / -2.5 and -1.3; u8 at 257, 264 and
// 289 +9.2 to +23.6 / +6.5 to +27.8, but where the short rows are whole packets (272, 320, 400)
// -2.0 to -35.5 / -5.1 to -40.6, and at 385-511 -1.9 to -11.7 / -3.4 to +6.5. Interleaving fp32
// at 65-73 -0.1 to +13.0 / +0.9 to +3.6 (80 and 100: +7.6 and -0.6 / -2.1 and -2.1); fp16 at
// 129-145 -1.1 to +32.7 / +3.1 to +21.3 (160-200 -5.8 to +11.2 / -4.7 to +0.9); u8 at 257, 264
// and 289 -0.1 to +22.1 / +1.3 to +11.2 (272 +7.2 / -4.3). So: up to 400 bytes of short row
// de-interleaving 2- and 4-byte elements (fp32 up to 127 where output rows are not 16-byte
// aligned), 300 interleaving; 1-byte elements up to 300 both ways where the short rows are not
// whole packets. Against the tree before (two passes each GPU): fp16 496125 x 129 48.7 -> 87.3 /
// 66.4 -> 95.0, u8 426667 x 300 50.1 -> 77.5 / 61.7 -> 91.9, fp32 316833 x 101 77.3 -> 91.5 /
// 93.5 -> 96.7; lost fp32 320000 x 100 on the H100 (-1.7; +1.8 on the H200) and fp16
// 145 x 441378 on the H200 (-1.1; +4.0 on the H100).
// 1-byte short rows of whole packets de-interleave on the rotated windows (words_rotate_wins)
// up to 304: H200 / H100 (one pass, 8c3749b) 470589 x 272 53.0 -> 68.2 / 72.1 -> 85.1, 421053 x 304
// 58.2 -> 73.2 / 77.7 -> 89.5; at 320 -6.5 / -1.8, from 400 -26 to -30 / -21 to -28.
constexpr bool word_tile_past_wins(int element_size, int s, int L, bool interleave) {
  if (element_size > 4) return false;
  const int v = 16 / element_size, bytes = s * element_size;
  if (s <= 16 * v || s >= 32 * v) return false; // at s = 16V the tiles are full
  if (element_size == 1) // whole packets de-interleaving on the rotated windows (words_rotate_wins)
    return s % v != 0 ? bytes <= 300 : !interleave && s <= 304;
  if (interleave) return bytes <= 300;
  return bytes <= 400 || (element_size == 4 && L % v != 0);
}
// Where ours_best runs 8-byte elements through the skinny path's gather (whole output sectors
// de-interleaving, skinny_sectors_wins) from one tile (s = 16V = 32): in rows that are not
// 16-byte aligned up to s = 63 both ways (the scalar tile trailed it up to s = 33), and
// de-interleaving up to 90; where both sides are aligned, de-interleaving up to 48, and on a GPU
// of the H100's DRAM peak interleaving at s = 2 mod 4 up to 42, where the short rows are 16 mod 32
// bytes. Measured (% of memcpy, the path ours_best took -> the gather, two passes each GPU but
// where noted; docs/perf-notes.md): unaligned de-interleave at s = 65, 72, 80 and 90, H200
// 76.1 -> 88.6, +10.2, +7.1, +3.6 (at 100 -0.6, at 128 -4.8), H100 88.0 -> 96.8, +6.4, +3.8, +2.0
// (at 100 +1.3, one pass); aligned de-interleave at 34-48 H200 +8.2 to +21.6 (470588 x 34
// 70.7 -> 92.3), H100 +4.5 to +13.6 (83.8 -> 97.4; at 50 -2.3, one pass); aligned interleave at
// 34, 38 and 42 H100 +9.6, +6.3 and +4.5 (34 x 470588 86.8 -> 96.4) but H200 -1.8, +2.6 and -3.6
// (at 36, 40, 44 and 48 the gather -1.3 to +0.2 on the H100 and -5.0 to +0.2 on the H200, one
// pass).
constexpr bool skinny_eight_byte_wins(int s, bool aligned, bool interleave, double dram_peak_gbps) {
  if (s < 32 || s > 90) return false;
  if (!aligned) return s < 64 || !interleave;
  if (s <= 32) return false; // at 32 the tiles are full
  if (interleave) return lower_dram_peak(dram_peak_gbps) && s % 4 == 2 && s <= 42;
  return s <= 48;
}
// Where ours_best's word tile de-interleaves 1-byte elements on rotated windows (kWordsRotate):
// short rows of whole packets, whose windows 4s bytes apart fell on one or two of the eight
// 16-byte bank groups (5- to 9-way conflicts counted at 272-400 on an H200, 747ab78), owning
// whole output sectors as measured. One pass each GPU (8c3749b, % of memcpy, the word tile owning
// sectors -> rotated, H200 / H100): L x 48, 80, 112, 144, 176 64.7 -> 83.4, +14.9, +15.0, +16.9,
// +17.6 / 85.2 -> 95.9, +10.5, +9.5, +10.5, +15.0 (727273 x 176 59.6 -> 77.2 / 78.8 -> 93.8);
// at 8 mod 16 (24, 40, 56, 104, 136, 184) -2.8 to +0.6 / -1.7 to +0.7: not taken.
constexpr bool words_rotate_wins(int element_size, int s, bool interleave) {
  return element_size == 1 && !interleave && s % 16 == 0;
}
} // namespace tb::ours
