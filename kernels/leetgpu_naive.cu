// LeetGPU naive transpose (leetgpu-cuda-naive-and-tiled): one element per thread on a 16x16
// block, with a bounds check on every thread. The read input[y*cols + x] is coalesced along a
// warp; the write output[x*rows + y] strides by `rows`, so each warp's stores scatter.
// Beyond the article: the harness's nreps loop for the in-kernel timing mode.
#include "harness/core/launch.cuh"
#include "harness/registry.hpp"

template <typename T>
__global__ void leetgpu_naive(T* output, const T* input, int cols, int rows, int nreps) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x; // column of the input
  const int y = blockIdx.y * blockDim.y + threadIdx.y; // row of the input
  if (x < cols && y < rows) {
    for (int r = 0; r < nreps; ++r)
      output[static_cast<long long>(x) * rows + y] = input[static_cast<long long>(y) * cols + x];
  }
}

namespace {
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(leetgpu_naive<T>, tb::tile_grid(a, 16, 16), dim3(16, 16), 0, a);
  }
};
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::spec<Launch>("leetgpu_naive", "LeetGPU Naive 16x16")
        .family(tb::Family::leetgpu)
        .source("LeetGPU, Matrix Transpose in CUDA: naive solution")
        .summary("one element per thread, 16x16 block: coalesced reads, strided writes")
        .output(tb::Output::transpose)
        .geometry(16, 16, 16, 16)
        .order(0));
} // namespace
