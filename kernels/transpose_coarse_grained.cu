// Coarse-grained Transpose (whitepaper: `transposeCoarseGrained`). The other half of the
// transpose: each tile is written at its transposed position in the output, but its contents
// are not transposed (the read `block[threadIdx.y + i][threadIdx.x]`). On the GTX 280 this half
// carried the whole slowdown, which led the paper to partition camping.
//
// Beyond the paper: a tile at the edge holds positions outside the matrix that this kernel
// does write (they land inside the transposed matrix); they are loaded as zero, which the
// reference expects.
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void transpose_coarse_grained(T* odata, const T* idata, int width, int height,
                                         int nreps) {
  __shared__ T block[TILE_DIM][TILE_DIM + 1];

  const long long w = width, h = height; // Beyond the paper: 64-bit offsets
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  const long long index_in = xIndex + w * yIndex;
  const int rows_in = xIndex < width ? height - yIndex : 0; // Beyond the paper: any shape

  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
  const long long index_out = xIndex + h * yIndex;
  const int rows_out = xIndex < height ? width - yIndex : 0;

#pragma unroll 1 // Beyond the paper: one copy of the body (see whitepaper.cuh)
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      block[threadIdx.y + i][threadIdx.x] = i < rows_in ? idata[index_in + i * w] : T{};
    }

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows_out) odata[index_out + i * h] = block[threadIdx.y + i][threadIdx.x];
    }

    if (nreps > 1) __syncthreads(); // Beyond the paper: the next loads wait for these reads
  }
}

TB_WHITEPAPER_KERNEL(transpose_coarse_grained, "Coarse-grained Transpose", 6,
                     tb::Output::coarse_grained,
                     "moves tiles to their transposed position without transposing inside");
