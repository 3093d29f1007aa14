// LeetGPU shared-memory tiled transpose (leetgpu-cuda-naive-and-tiled): a 16x16 tile with one
// column of padding, 16x16 threads, one element per thread each way. Both global directions
// are coalesced, but a warp covers two 16-element row segments, i.e. 64-byte pieces for fp32.
// Beyond the article: the nreps loop (with a barrier between repetitions).
#include "harness/core/kernel_api.cuh"

template <typename T>
__global__ void leetgpu_tiled(T* output, const T* input, int cols, int rows, int nreps) {
  constexpr int TILE = 16;
  __shared__ T tile[TILE][TILE + 1];              // +1: column reads hit distinct banks
  const int x = blockIdx.x * TILE + threadIdx.x;  // input column
  const int y = blockIdx.y * TILE + threadIdx.y;  // input row
  const int tx = blockIdx.y * TILE + threadIdx.x; // output column (= input row)
  const int ty = blockIdx.x * TILE + threadIdx.y; // output row (= input column)
  for (int r = 0; r < nreps; ++r) {
    if (x < cols && y < rows)
      tile[threadIdx.y][threadIdx.x] = input[static_cast<long long>(y) * cols + x];
    __syncthreads();
    if (tx < rows && ty < cols)
      output[static_cast<long long>(ty) * rows + tx] = tile[threadIdx.x][threadIdx.y];
    if (nreps > 1) __syncthreads();
  }
}

TB_REGISTER_KERNEL(leetgpu_tiled, tb::Family::leetgpu, "LeetGPU Tiled 16x16 +1 pad",
                   [](auto type, const tb::LaunchArgs& a) {
                     tb::launch_tiles(leetgpu_tiled<TB_ELEMENT(type)>, 16, 16, dim3(16, 16), a);
                   })
    .source("LeetGPU, Matrix Transpose in CUDA: shared-memory tiling")
    .summary("16x16 shared tile padded to 17 columns, one element per thread")
    .output(tb::Output::transpose)
    .geometry(16, 16, 16, 16)
    .order(1);
