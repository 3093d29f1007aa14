// The staged byte tile (tile16_staged.cu): the half-height halo tile's ownership (halo.cuh) with
// both realignments moved out of the registers' word selects and into shared-memory addresses.
#pragma once

#include "kernels/ours/halo.cuh"

namespace tb::ours {

// The halo tile spends most of its instructions realigning 16-byte packets in registers: at u8
// 11313² (Nsight Compute, docs/perf-notes.md) 46.5 M warp instructions for 128 MB, a quarter of
// them the word selects (SEL) and funnel shifts of realign16 on the input side and on the output
// side, each packet's select chain worked out anew. The staged tile keeps the halo tile's tiles
// (256 columns x 128 rows, the 16 or 32 rows above them) and which tile owns which output packet,
// and realigns through shared-memory addresses instead:
//  - phase 1 stores the aligned input packets as they are loaded (the 17th of each offset row
//    after them);
//  - phase 2 reads, for 16 rows and one 4-byte word column, the word at the row's offset from
//    the grid (two 4-byte loads and one funnel shift: the word select is the address; the offset
//    worked out by integer arithmetic), transposes the 16 x 4 bytes in registers (8 permutes a
//    4 x 4 block) and stores the four transposed packets to a second layout, one granule row of
//    16 bytes a row group, every output row (input column) its own slot;
//  - phase 3 gives the 8 lanes of a quarter warp the 8 packets of one output row: two shared
//    loads, one realignment and one 16-byte store each, 128 contiguous bytes a row.
// 35.3 M warp instructions at u8 11313² on an H200 against the halo tile's 46.5 M, yet slower
// there (75 against 78% of memcpy): more of its time waits on phase 1's loads and on the barriers
// between its phases. Where input rows are whole packets (no funnel shift in phase 2) it leads on
// the H200 at rows of 2048 bytes and more (staged_byte_sectors_wins, docs/perf-notes.md).
// Only 1-byte elements, tiles with whole tile columns, their halo rows inside the matrix and not
// the matrix's last tile row unless both sides are aligned (the straddling packets and the bottom
// tile's tail stay with the halo tile, whose code runs the other tiles).
template <int AL> struct StagedTile {
  static constexpr bool IN_AL = (AL & kInAligned) != 0;
  static constexpr bool OUT_AL = (AL & kOutAligned) != 0;
  // The halo tile's flags for the tiles the staged tile leaves to it: both sides aligned is the
  // halo tile with its output side aligned (its input realignment at offset 0).
  static constexpr int HALO_AL = IN_AL && OUT_AL ? AL & ~kInAligned : AL;
  // Owned segments start on 32-byte boundaries where the halo tile owns whole sectors.
  static constexpr int OM = OUT_AL ? 0 : halo_sectors(1, AL) ? 31 : 15;
  static constexpr int HV = OUT_AL ? 0 : OM + 1; // halo rows
  static constexpr int TROWS = halo_tile_rows(1, 2), COLS = 256;
  static constexpr int ROWS = TROWS + HV;       // staged rows
  static constexpr int GR = ROWS / 16;          // staged row groups, the halo's first
  static constexpr int ARB = IN_AL ? 256 : 272; // bytes a staged input row (+ the 17th packet)
  // The transposed layout: granule row g (staged rows 16 g .. 16 g + 15) of output row slot P at
  // granule g * 256 + (P + g) mod 256, so that phase 2's lanes (consecutive P, one g) and phase
  // 3's (one P, consecutive g) both hit eight distinct 16-byte bank groups a quarter warp. GR
  // granule rows, and one more that phase 3 reads and does not use where an output row is on the
  // grid.
  static constexpr int TG = GR + 1;
  static constexpr std::size_t kA = static_cast<std::size_t>(ROWS) * ARB;
  static constexpr std::size_t kT = static_cast<std::size_t>(TG) * 256 * 16;
  static constexpr std::size_t kSmem = kA > kT ? kA : kT;
  static_assert(TROWS == 128, "the half-height halo tile's rows");
  // Phase 2 in rounds of 256 items (row group, word column): round k writes granule rows
  // 4k .. 4k + 3 (bytes below 16384 (k + 1)) over the staged rows it has read, below the rows
  // of the rounds after it (from 64 (k + 1) ARB).
  static_assert(ARB >= 256, "a round's transposed packets stay below the next round's rows");
};

// Column j of four 4 x 4 byte blocks: w[4k .. 4k+3] are four rows' words; packet j takes byte j
// of every row (row i in byte i). Two permutes pair the rows' low and high halves, two join them:
// 8 permutes for the four packets' words of a block.
__device__ __forceinline__ void transpose16x4(const unsigned* w, uint4* pk) {
  unsigned c[4][4];
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    const unsigned lo_ab = __byte_perm(w[4 * k], w[4 * k + 1], 0x5140); // a0 b0 a1 b1
    const unsigned hi_ab = __byte_perm(w[4 * k], w[4 * k + 1], 0x7362); // a2 b2 a3 b3
    const unsigned lo_cd = __byte_perm(w[4 * k + 2], w[4 * k + 3], 0x5140);
    const unsigned hi_cd = __byte_perm(w[4 * k + 2], w[4 * k + 3], 0x7362);
    c[0][k] = __byte_perm(lo_ab, lo_cd, 0x5410); // a0 b0 c0 d0
    c[1][k] = __byte_perm(lo_ab, lo_cd, 0x7632); // a1 b1 c1 d1
    c[2][k] = __byte_perm(hi_ab, hi_cd, 0x5410);
    c[3][k] = __byte_perm(hi_ab, hi_cd, 0x7632);
  }
#pragma unroll
  for (int j = 0; j < 4; ++j) pk[j] = make_uint4(c[j][0], c[j][1], c[j][2], c[j][3]);
}

