// The scalar tile (tile_scalar.cu): element accesses, for rows that cannot be read as
// aligned 16-byte packets.
#pragma once

#include "kernels/ours/common.cuh"

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

} // namespace tb::ours
