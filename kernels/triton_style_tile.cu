// A CUDA rendering of the LeetGPU Triton solution (leetgpu-triton-tiled): each block moves one
// large 64-row by 128-column tile with masked edges, as the Triton program does with TILE_X =
// 64 and TILE_Y = 128 (tl.load with a mask, tl.trans, tl.store with a mask). 256 threads each
// have 32 independent loads in flight, then 32 stores, so many bytes move per thread. Triton
// keeps such a tile in a swizzled shared-memory layout; here element (r, c) lives at column
// c ^ (r & 31) of its row, which makes both the row-wise writes and the column-wise reads
// conflict-free without padding. Grid: x over row tiles, y over column tiles, as in the
// article.
#include "harness/core/kernel_api.cuh"

namespace {
constexpr int kRows = 64;  // the article's TILE_X: input rows per tile
constexpr int kCols = 128; // the article's TILE_Y: input columns per tile
} // namespace

template <typename T>
__global__ void triton_style_tile(T* out, const T* in, int cols, int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  T* tile = reinterpret_cast<T*>(smem_raw);     // kRows x kCols, swizzled
  const int tx = threadIdx.x, ty = threadIdx.y; // 32 x 8
  const int y0 = blockIdx.x * kRows, x0 = blockIdx.y * kCols;
  const bool full = y0 + kRows <= rows && x0 + kCols <= cols;
  for (int r = 0; r < nreps; ++r) {
#pragma unroll
    for (int i = 0; i < kRows; i += 8) {
#pragma unroll
      for (int j = 0; j < kCols; j += 32) {
        const int tr = i + ty, tc = j + tx;
        if (full || (y0 + tr < rows && x0 + tc < cols))
          tile[tr * kCols + (tc ^ (tr & 31))] =
              in[static_cast<long long>(y0 + tr) * cols + x0 + tc];
      }
    }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < kCols; i += 8) {
#pragma unroll
      for (int j = 0; j < kRows; j += 32) {
        const int orow = i + ty, ocol = j + tx; // output row = input column, col = input row
        if (full || (x0 + orow < cols && y0 + ocol < rows))
          out[static_cast<long long>(x0 + orow) * rows + y0 + ocol] =
              tile[ocol * kCols + (orow ^ (ocol & 31))];
      }
    }
    if (nreps > 1) __syncthreads();
  }
}

namespace {
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const std::size_t smem = sizeof(T) * kRows * kCols;
    tb::allow_dynamic_smem(triton_style_tile<T>, smem);
    const dim3 grid(tb::ceil_div(a.rows, kRows), tb::ceil_div(a.cols, kCols));
    if (grid.y > 65535u)
      throw tb::shape_not_supported("more than 65535 column tiles: past the grid's y limit");
    tb::launch_kernel(triton_style_tile<T>, grid, dim3(32, 8), smem, a);
  }
};
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("triton_style_64x128", tb::Family::triton_style, "Triton-style 64x128 tile",
               tb::launcher<Launch>())
        .source("LeetGPU, Matrix Transpose in Triton: 64x128 tiles (as CUDA)")
        .summary(
            "one 64x128 tile per 256-thread block, 32 loads in flight per thread, masked edges")
        .output(tb::Output::transpose)
        .geometry(kCols, kRows, 32, 8)
        .order(0));
} // namespace
