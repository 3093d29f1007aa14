// Our best transpose: picks, per shape and element type, the fastest of our kernels measured
// on an H200 and an H100 (docs/perf-notes.md has the numbers behind each choice):
//  - one row or one column: the transpose is the same bytes in the same order, so it is a copy
//    (our 16-byte copy with one packet per thread, which matched cudaMemcpy where four per
//    thread reached only 91-97%);
//  - 2-, 4- and 8-byte elements in tall matrices of whole packets whose input rows are a
//    multiple of 64 elements up to 2 KB and whose output rows are a multiple of 32 bytes off the
//    256-byte grid of the address space: the grid tile (tile16_grid.cuh, tile16_grid_wins), each
//    output row's segment moved back onto the grid, the rows it then needs read as a halo above
//    the tile; and 4- and 8-byte elements in whole 16-byte tiles from a short side of 4096, where
//    the same tile has no halo (the 16-byte tile transposed before shared memory, two row groups
//    a thread);
//  - rows and cols multiples of V and a short side of 1, 2, 4 or 8 packets (narrow_packets): the
//    narrow tile (narrow.cuh), the 16-byte tile's register transpose with the whole short side
//    a block; de-interleaving into planar rows off the 256-byte grid, elements of 2 bytes and more
//    at up to 4 packets and 1-byte ones at one, each planar row's segment moved back onto the grid
//    (narrow_grid_wins: H200 fp16 2000008 x 32 93.0 -> 97.7, fp32 1000004 x 16 97.5 -> 103.3,
//    fp64 2000002 x 8 +3.5; H100 +3.4 and +3.0);
//  - where the matrix is not whole packets both ways, on a GPU above the H100's DRAM peak, 4-byte
//    elements interleaving just above one tile (64 < s < 128) and from two tiles to 800 bytes of
//    short row not whole packets, 2-byte ones from one tile to two: the skinny path's gather
//    (skinny_wide_interleave_wins), which interleaves 2- and 4-byte elements above s = 33 with
//    twice the data a block and above 128 four times (skinny_wide), 4-byte ones at 65-127 four
//    times through L1 beside a carveout that leaves the L1 60 KB (skinny_keeps_l1, which 2-byte
//    ones at 25-33 take too);
//  - 1-byte elements whose input rows alone are 16-byte aligned, short side from 256: the
//    half-height halo tile owning whole output sectors (halo_byte_sectors_wins, below), on a GPU
//    above the H100's DRAM peak with input rows of 2048 bytes or more its tiles staged, both
//    realignments through shared-memory addresses (staged.cuh, staged_byte_sectors_wins);
//  - 1-byte elements de-interleaving rows of a multiple of 32 channels below 256: the word tile
//    in chunks of 32 channels (words_chunked_wins);
//  - otherwise a short side s below one tile (16·V, V = 16 / sizeof(T)), and for 8-byte
//    elements above it where skinny_eight_byte_wins (unaligned rows up to s = 63, and
//    de-interleaving to 90; aligned ones de-interleaving to 48, on a GPU of the H100's DRAM peak
//    interleaving at s = 2 mod 4 to 42): the word tile (words.cuh) where words_tile_wins says so
//    (1-byte elements from s = 9 both ways, half the positions a block and staged compactly as
//    words_half_wins and words_compact_wins say; 2-byte ones de-interleaving from s = 9, at 16
//    only above the H100's DRAM peak, on half the positions a block up to 16; 4-byte ones
//    de-interleaving from s = 9; 2- and 4-byte ones up to s = 33 on half the positions a block
//    above the H100's DRAM peak), unless the halo tile's partial tiles win first
//    (halo_short_side_wins: 4-byte elements interleaving whole packets from 56; 1-byte elements
//    in whole packets from 192), else the skinny path
//    (skinny.cuh), in registers or through shared rows as skinny_registers_win says (its interleave
//    copying input rows through L1 up to s = 33, 4-byte ones at 65-127 too:
//    skinny_cached_copies; from 34 to 128 for
//    2-byte elements, a row a warp: skinny_row_copies);
//  - a short side just above one tile (16V + 1 to 32V - 1): the word tile past one tile
//    (word_tile_past_wins, asked right after the narrow tile: de-interleaving 2- and 4-byte
//    elements up to 400 bytes of short row, fp32 to 127 where output rows are not 16-byte
//    aligned, interleaving them up to 300 bytes, 1-byte elements up to 300 both ways where the
//    short rows are not whole packets), into whole output sectors de-interleaving, staged
//    compactly interleaving 1- and 2-byte elements;
//  - 4-byte elements de-interleaving from two tiles to s = 200 on a GPU of the H100's DRAM peak
//    where output rows are not 16-byte aligned (skinny_above_tile_wins): the skinny path's
//    gather, owning whole output sectors (skinny_sectors_wins); except where the scalar grid tile
//    in 8-byte units fits (below), which leads it there;
//  - 1-, 2- and 4-byte elements interleaving just above one tile into short rows that are not
//    whole packets (4-byte ones up to 400 bytes), that the word tile does not take
//    (skinny_interleave_above_tile_wins): the gather;
//  - rows and cols multiples of V: the 16-byte tile in column-major block order
//    (row-major, grouped orders, a persistent grid, streaming hints, taller tiles and a capped
//    register budget all measured slower), its edge tiles in 16-byte packets too where the
//    shape is not a whole number of tiles; except 2-byte elements whose output rows are not
//    whole 32-byte sectors (rows 8 mod 16), which take the halo tile owning whole sectors
//    (halo_sectors: +2 to +3 points at 15624 x 4096 and 1000 x 64000 on both GPUs), and 1-byte
//    elements whose output rows are 16 mod 32 bytes, which take the half-height halo tile owning
//    whole sectors by row groups, the group above by a shuffle, three blocks an SM
//    (halo_sector_groups_fit: H100 +4 to +12 points, H200 +0.1 to +5.2), and other 1-byte
//    elements with a short side from 4096 and at least 288 tiles, either a side off whole tiles
//    or at most 1024 tiles (64 MiB), which take the half-height halo tile
//    (tile16_bytes_halo_wins: H200 +0.3 to +7.8 points, H100 -0.0 to +7.1);
//  - the 16-byte and halo tiles walk groups of 8 tile rows instead of column-major order where
//    input rows split a 32-byte sector between two long tile columns (sector_aware_order in
//    kernels/block_order.hpp: each such sector read once from DRAM, not twice), and the 16-byte
//    tile with edges (2-, 4- and 8-byte elements) and the scalar tile also where the input rows
//    end in a partial tile and are short (tile16_edges_order, tile_scalar_order: rows off the
//    64-byte grid, whose pieces at tile borders column-major order reads once for each tile
//    column); but where such a matrix is taller than wide with input rows of at most 8000 bytes,
//    the realigned tile (realign.cuh: row-major, edge tiles shifted back to whole tiles;
//    tile16_realign_wins);
//  - otherwise rows are not 16-byte aligned: the halo tile (realigned 16-byte loads, whole
//    16-byte output packets, whole 32-byte sectors of them for 2-byte elements, the
//    realignment of an aligned side, input or output, compiled out) for 1-, 2- and 4-byte
//    elements, at half height (128 x 256) for
//    1-byte ones (H100 +3 to +10 points at every u8 halo shape of the map; H200 +3 to +7 at five
//    of nine, -1 to -5 at four), which take each thread's group above from the lane that owns
//    it where neither side is aligned (halo_above_shuffled; above the H100's DRAM peak at three
//    blocks an SM, halo_three_blocks); where only input rows are aligned and the short side is
//    at least 256, own whole 32-byte sectors of the output, the groups one and two above by
//    shuffles, three blocks an SM, ahead of the chunked word tile (halo_byte_sectors_wins:
//    H200 +1.2 to +9.0 points, H100 +4.7 to +11.5); below 256, on a GPU of the H100's DRAM peak,
//    keep the input side's realignment there, straddling packets stored in pieces
//    (halo_input_realigned: the H100 and the H200 measured opposite choices,
//    kernels/ours/choices.hpp, lower_dram_peak); and where output rows are whole packets but 16 mod
//    32 bytes own whole sectors by row groups (halo_sector_groups_fit); for 8-byte elements the
//    scalar tile, column-major where its input rows span more than 8 tiles (93-94% at 8191x8193 and
//    4099x7919, against the halo tile's 86-88%), on a GPU above the H100's DRAM peak three blocks
//    an SM where the short side's last tile leaves an eighth of the span idle
//    (tile_scalar_three_blocks);
//  - 8-byte elements whose output rows are not whole packets (rows odd), in matrices of 16 MB or
//    more whose input rows leave at most a quarter of the lanes over them idle: the scalar grid
//    tile (scalar.cuh, scalar_grid_wins), each output row's segment moved back onto the 256-byte
//    grid, asked first for tall matrices (ahead of the gather from s = 31, on a GPU of the H100's
//    DRAM peak from 24) and in the scalar tile's place for the others (H200 +1.2 to +5.7 points,
//    H100 +0.3 to +5.4); and in 8-byte units (two columns a copy, two rows a store) for 4-byte
//    elements in the halo tile's place where input rows are whole units, on a GPU above the
//    H100's DRAM peak from 256 rows (scalar_grid_units_win: H200 -0.6 to +12.1 points, H100 -0.1
//    to +10.5; fp32 125001 x 256 +3.8 and +4.3); and for 1-byte elements de-interleaving 64
//    channels from odd rows in 128 MB or more, ahead of the chunked word tile
//    (scalar_grid_bytes_win: H200 +2.9 and +5.8, H100 +5.5 and +6.5 at 2 and 4 million rows).
#include "kernels/ours/copy.cuh"
#include "kernels/ours/halo.cuh"
#include "kernels/ours/narrow.cuh"
#include "kernels/ours/scalar.cuh"
#include "kernels/ours/skinny.cuh"
#include "kernels/ours/staged.cuh"
#include "kernels/ours/tile16_grid.cuh"
#include "kernels/ours/words.cuh"

