// Shared Memory Copy (whitepaper: `copySharedMem`). A copy staged through a 32x32 shared tile
// with a __syncthreads() between load and store, although no thread reads another's data: it
// isolates the cost of the shared-memory round trip and the barrier that every tiled transpose
// pays, so the gap between it and Simple Copy is not blamed on the transpose.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void copy_shared_mem(T* odata, const T* idata, int width, int height, int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/0, /*IN_TILE=*/false, /*TRANSPOSED=*/false, tb::CartesianOrder>(
      odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(copy_shared_mem, "Shared Memory Copy", 1, tb::Output::copy,
                     "copy through a shared tile with a barrier: the cost of staging",
                     "")
