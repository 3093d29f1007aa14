// The grid tile: the 16-byte tile (tile16.cuh) for shapes whose rows are whole packets both ways
// and whose output rows are not on the 256-byte grid of the address space (rows x element size
// not a multiple of 256), each output row's segment moved back onto the grid (grid_layout.hpp).
#pragma once

#include "kernels/ours/grid_layout.hpp"
#include "kernels/ours/tile16.cuh"

namespace tb::ours {

// MULT x 16V input rows (the tile's own: MULT x 256 bytes of each output row) x 16 chunks (16V
// columns, the block's output rows), and up to 240 bytes of halo rows above them, in 16-row slabs.
// Shared memory holds smem rows [0, 16 x halo slabs + ROWS): smem row k is input row
// y0 - 16 x halo slabs + k, chunks swizzled as in the 16-byte tile (Tile16::slot).
template <typename T, int MULT> struct GridTile {
  static constexpr int V = Pack16<T>::kCount;
  static constexpr int ES = static_cast<int>(sizeof(T));
  static constexpr int CHUNKS = 16;
  static constexpr int ROWS = 16 * V * MULT;
  static constexpr int COLS = CHUNKS * V;
  // Packets a thread loads before it stores any to shared memory (at least four for fp64).
  static constexpr int BATCH = V < 4 ? 4 : V;
  __host__ __device__ static constexpr std::size_t smem_bytes(int halo_slabs) {
    return sizeof(uint4) * static_cast<std::size_t>(16 * halo_slabs + ROWS) * CHUNKS;
  }
  __device__ static int slot(int row, int chunk) {
    return row * CHUNKS + (chunk ^ ((row / V) & 7));
  }
};

// One tile. m: the output pitch's offset in the grid (grid_pitch_offset), hs its halo slabs.
// Phase 1: thread loads chunk tid % 16 of the slabs' rows tid / 16 (rows outside the matrix, or
//          chunks past its last column, are not read; nothing stores their positions).
// Phase 2: thread (g = tid % 16, c = tid / 16) owns output rows x0 + cV + j (j < V) and the packet
//          of each at tile row gr = (h x 16 + g) V, moved back by the row's shift. The shifts of
//          a thread's V rows repeat with period K = min(grid_period(m), V): for each class
//          k < K it reads the V packets of its column at smem rows 16 hs - s_k + gr, transposes
//          them in registers and stores the outputs j = k (mod K). The 16 lanes of a chunk
//          write 256 contiguous bytes of one output row, starting on the grid.
template <typename T, int MULT>
__device__ __forceinline__ void tile16_grid_one(T* __restrict__ out, const T* __restrict__ in,
                                                int cols, int rows, unsigned m, int hs, unsigned t,
                                                unsigned char* smem_raw) {
  using L = GridTile<T, MULT>;
  constexpr int V = L::V, ES = L::ES;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const unsigned tiles_y = grid_tiles_y(rows, L::ROWS, m, ES);
  unsigned tx, ty;
  ordered_tile(t, (cols + L::COLS - 1) / L::COLS, tiles_y, kColumnMajor, tx, ty);
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS;
  const int col = x0 + lc * V;
  const int first = y0 - 16 * hs; // input row of smem row 0
  const int slabs = hs + L::ROWS / 16;
  for (int s0 = 0; s0 < slabs; s0 += L::BATCH) {
    uint4 v[L::BATCH];
#pragma unroll
    for (int i = 0; i < L::BATCH; ++i) {
      const int row = first + (s0 + i) * 16 + lr;
      v[i] = make_uint4(0, 0, 0, 0);
      if (s0 + i < slabs && row >= 0 && row < rows && col < cols)
        v[i] = *reinterpret_cast<const uint4*>(in + static_cast<long long>(row) * cols + col);
    }
#pragma unroll
    for (int i = 0; i < L::BATCH; ++i)
      if (s0 + i < slabs) tile[L::slot((s0 + i) * 16 + lr, lc)] = v[i];
  }
  __syncthreads();
  const int g = tid % 16, c = tid / 16;
  const int orow0 = x0 + c * V;
  if (orow0 >= cols) return; // a chunk past the last column: its V output rows do not exist
  const int period = grid_period(m);
  const int K = period < V ? period : V;
#pragma unroll
  for (int h = 0; h < MULT; ++h) {
    const int gr = (h * 16 + g) * V;
#pragma unroll 1
    for (int k = 0; k < K; ++k) {
      const int s = grid_shift(static_cast<unsigned>(orow0 + k), m, ES);
      const int ocol = y0 - s + gr;
      if (ocol < 0 || ocol >= rows) continue;
      uint4 a[V];
#pragma unroll
      for (int i = 0; i < V; ++i) a[i] = tile[L::slot(16 * hs - s + gr + i, c)];
#pragma unroll
      for (int j = 0; j < V; ++j)
        if ((j & (K - 1)) == k)
          *reinterpret_cast<uint4*>(out + static_cast<long long>(orow0 + j) * rows + ocol) =
              transpose_packet<ES>(a, j);
    }
  }
}

template <typename T, int MULT>
__device__ __forceinline__ void tile16_grid_body(T* __restrict__ out, const T* __restrict__ in,
                                                 int cols, int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned m = grid_pitch_offset(rows, sizeof(T));
  const int hs = grid_halo_slabs(m, sizeof(T));
  for (int r = 0; r < nreps; ++r) {
    tile16_grid_one<T, MULT>(out, in, cols, rows, m, hs, blockIdx.x, smem_raw);
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

// Blocks and shared memory for a shape (whole packets both ways).
template <typename T, int MULT> unsigned tile16_grid_blocks(const LaunchArgs& a) {
  using L = GridTile<T, MULT>;
  const unsigned m = grid_pitch_offset(a.rows, sizeof(T));
  return ceil_div(a.cols, L::COLS) * grid_tiles_y(a.rows, L::ROWS, m, sizeof(T));
}
template <typename T, int MULT> std::size_t tile16_grid_smem(const LaunchArgs& a) {
  return GridTile<T, MULT>::smem_bytes(
      grid_halo_slabs(grid_pitch_offset(a.rows, sizeof(T)), sizeof(T)));
}

} // namespace tb::ours
