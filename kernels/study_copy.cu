// The kernel study's copy_kernel (cuda-kernel-study-transpose, "The Upper Bound"): a 1-D grid,
// one element per thread, the 2-D index recovered with a division and a modulo. Every access
// is coalesced; the article uses it as the practical ceiling of a data-movement kernel.
// Beyond the article: a bounds check (any size) and the nreps loop.
#include "kernels/study_1d.hpp"

template <typename T> __global__ void study_copy(T* out, const T* in, int N, int M, int nreps) {
  const unsigned long long idx = tb::study::thread_1d();
  if (idx >= static_cast<unsigned long long>(M) * N) return;
  const unsigned long long m = idx / N, n = idx % N;
  for (int r = 0; r < nreps; ++r) out[m * N + n] = in[m * N + n];
}

namespace {
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(study_copy<T>, tb::study::grid_1d(a, 1), dim3(256), 0, a);
  }
};
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("study_copy", tb::Family::study, "Study Copy (1-D)", tb::launcher<Launch>())
        .source("CUDA Kernel Study: Matrix Transpose, copy_kernel")
        .summary("1-D grid, one element per thread, index via / and %: coalesced copy")
        .output(tb::Output::copy)
        .geometry(0, 0, 256, 1)
        .order(0));
} // namespace
