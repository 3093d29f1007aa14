// The scalar tile (tile_scalar.cu): element accesses, for rows that cannot be read as
// aligned 16-byte packets.
#pragma once

#include "kernels/ours/common.cuh"
#include "kernels/ours/grid_layout.hpp"

#include <type_traits>

namespace tb::ours {

// The scalar tile, for shapes whose rows cannot be read as aligned 16-byte packets: 64 x 64
// elements per 256 threads (32 x 8), 16 loads in flight per thread, element-wise XOR swizzle
// (column c of row r at c ^ (r & 31)), grouped block order. Each thread's 16 loads and 16 stores
// are walked from one input and one output pointer by a 64-bit step of 8 rows, and a full
// tile's loads are not guarded: so ptxas fits fp64 in 80 registers at three blocks an SM without
// spilling (indexing each element from the matrix's start, it took 122-128 registers unbounded
// and spilled at three blocks; tile_scalar_three_blocks). Unbounded it takes up to 148 (one
// block an SM): its kernels are held to two blocks an SM at least.
template <typename T, unsigned GROUP>
__device__ __forceinline__ void tile_scalar_body(T* __restrict__ out, const T* __restrict__ in,
                                                 int cols, int rows, int nreps) {
  constexpr int TS = 64;
  __shared__ T tile[TS][TS];
  unsigned tx, ty;
  ordered_tile(blockIdx.x, (cols + TS - 1) / TS, (rows + TS - 1) / TS, GROUP, tx, ty);
  const int x0 = tx * TS, y0 = ty * TS;
  const bool full = x0 + TS <= cols && y0 + TS <= rows;
  const int lx = threadIdx.x % 32, ly = threadIdx.x / 32;
  const T* src = in + (static_cast<long long>(y0 + ly) * cols + x0 + lx);
  T* dst = out + (static_cast<long long>(x0 + ly) * rows + y0 + lx);
  const long long in_step = 8LL * cols, out_step = 8LL * rows;
  for (int r = 0; r < nreps; ++r) {
    T v[TS / 8][TS / 32];
    if (full) {
#pragma unroll
      for (int i = 0; i < TS / 8; ++i)
#pragma unroll
        for (int j = 0; j < TS / 32; ++j) v[i][j] = src[i * in_step + j * 32];
    } else {
#pragma unroll
      for (int i = 0; i < TS / 8; ++i)
#pragma unroll
        for (int j = 0; j < TS / 32; ++j)
          if (y0 + i * 8 + ly < rows && x0 + j * 32 + lx < cols)
            v[i][j] = src[i * in_step + j * 32];
    }
#pragma unroll
    for (int i = 0; i < TS / 8; ++i)
#pragma unroll
      for (int j = 0; j < TS / 32; ++j) {
        const int row = i * 8 + ly, col = j * 32 + lx;
        tile[row][col ^ (row & 31)] = v[i][j];
      }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < TS / 8; ++i)
#pragma unroll
      for (int j = 0; j < TS / 32; ++j) {
        const int orow = i * 8 + ly, ocol = j * 32 + lx; // output row = input column
        if (full || (x0 + orow < cols && y0 + ocol < rows))
          dst[i * out_step + j * 32] = tile[ocol][orow ^ (ocol & 31)];
      }
    if (nreps > 1) __syncthreads();
  }
}

template <typename T> unsigned tile_scalar_blocks(const LaunchArgs& a) {
  return ceil_div(a.cols, 64) * ceil_div(a.rows, 64);
}

// The scalar tile's block order in ours_best: groups of 8 tile rows where the input rows end in a
// partial tile and span at most 8 tiles (the partial tile column a large share of the tiles),
// column-major order elsewhere. Measured on the H100 (fp64, docs/perf-notes.md): groups of 8
// against column-major +3.1, +4.0 and +1.0 points at 160001 x 100, 80001 x 200 and 32001 x 500
// (2, 4 and 8 tile columns, the last partial); column-major ahead by 1.8 at 62501 x 256 and
// 15625 x 1024 (no partial tile), 1.8 at 16001 x 1000 (16 tile columns) and 7-8 at 8191 x 8193
// and 4099 x 7919.
inline unsigned tile_scalar_order(int cols) {
  return cols % 64 != 0 && ceil_div(cols, 64) <= 8 ? 8u : kColumnMajor;
}

