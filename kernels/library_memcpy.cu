// cudaMemcpyAsync device-to-device: the copy ceiling every transpose is compared with (a copy
// moves the same bytes with the friendliest possible pattern). It reads and writes rows x cols
// elements, so its effective bandwidth counts both, like every other row. It has no in-kernel
// repetition loop, so the loop-in-kernel mode does not apply.
#include "harness/core/kernel_api.cuh"

namespace {
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const std::size_t bytes = static_cast<std::size_t>(a.rows) * a.cols * sizeof(T);
    TB_CUDA_CALL(cudaMemcpyAsync(a.out, a.in, bytes, cudaMemcpyDeviceToDevice, a.stream));
  }
};
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("cuda_memcpy", tb::Family::library, "cudaMemcpy D2D", tb::launcher<Launch>())
        .source("CUDA runtime: cudaMemcpyAsync, device to device")
        .summary("the driver's device-to-device copy (a kernel on the SMs, as its counters show): "
                 "the copy ceiling")
        .output(tb::Output::copy)
        .geometry(0, 0, 0, 0)
        .order(0)
        .baseline("memcpy")
        .suites({"whitepaper", "best"})
        .no_nreps());
} // namespace
