// The kernel study's block-unrolled transpose (cuda-kernel-study-transpose, "Increasing
// Throughput with Block-Level Unrolling"): a 16x32 block (16 columns, 32 rows of threads)
// handles two side-by-side 32-row by 16-column tiles, two elements per thread each way, to
// amortize index arithmetic and the barrier over more data. As in the article's listing the
// shared array is unpadded and row-major, so the transposed reads conflict on banks.
// Beyond the article: bounds checks on edge tiles and the nreps loop.
#include "harness/core/kernel_api.cuh"

template <typename T>
__global__ void study_shm_v1_unroll_2(T* out, const T* in, int N, int M, int nreps) {
  constexpr int TILE_N = 16, TILE_M = 32; // one tile: TILE_M rows x TILE_N columns
  __shared__ T smem[TILE_M * 2 * TILE_N];
  const int tx = threadIdx.x, ty = threadIdx.y; // blockDim = (TILE_N, TILE_M)
  const int in_m = TILE_M * blockIdx.y + ty;
  const int in_n = 2 * TILE_N * blockIdx.x + tx;
  const int block_idx = TILE_N * ty + tx;
  const int block_row = block_idx / TILE_M;
  const int block_col = block_idx % TILE_M;
  const int out_m = TILE_M * blockIdx.y + block_col;
  const int out_n = 2 * TILE_N * blockIdx.x + block_row;
  const bool full =
      (blockIdx.x + 1) * 2 * TILE_N <= unsigned(N) && (blockIdx.y + 1) * TILE_M <= unsigned(M);
  const long long in_idx = static_cast<long long>(in_m) * N + in_n;
  for (int r = 0; r < nreps; ++r) {
    if (full) {
      smem[ty * 2 * TILE_N + tx] = in[in_idx];
      smem[ty * 2 * TILE_N + tx + TILE_N] = in[in_idx + TILE_N];
    } else if (in_m < M) {
      if (in_n < N) smem[ty * 2 * TILE_N + tx] = in[in_idx];
      if (in_n + TILE_N < N) smem[ty * 2 * TILE_N + tx + TILE_N] = in[in_idx + TILE_N];
    }
    __syncthreads();
    const long long o0 = static_cast<long long>(out_n) * M + out_m;
    const long long o1 = static_cast<long long>(out_n + TILE_N) * M + out_m;
    if (full) {
      out[o0] = smem[block_col * 2 * TILE_N + block_row];
      out[o1] = smem[block_col * 2 * TILE_N + block_row + TILE_N];
    } else if (out_m < M) {
      if (out_n < N) out[o0] = smem[block_col * 2 * TILE_N + block_row];
      if (out_n + TILE_N < N) out[o1] = smem[block_col * 2 * TILE_N + block_row + TILE_N];
    }
    if (nreps > 1) __syncthreads();
  }
}

namespace {
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(study_shm_v1_unroll_2<T>, tb::tile_grid(a, 32, 32), dim3(16, 32), 0, a);
  }
};
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("study_shm_v1_unroll_2", tb::Family::study, "Study Shm v1 Unroll 2 (2 tiles/block)",
               tb::launcher<Launch>())
        .source("CUDA Kernel Study: Matrix Transpose, transpose_shm_v1_unroll_2_kernel")
        .summary("two 32x16 tiles per 512-thread block, two elements per thread each way")
        .output(tb::Output::transpose)
        .geometry(32, 32, 16, 32)
        .order(20));
} // namespace
