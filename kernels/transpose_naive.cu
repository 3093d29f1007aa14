// Naive Transpose (whitepaper: `transposeNaive`). The copy kernel with one change: the store
// goes to the transposed position. Each warp still reads a row segment (coalesced), but its 32
// stores land `height` elements apart, one memory transaction each. The paper's first lesson:
// uncoalesced stores.
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void transpose_naive(T* odata, const T* idata, int width, int height, int nreps) {
  const long long w = width, h = height; // Beyond the paper: 64-bit offsets
  const int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  const int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  const long long index_in = xIndex + w * yIndex;
  const long long index_out = yIndex + h * xIndex;
  // Beyond the paper: how many of this thread's rows lie inside the matrix (any shape).
  const int rows = xIndex < width ? height - yIndex : 0;

#pragma unroll 1 // Beyond the paper: one copy of the body (see whitepaper.cuh)
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows) odata[index_out + i] = idata[index_in + i * w];
    }
  }
}

// What the counters show (checked on a GPU by the device tests): every lane of a warp stores to
// its own row, so one store request touches 32 sectors; the reads stay coalesced.
TB_WHITEPAPER_KERNEL(transpose_naive, "Naive Transpose", 2, tb::Output::transpose,
                     "coalesced reads, strided (uncoalesced) writes")
    .expect(tb::at_least(tb::Figure::store_sectors_per_request, 16,
                         "each lane of a warp stores to its own row"))
    .expect(tb::on_packet_rows(tb::at_most(tb::Figure::load_sectors_over_needed, 1.1,
                                           "a warp reads a contiguous row segment")));
