// Coarse-grained Transpose (whitepaper: `transposeCoarseGrained`). The other half of the
// transpose: each tile is written at its transposed position in the output, but its contents
// are not transposed. On the GTX 280 this half carried the whole slowdown, which led the paper
// to partition camping.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void transpose_coarse_grained(T* odata, const T* idata, int width, int height,
                                         int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/1, /*IN_TILE=*/false, /*TRANSPOSED=*/true, tb::CartesianOrder>(
      odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(transpose_coarse_grained, "Coarse-grained Transpose", 6,
                     tb::Output::coarse_grained,
                     "moves tiles to their transposed position without transposing inside",
                     "")
