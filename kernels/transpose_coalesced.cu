// Coalesced Transpose (whitepaper: `transposeCoalesced`). Loads a 32x32 tile row by row into
// shared memory, then each warp reads a column of the tile and writes it as a row of the
// output: both global directions coalesce. Reading a column of an unpadded 32-wide float tile
// hits one shared-memory bank 32 times (a 32-way conflict on current GPUs).
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void transpose_coalesced(T* odata, const T* idata, int width, int height, int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/0, /*IN_TILE=*/true, /*TRANSPOSED=*/true, tb::CartesianOrder>(
      odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(transpose_coalesced, "Coalesced Transpose", 3, tb::Output::transpose,
                     "shared tile makes both sides coalesced; column reads conflict on banks",
                     "")
