// Naive Transpose (whitepaper: `transposeNaive`). Reads a row segment per warp (coalesced) and
// writes it down a column of the output: the 32 stores of a warp land `height` elements apart,
// one memory transaction each. The first lesson of the paper: uncoalesced stores.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void transpose_naive(T* odata, const T* idata, int width, int height, int nreps) {
  tb::wp::direct_tile<T, /*TRANSPOSE=*/true>(odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(transpose_naive, "Naive Transpose", 2, tb::Output::transpose,
                     "coalesced reads, strided (uncoalesced) writes",
                     "")
