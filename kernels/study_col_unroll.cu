// The kernel study's unrolled column kernels (cuda-kernel-study-transpose, "Unrolling and
// Vectorization"): threads walk the output row-major, several consecutive output elements each.
//  - study_col_unroll_4: four scalar load/store pairs per thread, unrolled (ILP);
//  - study_col_unroll_n: 16 / sizeof(T) scattered loads gathered into one 16-byte store
//    (a float4 for fp32). A thread whose packet would run past the end stores element by
//    element.
#include "kernels/study_1d.hpp"
#include "kernels/vector_pack.cuh"

template <typename T>
__global__ void study_col_unroll_4(T* out, const T* in, int N, int M, int nreps) {
  constexpr unsigned long long unroll = 4;
  const unsigned long long total = static_cast<unsigned long long>(M) * N;
  const unsigned long long idx = tb::study::thread_1d() * unroll;
  for (int r = 0; r < nreps; ++r) {
#pragma unroll
    for (unsigned long long i = 0; i < unroll; ++i) {
      if (idx + i < total) {
        const unsigned long long m = (idx + i) % M, n = (idx + i) / M;
        out[n * M + m] = in[m * N + n];
      }
    }
  }
}

template <typename T>
__global__ void study_col_unroll_n(T* out, const T* in, int N, int M, int nreps) {
  constexpr int V = tb::Pack16<T>::kCount;
  const unsigned long long total = static_cast<unsigned long long>(M) * N;
  const unsigned long long idx = tb::study::thread_1d() * V;
  if (idx >= total) return;
  for (int r = 0; r < nreps; ++r) {
    if (idx + V <= total) {
      tb::Pack16<T> tmp;
#pragma unroll
      for (int i = 0; i < V; ++i) {
        const unsigned long long m = (idx + i) % M, n = (idx + i) / M;
        tmp.e[i] = in[m * N + n]; // scattered loads
      }
      tb::store16(out + idx, tmp); // one 16-byte store
    } else {
      for (unsigned long long i = idx; i < total; ++i) out[i] = in[(i % M) * N + i / M];
    }
  }
}

namespace {
struct Launch4 {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(study_col_unroll_4<T>, tb::study::grid_1d(a, 4), dim3(256), 0, a);
  }
};
struct LaunchN {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(study_col_unroll_n<T>, tb::study::grid_1d(a, tb::Pack16<T>::kCount),
                      dim3(256), 0, a);
  }
};
const char* kSource = "CUDA Kernel Study: Matrix Transpose, unrolling and vectorization";
[[maybe_unused]] const bool registered_4 =
    tb::register_kernel(tb::kernel("study_col_unroll_4", tb::Family::study, "Study Col Unroll 4",
                                   tb::launcher<Launch4>())
                            .source(kSource)
                            .summary("four output elements per thread, scalar, unrolled")
                            .output(tb::Output::transpose)
                            .geometry(0, 0, 256, 1)
                            .order(3));
[[maybe_unused]] const bool registered_n = tb::register_kernel(
    tb::kernel("study_col_unroll_n", tb::Family::study, "Study Col Unroll N (16B store)",
               tb::launcher<LaunchN>())
        .source(kSource)
        .summary("16/sizeof(T) scattered loads, one 16-byte coalesced store per thread")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(4));
} // namespace
