// Fine-grained Transpose (whitepaper: `transposeFineGrained`). Half a transpose, for diagnosis:
// each tile is transposed inside shared memory but written back where a copy would write it.
// Not a transpose of the matrix; the harness checks it against its own exact reference.
// Deviation: the paper's store offset `index + i*height` equals the copy position only for
// square matrices; here the store uses the copy position (`width`) so every shape is defined.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void transpose_fine_grained(T* odata, const T* idata, int width, int height,
                                       int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/1, /*IN_TILE=*/true, /*TRANSPOSED=*/false, tb::CartesianOrder>(
      odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(transpose_fine_grained, "Fine-grained Transpose", 5,
                     tb::Output::fine_grained,
                     "transposes inside each tile, writes tiles at their copy position",
                     "")