#include <fmt/format.h>

#include <type_traits>

namespace {

template <typename T>
__global__ void __launch_bounds__(256)
    ours_best_copy(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::copy_body<T, 1, false, false>(out, in, static_cast<long long>(rows) * cols, nreps);
}
template <typename T>
__global__ void __launch_bounds__(256)
    ours_best_tile16(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, tb::kColumnMajor, false>(out, in, cols, rows, nreps);
}
// Shapes that are not a whole number of tiles: edge tiles in packets too (ours_tile16_edges and
// ours_tile16_edges_capped). Left alone, ptxas gives this kernel other registers than the one
// above (u8 136: 1 block an SM; fp32 31: 8 blocks; fp16 74: 3 blocks); held to the plain
// tile's blocks an SM, u8 gains 1 to 9 points and fp32 1, fp16 spills and loses 9 to 14
// (H200, docs/perf-notes.md). So 2-byte types take it as it comes, the others held.
// GROUP: column-major order, or groups of tile rows where tile16_order says so.
template <typename T, unsigned GROUP>
__global__ void __launch_bounds__(256)
    ours_best_tile16_edges(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, GROUP, false, 1, false, true>(out, in, cols, rows, nreps);
}
template <typename T, unsigned GROUP>
__global__ void __launch_bounds__(256, tb::ours::tile16_plain_blocks<T>())
    ours_best_tile16_edges_held(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, GROUP, false, 1, false, true>(out, in, cols, rows, nreps);
}
// The grid tile (tile16_grid_wins): 16 chunks a block for 4- and 8-byte elements as ptxas
// allocates them (fp32 80 registers; held to the plain tile's blocks an SM they spill, and ran at
// half the speed), 8 held to four blocks an SM for 2-byte ones. Down the long side first
// (COLMAJOR, blockIdx.x) unless the tile columns pass the grid's y limit (launch_tile16_grid).
template <typename T, bool COLMAJOR>
__global__ void __launch_bounds__(256)
    ours_best_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T, tb::ours::grid_chunks<T>(), COLMAJOR>(out, in, cols, rows, nreps);
}
template <typename T, bool COLMAJOR>
__global__ void __launch_bounds__(256, tb::ours::tile16_plain_blocks<T>())
    ours_best_grid_held(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T, tb::ours::grid_chunks<T>(), COLMAJOR>(out, in, cols, rows, nreps);
}
using tb::ours::halo_split;
// The halo tile's own rows at ours_best's split.
constexpr int halo_rows(std::size_t element_size) {
  return tb::ours::halo_tile_rows(static_cast<int>(element_size), halo_split(element_size));
}
// AL: the sides whose rows are 16-byte aligned (halo.cuh, halo_sides), their realignment
// compiled out, and kPackets (2-byte output owned in packets, not sectors); GROUP: the block
// order (tile16_order with the halo tile's split).
// MINB: blocks an SM (3 for bytes where halo_three_blocks says so).
template <typename T, int AL, unsigned GROUP, int MINB = tb::ours::halo_blocks<T>()>
__global__ void __launch_bounds__(256, MINB)
    ours_best_halo(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_body<T, halo_split(sizeof(T)), AL, GROUP>(out, in, cols, rows, nreps);
}
// The staged byte tile (staged_byte_sectors_wins), the halo tile's grid and order.
template <typename T, int AL, unsigned GROUP>
__global__ void __launch_bounds__(256, 3)
    ours_best_staged(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16s_body<T, AL, GROUP>(out, in, cols, rows, nreps);
}
// Row-major, edge tiles shifted back to whole tiles (tile16_realign_wins).
template <typename T>
__global__ void __launch_bounds__(256, 2)
    ours_best_realign(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16r_body<T>(out, in, cols, rows, nreps);
}
// GROUP: column-major order, or groups of 8 tile rows where tile_scalar_order says so; MINB:
// blocks an SM, 3 where tile_scalar_three_blocks says so.
template <typename T, unsigned GROUP, int MINB>
__global__ void __launch_bounds__(256, MINB)
    ours_best_scalar(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_body<T, GROUP>(out, in, cols, rows, nreps);
}

