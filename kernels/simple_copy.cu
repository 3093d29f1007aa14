// Simple Copy (whitepaper: `copy`). The ceiling every transpose is measured against: each warp
// reads one 32-element row segment of a tile and writes it to the same place, so both the loads
// and the stores are fully coalesced. Whatever a transpose loses against this kernel is the
// price of moving data across rows.
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void simple_copy(T* odata, const T* idata, int width, int height, int nreps) {
  const long long w = width; // Beyond the paper: 64-bit offsets
  const int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  const int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  const long long index = xIndex + w * yIndex;
  // Beyond the paper: how many of this thread's rows lie inside the matrix (any shape).
  const int rows = xIndex < width ? height - yIndex : 0;

#pragma unroll 1 // Beyond the paper: one copy of the body (see whitepaper.cuh)
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows) odata[index + i * w] = idata[index + i * w];
    }
  }
}

TB_WHITEPAPER_KERNEL(simple_copy, "Simple Copy", 0, tb::Output::copy,
                     "coalesced reads and writes, no shared memory: the copy ceiling")
    .baseline("copy")
    .expect(tb::on_packet_rows(tb::at_most(tb::Figure::load_sectors_over_needed, 1.1,
                                           "a warp reads a contiguous row segment")))
    .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                           "a warp writes a contiguous row segment")));
