// The kernel study's shared-memory transposes (cuda-kernel-study-transpose, "Tiling with Shared
// Memory"). A block of TN x TM threads (TN along columns) moves one TM-row by TN-column tile,
// one element per thread each way. The store side re-maps each thread's linear id so that
// threads write TM consecutive output elements (one input column, TM input rows).
//  - v0 keeps the tile row-major in shared memory and reads it column-wise;
//  - v1 stores the tile column-major (transposing on the way in) and reads it row-wise.
// Each comes as 16x16 and 32x16 (32 columns by 16 rows, 512 threads), unpadded and padded by
// one element. Deviation: the article's listings declare the padded array but index it with the
// unpadded stride, so their padding has no effect (which matches its finding that padding
// barely helped); here the padded variants index with the padded stride, as its text intends.
// Beyond the article: bounds checks on edge tiles and the nreps loop.
#include "harness/core/kernel_api.cuh"

#include <fmt/format.h>

template <typename T, int TN, int TM, int PAD, bool V1>
__global__ void study_shm(T* out, const T* in, int N, int M, int nreps) {
  constexpr int LD = V1 ? TM + PAD : TN + PAD; // leading dimension of the shared tile
  __shared__ T smem[V1 ? TN * LD : TM * LD];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int in_m = TM * blockIdx.y + ty; // input row
  const int in_n = TN * blockIdx.x + tx; // input column
  const int block_idx = TN * ty + tx;
  const int block_row = block_idx / TM; // output row within the tile (an input column)
  const int block_col = block_idx % TM; // output column within the tile (an input row)
  const int out_m = TM * blockIdx.y + block_col;
  const int out_n = TN * blockIdx.x + block_row;
  const bool full = (blockIdx.x + 1) * TN <= unsigned(N) && (blockIdx.y + 1) * TM <= unsigned(M);
  const bool load_ok = full || (in_m < M && in_n < N);
  const bool store_ok = full || (out_m < M && out_n < N);
  for (int r = 0; r < nreps; ++r) {
    if (load_ok) {
      const T v = in[static_cast<long long>(in_m) * N + in_n];
      if (V1)
        smem[tx * LD + ty] = v; // column-major: transposed on the way in
      else
        smem[ty * LD + tx] = v; // row-major
    }
    __syncthreads();
    if (store_ok)
      out[static_cast<long long>(out_n) * M + out_m] =
          V1 ? smem[block_row * LD + block_col] : smem[block_col * LD + block_row];
    if (nreps > 1) __syncthreads();
  }
}

namespace {

template <int TN, int TM, int PAD, bool V1> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(study_shm<T, TN, TM, PAD, V1>, tb::tile_grid(a, TN, TM), dim3(TN, TM), 0, a);
  }
};

template <int TN, int TM, int PAD, bool V1> bool add(int order) {
  const std::string version = V1 ? "v1" : "v0";
  return tb::register_kernel(
      tb::kernel(fmt::format("study_shm_{}_{}x{}{}", version, TN, TM, PAD ? "_pad" : ""),
                 tb::Family::study,
                 fmt::format("Study Shm {} {}x{}{}", version, TN, TM, PAD ? " +pad" : ""),
                 tb::launcher<Launch<TN, TM, PAD, V1>>())
          .source("CUDA Kernel Study: Matrix Transpose, transpose_shm_" + version + "_kernel")
          .summary(fmt::format("{}x{} tile ({} cols x {} rows), {} shared layout{}", TN, TM, TN, TM,
                               V1 ? "column-major" : "row-major",
                               PAD ? ", padded by one element" : ", unpadded"))
          .output(tb::Output::transpose)
          .geometry(TN, TM, TN, TM)
          .order(order));
}

[[maybe_unused]] const bool registered = add<16, 16, 0, false>(10) && add<16, 16, 1, false>(11) &&
                                         add<32, 16, 0, false>(12) && add<32, 16, 1, false>(13) &&
                                         add<16, 16, 0, true>(14) && add<16, 16, 1, true>(15) &&
                                         add<32, 16, 0, true>(16) && add<32, 16, 1, true>(17);

} // namespace