// The scalar grid tile (scalar_grid_wins, scalar_grid_units_win, scalar_grid_bytes_win): 64
// columns by two pieces a block, in the order tile_scalar_order says; in 8-byte units for 4- and
// 1-byte elements.
template <typename T, unsigned GROUP>
__global__ void __launch_bounds__(256, tb::ours::blocks_bound(4))
    ours_best_scalar_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_grid_body<T, 64, 2, GROUP, 8>(out, in, cols, rows, nreps);
}

template <typename T, int NC, bool INTERLEAVE>
__global__ void __launch_bounds__(256)
    ours_best_narrow(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::narrow_body<T, NC, INTERLEAVE>(out, in, cols, rows, nreps);
}
// The narrow tile's grid de-interleave (narrow_grid_wins), HG groups of halo, three blocks an SM.
template <typename T, int NC, int HG>
__global__ void __launch_bounds__(256, tb::ours::blocks_bound(3))
    ours_best_narrow_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::narrow_grid_body<T, NC, HG>(out, in, rows, nreps);
}

template <typename T, bool INTERLEAVE, typename W>
__global__ void __launch_bounds__(256, W::kMinBlocks)
    ours_best_words(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::words_body<T, INTERLEAVE, W>(out, in, cols, rows, nreps);
}

template <typename T, int S, bool INTERLEAVE>
__global__ void __launch_bounds__(256, tb::ours::skinny_min_blocks<T, S>())
    ours_best_skinny(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::skinny_body<T, S, INTERLEAVE>(out, in, cols, rows, nreps);
}

// The instances compiled for the short side (words_compiled_wins) take their tile and options
// from words_pick_below with s constant: those words_pick takes at run time where ours_best
// runs them (words_compiled_runs: the tile it picked), on either side of the DRAM-peak threshold.
constexpr bool compiled_words_agree(double dram) {
  for (int es = 1; es <= 4; es *= 2)
    for (int i = 0; i < 2; ++i)
      for (int s = 12; s < 128; ++s) {
        const tb::ours::WordsPick p = tb::ours::words_pick(es, s, i == 1, dram);
        if (!tb::ours::words_compiled_runs(es, s, i == 1, p.half)) continue;
        if (p.past || tb::ours::words_opts(p) !=
                          tb::ours::words_opts(tb::ours::words_pick_below(es, s, i == 1, p.half)))
          return false;
      }
  return true;
}
static_assert(compiled_words_agree(tb::ours::kLowerDramGbps * 0.9) &&
                  compiled_words_agree(tb::ours::kLowerDramGbps * 1.1),
              "a compiled word tile would run other options than words_pick's");

enum class Path {
  copy,
  grid,
  narrow,
  chunks,
  words,
  skinny,
  tile16,
  realign,
  halo,
  scalar,
  scalar_grid
};

