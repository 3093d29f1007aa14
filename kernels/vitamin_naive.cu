// Vitamin-CUDA's two naive transposes (vitamin-cuda-float4-swizzle, section 1), 16x16 blocks,
// one element per thread:
//  - vitamin_coalesced_read: threads follow the input, so reads coalesce and writes stride;
//  - vitamin_coalesced_write: threads follow the output, so writes coalesce and reads stride.
// Side by side they show which direction of non-coalescing hurts more on this GPU.
// Beyond the article: the nreps loop.
#include "harness/core/launch.cuh"
#include "harness/registry.hpp"

template <typename T>
__global__ void vitamin_coalesced_read(T* b, const T* a, int width, int height, int nreps) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x; // input column
  const int y = blockIdx.y * blockDim.y + threadIdx.y; // input row
  if (x < width && y < height)
    for (int r = 0; r < nreps; ++r)
      b[static_cast<long long>(x) * height + y] = a[static_cast<long long>(y) * width + x];
}

template <typename T>
__global__ void vitamin_coalesced_write(T* b, const T* a, int width, int height, int nreps) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x; // output column (= input row)
  const int y = blockIdx.y * blockDim.y + threadIdx.y; // output row (= input column)
  if (x < height && y < width)
    for (int r = 0; r < nreps; ++r)
      b[static_cast<long long>(y) * height + x] = a[static_cast<long long>(x) * width + y];
}

namespace {
struct LaunchRead {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(vitamin_coalesced_read<T>, tb::tile_grid(a, 16, 16), dim3(16, 16), 0, a);
  }
};
struct LaunchWrite {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    // The grid follows the output: x over its columns (input rows), y over its rows.
    const dim3 grid(tb::ceil_div(a.rows, 16), tb::ceil_div(a.cols, 16));
    if (grid.y > 65535u) throw std::invalid_argument("matrix has too many columns for this grid");
    tb::launch_kernel(vitamin_coalesced_write<T>, grid, dim3(16, 16), 0, a);
  }
};
const char* kSource = "Vitamin-CUDA, [CUDA in Practice] Matrix Transpose: naive kernels";
[[maybe_unused]] const bool registered_read = tb::register_kernel(
    tb::spec<LaunchRead>("vitamin_coalesced_read", "Vitamin Naive Coalesced Read")
        .family(tb::Family::vitamin)
        .source(kSource)
        .summary("threads follow the input: coalesced reads, strided writes")
        .output(tb::Output::transpose)
        .geometry(16, 16, 16, 16)
        .order(0));
[[maybe_unused]] const bool registered_write = tb::register_kernel(
    tb::spec<LaunchWrite>("vitamin_coalesced_write", "Vitamin Naive Coalesced Write")
        .family(tb::Family::vitamin)
        .source(kSource)
        .summary("threads follow the output: strided reads, coalesced writes")
        .output(tb::Output::transpose)
        .geometry(16, 16, 16, 16)
        .order(1));
} // namespace
