// LeetGPU naive transpose (leetgpu-cuda-naive-and-tiled): one element per thread on a 16x16
// block, with a bounds check on every thread. The read input[y*cols + x] is coalesced along a
// warp; the write output[x*rows + y] strides by `rows`, so each warp's stores scatter.
// Vitamin-CUDA's first naive kernel ("coalesced read") is this same kernel, so it is measured
// once, here; its counterpart with coalesced writes is in vitamin_naive.cu.
// Beyond the article: the harness's nreps loop for the in-kernel timing mode.
#include "harness/core/kernel_api.cuh"

template <typename T>
__global__ void leetgpu_naive(T* output, const T* input, int cols, int rows, int nreps) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x; // column of the input
  const int y = blockIdx.y * blockDim.y + threadIdx.y; // row of the input
  if (x < cols && y < rows) {
    for (int r = 0; r < nreps; ++r)
      output[static_cast<long long>(x) * rows + y] = input[static_cast<long long>(y) * cols + x];
  }
}

TB_REGISTER_KERNEL(leetgpu_naive, tb::Family::leetgpu, "LeetGPU Naive 16x16",
                   [](auto type, const tb::LaunchArgs& a) {
                     tb::launch_tiles(leetgpu_naive<TB_ELEMENT(type)>, 16, 16, dim3(16, 16), a);
                   })
    .source("LeetGPU, Matrix Transpose in CUDA: naive solution; also Vitamin-CUDA, [CUDA in "
            "Practice] Matrix Transpose: naive kernel, coalesced read (the same kernel)")
    .summary("one element per thread, 16x16 block: coalesced reads, strided writes")
    .output(tb::Output::transpose)
    .geometry(16, 16, 16, 16);