// The path a shape takes on a GPU of DRAM peak `dram` (current_dram_peak_gbps). Three choices of
// path differ between the H100 and the H200 (skinny_above_tile_wins, skinny_eight_byte_wins and
// skinny_wide_interleave_wins, keyed on lower_dram_peak); the choices within a path that take
// the DRAM peak do so where they are made.
Path choose(const tb::LaunchArgs& a, double dram) {
  const int v = tb::elems_per_16_bytes(a.dtype);
  if (a.rows == 1 || a.cols == 1) return Path::copy;
  const int s = std::min(a.rows, a.cols);
  const bool aligned = a.rows % v == 0 && a.cols % v == 0;
  const int size = static_cast<int>(tb::dtype_size(a.dtype));
  // The sides whose rows are 16-byte aligned as the halo tile sees them (halo_sides).
  const int al = tb::ours::halo_sides(v, a.rows, a.cols, halo_rows(size));
  // Tall matrices of whole packets with input rows of 64 elements to 2 KB and output rows off the
  // 256-byte grid: the grid tile (tile16_grid_wins), ahead of the narrow and 16-byte tiles.
  if (tb::ours::tile16_grid_wins(size, a.rows, a.cols)) return Path::grid;
  // 8-byte elements in tall matrices whose output rows are not whole packets: the scalar grid
  // tile (scalar_grid_wins), ahead of the gather.
  if (a.rows > a.cols && tb::ours::scalar_grid_wins(size, a.rows, a.cols, dram))
    return Path::scalar_grid;
  if (tb::ours::narrow_packets(v, a.rows, a.cols) != 0) return Path::narrow;
  // 2- and 4-byte elements interleaving above one tile on a GPU above the H100's DRAM peak: the
  // gather, two or four times the data a block (skinny_wide_interleave_wins).
  if (tb::ours::skinny_wide_interleave_wins(size, s, aligned, a.rows <= a.cols, dram))
    return Path::skinny;
  // Short sides from one tile to two: the word tile where word_tile_past_wins.
  if (tb::ours::word_tile_past_wins(size, s, std::max(a.rows, a.cols), a.rows <= a.cols))
    return Path::words;
  // Bytes whose input rows alone are whole packets, s from one tile: the halo tile owning whole
  // sectors of the output (halo_byte_sectors_wins), ahead of the chunked word tile.
  if (tb::ours::halo_byte_sectors_wins(size, al, s)) return Path::halo;
  // Bytes de-interleaving 64 channels from rows that are not whole packets: the scalar grid tile
  // in 8-byte units (scalar_grid_bytes_win), ahead of the chunked word tile.
  if (tb::ours::scalar_grid_bytes_win(size, a.rows, a.cols)) return Path::scalar_grid;
  if (tb::ours::words_chunked_wins(size, a.rows, a.cols)) return Path::chunks;
  if (!aligned && tb::ours::halo_short_side_wins(size, s, a.rows <= a.cols)) return Path::halo;
  if (tb::ours::words_tile_wins(size, s, a.rows <= a.cols, dram)) return Path::words;
  if (s < 16 * v) return Path::skinny;
  // 8-byte elements from one tile where the gather leads the tiles (skinny_eight_byte_wins).
  if (size == 8 && tb::ours::skinny_eight_byte_wins(s, aligned, a.rows <= a.cols, dram))
    return Path::skinny;
  // 4-byte elements de-interleaving from two tiles on an H100: the gather (skinny_above_tile_wins).
  if (tb::ours::skinny_above_tile_wins(size, s, std::max(a.rows, a.cols), a.rows <= a.cols, dram))
    return Path::skinny;
  // Interleaving just above one tile into short rows that are not whole packets: the gather
  // (skinny_interleave_above_tile_wins).
  if (tb::ours::skinny_interleave_above_tile_wins(size, s, a.rows <= a.cols)) return Path::skinny;
  // 2-byte elements whose output rows split 32-byte sectors (rows 8 mod 16) take the halo tile,
  // which owns whole sectors of them (halo_sides).
  // Bytes whose output rows are 16 mod 32 bytes take the halo tile owning whole sectors by row
  // groups (halo_sector_groups_fit).
  if (aligned && al == (tb::ours::kInAligned | tb::ours::kOutAligned)) {
    if (tb::ours::halo_sector_groups_fit(size, al, a.rows)) return Path::halo;
    // Bytes from 288 tiles, off whole tiles or to 1024: the half-height halo tile
    // (tile16_bytes_halo_wins).
    if (tb::ours::tile16_bytes_halo_wins(size, a.rows, a.cols)) return Path::halo;
    return tb::ours::tile16_realign_wins(size, a.rows, a.cols) ? Path::realign : Path::tile16;
  }
  // 4-byte elements whose output rows are not whole packets, in input rows of whole 8-byte units:
  // the scalar grid tile in 8-byte units (scalar_grid_units_win).
  if (tb::ours::scalar_grid_units_win(size, a.rows, a.cols, dram)) return Path::scalar_grid;
  if (size <= 4) return Path::halo;
  return tb::ours::scalar_grid_wins(size, a.rows, a.cols, dram) ? Path::scalar_grid : Path::scalar;
}

