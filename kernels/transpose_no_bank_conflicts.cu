// Bank Conflict Free Transpose (whitepaper: `transposeNoBankConflicts`). The coalesced
// transpose with one column of padding, tile[32][33]: consecutive rows of the tile now start
// in consecutive banks, so reading a column touches 32 different banks.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void transpose_no_bank_conflicts(T* odata, const T* idata, int width, int height,
                                            int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/1, /*IN_TILE=*/true, /*TRANSPOSED=*/true, tb::CartesianOrder>(
      odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(transpose_no_bank_conflicts, "Bank Conflict Free Transpose", 4,
                     tb::Output::transpose, "coalesced, with the shared tile padded to 33 columns",
                     "")
