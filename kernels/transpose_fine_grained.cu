// Fine-grained Transpose (whitepaper: `transposeFineGrained`). Half a transpose, for diagnosis:
// each tile is transposed inside shared memory (the read `block[threadIdx.x][threadIdx.y + i]`)
// but written back where a copy would write it. Not a transpose of the matrix; the harness
// checks it against its own exact reference.
//
// Beyond the paper: its store offset `index + i*height` is the copy position only for square
// matrices; the store here uses `width`, the copy position for every shape. And since a tile
// at the edge holds positions outside the matrix that this kernel does write (transposed into
// the matrix), those positions are loaded as zero, which the reference expects.
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void transpose_fine_grained(T* odata, const T* idata, int width, int height, int nreps) {
  __shared__ T block[TILE_DIM][TILE_DIM + 1];

  const long long w = width; // Beyond the paper: 64-bit offsets
  const int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  const int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  const long long index = xIndex + w * yIndex;
  const int rows = xIndex < width ? height - yIndex : 0; // Beyond the paper: any shape

#pragma unroll 1 // Beyond the paper: one copy of the body (see whitepaper.cuh)
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      block[threadIdx.y + i][threadIdx.x] = i < rows ? idata[index + i * w] : T{};
    }

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows) odata[index + i * w] = block[threadIdx.x][threadIdx.y + i];
    }

    if (nreps > 1) __syncthreads(); // Beyond the paper: the next loads wait for these reads
  }
}

TB_WHITEPAPER_KERNEL(transpose_fine_grained, "Fine-grained Transpose", 5, tb::Output::fine_grained,
                     "transposes inside each tile, writes tiles at their copy position");