// One element from global to shared memory without registers where cp.async takes its size (4,
// 8 or 16 bytes, sm_80 and up; through L1, .ca, the only form below 16 bytes); a load and a store
// elsewhere. A thread's copies have landed after copy16_async_wait_all().
template <typename T> __device__ __forceinline__ void copy_elem_async(T* smem, const T* gmem) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8 || sizeof(T) == 16) {
    const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(s), "l"(gmem), "n"(sizeof(T))
                 : "memory");
    return;
  }
#endif
  *smem = *gmem;
}

// The scalar grid tile: the scalar tile's accesses with each output row's segment moved back onto
// the 256-byte grid of the address space (grid_layout.hpp), for shapes whose output rows are not
// whole packets, so that every warp store is a whole 256-byte piece, or whole 128-byte lines of
// one, that no other block writes. A block: TC input columns (its output rows) and PIECES x E own
// rows, E = 256 / sizeof(T) the elements of one piece, plus the halo rows above them that the
// shifts need (grid_halo, rounded up to 8 rows; at most E), all copied to shared memory by
// cp.async (no registers hold the tile).
// UB, the bytes of a unit (what one copy and one store move): sizeof(T), element accesses; or 8,
// for smaller elements in input rows of whole 8-byte units (grid_units_fit), U = 8 / sizeof(T)
// elements a unit: a copy moves U columns of one input row, a store U rows of one output row.
// Units are XOR swizzled in shared memory (unit u of shared row r at u ^ ((r / U) & SWZ)), and
// phase 1 copies whole shared rows a warp. Phase 2, element units: warp w stores output rows w,
// w + 8, ..., each of its PIECES x E elements from y0 - shift, 32 a store. 8-byte units: each
// half-warp stores one output row, 16 units (a 128-byte line) a store, the rows of a warp's two
// halves in different words of their units (rows 2p and 2p + 1 for U = 2), so that the halves
// read different banks; for 1-byte elements, whose 64-byte rows fill half the banks, the rows of
// each pair swap places every 8 U rows (grid_unit_index's half_rows), so that the half-warp's
// lanes l and l + 8 read different halves. So phase 2 is free of bank conflicts for 1-, 2- and
// 4-byte elements (a host test counts every load's banks). Nsight Compute's source page agrees
// for 2- and 4-byte elements (no shared load took a wavefront over the ideal); its launch-wide
// counter's 0.16 M (fp32 125001 x 256) is charged to no instruction (docs/perf-notes.md).
// NEED: copy only the shared rows that a column of the unit stores (not the halo rows that the
// unit's shifts leave out).
template <typename T, int TC, int PIECES, int UB = static_cast<int>(sizeof(T))> struct ScalarGrid {
  static constexpr int ES = static_cast<int>(sizeof(T));
  static constexpr int E = static_cast<int>(kGridBytes) / ES;
  static constexpr int TR = PIECES * E;
  static constexpr int SROWS = TR + E;                 // own rows and the largest halo
  static constexpr int U = UB / ES;                    // elements a unit
  static constexpr int UR = TC / U;                    // units in a shared row
  static constexpr int LPR = UR < 32 ? UR : 32;        // lanes over a shared row in phase 1
  static constexpr int RPI = 32 / LPR;                 // shared rows a warp copies an instruction
  static constexpr int SWZ = grid_unit_swizzle(TC, U); // the swizzle's mask (LPR - 1)
  static constexpr bool HALF = grid_half_rows(TC, ES, U); // rows of half the banks
  static_assert(TC == 32 || TC == 64, "32 or 64 columns");
  static_assert(UB == ES || (UB == 8 && ES < 8), "element units, or 8-byte units");
  static_assert(U == 1 || TR % (16 * U) == 0, "whole 128-byte lines a half-warp");
  static constexpr std::size_t kSmem = sizeof(T) * static_cast<std::size_t>(SROWS) * TC;
  // Element (shared row r, column c) of the tile.
  template <typename B> __device__ static B* at(B* tile, int r, int c) {
    if constexpr (U == 1)
      return &reinterpret_cast<B(*)[TC]>(tile)[r][c ^ (r & SWZ)];
    else
      return tile + grid_unit_index(r, c, TC, U, SWZ, HALF);
  }
};