struct Launch {
  // bf16 runs fp16's instances: every path moves elements as bits, so one instance an element
  // size is enough.
  template <typename T> static void run(const tb::LaunchArgs& a) {
    if constexpr (std::is_same_v<T, __nv_bfloat16>)
      run_bits<__half>(a);
    else
      run_bits<T>(a);
  }
  template <typename T> static void run_bits(const tb::LaunchArgs& a) {
    const double dram = tb::ours::current_dram_peak_gbps();
    switch (choose(a, dram)) {
    case Path::copy: {
      const long long n = static_cast<long long>(a.rows) * a.cols;
      tb::launch_kernel(ours_best_copy<T>, dim3(tb::ours::copy_blocks<T, 1>(n)), dim3(256), 0, a);
      break;
    }
    case Path::grid: {
      // tile16_grid_wins takes no bytes.
      constexpr int C = tb::ours::grid_chunks<T>();
      if constexpr (sizeof(T) == 2)
        tb::ours::launch_tile16_grid<T, C>(a, ours_best_grid_held<T, true>,
                                           ours_best_grid_held<T, false>);
      else if constexpr (sizeof(T) >= 4)
        tb::ours::launch_tile16_grid<T, C>(a, ours_best_grid<T, true>, ours_best_grid<T, false>);
      break;
    }
    case Path::narrow: {
      const int nc = tb::ours::narrow_packets(tb::Pack16<T>::kCount, a.rows, a.cols);
      tb::ours::with_narrow_packets<T>(nc, [&](auto k) {
        constexpr int NC = decltype(k)::value;
        using N = tb::ours::Narrow<T, NC>;
        // Planar rows off the 256-byte grid: the grid de-interleave (narrow_grid_wins).
        if (tb::ours::narrow_grid_wins(static_cast<int>(sizeof(T)), a.rows, a.cols))
          return tb::ours::launch_narrow_grid<T, NC>(
              a, [](auto h) { return ours_best_narrow_grid<T, NC, decltype(h)::value>; });
        const auto kernel =
            a.rows <= a.cols ? ours_best_narrow<T, NC, true> : ours_best_narrow<T, NC, false>;
        tb::allow_dynamic_smem(kernel, N::kSmem);
        tb::launch_kernel(kernel, dim3(tb::ours::narrow_blocks<T, NC>(a.rows, a.cols)), dim3(256),
                          N::kSmem, a);
      });
      break;
    }
    case Path::chunks: {
      if constexpr (sizeof(T) == 1) {
        using W = tb::ours::WordsChunked<T>;
        const std::size_t smem = W::smem(W::kChunk, false);
        tb::allow_dynamic_smem(ours_best_words<T, false, W>, smem);
        tb::launch_kernel(ours_best_words<T, false, W>,
                          dim3(tb::ours::words_chunked_blocks<T>(a.rows, a.cols)), dim3(256), smem,
                          a);
      }
      break;
    }
    case Path::words: {
      if constexpr (sizeof(T) <= 4) {
        const int s = std::min(a.rows, a.cols);
        const tb::ours::WordsPick p =
            tb::ours::words_pick(static_cast<int>(sizeof(T)), s, a.rows <= a.cols, dram);
        const bool half = p.half, compact = p.compact, sectors = p.sectors, rotate = p.rotate;
        // The whole word tile, or half the positions a block where words_half_wins; interleaving
        // 1- and 2-byte elements, staged compactly where the pick says so; de-interleaving,
        // owning whole output sectors where it says so (words_pick).
        const auto go = [&](auto interleave) {
          constexpr bool I = decltype(interleave)::value;
          const auto words = [&](auto w) {
            using W = decltype(w);
            tb::allow_dynamic_smem(ours_best_words<T, I, W>, W::smem(s, I));
            tb::launch_kernel(ours_best_words<T, I, W>,
                              dim3(tb::ours::words_blocks<T, W>(a.rows, a.cols)), dim3(256),
                              W::smem(s, I), a);
          };
          constexpr unsigned SE = tb::ours::kWordsSectors, CO = tb::ours::kWordsCompact;
          constexpr int R = 2 * static_cast<int>(sizeof(T));
          constexpr int ES = static_cast<int>(sizeof(T));
          // Compiled for the short side where words_compiled_runs: an instance for each tile
          // (half or whole) a GPU of either kind picks there, with the options words_pick takes
          // for it (words_pick_below with s constant); the run-time pick chooses between them.
          if (tb::ours::words_compiled_runs(ES, s, I, half))
            return tb::ours::with_short_side<12, 128>(s, [&](auto sv) {
              constexpr int S = decltype(sv)::value;
              using tb::ours::words_compiled_runs, tb::ours::words_opts, tb::ours::words_pick_below;
              if constexpr (words_compiled_runs(ES, S, I, true)) {
                if (half)
                  return words(
                      tb::ours::WordsHalf<T, I, words_opts(words_pick_below(ES, S, I, true)), S>{});
              }
              if constexpr (words_compiled_runs(ES, S, I, false)) {
                if (!half)
                  words(
                      tb::ours::Words<T, R, 3, words_opts(words_pick_below(ES, S, I, false)), S>{});
              }
            });
          if constexpr (sizeof(T) == 1 && I) {
            if (compact && half)
              words(tb::ours::WordsHalf<T, I, CO>{});
            else if (compact) // past one tile
              words(tb::ours::Words<T, R, 3, CO>{});
            else if (half)
              words(tb::ours::WordsHalf<T, I>{});
            else
              words(tb::ours::Words<T>{});
          } else if constexpr (!I) {
            if constexpr (sizeof(T) == 1) { // rotated windows own whole sectors (words_pick)
              constexpr unsigned SR = SE | tb::ours::kWordsRotate;
              if (rotate && half) return words(tb::ours::WordsHalf<T, false, SR>{});
              if (rotate) return words(tb::ours::Words<T, R, 3, SR>{});
            }
            if (half && sectors)
              words(tb::ours::WordsHalf<T, false, SE>{});
            else if (half) // where words_half_wins says so
              words(tb::ours::WordsHalf<T, false>{});
            else if (sectors)
              words(tb::ours::Words<T, R, 3, SE>{});
            else
              words(tb::ours::Words<T>{});
          } else if constexpr (sizeof(T) == 2) {
            if (compact) // past one tile, or where words_two_byte_interleave_wins
              words(tb::ours::Words<T, R, 3, CO>{});
            else
              words(tb::ours::Words<T>{});
          } else {
            words(tb::ours::Words<T>{});
          }
        };
        if (a.rows <= a.cols)
          go(std::true_type{});
        else
          go(std::false_type{});
      }
      break;
    }
    case Path::skinny: {
      auto g = tb::ours::skinny_launch<T>(a.rows, a.cols, tb::ours::SkinnyPath::measured);
      constexpr bool kSectors = sizeof(T) >= 4; // skinny_sectors_wins: 4- and 8-byte elements
      if constexpr (kSectors) {
        const int s = std::min(a.rows, a.cols), L = std::max(a.rows, a.cols);
        if (tb::ours::skinny_sectors_wins(static_cast<int>(sizeof(T)), s, L,
                                          g.interleave)) // whole output sectors
          g = tb::ours::skinny_sectors_launch<T>(g, s);
      }
      constexpr bool kRows = sizeof(T) == 2; // skinny_row_copies: 2-byte elements interleaving
      if constexpr (kRows) g = tb::ours::skinny_rows_launch<T>(g, std::min(a.rows, a.cols));
      constexpr bool kRotate = sizeof(T) == 2 || sizeof(T) == 4; // skinny_rotate_wins
      if constexpr (kRotate)
        g = tb::ours::skinny_rotate_launch<T>(g, std::min(a.rows, a.cols),
                                              std::max(a.rows, a.cols));
      tb::ours::launch_skinny<T, kSectors, kRows, kRotate>(g, a, [](auto side, auto interleave) {
        return ours_best_skinny<T, decltype(side)::value, decltype(interleave)::value>;
      });
      break;
    }
    case Path::tile16: {
      const std::size_t smem = tb::ours::Tile16<T>::kSmem;
      const auto tile16 = [&](auto kernel) {
        tb::allow_dynamic_smem(kernel, smem);
        tb::launch_kernel(kernel, dim3(tb::ours::tile16_blocks<T>(a)), dim3(256), smem, a);
      };
      // Whole tiles only where rows and cols are multiples of 16V: rows of whole sectors, so
      // column-major order (tile16_order) always; with edge tiles, tile16_edges_order.
      const bool grouped =
          tb::ours::tile16_edges_order(sizeof(T), a.rows, a.cols) == tb::kSectorGroup;
      if (!tb::ours::tile16_has_edges<T>(a))
        tile16(ours_best_tile16<T>);
      else if constexpr (sizeof(T) == 2)
        grouped ? tile16(ours_best_tile16_edges<T, tb::kSectorGroup>)
                : tile16(ours_best_tile16_edges<T, tb::kColumnMajor>);
      else
        grouped ? tile16(ours_best_tile16_edges_held<T, tb::kSectorGroup>)
                : tile16(ours_best_tile16_edges_held<T, tb::kColumnMajor>);
      break;
    }
    case Path::realign:
      tb::ours::launch_tile16r<T>(a, ours_best_realign<T>);
      break;
    case Path::halo: {
      constexpr int SPLIT = halo_split(sizeof(T));
      using tb::ours::kInAligned, tb::ours::kOutAligned, tb::ours::kPackets;
      // The aligned sides (halo_sides), then the block order (tile16_order).
      // B: blocks an SM (halo_blocks, or 3 where halo_three_blocks says so).
      const auto sides_at = [&](auto al, auto blocks) {
        constexpr int AL = decltype(al)::value, B = decltype(blocks)::value;
        tb::ours::launch_halo<T, SPLIT, AL>(a, ours_best_halo<T, AL, tb::kColumnMajor, B>,
                                            ours_best_halo<T, AL, tb::kSectorGroup, B>);
      };
      const auto sides = [&](auto al) {
        sides_at(al, std::integral_constant<int, tb::ours::halo_blocks<T>()>{});
      };
      using tb::ours::kAboveShuffled;
      // Whole sectors by row groups (kSectorGroups, with `in` the input side's flag), the group
      // above by a shuffle, three blocks an SM.
      const auto groups = [&](auto in) {
        constexpr int G = tb::ours::kSectorGroups | decltype(in)::value;
        sides_at(std::integral_constant<int, G | kAboveShuffled>{},
                 std::integral_constant<int, 3>{});
      };
      switch (tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols, halo_rows(sizeof(T)))) {
      case kInAligned:
        // Bytes own whole sectors of the output from s = 256 (halo_byte_sectors_wins); below,
        // they keep the input realignment on the H100's DRAM peak (halo_input_realigned).
        if constexpr (sizeof(T) == 1) {
          if (tb::ours::halo_byte_sectors_wins(1, kInAligned, std::min(a.rows, a.cols))) {
            constexpr int AL = kInAligned | kAboveShuffled | tb::ours::kByteSectors;
            // Input rows of 2048 bytes or more, above the H100's DRAM peak: the staged byte tile
            // (staged_byte_sectors_wins).
            if (tb::ours::staged_byte_sectors_wins(1, kInAligned, std::min(a.rows, a.cols), a.cols,
                                                   dram))
              tb::ours::launch_staged<T, AL>(a, ours_best_staged<T, AL, tb::kColumnMajor>,
                                             ours_best_staged<T, AL, tb::kSectorGroup>);
            else
              sides_at(std::integral_constant<int, AL>{}, std::integral_constant<int, 3>{});
            break;
          }
          if (tb::ours::halo_input_realigned(1, kInAligned, dram)) {
            sides(std::integral_constant<int, tb::ours::kStorePieces>{});
            break;
          }
        }
        sides(std::integral_constant<int, kInAligned>{});
        break;
      case kOutAligned:
        // Bytes in output rows of 16 mod 32 bytes own whole sectors by row groups
        // (halo_sector_groups_fit).
        if constexpr (sizeof(T) == 1) {
          if (tb::ours::halo_sector_groups_fit(1, kOutAligned, a.rows)) {
            groups(std::integral_constant<int, 0>{});
            break;
          }
        }
        sides(std::integral_constant<int, kOutAligned>{});
        break;
      case kInAligned | kOutAligned:
        // Bytes in output rows of 16 mod 32 bytes: the same, the input side's realignment
        // compiled out. Other bytes here (tile16_bytes_halo_wins): the tile as measured, the
        // input side's realignment kept at offset 0.
        if constexpr (sizeof(T) == 1) {
          if (tb::ours::halo_sector_groups_fit(1, kInAligned | kOutAligned, a.rows))
            groups(std::integral_constant<int, kInAligned>{});
          else
            sides(std::integral_constant<int, kOutAligned>{});
        }
        break;
      case kInAligned | kPackets:
        if constexpr (sizeof(T) == 2) sides(std::integral_constant<int, kInAligned | kPackets>{});
        break;
      case kPackets:
        if constexpr (sizeof(T) == 2) sides(std::integral_constant<int, kPackets>{});
        break;
      default: // neither side aligned: bytes take the group above by a shuffle
        if constexpr (sizeof(T) == 1) {
          if (tb::ours::halo_three_blocks(1, 0, dram))
            sides_at(std::integral_constant<int, kAboveShuffled>{},
                     std::integral_constant<int, 3>{});
          else
            sides(std::integral_constant<int, kAboveShuffled>{});
        } else {
          sides(std::integral_constant<int, 0>{});
        }
      }
      break;
    }
    case Path::scalar: {
      const auto scalar = [&](auto kernel) {
        tb::launch_kernel(kernel, dim3(tb::ours::tile_scalar_blocks<T>(a)), dim3(256), 0, a);
      };
      const bool three = tb::ours::tile_scalar_three_blocks(a.rows, a.cols, dram);
      if (tb::ours::tile_scalar_order(a.cols) == tb::kColumnMajor)
        scalar(three ? ours_best_scalar<T, tb::kColumnMajor, 3>
                     : ours_best_scalar<T, tb::kColumnMajor, 2>);
      else
        scalar(three ? ours_best_scalar<T, 8, 3> : ours_best_scalar<T, 8, 2>);
      break;
    }
    case Path::scalar_grid: {
      if constexpr (sizeof(T) != 2) // 8-byte elements, 4- and 1-byte ones in 8-byte units
        tb::ours::launch_tile_scalar_grid<T, 64, 2>(
            a, tb::ours::tile_scalar_order(a.cols) == tb::kColumnMajor
                   ? ours_best_scalar_grid<T, tb::kColumnMajor>
                   : ours_best_scalar_grid<T, 8>);
      break;
    }
    }
  }
};

