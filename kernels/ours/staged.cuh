// The staged byte tile (tile16_staged.cu): the half-height halo tile's ownership (halo.cuh) with
// both realignments moved out of the registers' word selects and into shared-memory addresses.
#pragma once

#include "kernels/ours/halo.cuh"

namespace tb::ours {

// The halo tile spends most of its instructions realigning 16-byte packets in registers: at u8
// 11313² (Nsight Compute, docs/perf-notes.md) 46.5 M warp instructions for 128 MB, a fifth of
// them the word selects (SEL) and funnel shifts of realign16 on the input side and on the output
// side, each packet's select chain worked out anew. The staged tile keeps the halo tile's tiles
// (256 columns x 128 rows, the 16 or 32 rows above them) and which tile owns which output packet,
// and realigns through shared-memory addresses instead:
//  - phase 1 stores the aligned input packets as they are loaded (the 17th of each offset row
//    after them), and each row's offset from the 16-byte grid;
//  - phase 2 reads, for 16 rows and one 4-byte word column, the word at the row's offset (two
//    4-byte loads and one funnel shift: the word select is the address), transposes the 16 x 4
//    bytes in registers (8 permutes a 4 x 4 block) and stores the four transposed packets to a
//    second layout, one granule row of 16 bytes a row group, every output row (input column)
//    its own slot;
//  - phase 3 gives each thread one output row at a time: its offset from the grid, the select
//    chain's predicates and the store address are worked out once for that row's packets, and
//    each packet is two shared loads, one realignment and one 16-byte store.
// Only 1-byte elements, tiles with whole tile columns, their halo rows inside the matrix and not
// the matrix's last tile row (the straddling packets and the bottom tile's tail stay with the
// halo tile, whose code runs the other tiles).
template <int AL, int LPX> struct StagedTile {
  static constexpr bool IN_AL = (AL & kInAligned) != 0;
  static constexpr bool OUT_AL = (AL & kOutAligned) != 0;
  // Owned segments start on 32-byte boundaries where the halo tile owns whole sectors.
  static constexpr int OM = OUT_AL ? 0 : halo_sectors(1, AL) ? 31 : 15;
  static constexpr int HV = OUT_AL ? 0 : OM + 1; // halo rows
  static constexpr int TROWS = halo_tile_rows(1, 2), COLS = 256;
  static constexpr int ROWS = TROWS + HV;       // staged rows
  static constexpr int GR = ROWS / 16;          // staged row groups, the halo's first
  static constexpr int ARB = IN_AL ? 256 : 272; // bytes a staged input row (+ the 17th packet)
  // Phase 3: LPX lanes an output row, taking its packets g = lane, lane + LPX, ...; the slot of
  // output row slot P in granule row g sits at (P + C*g) mod 256, so that phase 2's lanes
  // (consecutive P, one g) and phase 3's (8 / LPX consecutive P, LPX consecutive g) both hit
  // eight distinct 16-byte bank groups a quarter warp.
  static_assert(LPX == 2 || LPX == 4 || LPX == 8, "2, 4 or 8 lanes an output row");
  static constexpr int C = 8 / LPX;
  // Granule rows of the transposed layout: GR, and one more that phase 3 reads and does not use
  // where an output row is on the grid.
  static constexpr int TG = GR + 1;
  static constexpr std::size_t kA = static_cast<std::size_t>(ROWS) * ARB;
  static constexpr std::size_t kT = static_cast<std::size_t>(TG) * 256 * 16;
  static constexpr std::size_t kInfo = kA > kT ? kA : kT; // the rows' offsets, after both
  static constexpr std::size_t kSmem = kInfo + (IN_AL ? 0 : ROWS * sizeof(int2));
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

// Options of the staged tile: kStagedOffsets, phase 2 works out each row's offset from the grid
// with integer arithmetic instead of loading it from shared memory (no shared load in the chain
// before the row's words).
inline constexpr int kStagedOffsets = 1;

// Phase 1's loads of one staged tile, held in registers until they are stored.
template <int AL, int LPX> struct StagedLoads {
  using S = StagedTile<AL, LPX>;
  uint4 v[S::GR];
  uint4 e; // the 17th packet of row tid (tid < ROWS), where eo != 0
  int eo;  // row tid's offset from the grid
};

// Phase 1's loads: staged row r is tile row r - HV; thread (lr, lc) loads packet lc of rows
// lr + 16 i, from the aligned packet at or before column x0, all in flight together.
template <typename T, int AL, int LPX>
__device__ __forceinline__ void staged_load(const T* __restrict__ in, int cols, int x0, int y0,
                                            StagedLoads<AL, LPX>& ld) {
  using S = StagedTile<AL, LPX>;
  const int tid = threadIdx.x;
  const int lc = tid % 16, lr = tid / 16;
  const long long pitch16 = 16LL * cols;
  long long rf = static_cast<long long>(y0 - S::HV + lr) * cols + x0;
#pragma unroll
  for (int i = 0; i < S::GR; ++i) {
    const int o = S::IN_AL ? 0 : static_cast<int>(rf & 15);
    ld.v[i] = *reinterpret_cast<const uint4*>(in + (rf - o + lc * 16));
    rf += pitch16;
  }
  ld.e = make_uint4(0, 0, 0, 0);
  ld.eo = 0;
  if constexpr (!S::IN_AL) {
    if (tid < S::ROWS) { // row tid's 17th packet, where the row is off the grid
      const long long f = static_cast<long long>(y0 - S::HV + tid) * cols + x0;
      ld.eo = static_cast<int>(f & 15);
      if (ld.eo != 0) ld.e = *reinterpret_cast<const uint4*>(in + (f - ld.eo + 256));
    }
  }
}

// Phase 1's stores: the packets as loaded, and each row's offset (unless OPTS computes it).
template <int AL, int LPX, int OPTS>
__device__ __forceinline__ void staged_store(unsigned char* smem, const StagedLoads<AL, LPX>& ld) {
  using S = StagedTile<AL, LPX>;
  const int tid = threadIdx.x;
  const int lc = tid % 16, lr = tid / 16;
#pragma unroll
  for (int i = 0; i < S::GR; ++i)
    *reinterpret_cast<uint4*>(smem + (lr + 16 * i) * S::ARB + lc * 16) = ld.v[i];
  if constexpr (!S::IN_AL) {
    if (tid < S::ROWS) {
      if (ld.eo != 0) *reinterpret_cast<uint4*>(smem + tid * S::ARB + 256) = ld.e;
      // The byte address of the word at the row's offset, and the funnel shift (taken mod 32).
      if constexpr ((OPTS & kStagedOffsets) == 0)
        reinterpret_cast<int2*>(smem + S::kInfo)[tid] =
            make_int2(tid * S::ARB + (ld.eo & 12), ld.eo * 8);
    }
  }
}

// Phases 2 and 3 of the staged tile at (x0, y0), its input staged (and the block synchronised).
template <typename T, int AL, int LPX, int OPTS>
__device__ __forceinline__ void staged_emit(T* __restrict__ out, int cols, int rows, int x0, int y0,
                                            unsigned char* smem) {
  using S = StagedTile<AL, LPX>;
  const int tid = threadIdx.x;
  [[maybe_unused]] const int2* info = reinterpret_cast<const int2*>(smem + S::kInfo);
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
        } else if constexpr ((OPTS & kStagedOffsets) != 0) {
          const unsigned o = (f0 + static_cast<unsigned>(i) * static_cast<unsigned>(cols)) & 15u;
          const unsigned* p = reinterpret_cast<const unsigned*>(smem + r * S::ARB + (o & 12u)) + l;
          w[i] = __funnelshift_r(p[0], p[1], o * 8u);
        } else {
          const int2 f = info[r];
          const unsigned* p = reinterpret_cast<const unsigned*>(smem + f.x) + l;
          w[i] = __funnelshift_r(p[0], p[1], static_cast<unsigned>(f.y));
        }
      }
      transpose16x4(w, pk);
    }
    __syncthreads(); // this round's staged rows are read
    if (live) {
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const int P = 64 * j + l;
        reinterpret_cast<uint4*>(smem)[gi * 256 + ((P + S::C * gi) & 255)] = pk[j];
      }
    }
  }
  __syncthreads();
  // Phase 3: thread (slot, lane) stores packets g = lane + LPX j of output row x = 4 (P % 64) +
  // P / 64: the aligned packets at flat x * rows + y0 - os + 16 g (os = the segment's offset from
  // the grid, below HV), tile rows 16 g - os .. 16 g - os + 15, staged rows from s = HV - os on.
  constexpr int XS = kThreads / LPX;
  const int lane = tid % LPX, xs = tid / LPX;
  const uint4* tt = reinterpret_cast<const uint4*>(smem);
