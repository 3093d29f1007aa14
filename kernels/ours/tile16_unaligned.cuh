// The first attempt at rows that are not 16-byte aligned (kept as measured: tile16.cu,
// ours_tile16_unaligned): aligned packet loads, element-wise placement in the tile.
#pragma once

#include "kernels/ours/tile16.cuh"

namespace tb::ours {

// The 16-byte transpose for rows that are not 16-byte aligned (widths like 8193): each tile
// row is read as the aligned packets covering it (up to 17 for 16 packets' worth of elements)
// and its elements are placed in the tile one by one; each output row segment is written as
// aligned packets, whole packets with one 16-byte store, the partial packets at either end
// element by element (their other elements belong to the neighbouring tiles).
template <typename T, unsigned GROUP>
__device__ __forceinline__ void tile16u_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, unsigned t, unsigned char* smem_raw) {
  using L = Tile16<T>;
  constexpr int V = L::V;
  constexpr int SLOTS = L::CHUNKS + 1; // packets covering one unaligned tile row
  T* tile_e = reinterpret_cast<T*>(smem_raw);
  unsigned tx, ty;
  ordered_tile(t, (cols + L::COLS - 1) / L::COLS, (rows + L::ROWS - 1) / L::ROWS, GROUP, tx, ty);
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int w = min(L::COLS, cols - x0), h = min(L::ROWS, rows - y0); // this tile's extent
  const long long total = static_cast<long long>(rows) * cols;
  auto at = [&](int row, int col) -> T& { return tile_e[L::slot(row, col / V) * V + col % V]; };
  // Phase 1: tasks (tile row, packet slot), consecutive threads on consecutive packets. All
  // of a thread's packets are loaded before any is placed, so they are in flight together.
  constexpr int LOAD_TASKS = L::ROWS * SLOTS;
  constexpr int PER_THREAD = (LOAD_TASKS + kThreads - 1) / kThreads;
  uint4 pk[PER_THREAD];
  bool whole[PER_THREAD];
#pragma unroll
  for (int n = 0; n < PER_THREAD; ++n) {
    const int task = n * kThreads + threadIdx.x;
    const int row = task / SLOTS, slot = task % SLOTS;
    const long long s = static_cast<long long>(y0 + row) * cols + x0; // flat start of the row
    const long long first = (s / V + slot) * V;                       // packet start
    whole[n] = task < LOAD_TASKS && row < h && first < s + w && first + V <= total;
    if (whole[n]) pk[n] = *reinterpret_cast<const uint4*>(in + first);
  }
#pragma unroll
  for (int n = 0; n < PER_THREAD; ++n) {
    const int task = n * kThreads + threadIdx.x;
    const int row = task / SLOTS, slot = task % SLOTS;
    if (task >= LOAD_TASKS || row >= h) continue;
    const long long s = static_cast<long long>(y0 + row) * cols + x0;
    const long long first = (s / V + slot) * V;
    if (first >= s + w) continue; // slot 16 of an aligned row, or past the tile's width
    const T* e = reinterpret_cast<const T*>(&pk[n]);
#pragma unroll
    for (int k = 0; k < V; ++k) {
      const long long col = first + k - s;
      if (col >= 0 && col < w) // the matrix's last packet may be partial: read it element-wise
        at(row, static_cast<int>(col)) = whole[n] ? e[k] : in[first + k];
    }
  }
  __syncthreads();
  // Phase 2: tasks (output row = tile column, packet slot).
  constexpr int STORE_TASKS = L::COLS * SLOTS;
#pragma unroll 1
  for (int task = threadIdx.x; task < STORE_TASKS; task += kThreads) {
    const int ocol = task / SLOTS, slot = task % SLOTS; // tile column = output row offset
    if (ocol >= w) continue;
    const long long s = static_cast<long long>(x0 + ocol) * rows + y0; // flat start of segment
    const long long p = s / V + slot;
    const long long first = p * V;
    if (first >= s + h) continue;
    if (first >= s && first + V <= s + h) {
      uint4 pk;
      T* e = reinterpret_cast<T*>(&pk);
#pragma unroll
      for (int k = 0; k < V; ++k) e[k] = at(static_cast<int>(first + k - s), ocol);
      *reinterpret_cast<uint4*>(out + first) = pk;
    } else {
      for (int k = 0; k < V; ++k) {
        const long long row = first + k - s;
        if (row >= 0 && row < h) out[first + k] = at(static_cast<int>(row), ocol);
      }
    }
  }
}

template <typename T, unsigned GROUP, bool PERSISTENT>
__device__ __forceinline__ void tile16u_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  using L = Tile16<T>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned tiles = ((cols + L::COLS - 1) / L::COLS) * ((rows + L::ROWS - 1) / L::ROWS);
  for (int r = 0; r < nreps; ++r) {
    for (unsigned t = blockIdx.x; t < tiles; t += PERSISTENT ? gridDim.x : tiles) {
      tile16u_one<T, GROUP>(out, in, cols, rows, t, smem_raw);
      __syncthreads(); // the next tile (or repetition) reuses the shared tile
    }
  }
}

} // namespace tb::ours
