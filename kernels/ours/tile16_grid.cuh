// The grid tile: the 16-byte tile (tile16.cuh) for shapes whose rows are whole packets both ways
// and whose output rows are not on the 256-byte grid of the address space (rows x element size
// not a multiple of 256), each output row's segment moved back onto the grid (grid_layout.hpp).
// Where they are on it, no row moves and there is no halo: the 16-byte tile transposed in
// registers before shared memory (ours_best takes it so for large 4- and 8-byte matrices).
#pragma once

#include "kernels/ours/grid_layout.hpp"
#include "kernels/ours/tile16.cuh"

namespace tb::ours {

// 16V input rows (the tile's own: 256 bytes of each output row) x CHUNKS chunks (CHUNKS x V
// columns, the block's output rows: 8 or 16), and up to 240 bytes of halo rows above them, in
// 16-row slabs: at most 32 row groups of V rows, CHUNKS / 8 a thread of phase 1. Shared memory
// holds the tile already transposed, one row of packets an output row: packet q of output row o
// holds input rows y0 - 16 x halo slabs + qV .. + V - 1 of column x0 + o, so that a row's segment,
// wherever its shift puts it, is read as whole packets. Rows of NQ packets (rounded up to a
// multiple of 8), the packet's low three bits swizzled by o / V.
template <typename T, int CHUNKS_> struct GridTile {
  static constexpr int V = Pack16<T>::kCount;
  static constexpr int ES = static_cast<int>(sizeof(T));
  static constexpr int CHUNKS = CHUNKS_;
  static constexpr int ROWS = 16 * V;
  static constexpr int COLS = CHUNKS * V;
  static constexpr int GROUPS_A_PASS = 256 / CHUNKS; // phase 1's row groups at one time
  static constexpr int PASSES = 32 / GROUPS_A_PASS;  // row groups a thread, loaded together
  static_assert(CHUNKS == 8 || CHUNKS == 16, "8 or 16 chunks");
  __host__ __device__ static constexpr int packets_a_row(int halo_slabs) {
    return ((16 * halo_slabs + ROWS) / V + 7) / 8 * 8;
  }
  __host__ __device__ static constexpr std::size_t smem_bytes(int halo_slabs) {
    return sizeof(uint4) * static_cast<std::size_t>(COLS) * packets_a_row(halo_slabs);
  }
  __device__ static int slot(int o, int q, int nq) { return o * nq + (q ^ ((o / V) & 7)); }
};

// One tile: blockIdx.x walks down the long side (tile rows) and blockIdx.y across (tile columns),
// or the other way round (COLMAJOR false) where the matrix is more than 65535 tile columns wide.
// m: the output pitch's offset in the grid (grid_pitch_offset), hs its halo slabs.
// Phase 1: thread (lc = tid % CHUNKS, tid / CHUNKS) takes row groups q = tid / CHUNKS + p x 256 /
//          CHUNKS (p < PASSES) that the tile has: loads chunk lc of each of their V rows, all
//          together (rows outside the matrix, or a chunk past its last column, read as zeros that
//          no output takes), transposes each group's V x V elements in registers and stores
//          packet j to output row lc V + j.
// Phase 2: thread (g = tid % 16, c = tid / 16) stores packet g of output rows c + 16i, each moved
//          back by its row's shift: the 16 lanes of a row write 256 contiguous bytes of it,
//          starting on the grid. One shared load a store.
template <typename T, int CHUNKS, bool COLMAJOR>
__device__ __forceinline__ void tile16_grid_one(T* __restrict__ out, const T* __restrict__ in,
                                                int cols, int rows, unsigned m, int hs,
                                                unsigned char* smem_raw) {
  using L = GridTile<T, CHUNKS>;
  constexpr int V = L::V, ES = L::ES;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const int nq = L::packets_a_row(hs);
  const int ty = COLMAJOR ? blockIdx.x : blockIdx.y, tx = COLMAJOR ? blockIdx.y : blockIdx.x;
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int first = y0 - 16 * hs; // input row of the tile's first row group
  // Blocks whose output rows and packets are all inside the matrix (no checks in phase 2).
  const bool inside_x = x0 + L::COLS <= cols;
  const bool inside_out = first >= 0 && y0 + L::ROWS <= rows;
  const int tid = threadIdx.x;
  const int lc = tid % CHUNKS;
  const int col = x0 + lc * V;
  const int groups = 16 * hs / V + 16;
  uint4 a[L::PASSES][V];
#pragma unroll
  for (int p = 0; p < L::PASSES; ++p) {
    const int q = tid / CHUNKS + p * L::GROUPS_A_PASS;
    const int row0 = first + q * V;
    const T* src = in + static_cast<long long>(row0) * cols + col;
#pragma unroll
    for (int i = 0; i < V; ++i) {
      a[p][i] = make_uint4(0, 0, 0, 0);
      if (q < groups && row0 + i >= 0 && row0 + i < rows && col < cols)
        a[p][i] = *reinterpret_cast<const uint4*>(src + static_cast<long long>(i) * cols);
    }
  }
#pragma unroll
  for (int p = 0; p < L::PASSES; ++p) {
    const int q = tid / CHUNKS + p * L::GROUPS_A_PASS;
    if (q < groups) {
#pragma unroll
      for (int j = 0; j < V; ++j) tile[L::slot(lc * V + j, q, nq)] = transpose_packet<ES>(a[p], j);
    }
  }
  __syncthreads();
  const int g = tid % 16, c = tid / 16;
#pragma unroll
  for (int i = 0; i < L::COLS / 16; ++i) {
    const int o = c + 16 * i, orow = x0 + o;
    if (!inside_x && orow >= cols) break; // rows c + 16i rise with i
    const int s = grid_shift(static_cast<unsigned>(orow), m, ES);
    const int ocol = y0 - s + g * V;
    if (inside_out || (ocol >= 0 && ocol < rows))
      *reinterpret_cast<uint4*>(out + static_cast<long long>(orow) * rows + ocol) =
          tile[L::slot(o, (16 * hs - s) / V + g, nq)];
  }
}

// The same segments from the 16-byte tile's own layout (Tile16: 16 chunks, rows of packets as
// loaded, swizzled by row group), the halo slabs loaded with the tile's, up to BATCH slabs a
// thread in flight together. Phase 2 as in the 16-byte tile, but the shifts of a thread's V
// output rows repeat with period K = min(grid_period(m), V): for each class k < K it reads the V
// packets of its chunk at smem rows 16 hs - s_k + gr and stores the outputs j = k (mod K), so
// that it reads K times the packets it stores.
template <typename T, int BATCH, bool COLMAJOR>
__device__ __forceinline__ void
tile16_grid_classes_one(T* __restrict__ out, const T* __restrict__ in, int cols, int rows,
                        unsigned m, int hs, unsigned char* smem_raw) {
  using L = Tile16<T>;
  constexpr int V = L::V, ES = static_cast<int>(sizeof(T));
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const int ty = COLMAJOR ? blockIdx.x : blockIdx.y, tx = COLMAJOR ? blockIdx.y : blockIdx.x;
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS;
  const int col = x0 + lc * V;
  const int first = y0 - 16 * hs; // input row of smem row 0
  const int slabs = hs + L::ROWS / 16;
  for (int s0 = 0; s0 < slabs; s0 += BATCH) {
    uint4 v[BATCH];
#pragma unroll
    for (int i = 0; i < BATCH; ++i) {
      const int row = first + (s0 + i) * 16 + lr;
      v[i] = make_uint4(0, 0, 0, 0);
      if (s0 + i < slabs && row >= 0 && row < rows && col < cols)
        v[i] = *reinterpret_cast<const uint4*>(in + static_cast<long long>(row) * cols + col);
    }
#pragma unroll
    for (int i = 0; i < BATCH; ++i)
      if (s0 + i < slabs) tile[L::slot((s0 + i) * 16 + lr, lc)] = v[i];
  }
  __syncthreads();
  const int g = tid % 16, c = tid / 16;
  const int orow0 = x0 + c * V;
  if (orow0 >= cols) return; // a chunk past the last column: its V output rows do not exist
  const int period = grid_period(m);
  const int K = period < V ? period : V;
  const int gr = g * V;
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

// CHUNKS 8 or 16: the tile transposed into shared memory by output rows (tile16_grid_one); 0: the
// 16-byte tile's layout read by shift classes (tile16_grid_classes_one, BATCH slabs in flight).
template <typename T, int CHUNKS, bool COLMAJOR, int BATCH = 4>
__device__ __forceinline__ void tile16_grid_body(T* __restrict__ out, const T* __restrict__ in,
                                                 int cols, int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned m = grid_pitch_offset(rows, sizeof(T));
  const int hs = grid_halo_slabs(m, sizeof(T));
  for (int r = 0; r < nreps; ++r) {
    if constexpr (CHUNKS == 0)
      tile16_grid_classes_one<T, BATCH, COLMAJOR>(out, in, cols, rows, m, hs, smem_raw);
    else
      tile16_grid_one<T, CHUNKS, COLMAJOR>(out, in, cols, rows, m, hs, smem_raw);
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

// The tiles across and down, and the shared memory, for a shape (whole packets both ways).
// (CHUNKS 0: the 16-byte tile's 16 chunks, its shared rows and the halo slabs'.)
template <typename T, int CHUNKS> unsigned tile16_grid_tiles_x(const LaunchArgs& a) {
  return ceil_div(a.cols, GridTile < T, CHUNKS == 0 ? 16 : CHUNKS > ::COLS);
}
template <typename T, int CHUNKS> unsigned tile16_grid_tiles_y(const LaunchArgs& a) {
  return grid_tiles_y(a.rows, GridTile<T, 16>::ROWS, grid_pitch_offset(a.rows, sizeof(T)),
                      sizeof(T));
}
template <typename T, int CHUNKS> std::size_t tile16_grid_smem(const LaunchArgs& a) {
  const int hs = grid_halo_slabs(grid_pitch_offset(a.rows, sizeof(T)), sizeof(T));
  if constexpr (CHUNKS == 0)
    return sizeof(uint4) * static_cast<std::size_t>(16 * hs + Tile16<T>::ROWS) * 16;
  else
    return GridTile<T, CHUNKS>::smem_bytes(hs);
}
// Launches a grid tile kernel (tile16_grid_body<T, CHUNKS, ...>) over a shape of whole packets:
// `down` (COLMAJOR true) walks down the long side first (blockIdx.x = tile row), `across`
// (COLMAJOR false) is taken where the tile columns pass the grid's y limit of 65535.
template <typename T, int CHUNKS>
void launch_tile16_grid(const LaunchArgs& a, TransposeKernel<T> down, TransposeKernel<T> across) {
  const std::size_t smem = tile16_grid_smem<T, CHUNKS>(a);
  const unsigned tx = tile16_grid_tiles_x<T, CHUNKS>(a);
  const unsigned ty = tile16_grid_tiles_y<T, CHUNKS>(a);
  const bool colmajor = tx <= 65535;
  const TransposeKernel<T> kernel = colmajor ? down : across;
  allow_dynamic_smem(kernel, smem);
  launch_kernel(kernel, colmajor ? dim3(ty, tx) : dim3(tx, ty), dim3(256), smem, a);
}
// The chunks a block: 16 for 4- and 8-byte elements (two row groups a thread of phase 1), 8 for
// 1- and 2-byte ones (one of V packets).
template <typename T> constexpr int grid_chunks() {
  return sizeof(T) >= 4 ? 16 : 8;
}

} // namespace tb::ours
