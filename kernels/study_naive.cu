// The kernel study's two naive transposes (cuda-kernel-study-transpose, "Naive Transpose"),
// 1-D grids with one element per thread:
//  - study_transpose_row: threads walk the input row-major: coalesced loads, stores strided
//    by M;
//  - study_transpose_col: threads walk the output row-major: loads strided by N, coalesced
//    stores. The article found this one faster on an RTX A6000: scattered reads are partly
//    absorbed by the caches, scattered writes are not.
#include "kernels/study_1d.hpp"

template <typename T>
__global__ void study_transpose_row(T* out, const T* in, int N, int M, int nreps) {
  const unsigned long long idx = tb::study::thread_1d();
  if (idx >= static_cast<unsigned long long>(M) * N) return;
  const unsigned long long m = idx / N, n = idx % N;
  for (int r = 0; r < nreps; ++r) out[n * M + m] = in[m * N + n];
}

template <typename T>
__global__ void study_transpose_col(T* out, const T* in, int N, int M, int nreps) {
  const unsigned long long idx = tb::study::thread_1d();
  if (idx >= static_cast<unsigned long long>(M) * N) return;
  const unsigned long long m = idx % M, n = idx / M;
  for (int r = 0; r < nreps; ++r) out[n * M + m] = in[m * N + n];
}

namespace {
struct LaunchRow {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(study_transpose_row<T>, tb::study::grid_1d(a, 1), dim3(256), 0, a);
  }
};
struct LaunchCol {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(study_transpose_col<T>, tb::study::grid_1d(a, 1), dim3(256), 0, a);
  }
};
const char* kSource = "CUDA Kernel Study: Matrix Transpose, naive transpose";
[[maybe_unused]] const bool registered_row = tb::register_kernel(
    tb::kernel("study_transpose_row", tb::Family::study, "Study Transpose Row (1-D)",
               tb::launcher<LaunchRow>())
        .source(kSource)
        .summary("1-D, threads follow the input: coalesced loads, scattered stores")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(1));
[[maybe_unused]] const bool registered_col = tb::register_kernel(
    tb::kernel("study_transpose_col", tb::Family::study, "Study Transpose Col (1-D)",
               tb::launcher<LaunchCol>())
        .source(kSource)
        .summary("1-D, threads follow the output: scattered loads, coalesced stores")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(2));
} // namespace
