// Diagonal Transpose (whitepaper: `transposeDiagonal`). The bank-conflict-free transpose with
// one change: blockIdx is read as diagonal coordinates, so that the blocks running at one time
// touch tiles spread over all memory partitions instead of camping on a few. The paper's
// mapping for non-square matrices is used whenever width != height (DiagonalOrder in
// kernels/block_order.hpp holds both mappings, and the host tests check that each visits
// every tile once). Since Fermi, addresses are hashed over partitions; whether the reordering
// still helps is measured, not assumed.
#include "kernels/block_order.hpp"
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void transpose_diagonal(T* odata, const T* idata, int width, int height, int nreps) {
  __shared__ T tile[TILE_DIM][TILE_DIM + 1];

  // diagonal reordering
  unsigned blockIdx_x, blockIdx_y;
  tb::DiagonalOrder::map(blockIdx.x, blockIdx.y, gridDim.x, gridDim.y, width == height, blockIdx_x,
                         blockIdx_y);

  const long long w = width, h = height; // Beyond the paper: 64-bit offsets
  int xIndex = blockIdx_x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx_y * TILE_DIM + threadIdx.y;
  const long long index_in = xIndex + w * yIndex;
  const int rows_in = xIndex < width ? height - yIndex : 0; // Beyond the paper: any shape

  xIndex = blockIdx_y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx_x * TILE_DIM + threadIdx.y;
  const long long index_out = xIndex + h * yIndex;
  const int rows_out = xIndex < height ? width - yIndex : 0;

#pragma unroll 1 // Beyond the paper: one copy of the body (see whitepaper.cuh)
  for (int r = 0; r < nreps; r++) {
    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows_in) tile[threadIdx.y + i][threadIdx.x] = idata[index_in + i * w];
    }

    __syncthreads();

    for (int i = 0; i < TILE_DIM; i += BLOCK_ROWS) {
      if (i < rows_out) odata[index_out + i * h] = tile[threadIdx.x][threadIdx.y + i];
    }

    if (nreps > 1) __syncthreads(); // Beyond the paper: the next loads wait for these reads
  }
}

// What the counters show: the same accesses as the bank-conflict-free kernel; only the order of
// the blocks differs (the paper's cure for partition camping).
TB_WHITEPAPER_KERNEL(transpose_diagonal, "Diagonal Transpose", 7, tb::Output::transpose,
                     "bank-conflict-free transpose with diagonal block ordering")
    .expect(tb::at_most(tb::Figure::shared_load_ways, 1.5,
                        "the padded tile of the bank-conflict-free kernel",
                        {tb::DType::fp32, tb::DType::fp64}));
