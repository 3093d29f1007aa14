// The halo tile, pipelined (tile16_halo_pipelined.cu): a persistent grid whose blocks copy the
// next tile into shared memory (cp.async) while they transpose and store the current one.
//
// Why: the u8 halo tile runs one tile a block and loads it into registers before any of its
// stores. At u8 1000 x 128000 on the H200 (90 registers, two blocks an SM) it ran with 24% of
// the warps active and the issue slots 44% busy, bound by latency: while a block transposes
// and stores, its SM has only the other block's loads in flight, if any (docs/perf-notes.md).
// Here a block's next tile is always in flight during the current one's phase 2, and its loads
// hold no registers. Two tiles of shared memory a block (two blocks an SM still fit).
//
// For input rows of whole packets (IN_AL): the copies land as they are, so phase 1 is only
// the copies; the transpose is the halo tile's phase 2 (tile16h_at without LOAD).
#pragma once

#include "kernels/ours/halo.cuh"
#include "kernels/vector_pack.cuh"

namespace tb::ours {

// Phase 1 of the halo tile at (x0, y0) by cp.async into `tile` (HaloTile's shared layout): the
// same packets as tile16h_at's loads, zeros where those load nothing. Input rows of whole
// packets only (no realignment).
template <typename T, int SPLIT, int AL, bool WHOLE>
__device__ __forceinline__ void tile16h_copy_async(const T* __restrict__ in, int cols, int rows,
                                                   int x0, int y0, uint4* tile) {
  using L = Tile16<T>;
  using H = HaloTile<T, SPLIT, AL>;
  static_assert(H::IN_AL, "the copies land unaligned otherwise");
  constexpr int V = L::V, R = H::R, HV = H::HV, P = R + H::HP;
  const int W = WHOLE ? L::COLS : min(L::COLS, cols - x0);
  const int lc = threadIdx.x % L::CHUNKS, lr = threadIdx.x / L::CHUNKS;
#pragma unroll
  for (int i = 0; i < P; ++i) {
    const int row = i < R ? i * 16 + lr : (i - R) * 16 + lr - HV;
    if (i >= R && row >= 0) continue; // no halo row for this lane
    const bool live =
        i < R ? WHOLE || (y0 + row < rows && lc * V < W) : y0 + row >= 0 && (WHOLE || lc * V < W);
    const T* src = live ? in + (static_cast<long long>(y0 + row) * cols + x0 + lc * V) : in;
    copy16_async_or_zero(&tile[L::slot(row + HV, lc)], src, live);
  }
}

// AHEAD: the next tile's copies in flight during this one's phase 2; without it (a control)
// each tile's copies are issued and waited for before its phase 2, as the one-tile blocks do.
template <typename T, int SPLIT, int AL, unsigned GROUP, bool AHEAD = true>
__device__ __forceinline__ void tile16h_pipelined_body(T* __restrict__ out,
                                                       const T* __restrict__ in, int cols, int rows,
                                                       int nreps) {
  using L = Tile16<T>;
  using H = HaloTile<T, SPLIT, AL>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  constexpr std::size_t kBuffer = H::kSmem; // one tile's shared memory (a multiple of 16)
  const unsigned tiles = static_cast<unsigned>((cols + L::COLS - 1) / L::COLS) *
                         static_cast<unsigned>((rows + H::TROWS - 1) / H::TROWS);
  const auto whole = [&](int x0, int y0) { return x0 + L::COLS <= cols && y0 + H::TROWS <= rows; };
  const auto copy = [&](unsigned t, int buffer) {
    const auto [x0, y0] = halo_tile_origin<T, SPLIT, GROUP>(t, cols, rows);
    uint4* tile = reinterpret_cast<uint4*>(smem_raw + buffer * kBuffer);
    if (whole(x0, y0))
      tile16h_copy_async<T, SPLIT, AL, true>(in, cols, rows, x0, y0, tile);
    else
      tile16h_copy_async<T, SPLIT, AL, false>(in, cols, rows, x0, y0, tile);
  };
  for (int r = 0; r < nreps; ++r) {
    int buffer = 0;
    if (AHEAD && blockIdx.x < tiles) copy(blockIdx.x, 0);
    copy16_async_commit();
    for (unsigned t = blockIdx.x; t < tiles; t += gridDim.x) {
      // The next tile's copies into the other buffer (free: the barrier at the end of the last
      // pass), then wait for this tile's (at most the next group in flight).
      if constexpr (AHEAD) {
        if (t + gridDim.x < tiles) copy(t + gridDim.x, buffer ^ 1);
        copy16_async_commit();
        copy16_async_wait<1>();
      } else {
        copy(t, buffer);
        copy16_async_commit();
        copy16_async_wait<0>();
      }
      __syncthreads(); // every thread's copies of this tile have landed
      const auto [x0, y0] = halo_tile_origin<T, SPLIT, GROUP>(t, cols, rows);
      unsigned char* tile = smem_raw + buffer * kBuffer;
      if (whole(x0, y0))
        tile16h_at<T, SPLIT, AL, true, false>(out, in, cols, rows, x0, y0, tile);
      else
        tile16h_at<T, SPLIT, AL, false, false>(out, in, cols, rows, x0, y0, tile);
      __syncthreads(); // this buffer is read: the pass after next may copy into it
      buffer ^= 1;
    }
    copy16_async_wait<0>(); // (only empty groups can be left)
  }
}

// Launches a pipelined halo tile kernel (HaloTile<T, SPLIT, AL>, two tiles of shared memory a
// block) on as many blocks as fit on the GPU at once, at most one a tile, in the block order
// tile16_order picks (as launch_halo). MAX_SHARED: ask for the largest shared-memory carveout
// (otherwise the driver's choice), so that the blocks the grid counts on are resident together.
// PERSISTENT: as many blocks as fit at once; without it one block a tile.
template <typename T, int SPLIT, int AL, bool MAX_SHARED = true, bool PERSISTENT = true>
void launch_halo_pipelined(const LaunchArgs& a, TransposeKernel<T> column_major,
                           TransposeKernel<T> grouped) {
  constexpr std::size_t smem = 2 * HaloTile<T, SPLIT, AL>::kSmem;
  const TransposeKernel<T> kernel =
      tile16_order(sizeof(T), a.rows, a.cols, SPLIT) == kSectorGroup ? grouped : column_major;
  allow_dynamic_smem(kernel, smem);
  if constexpr (MAX_SHARED)
    TB_CUDA_CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                      cudaSharedmemCarveoutMaxShared));
  const unsigned tiles = halo_tiles<T, SPLIT>(a);
  const unsigned grid =
      PERSISTENT ? std::min(tiles, resident_blocks(kernel, kThreads, smem)) : tiles;
  launch_kernel(kernel, dim3(grid), dim3(kThreads), smem, a);
}

} // namespace tb::ours
