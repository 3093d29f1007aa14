// The grid tile: the 16-byte tile (tile16.cuh) for shapes whose rows are whole packets both ways
// and whose output rows are not on the 256-byte grid of the address space (rows x element size
// not a multiple of 256), each output row's segment moved back onto the grid (grid_layout.hpp).
#pragma once

#include "kernels/ours/grid_layout.hpp"
#include "kernels/ours/tile16.cuh"

namespace tb::ours {

// 16V input rows (the tile's own: 256 bytes of each output row) x 8 chunks (8V columns, the
// block's output rows), and up to 240 bytes of halo rows above them, in 16-row slabs: at most 32
// row groups of V rows, one a thread of phase 1 (256 threads, 8 chunks). Shared memory holds the
// tile already transposed, one row of packets an output row: packet q of output row o holds input
// rows y0 - 16 x halo slabs + qV .. + V - 1 of column x0 + o, so that a row's segment, wherever
// its shift puts it, is read as whole packets. Rows of NQ packets (rounded up to a multiple of
// 8), the packet's low three bits swizzled by o / V.
template <typename T> struct GridTile {
  static constexpr int V = Pack16<T>::kCount;
  static constexpr int ES = static_cast<int>(sizeof(T));
  static constexpr int CHUNKS = 8;
  static constexpr int ROWS = 16 * V;
  static constexpr int COLS = CHUNKS * V;
  __host__ __device__ static constexpr int packets_a_row(int halo_slabs) {
    return ((16 * halo_slabs + ROWS) / V + 7) / 8 * 8;
  }
  __host__ __device__ static constexpr std::size_t smem_bytes(int halo_slabs) {
    return sizeof(uint4) * static_cast<std::size_t>(COLS) * packets_a_row(halo_slabs);
  }
  __device__ static int slot(int o, int q, int nq) { return o * nq + (q ^ ((o / V) & 7)); }
};

// The block order: row-major where the matrix is at most 8 tiles wide (the tall shapes: the
// blocks that read the two to eight parts of the same input rows run together, and a tile's halo
// is its neighbour's rows a few blocks earlier), column-major otherwise.
__host__ __device__ inline unsigned grid_order(unsigned tiles_x) {
  return tiles_x <= 8 ? 1u : kColumnMajor;
}

// One tile. m: the output pitch's offset in the grid (grid_pitch_offset), hs its halo slabs.
// Phase 1: thread (lc = tid % 8, q = tid / 8) takes row group q of V rows, if the tile has it:
//          loads chunk lc of each of the V rows (rows outside the matrix, or a chunk past its
//          last column, read as zeros that no output takes), transposes the V x V elements in
//          registers and stores packet j to output row lc V + j. A warp's load covers 4 rows x
//          128 contiguous bytes; each thread's V loads are in flight together.
// Phase 2: thread (g = tid % 16, c = tid / 16) stores packet g of output rows c + 16i (i < V / 2),
//          each moved back by its row's shift: the 16 lanes of a row write 256 contiguous bytes
//          of it, starting on the grid. One shared load a store.
template <typename T>
__device__ __forceinline__ void tile16_grid_one(T* __restrict__ out, const T* __restrict__ in,
                                                int cols, int rows, unsigned m, int hs, unsigned t,
                                                unsigned char* smem_raw) {
  using L = GridTile<T>;
  constexpr int V = L::V, ES = L::ES;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const int nq = L::packets_a_row(hs);
  const unsigned tiles_x = (cols + L::COLS - 1) / L::COLS;
  unsigned tx, ty;
  ordered_tile(t, tiles_x, grid_tiles_y(rows, L::ROWS, m, ES), grid_order(tiles_x), tx, ty);
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, q = tid / L::CHUNKS;
  const int col = x0 + lc * V;
  if (q < (16 * hs + L::ROWS) / V) {
    uint4 a[V];
#pragma unroll
    for (int i = 0; i < V; ++i) {
      const int row = y0 - 16 * hs + q * V + i;
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
  for (int i = 0; i < (V + 1) / 2; ++i) {
    const int o = c + 16 * i, orow = x0 + o;
    if (o >= L::COLS || orow >= cols) break; // rows c + 16i rise with i
    const int s = grid_shift(static_cast<unsigned>(orow), m, ES);
    const int ocol = y0 - s + g * V;
    if (ocol >= 0 && ocol < rows)
      *reinterpret_cast<uint4*>(out + static_cast<long long>(orow) * rows + ocol) =
          tile[L::slot(o, (16 * hs - s) / V + g, nq)];
  }
}

template <typename T>
__device__ __forceinline__ void tile16_grid_body(T* __restrict__ out, const T* __restrict__ in,
                                                 int cols, int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned m = grid_pitch_offset(rows, sizeof(T));
  const int hs = grid_halo_slabs(m, sizeof(T));
  for (int r = 0; r < nreps; ++r) {
    tile16_grid_one<T>(out, in, cols, rows, m, hs, blockIdx.x, smem_raw);
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

// Blocks and shared memory for a shape (whole packets both ways).
template <typename T> unsigned tile16_grid_blocks(const LaunchArgs& a) {
  using L = GridTile<T>;
  const unsigned m = grid_pitch_offset(a.rows, sizeof(T));
  return ceil_div(a.cols, L::COLS) * grid_tiles_y(a.rows, L::ROWS, m, sizeof(T));
}
template <typename T> std::size_t tile16_grid_smem(const LaunchArgs& a) {
  return GridTile<T>::smem_bytes(grid_halo_slabs(grid_pitch_offset(a.rows, sizeof(T)), sizeof(T)));
}

} // namespace tb::ours