#pragma unroll
  for (int pass = 0; pass < LPX; ++pass) {
    const int P = pass * XS + xs;
    const int x = x0 + 4 * (P & 63) + (P >> 6);
    const int os = S::OUT_AL
                       ? 0
                       : static_cast<int>((static_cast<unsigned>(x) * static_cast<unsigned>(rows) +
                                           static_cast<unsigned>(y0)) &
                                          S::OM);
    const int s = S::HV - os;
    const int g0 = s >> 4, sh = s & 15;
    T* dst = out + (static_cast<long long>(x) * rows + y0 - os);
#pragma unroll
    for (int j = 0; j < 8 / LPX; ++j) {
      const int g = lane + LPX * j;
      const int ga = g0 + g;
      uint4 p = tt[ga * 256 + ((P + S::C * ga) & 255)];
      if constexpr (!S::OUT_AL) {
        const int gb = ga + 1;
        p = realign16<1>(p, tt[gb * 256 + ((P + S::C * gb) & 255)], sh);
      }
      store16_global(dst + 16 * g, p);
    }
  }
}

// The staged tile at (x0, y0): 1-byte elements, y0 >= HV, y0 + TROWS < rows, x0 + 256 <= cols.
template <typename T, int AL, int LPX, int OPTS = 0>
__device__ __noinline__ void staged_at(T* __restrict__ out, const T* __restrict__ in, int cols,
                                       int rows, int x0, int y0, unsigned char* smem) {
  static_assert(sizeof(T) == 1, "the staged tile is for 1-byte elements");
  StagedLoads<AL, LPX> ld;
  staged_load<T, AL, LPX>(in, cols, x0, y0, ld);
  staged_store<AL, LPX, OPTS>(smem, ld);
  __syncthreads();
  staged_emit<T, AL, LPX, OPTS>(out, cols, rows, x0, y0, smem);
}

