// The building blocks of the whitepaper's kernels ("Optimizing Matrix Transpose in CUDA", NVIDIA,
// 2010). Every kernel there moves one TILE x TILE tile per block of TILE x BLOCK_ROWS threads,
// each thread handling TILE / BLOCK_ROWS elements, inside an `nreps` loop that the paper uses
// for its "loop in kernel" timing. The paper's eight kernels differ along a few axes only, so
// they share these two bodies; each kernel file instantiates one under its own name.
//
// Beyond the paper: any rows x cols (not only multiples of 32). A block whose tile lies wholly
// inside the matrix takes the fast path with no bounds checks; only edge tiles check bounds
// (the fast/slow split of vitamin-cuda's transpose). Offsets are 64-bit so large matrices work.
#pragma once

#include "harness/core/launch.cuh"
#include "harness/registry.hpp"
#include "kernels/block_order.hpp"

namespace tb::wp {

inline constexpr int kTile = 32;
inline constexpr int kBlockRows = 8;

// Copy and naive transpose: global memory to global memory, no shared memory. With TRANSPOSE
// the reads stay coalesced (a warp reads a row segment) and the writes stride by `rows`.
template <typename T, bool TRANSPOSE>
__device__ __forceinline__ void direct_tile(T* out, const T* in, int cols, int rows, int nreps) {
  const int x = blockIdx.x * kTile + threadIdx.x;
  const int y = blockIdx.y * kTile + threadIdx.y;
  const bool full = (blockIdx.x + 1) * kTile <= unsigned(cols) &&
                    (blockIdx.y + 1) * kTile <= unsigned(rows);
  const long long in_idx = static_cast<long long>(y) * cols + x;
  const long long out_idx = TRANSPOSE ? static_cast<long long>(x) * rows + y : in_idx;
  const long long out_step = TRANSPOSE ? 1 : cols;
  for (int r = 0; r < nreps; ++r) {
    if (full) {
#pragma unroll
      for (int i = 0; i < kTile; i += kBlockRows)
        out[out_idx + i * out_step] = in[in_idx + static_cast<long long>(i) * cols];
    } else {
#pragma unroll
      for (int i = 0; i < kTile; i += kBlockRows)
        if (x < cols && y + i < rows)
          out[out_idx + i * out_step] = in[in_idx + static_cast<long long>(i) * cols];
    }
  }
}

// A tile staged through shared memory. The axes:
//   PAD          columns added to each shared-memory row (1 removes the bank conflicts of
//                reading a column of a 32-wide tile)
//   IN_TILE      read the shared tile transposed (tile[tx][ty]) rather than as loaded
//   TRANSPOSED   write the tile at its transposed position in the cols x rows output
//   Order        how blockIdx maps to tiles (CartesianOrder or DiagonalOrder)
// copySharedMem = <0, false, false>, transposeCoalesced = <0, true, true>,
// transposeNoBankConflicts = <1, true, true>, transposeFineGrained = <1, true, false>,
// transposeCoarseGrained = <1, false, true>, transposeDiagonal = <1, true, true, Diagonal>.
// Edge tiles fill the shared positions outside the matrix with zero, which defines what the
// partial (fine/coarse-grained) kernels write at the edges; full transposes never read them.
template <typename T, int PAD, bool IN_TILE, bool TRANSPOSED, class Order>
__device__ __forceinline__ void smem_tile(T* out, const T* in, int cols, int rows, int nreps) {
  __shared__ T tile[kTile][kTile + PAD];
  unsigned bx, by;
  Order::map(blockIdx.x, blockIdx.y, gridDim.x, gridDim.y, cols == rows, bx, by);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = bx * kTile, y0 = by * kTile; // input tile origin (column, row)
  const bool full = x0 + kTile <= cols && y0 + kTile <= rows;
  const int out_cols = TRANSPOSED ? rows : cols;
  const int out_rows = TRANSPOSED ? cols : rows;
  const int ox = (TRANSPOSED ? y0 : x0) + tx;
  const int oy = (TRANSPOSED ? x0 : y0) + ty;
  const long long in_idx = static_cast<long long>(y0 + ty) * cols + x0 + tx;
  const long long out_idx = static_cast<long long>(oy) * out_cols + ox;
  for (int r = 0; r < nreps; ++r) {
    if (full) {
#pragma unroll
      for (int i = 0; i < kTile; i += kBlockRows)
        tile[ty + i][tx] = in[in_idx + static_cast<long long>(i) * cols];
    } else {
#pragma unroll
      for (int i = 0; i < kTile; i += kBlockRows)
        tile[ty + i][tx] = (x0 + tx < cols && y0 + ty + i < rows)
                               ? in[in_idx + static_cast<long long>(i) * cols]
                               : T{};
    }
    __syncthreads();
    if (full) {
#pragma unroll
      for (int i = 0; i < kTile; i += kBlockRows)
        out[out_idx + static_cast<long long>(i) * out_cols] =
            IN_TILE ? tile[tx][ty + i] : tile[ty + i][tx];
    } else {
#pragma unroll
      for (int i = 0; i < kTile; i += kBlockRows)
        if (ox < out_cols && oy + i < out_rows)
          out[out_idx + static_cast<long long>(i) * out_cols] =
              IN_TILE ? tile[tx][ty + i] : tile[ty + i][tx];
    }
    // Not in the paper: without this barrier the next repetition's loads may overwrite the
    // tile while other warps still read it (a write-after-read race that racecheck reports).
    if (nreps > 1) __syncthreads();
  }
}

template <typename T> void launch(TransposeKernel<T> kernel, const LaunchArgs& a) {
  launch_kernel(kernel, tile_grid(a, kTile, kTile), dim3(kTile, kBlockRows), 0, a);
}

// A whitepaper registry entry: 32x32 tiles, 32x8 threads, every element type, in the
// "whitepaper" suite at position `order` of the paper's table.
template <class K>
KernelSpec spec(const char* id, const char* name, int order, Output output, const char* summary,
                const char* baseline) {
  return tb::spec<K>(id, name)
      .family(Family::whitepaper)
      .source("NVIDIA, Optimizing Matrix Transpose in CUDA (2010)")
      .summary(summary)
      .output(output)
      .geometry(kTile, kTile, kTile, kBlockRows)
      .order(order)
      .baseline(baseline)
      .suites({"whitepaper"});
}

} // namespace tb::wp

// Defines the registry entry of a whitepaper kernel named KERNEL (a __global__ template).
// BASELINE is "" or the label of the "% of ..." column this kernel anchors.
#define TB_WHITEPAPER_KERNEL(KERNEL, NAME, ORDER, OUTPUT, SUMMARY, BASELINE)                   \
  namespace {                                                                                  \
  struct KERNEL##_launch {                                                                     \
    template <typename T> static void run(const ::tb::LaunchArgs& a) {                         \
      ::tb::wp::launch<T>(KERNEL<T>, a);                                                       \
    }                                                                                          \
  };                                                                                           \
  [[maybe_unused]] const bool KERNEL##_registered = ::tb::register_kernel(                      \
      ::tb::wp::spec<KERNEL##_launch>(#KERNEL, NAME, ORDER, OUTPUT, SUMMARY, BASELINE));                 \
  }