std::string order_name(unsigned order) {
  return order == tb::kColumnMajor ? std::string("column-major order")
                                   : fmt::format("groups of {} tile rows", order);
}

std::string path_note(const tb::LaunchArgs& a) {
  const int size = static_cast<int>(tb::dtype_size(a.dtype));
  const double dram = tb::ours::current_dram_peak_gbps();
  switch (choose(a, dram)) {
  case Path::copy:
    return "path: copy (one row or one column)";
  case Path::grid: {
    const unsigned m = tb::ours::grid_pitch_offset(a.rows, size);
    if (m == 0)
      return "path: grid tile, output rows on the 256-byte grid (no halo: the 16-byte tile "
             "transposed before shared memory)";
    return fmt::format("path: grid tile, output segments moved onto the 256-byte grid (output rows "
                       "{} mod 256 bytes)",
                       m);
  }
  case Path::realign:
    return "path: 16-byte tile, row-major order, edge tiles shifted back to whole tiles";
  case Path::narrow:
    if (tb::ours::narrow_grid_wins(size, a.rows, a.cols))
      return fmt::format("path: narrow tile, de-interleave (s = {} packets), planar segments moved "
                         "onto the 256-byte grid (planar rows {} mod 256 bytes)",
                         std::min(a.rows, a.cols) / tb::elems_per_16_bytes(a.dtype),
                         tb::ours::grid_pitch_offset(a.rows, size));
    return fmt::format("path: narrow tile, {} (s = {} packets)",
                       a.rows <= a.cols ? "interleave" : "de-interleave",
                       std::min(a.rows, a.cols) / tb::elems_per_16_bytes(a.dtype));
  case Path::chunks:
    return fmt::format(
        "path: word tile in chunks of 32 channels, de-interleave (s = {}, {} chunks)", a.cols,
        a.cols / 32);
  case Path::words: {
    const int s = std::min(a.rows, a.cols);
    const bool interleave = a.rows <= a.cols;
    const auto [past, half, compact, sectors, rotate] =
        tb::ours::words_pick(size, s, interleave, dram);
    return fmt::format(
        "path: word tile{}, {} (s = {}{}{}{}{}{})", past ? " past one tile" : "",
        interleave ? "interleave" : "de-interleave", s, half ? ", half the positions a block" : "",
        compact ? ", staged compactly" : "", sectors ? ", whole output sectors" : "",
        rotate ? ", windows rotated" : "",
        tb::ours::words_compiled_runs(size, s, interleave, half) ? ", compiled for s" : "");
  }
  case Path::skinny: {
    const int variant = tb::ours::skinny_variant(size, std::min(a.rows, a.cols), a.rows <= a.cols,
                                                 tb::ours::SkinnyPath::measured);
    if (variant >= 2)
      return fmt::format("path: skinny, {} in registers",
                         a.rows <= a.cols ? "interleave" : "de-interleave");
    const bool skew = variant == tb::ours::kSkinnyGatherSkewed;
    const bool rotated =
        a.rows <= a.cols && tb::ours::skinny_rotate_wins(size, a.rows, std::max(a.rows, a.cols));
    const bool cached = a.rows <= a.cols && tb::ours::skinny_cached_copies(size, a.rows);
    const bool by_rows = a.rows <= a.cols && tb::ours::skinny_row_copies(size, a.rows);
    return fmt::format("path: skinny, {}, gather through {}shared rows{}{}{}, {} positions a "
                       "block{}",
                       a.rows <= a.cols ? "interleave" : "de-interleave", skew ? "skewed " : "",
                       cached    ? " (copied through L1)"
                       : by_rows ? " (copied a row a warp through L1)"
                                 : "",
                       a.rows > a.cols && tb::ours::skinny_stages(size, skew) ? " (span staged)"
                                                                              : "",
                       rotated ? ", loads rotated" : "",
                       tb::ours::skinny_width(size, std::min(a.rows, a.cols), a.rows <= a.cols),
                       tb::ours::skinny_sectors_wins(size, std::min(a.rows, a.cols),
                                                     std::max(a.rows, a.cols), a.rows <= a.cols)
                           ? ", whole output sectors"
                           : "");
  }
  case Path::tile16: {
    const int side = 16 * tb::elems_per_16_bytes(a.dtype); // the tile's rows and columns
    const bool edges = a.rows % side != 0 || a.cols % side != 0;
    return fmt::format("path: 16-byte tile, {}",
                       order_name(edges ? tb::ours::tile16_edges_order(size, a.rows, a.cols)
                                        : tb::ours::tile16_order(size, a.rows, a.cols)));
  }
  case Path::halo: {
    const int al = tb::ours::halo_sides(tb::elems_per_16_bytes(a.dtype), a.rows, a.cols,
                                        halo_rows(tb::dtype_size(a.dtype)));
    const int split = halo_split(tb::dtype_size(a.dtype));
    const unsigned order = tb::ours::tile16_order(size, a.rows, a.cols, split);
    const bool byte_sectors = tb::ours::halo_byte_sectors_wins(size, al, std::min(a.rows, a.cols));
    const std::string input = "input rows not 16-byte aligned",
                      output = tb::ours::halo_sectors(size, al) || byte_sectors
                                   ? "output rows not whole 32-byte sectors, owned whole"
                                   : "output rows not 16-byte aligned";
    const int sides = al & (tb::ours::kInAligned | tb::ours::kOutAligned);
    using tb::ours::kInAligned, tb::ours::kOutAligned;
    const bool above = tb::ours::halo_above_shuffled(size, al);
    const bool groups = tb::ours::halo_sector_groups_fit(size, al, a.rows);
    if (tb::ours::staged_byte_sectors_wins(size, al, std::min(a.rows, a.cols), a.cols, dram))
      return fmt::format("path: staged byte tile (the half-height halo tile's tiles, {}; both "
                         "realignments through shared-memory addresses, input rows of 2048 bytes "
                         "or more, DRAM peak from {:.0f} GB/s){}",
                         output, tb::ours::kLowerDramGbps,
                         order == tb::kColumnMajor ? "" : ", " + order_name(order));
    return fmt::format(
        "path: halo tile{} ({}){}{}{}", split == 2 ? ", half height" : "",
        sides == kInAligned                   ? output
        : sides == kOutAligned                ? input
        : sides == (kInAligned | kOutAligned) ? std::string("input and output rows 16-byte aligned")
        : tb::ours::halo_sectors(size, al)
            ? input + "; " + output
            : std::string("input and output rows not 16-byte aligned"),
        byte_sectors ? std::string(", the groups above by shuffles, 3 blocks an SM")
        : above      ? std::string(", the group above by a shuffle")
        : tb::ours::halo_input_realigned(size, al, dram)
            ? fmt::format(", input realignment kept, straddling packets in pieces "
                          "(DRAM peak below {:.0f} GB/s)",
                          tb::ours::kLowerDramGbps)
            : std::string(),
        tb::ours::halo_three_blocks(size, al, dram)
            ? fmt::format(", 3 blocks an SM (DRAM peak from {:.0f} GB/s)", tb::ours::kLowerDramGbps)
        : groups
            ? std::string(", output rows 16 mod 32 bytes owned in whole sectors by row groups, "
                          "the group above by a shuffle, 3 blocks an SM")
            : std::string(),
        order == tb::kColumnMajor ? "" : ", " + order_name(order));
  }
  case Path::scalar:
    return fmt::format(
        "path: scalar tile, {} (rows not 16-byte aligned){}",
        order_name(tb::ours::tile_scalar_order(a.cols)),
        tb::ours::tile_scalar_three_blocks(a.rows, a.cols, dram) ? ", three blocks an SM" : "");
  case Path::scalar_grid:
    return fmt::format("path: scalar grid tile, {}{} (output rows not 16-byte aligned, each "
                       "row's segment moved back onto the 256-byte grid)",
                       order_name(tb::ours::tile_scalar_order(a.cols)),
                       size < 8 ? ", 8-byte units" : "");
  }
  return {};
}

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_best", tb::Family::ours, "Ours: best (per-shape dispatch)",
               tb::launcher<Launch>())
        .source(tb::ours::kSource)
        .summary("16-byte tile in column-major order (groups of tile rows where rows split "
                 "sectors); for unaligned rows the halo tile (1-4 byte "
                 "types) or the scalar tiles (8-byte); copy for one row or column")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(20)
        .suites({"best"})
        .note(path_note)
        .expect(tb::on_packet_rows(tb::between(tb::Figure::load_sectors_per_request, 15, 16.5,
                                               "each lane loads one aligned 16-byte packet")))
        .expect(tb::on_packet_rows(tb::between(tb::Figure::store_sectors_per_request, 15, 16.5,
                                               "each lane stores one aligned 16-byte packet")))
        .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                               "every packet stored once, by one 16-byte store"))));

} // namespace
