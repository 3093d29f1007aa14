// Our copy kernels: the harness's own copy ceiling, to stand beside cudaMemcpy. 256-thread
// blocks, each thread moving U 16-byte packets (all U loads in flight before the stores; four
// unless the id says otherwise), for every element type; a matrix whose size is not a whole number
// of packets has its last elements copied one by one.
//  - ours_copy: one block per chunk of 1024 packets;
//  - ours_copy_persistent: one wave of blocks (sized by the occupancy API) looping over chunks;
//  - ours_copy_x1, ours_copy_x8: one block per 256 or 2048 packets, 1 or 8 per thread. One
//    packet per thread is the one that matches cudaMemcpy (docs/perf-notes.md).
#include "kernels/ours/copy.cuh"

#include <fmt/format.h>

template <typename T, int U, bool PERSISTENT, bool HINTS>
__global__ void __launch_bounds__(256)
    ours_copy(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::copy_body<T, U, PERSISTENT, HINTS>(out, in, static_cast<long long>(rows) * cols, nreps);
}

namespace {
template <bool PERSISTENT, bool HINTS = false, int U = 4> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const long long n = static_cast<long long>(a.rows) * a.cols;
    unsigned blocks = tb::ours::copy_blocks<T, U>(n);
    if (PERSISTENT)
      blocks = std::min(blocks, tb::resident_blocks(ours_copy<T, U, true, HINTS>, 256, 0));
    tb::launch_kernel(ours_copy<T, U, PERSISTENT, HINTS>, dim3(blocks), dim3(256), 0, a);
  }
};
template <int U> bool add_unrolled(const char* id, const char* name, int order) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<false, false, U>>())
          .source(tb::ours::kSource)
          .summary(fmt::format("16-byte packets, {} in flight per thread, one block a chunk", U))
          .output(tb::Output::copy)
          .geometry(0, 0, 256, 1)
          .order(order)
          .suites({"best"}));
}
[[maybe_unused]] const bool registered =
    tb::register_kernel(
        tb::kernel("ours_copy", tb::Family::ours, "Ours: copy (16B x4/thread)",
                   tb::launcher<Launch<false>>())
            .source(tb::ours::kSource)
            .summary("16-byte packets, four in flight per thread, one block a chunk")
            .output(tb::Output::copy)
            .geometry(0, 0, 256, 1)
            .order(0)
            .suites({"best"})) &&
    tb::register_kernel(
        tb::kernel("ours_copy_persistent", tb::Family::ours, "Ours: copy, persistent grid",
                   tb::launcher<Launch<true>>())
            .source(tb::ours::kSource)
            .summary("16-byte packets, four in flight per thread, one wave of blocks looping")
            .output(tb::Output::copy)
            .geometry(0, 0, 256, 1)
            .order(1)
            .suites({"best"})) &&
    tb::register_kernel(tb::kernel("ours_copy_hints", tb::Family::ours,
                                   "Ours: copy, streaming hints",
                                   tb::launcher<Launch<false, true>>())
                            .source(tb::ours::kSource)
                            .summary("16-byte packets, four in flight, L1 bypass + 256-byte L2 "
                                     "fetch, evict-first stores")
                            .output(tb::Output::copy)
                            .geometry(0, 0, 256, 1)
                            .order(2)
                            .suites({"best"})) &&
    add_unrolled<1>("ours_copy_x1", "Ours: copy (16B x1/thread)", 3) &&
    add_unrolled<8>("ours_copy_x8", "Ours: copy (16B x8/thread)", 4);
} // namespace
