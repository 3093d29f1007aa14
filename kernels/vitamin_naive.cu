// Vitamin-CUDA's naive transposes (vitamin-cuda-float4-swizzle, section 1), 16x16 blocks, one
// element per thread. The article writes two and compares them:
//  - "coalesced read": threads follow the input, so reads coalesce and writes stride. It is
//    the same kernel as LeetGPU's naive transpose, measured once as `leetgpu_naive`;
//  - "coalesced write" (this file): threads follow the output, so writes coalesce and reads
//    stride.
// Side by side they show which direction of non-coalescing hurts more on this GPU.
// Beyond the article: the nreps loop.
#include "harness/core/kernel_api.cuh"

template <typename T>
__global__ void vitamin_coalesced_write(T* b, const T* a, int width, int height, int nreps) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x; // output column (= input row)
  const int y = blockIdx.y * blockDim.y + threadIdx.y; // output row (= input column)
  if (x < height && y < width)
    for (int r = 0; r < nreps; ++r)
      b[static_cast<long long>(y) * height + x] = a[static_cast<long long>(x) * width + y];
}

TB_REGISTER_KERNEL(vitamin_coalesced_write, tb::Family::vitamin, "Vitamin Naive Coalesced Write",
                   [](auto type, const tb::LaunchArgs& a) {
                     // The grid follows the output: x over its columns (input rows), y over its
                     // rows (input columns).
                     tb::LaunchArgs out = a;
                     std::swap(out.rows, out.cols);
                     const dim3 grid = tb::tile_grid(out, 16, 16);
                     tb::launch_kernel(vitamin_coalesced_write<TB_ELEMENT(type)>, grid,
                                       dim3(16, 16), 0, a);
                   })
    .source("Vitamin-CUDA, [CUDA in Practice] Matrix Transpose: naive kernels (coalesced write)")
    .summary("threads follow the output: strided reads, coalesced writes")
    .output(tb::Output::transpose)
    .geometry(16, 16, 16, 16)
    .order(1);
