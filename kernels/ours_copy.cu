// Our copy kernel: the harness's own copy ceiling, to stand beside cudaMemcpy. A 1-D grid of
// 256-thread blocks, each thread moving four 16-byte packets (all four loads in flight before
// the stores), for every element type; a matrix whose size is not a whole number of packets
// has its last elements copied one by one.
#include "kernels/ours_common.cuh"

template <typename T>
__global__ void __launch_bounds__(256) ours_copy(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::copy_body<T, 4>(out, in, static_cast<long long>(rows) * cols, nreps);
}

namespace {
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const long long n = static_cast<long long>(a.rows) * a.cols;
    tb::launch_kernel(ours_copy<T>, dim3(tb::ours::copy_blocks<T, 4>(n)), dim3(256), 0, a);
  }
};
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::spec<Launch>("ours_copy", "Ours: copy (16B x4/thread)")
        .family(tb::Family::ours)
        .source(tb::ours::kSource)
        .summary("16-byte packets, four in flight per thread: our copy ceiling")
        .output(tb::Output::copy)
        .geometry(0, 0, 256, 1)
        .order(0)
        .baseline("our copy")
        .suites({"best"}));
} // namespace
