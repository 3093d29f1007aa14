// The grid tile: the 16-byte tile (tile16.cuh) for shapes whose rows are whole packets both ways
// and whose output rows are not on the 256-byte grid of the address space (rows x element size
// not a multiple of 256), each output row's segment moved back onto the grid (grid_layout.hpp).
#pragma once

#include "kernels/ours/grid_layout.hpp"
#include "kernels/ours/tile16.cuh"

namespace tb::ours {

// MULT x 16V input rows (the tile's own: MULT x 256 bytes of each output row) x 16 chunks (16V
// columns, the block's output rows), and up to 240 bytes of halo rows above them, in 16-row slabs.
// Shared memory holds the tile already transposed, one row of packets an output row: packet q of
// output row o holds input rows y0 - 16 x halo slabs + qV .. + V - 1 of column x0 + o, so that a
// row's segment, wherever its shift puts it, is read as whole packets. Rows of NQ packets
// (rounded up to a multiple of 8), the packet's low three bits swizzled by o / V.
template <typename T, int MULT> struct GridTile {
  static constexpr int V = Pack16<T>::kCount;
  static constexpr int ES = static_cast<int>(sizeof(T));
  static constexpr int CHUNKS = 16;
  static constexpr int ROWS = 16 * V * MULT;
  static constexpr int COLS = CHUNKS * V;
  __host__ __device__ static constexpr int packets_a_row(int halo_slabs) {
    return ((16 * halo_slabs + ROWS) / V + 7) / 8 * 8;
  }
  __host__ __device__ static constexpr std::size_t smem_bytes(int halo_slabs) {
    return sizeof(uint4) * static_cast<std::size_t>(COLS) * packets_a_row(halo_slabs);
  }
  __device__ static int slot(int o, int q, int nq) { return o * nq + (q ^ ((o / V) & 7)); }
};

// One tile. m: the output pitch's offset in the grid (grid_pitch_offset), hs its halo slabs.
// Phase 1: thread (lc = tid % 16, lr = tid / 16) takes row groups lr, lr + 16, ... of V rows:
//          loads chunk lc of each of the V rows (rows outside the matrix, or a chunk past its
//          last column, read as zeros that no output takes), transposes the V x V elements in
//          registers and stores packet j to output row lc V + j. A warp's load covers 2 rows x
//          256 contiguous bytes.
// Phase 2: thread (g = tid % 16, c = tid / 16) stores packets g, g + 16, ... (MULT of them) of
//          output rows c + 16i (i < V), each moved back by its row's shift: the 16 lanes of a
//          row write 256 contiguous bytes of it, starting on the grid. One shared load a store.
template <typename T, int MULT>
__device__ __forceinline__ void tile16_grid_one(T* __restrict__ out, const T* __restrict__ in,
                                                int cols, int rows, unsigned m, int hs, unsigned t,
                                                unsigned char* smem_raw) {
  using L = GridTile<T, MULT>;
  constexpr int V = L::V, ES = L::ES;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const int nq = L::packets_a_row(hs);
  const unsigned tiles_y = grid_tiles_y(rows, L::ROWS, m, ES);
  unsigned tx, ty;
  ordered_tile(t, (cols + L::COLS - 1) / L::COLS, tiles_y, kColumnMajor, tx, ty);
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS;
  const int col = x0 + lc * V;
  const int first = y0 - 16 * hs; // input row of the tile's first row group
  const int groups = (16 * hs + L::ROWS) / V;
#pragma unroll 1
  for (int q = lr; q < groups; q += 16) {
    uint4 a[V];
#pragma unroll
    for (int i = 0; i < V; ++i) {
      const int row = first + q * V + i;
      a[i] = make_uint4(0, 0, 0, 0);
      if (row >= 0 && row < rows && col < cols)
        a[i] = *reinterpret_cast<const uint4*>(in + static_cast<long long>(row) * cols + col);
    }
#pragma unroll
    for (int j = 0; j < V; ++j) tile[L::slot(lc * V + j, q, nq)] = transpose_packet<ES>(a, j);
  }
  __syncthreads();
  const int g = tid % 16, c = tid / 16;
#pragma unroll
  for (int i = 0; i < V; ++i) {
    const int o = c + 16 * i, orow = x0 + o;
    if (orow >= cols) break; // rows c + 16i rise with i
    const int s = grid_shift(static_cast<unsigned>(orow), m, ES);
#pragma unroll
    for (int h = 0; h < MULT; ++h) {
      const int ocol = y0 - s + (h * 16 + g) * V;
      if (ocol >= 0 && ocol < rows)
        *reinterpret_cast<uint4*>(out + static_cast<long long>(orow) * rows + ocol) =
            tile[L::slot(o, (16 * hs - s) / V + h * 16 + g, nq)];
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
