// Diagonal Transpose (whitepaper: `transposeDiagonal`). The bank-conflict-free transpose with
// blockIdx read as diagonal coordinates, so that the blocks running at one time touch tiles
// spread over all memory partitions instead of camping on a few. The paper's mapping for
// non-square matrices is used whenever width != height. Since Fermi, addresses are hashed over
// partitions; whether the reordering still helps is measured, not assumed.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void transpose_diagonal(T* odata, const T* idata, int width, int height, int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/1, /*IN_TILE=*/true, /*TRANSPOSED=*/true, tb::DiagonalOrder>(
      odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(transpose_diagonal, "Diagonal Transpose", 7, tb::Output::transpose,
                     "bank-conflict-free transpose with diagonal block ordering",
                     "")