// Whether the input rows are whole 8-byte units, 8-byte aligned (ScalarGrid's UB = 8).
template <typename T> constexpr bool grid_units_fit(int cols) {
  return sizeof(T) < 8 && (static_cast<long long>(cols) * sizeof(T)) % 8 == 0;
}

template <typename T, int TC, int PIECES, unsigned GROUP, int UB = static_cast<int>(sizeof(T)),
          bool NEED = false>
__device__ __forceinline__ void tile_scalar_grid_body(T* __restrict__ out, const T* __restrict__ in,
                                                      int cols, int rows, int nreps) {
  using L = ScalarGrid<T, TC, PIECES, UB>;
  constexpr int TR = L::TR, ES = L::ES, U = L::U, LPR = L::LPR, RPI = L::RPI, J = L::UR / LPR;
  using Unit = std::conditional_t<U == 1, T, uint2>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T* tile = reinterpret_cast<T*>(smem_raw);
  const unsigned m = grid_pitch_offset(rows, ES);
  const int hr = (grid_halo(m, ES) + 7) / 8 * 8; // halo rows loaded above the tile's own
  unsigned tx, ty;
  ordered_tile(blockIdx.x, (cols + TC - 1) / TC, grid_tiles_y(rows, TR, m, ES), GROUP, tx, ty);
  const int x0 = tx * TC, y0 = ty * TR;
  const int first = y0 - hr; // input row of shared row 0
  const int lx = threadIdx.x % 32, w = threadIdx.x / 32;
  // This lane's units ul + LPR j, in shared rows sub + 8 RPI n (n = 0, 1, ...).
  const int ul = LPR == 32 ? lx : lx % LPR, sub = LPR == 32 ? 0 : lx / LPR;
  // NEED: the shared rows [lo, hi) that the columns of each of this lane's units store.
  int lo[J], hi[J];
  if constexpr (NEED) {
#pragma unroll
    for (int j = 0; j < J; ++j) {
      int most = 0, least = L::E;
#pragma unroll
      for (int q = 0; q < U; ++q) {
        const int s = grid_shift(static_cast<unsigned>(x0 + U * (ul + LPR * j) + q), m, ES);
        most = max(most, s);
        least = min(least, s);
      }
      lo[j] = hr - most;
      hi[j] = hr + TR - least;
    }
  }
  for (int r = 0; r < nreps; ++r) {
    // Phase 1: the copies, a running offset 8 x RPI rows a step (all of them in flight without
    // registers, so the loop need not be unrolled to keep them so).
    long long at = static_cast<long long>(first + RPI * w + sub) * cols + x0 + U * ul;
#pragma unroll 2
    for (int sr = RPI * w + sub; sr < hr + TR; sr += 8 * RPI, at += 8LL * RPI * cols) {
      const int row = first + sr;
      if (row < 0 || row >= rows) continue;
#pragma unroll
      for (int j = 0; j < J; ++j) {
        const int c = U * LPR * j + U * ul;
        if (x0 + U * LPR * j + U * ul < cols && (!NEED || (sr >= lo[j] && sr < hi[j])))
          copy_elem_async(reinterpret_cast<Unit*>(L::at(tile, sr, c)),
                          reinterpret_cast<const Unit*>(in + (at + LPR * U * j)));
      }
    }
    copy16_async_wait_all();
    __syncthreads();
    if constexpr (U == 1) {
#pragma unroll 2
      for (int i = 0; i < TC / 8; ++i) {
        const int o = w + 8 * i, orow = x0 + o;
        if (orow >= cols) break; // rows w + 8i rise with i
        const int base = y0 - grid_shift(static_cast<unsigned>(orow), m, ES);
        T* dst = out + static_cast<long long>(orow) * rows;
#pragma unroll
        for (int k = 0; k < TR / 32; ++k) {
          const int y = base + 32 * k + lx, sr = y - first;
          if (y >= 0 && y < rows) dst[y] = *L::at(tile, sr, o);
        }
      }
    } else {
      // Pairs of output rows (o, o + U / 2), o in the first word of its units; half h of the warp
      // stores the pair's row o + h U / 2, each lane U rows of it a store.
      using Bits = std::conditional_t<ES == 4, unsigned,
                                      std::conditional_t<ES == 2, unsigned short, unsigned char>>;
      const Bits* bits = reinterpret_cast<const Bits*>(tile);
      const int h = lx / 16, l16 = lx % 16;
#pragma unroll 2
      for (int i = 0; i < TC / 16; ++i) {
        const int p = w + 8 * i;
        const int o = p / (U / 2) * U + p % (U / 2) + h * (U / 2), orow = x0 + o;
        if (orow >= cols) continue;
        const int base = y0 - grid_shift(static_cast<unsigned>(orow), m, ES);
        T* dst = out + static_cast<long long>(orow) * rows;
        // The lane's U elements at k = 0 (shared rows s0 + q), worked out once an output row; at
        // k they lie 16 U k rows down, plus on odd k the swizzle's flip (grid_unit_index_down).
        const int s0 = base - first + U * l16;
        int even[U], odd[U];
#pragma unroll
        for (int q = 0; q < U; ++q) {
          even[q] = grid_unit_index(s0 + q, o, TC, U, L::SWZ, L::HALF);
          odd[q] = L::SWZ < 16
                       ? even[q]
                       : even[q] + grid_unit_index_down(s0 + q, o, 1, TC, U, L::SWZ, L::HALF) -
                             16 * U * TC;
        }
#pragma unroll
        for (int k = 0; k < TR / (16 * U); ++k) {
          const int y = base + U * (16 * k + l16), down = 16 * U * TC * k;
          if (y >= 0 && y + U <= rows) {
            unsigned long long v = 0;
#pragma unroll
            for (int q = 0; q < U; ++q)
              v |= static_cast<unsigned long long>(bits[(k % 2 ? odd[q] : even[q]) + down])
                   << (8 * ES * q);
            *reinterpret_cast<unsigned long long*>(dst + y) = v;
          } else {
#pragma unroll
            for (int q = 0; q < U; ++q)
              if (y + q >= 0 && y + q < rows) dst[y + q] = tile[(k % 2 ? odd[q] : even[q]) + down];
          }
        }
      }
    }
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

template <typename T, int TC, int PIECES> unsigned tile_scalar_grid_blocks(const LaunchArgs& a) {
  const unsigned m = grid_pitch_offset(a.rows, sizeof(T));
  return ceil_div(a.cols, TC) *
         grid_tiles_y(a.rows, ScalarGrid<T, TC, PIECES>::TR, m, static_cast<int>(sizeof(T)));
}
// Launches a scalar grid tile kernel (tile_scalar_grid_body<T, TC, PIECES, ...>): one block a tile,
// its shared memory allowed.
template <typename T, int TC, int PIECES>
void launch_tile_scalar_grid(const LaunchArgs& a, TransposeKernel<T> kernel) {
  const std::size_t smem = ScalarGrid<T, TC, PIECES>::kSmem;
  allow_dynamic_smem(kernel, smem);
  launch_kernel(kernel, dim3(tile_scalar_grid_blocks<T, TC, PIECES>(a)), dim3(256), smem, a);
}

} // namespace tb::ours