// Two staged tiles, the second's loads in flight while the first is transposed and stored.
template <typename T, int AL, int LPX, int OPTS = 0>
__device__ __noinline__ void staged_pair_at(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, int xa, int ya, int xb, int yb,
                                            unsigned char* smem) {
  static_assert(sizeof(T) == 1, "the staged tile is for 1-byte elements");
  StagedLoads<AL, LPX> ld;
  staged_load<T, AL, LPX>(in, cols, xa, ya, ld);
  staged_store<AL, LPX, OPTS>(smem, ld);
  __syncthreads();
  staged_load<T, AL, LPX>(in, cols, xb, yb, ld);
  staged_emit<T, AL, LPX, OPTS>(out, cols, rows, xa, ya, smem);
  __syncthreads(); // the first tile's transposed packets are read
  staged_store<AL, LPX, OPTS>(smem, ld);
  __syncthreads();
  staged_emit<T, AL, LPX, OPTS>(out, cols, rows, xb, yb, smem);
}

// Tile t's origin in the halo tile's grid and block order (tile16h_one).
template <typename T, int AL, unsigned GROUP>
__device__ __forceinline__ void staged_origin(unsigned t, int cols, int rows, int& x0, int& y0) {
  using L = Tile16<T>;
  using H = HaloTile<T, 2, AL>;
  const unsigned tiles_x = (cols + L::COLS - 1) / L::COLS;
  const unsigned tiles = tiles_x * ((rows + H::TROWS - 1) / H::TROWS);
  t = tiles >= 2 ? (t + tiles - 2) % tiles : t;
  unsigned utx, uty;
  ordered_tile(t, tiles_x, tiles / tiles_x, GROUP, utx, uty);
  x0 = static_cast<int>(utx) * L::COLS;
  y0 = static_cast<int>(uty) * H::TROWS;
}

// Whether the staged tile takes the tile at (x0, y0).
template <int AL, int LPX>
__device__ __forceinline__ bool staged_takes(int cols, int rows, int x0, int y0) {
  using S = StagedTile<AL, LPX>;
  return x0 + S::COLS <= cols && y0 >= S::HV && y0 + S::TROWS < rows;
}

