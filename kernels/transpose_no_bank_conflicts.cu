// Bank Conflict Free Transpose (whitepaper: `transposeNoBankConflicts`). The coalesced
// transpose with one change, one column of padding: tile[TILE_DIM][TILE_DIM + 1]. Consecutive
// rows of the tile now start in consecutive banks, so reading a column touches 32 different
// banks.
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void transpose_no_bank_conflicts(T* odata, const T* idata, int width, int height,
                                            int nreps) {
  __shared__ T tile[TILE_DIM][TILE_DIM + 1];

  const long long w = width, h = height; // Beyond the paper: 64-bit offsets
  int xIndex = blockIdx.x * TILE_DIM + threadIdx.x;
  int yIndex = blockIdx.y * TILE_DIM + threadIdx.y;
  const long long index_in = xIndex + w * yIndex;
  const int rows_in = xIndex < width ? height - yIndex : 0; // Beyond the paper: any shape

  xIndex = blockIdx.y * TILE_DIM + threadIdx.x;
  yIndex = blockIdx.x * TILE_DIM + threadIdx.y;
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

// What the counters show: the 33rd column shifts each row by one bank, so a column read touches
// 32 different banks in fp32 (8-byte elements: two per bank pair, still conflict-free).
TB_WHITEPAPER_KERNEL(transpose_no_bank_conflicts, "Bank Conflict Free Transpose", 4,
                     tb::Output::transpose, "coalesced, with the shared tile padded to 33 columns")
    .expect(tb::at_most(tb::Figure::shared_load_ways, 1.5,
                        "the padding column puts a tile column in 32 different banks",
                        {tb::DType::fp32, tb::DType::fp64}))
    .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                           "the tile is written back row by row")));
