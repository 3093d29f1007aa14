// Shared Memory Copy (whitepaper: `copySharedMem`). A copy staged through a 32x32 shared tile
// with a __syncthreads() between load and store, although no thread reads another's data: it
// isolates the cost of the shared-memory round trip and the barrier that every tiled transpose
// pays, so the gap between it and Simple Copy is not blamed on the transpose.
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void copy_shared_mem(T* odata, const T* idata, int width, int height, int nreps) {
  __shared__ T tile[TILE_DIM][TILE_DIM];

  const long long w = width; // Beyond the paper: 64-bit offsets
  const int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  const int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  const long long index = xIndex + w * yIndex;
  // Beyond the paper: how many of this thread's rows lie inside the matrix (any shape).
  const int rows = xIndex < width ? height - yIndex : 0;

#pragma unroll 1 // Beyond the paper: one copy of the body (see whitepaper.cuh)
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows) tile[threadIdx.y + i][threadIdx.x] = idata[index + i * w];
    }

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows) odata[index + i * w] = tile[threadIdx.y + i][threadIdx.x];
    }

    if (nreps > 1) __syncthreads(); // Beyond the paper: the next loads wait for these reads
  }
}

TB_WHITEPAPER_KERNEL(copy_shared_mem, "Shared Memory Copy", 1, tb::Output::copy,
                     "copy through a shared tile with a barrier: the cost of staging")
    .expect(tb::at_most(tb::Figure::shared_load_ways, 1.5, "rows in, rows out: no column is read",
                        {tb::DType::fp32}));