// One tile: the staged tile where it applies, the halo tile's code (HaloTile<T, 2, AL>)
// elsewhere; the halo tile's grid and block order.
template <typename T, int AL, unsigned GROUP, int LPX, int OPTS>
__device__ __forceinline__ void tile16s_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, unsigned t, unsigned char* smem) {
  int x0, y0;
  staged_origin<T, AL, GROUP>(t, cols, rows, x0, y0);
  if (staged_takes<AL, LPX>(cols, rows, x0, y0))
    staged_at<T, AL, LPX, OPTS>(out, in, cols, rows, x0, y0, smem);
  else if (x0 + Tile16<T>::COLS <= cols && y0 + HaloTile<T, 2, AL>::TROWS <= rows)
    tile16h_at<T, 2, AL, true>(out, in, cols, rows, x0, y0, smem);
  else
    tile16h_at<T, 2, AL, false>(out, in, cols, rows, x0, y0, smem);
}

template <typename T, int AL, unsigned GROUP, int LPX, int OPTS = 0>
__device__ __forceinline__ void tile16s_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  one_tile_body<T, tile16s_one<T, AL, GROUP, LPX, OPTS>>(out, in, cols, rows, nreps);
}

// Two consecutive tiles a block (the tile below, in column-major order): where the staged tile
// takes both, the second's loads are in flight while the first is transposed (staged_pair_at).
template <typename T, int AL, unsigned GROUP, int LPX, int OPTS = 0>
__device__ __forceinline__ void tile16s_pair_body(T* __restrict__ out, const T* __restrict__ in,
                                                  int cols, int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned tiles = ((cols + Tile16<T>::COLS - 1) / Tile16<T>::COLS) *
                         ((rows + HaloTile<T, 2, AL>::TROWS - 1) / HaloTile<T, 2, AL>::TROWS);
  const unsigned ta = 2 * blockIdx.x, tb = ta + 1;
  int xa, ya, xb = 0, yb = 0;
  staged_origin<T, AL, GROUP>(ta, cols, rows, xa, ya);
  if (tb < tiles) staged_origin<T, AL, GROUP>(tb, cols, rows, xb, yb);
  const bool both = tb < tiles && staged_takes<AL, LPX>(cols, rows, xa, ya) &&
                    staged_takes<AL, LPX>(cols, rows, xb, yb);
  for (int r = 0; r < nreps; ++r) {
    if (both) {
      staged_pair_at<T, AL, LPX, OPTS>(out, in, cols, rows, xa, ya, xb, yb, smem_raw);
    } else {
      tile16s_one<T, AL, GROUP, LPX, OPTS>(out, in, cols, rows, ta, smem_raw);
      if (tb < tiles) {
        __syncthreads();
        tile16s_one<T, AL, GROUP, LPX, OPTS>(out, in, cols, rows, tb, smem_raw);
      }
    }
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

// Shared memory of a staged kernel: its own tiles' and the halo tile's.
template <typename T, int AL, int LPX> constexpr std::size_t staged_smem() {
  return StagedTile<AL, LPX>::kSmem > HaloTile<T, 2, AL>::kSmem ? StagedTile<AL, LPX>::kSmem
                                                                : HaloTile<T, 2, AL>::kSmem;
}

// Launches a staged kernel in the halo tile's grid and block order (launch_halo); PAIRS: two
// tiles a block (tile16s_pair_body).
template <typename T, int AL, int LPX, bool PAIRS = false>
void launch_staged(const LaunchArgs& a, TransposeKernel<T> column_major,
                   TransposeKernel<T> grouped) {
  constexpr std::size_t smem = staged_smem<T, AL, LPX>();
  const TransposeKernel<T> kernel =
      tile16_order(sizeof(T), a.rows, a.cols, 2) == kSectorGroup ? grouped : column_major;
  allow_dynamic_smem(kernel, smem);
  const unsigned tiles = halo_tiles<T, 2>(a);
  launch_kernel(kernel, dim3(PAIRS ? (tiles + 1) / 2 : tiles), dim3(kThreads), smem, a);
}

} // namespace tb::ours
