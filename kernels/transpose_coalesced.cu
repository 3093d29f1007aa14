// Coalesced Transpose (whitepaper: `transposeCoalesced`). Loads a 32x32 tile row by row into
// shared memory, then each warp reads a column of the tile and writes it as a row of the
// output: both global directions coalesce. But a column of an unpadded 32-wide tile of 4-byte
// elements lies in one shared-memory bank, so each of those reads is a 32-way bank conflict on
// current GPUs (16-way per half-warp on the paper's GTX 280).
#include "kernels/whitepaper.cuh"

template <typename T>
__global__ void transpose_coalesced(T* odata, const T* idata, int width, int height, int nreps) {
  __shared__ T tile[TILE_DIM][TILE_DIM];

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

// What the counters show: both global sides coalesced, and the warp reading a column of the
// 32 x 32 tile hits one bank 32 times in fp32 (all its words lie 32 words apart); 2-byte rows
// are 16 words apart (two banks: 16-way), 1-byte rows 8 (four banks: 8-way), and 8-byte
// elements need two wavefronts even without a conflict (16-way).
TB_WHITEPAPER_KERNEL(transpose_coalesced, "Coalesced Transpose", 3, tb::Output::transpose,
                     "shared tile makes both sides coalesced; column reads conflict on banks")
    .expect(tb::at_least(tb::Figure::shared_load_ways, 16,
                         "a warp reads one column of the tile: all 32 words in one bank",
                         {tb::DType::fp32}))
    .expect(tb::at_least(tb::Figure::shared_load_ways, 8,
                         "a column of 2- or 8-byte elements spans two banks",
                         {tb::DType::fp16, tb::DType::bf16, tb::DType::fp64}))
    .expect(tb::at_least(tb::Figure::shared_load_ways, 4, "a column of bytes spans four banks",
                         {tb::DType::u8}))
    .expect(tb::at_most(tb::Figure::shared_store_ways, 1.5, "a warp writes one row of the tile"))
    .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                           "the tile is written back row by row")));