// The staged tile at (x0, y0): 1-byte elements, y0 >= HV, x0 + 256 <= cols, y0 + TROWS < rows
// (<= with both sides aligned).
template <typename T, int AL>
__device__ __noinline__ void staged_at(T* __restrict__ out, const T* __restrict__ in, int cols,
                                       int rows, int x0, int y0, unsigned char* smem) {
  static_assert(sizeof(T) == 1, "the staged tile is for 1-byte elements");
  using S = StagedTile<AL>;
  const int tid = threadIdx.x;
  // Phase 1: staged row r is tile row r - HV; thread (lr, lc) loads packet lc of rows lr + 16 i,
  // from the aligned packet at or before column x0, all in flight before the first store.
  {
    const int lc = tid % 16, lr = tid / 16;
    const long long pitch16 = 16LL * cols;
    long long rf = static_cast<long long>(y0 - S::HV + lr) * cols + x0;
    uint4 v[S::GR];
#pragma unroll
    for (int i = 0; i < S::GR; ++i) {
      const int o = S::IN_AL ? 0 : static_cast<int>(rf & 15);
      v[i] = *reinterpret_cast<const uint4*>(in + (rf - o + lc * 16));
      rf += pitch16;
    }
    uint4 e = make_uint4(0, 0, 0, 0);
    int eo = 0;
    if constexpr (!S::IN_AL) {
      if (tid < S::ROWS) { // row tid's 17th packet, where the row is off the grid
        const long long f = static_cast<long long>(y0 - S::HV + tid) * cols + x0;
        eo = static_cast<int>(f & 15);
        if (eo != 0) e = *reinterpret_cast<const uint4*>(in + (f - eo + 256));
      }
    }
#pragma unroll
    for (int i = 0; i < S::GR; ++i)
      *reinterpret_cast<uint4*>(smem + (lr + 16 * i) * S::ARB + lc * 16) = v[i];
    if (!S::IN_AL && eo != 0) *reinterpret_cast<uint4*>(smem + tid * S::ARB + 256) = e;
  }
  __syncthreads();
  // Phase 2: item (gi, l) transposes word column l (tile columns 4l .. 4l+3) of staged rows
  // 16 gi .. 16 gi + 15; a warp takes one row group, its lanes consecutive word columns. The four
  // packets go to granule row gi of output row slots P = 64 j + l (output row 4l + j).
  constexpr int ITEMS = S::GR * 64;
  constexpr int ROUNDS = (ITEMS + kThreads - 1) / kThreads;
#pragma unroll 1
  for (int k = 0; k < ROUNDS; ++k) {
    const int it = tid + kThreads * k;
    const bool live = it < ITEMS;
    const int gi = it >> 6, l = it & 63;
    uint4 pk[4];
    if (live) {
      unsigned w[16];
      // The flat index of staged row 16 gi at column x0, mod 2^32 (its low bits are the offset).
      const unsigned f0 =
          static_cast<unsigned>(y0 - S::HV + gi * 16) * static_cast<unsigned>(cols) +
          static_cast<unsigned>(x0);
#pragma unroll
      for (int i = 0; i < 16; ++i) {
        const int r = gi * 16 + i;
        if constexpr (S::IN_AL) {
          w[i] = reinterpret_cast<const unsigned*>(smem + r * S::ARB)[l];
        } else {
          const unsigned o = (f0 + static_cast<unsigned>(i) * static_cast<unsigned>(cols)) & 15u;
          const unsigned* p = reinterpret_cast<const unsigned*>(smem + r * S::ARB + (o & 12u)) + l;
          w[i] = __funnelshift_r(p[0], p[1], o * 8u);
        }
      }
      transpose16x4(w, pk);
    }
    __syncthreads(); // this round's staged rows are read
    if (live) {
#pragma unroll
      for (int j = 0; j < 4; ++j)
        reinterpret_cast<uint4*>(smem)[gi * 256 + ((64 * j + l + gi) & 255)] = pk[j];
    }
  }
  __syncthreads();
  // Phase 3: lane g of each quarter warp stores packet g of output row x = 4 (P % 64) + P / 64
  // (slot P, 32 slots a warp over 8 passes): the aligned packet at flat x * rows + y0 - os + 16 g
  // (os = the segment's offset from the grid, below HV), tile rows 16 g - os .. 16 g - os + 15,
  // staged rows from s = HV - os + 16 g on.
  const int g = tid % 8, xs = tid / 8;
  const uint4* tt = reinterpret_cast<const uint4*>(smem);
#pragma unroll
  for (int pass = 0; pass < 8; ++pass) {
    const int P = pass * 32 + xs;
    const int x = x0 + 4 * (P & 63) + (P >> 6);
    const int os = S::OUT_AL
                       ? 0
                       : static_cast<int>((static_cast<unsigned>(x) * static_cast<unsigned>(rows) +
                                           static_cast<unsigned>(y0)) &
                                          S::OM);
    const int s = S::HV - os;
    const int ga = (s >> 4) + g, sh = s & 15;
    uint4 p = tt[ga * 256 + ((P + ga) & 255)];
    if constexpr (!S::OUT_AL) p = realign16<1>(p, tt[(ga + 1) * 256 + ((P + ga + 1) & 255)], sh);
    store16_global(out + (static_cast<long long>(x) * rows + y0 - os + 16 * g), p);
  }
}

// One tile: the staged tile where it applies, the halo tile's code (HaloTile<T, 2, HALO_AL>)
// elsewhere; the halo tile's grid and block order. With both sides aligned the staged tile takes
// the matrix's last tile row too (no packet straddles two output rows, no 17th packet is read).
template <typename T, int AL, unsigned GROUP>
__device__ __forceinline__ void tile16s_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, unsigned t, unsigned char* smem) {
  using S = StagedTile<AL>;
  int x0, y0;
  halo_origin<T, 2, S::HALO_AL, GROUP>(t, cols, rows, x0, y0);
  const bool rows_in = S::IN_AL && S::OUT_AL ? y0 + S::TROWS <= rows : y0 + S::TROWS < rows;
  if (x0 + S::COLS <= cols && y0 >= S::HV && rows_in)
    staged_at<T, AL>(out, in, cols, rows, x0, y0, smem);
  else if (x0 + S::COLS <= cols && y0 + S::TROWS <= rows)
    tile16h_at<T, 2, S::HALO_AL, true>(out, in, cols, rows, x0, y0, smem);
  else
    tile16h_at<T, 2, S::HALO_AL, false>(out, in, cols, rows, x0, y0, smem);
}

template <typename T, int AL, unsigned GROUP>
__device__ __forceinline__ void tile16s_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  one_tile_body<T, tile16s_one<T, AL, GROUP>>(out, in, cols, rows, nreps);
}

// Shared memory of a staged kernel: its own tiles' and the halo tile's.
template <typename T, int AL> constexpr std::size_t staged_smem() {
  using H = HaloTile<T, 2, StagedTile<AL>::HALO_AL>;
  return StagedTile<AL>::kSmem > H::kSmem ? StagedTile<AL>::kSmem : H::kSmem;
}

// Launches a staged kernel in the halo tile's grid and block order, with both tiles' shared memory.
template <typename T, int AL>
void launch_staged(const LaunchArgs& a, TransposeKernel<T> column_major,
                   TransposeKernel<T> grouped) {
  launch_halo<T, 2, StagedTile<AL>::HALO_AL>(a, column_major, grouped, staged_smem<T, AL>());
}

} // namespace tb::ours
