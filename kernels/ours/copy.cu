// Our copy kernels: the harness's own copy ceiling, to stand beside cudaMemcpy. 256-thread
// blocks, each thread moving U 16-byte packets (all U loads in flight before the stores; four
// unless the id says otherwise), for every element type; a matrix whose size is not a whole number
// of packets has its last elements copied one by one.
//  - ours_copy: one block per chunk of 1024 packets;
//  - ours_copy_persistent: one wave of blocks (sized by the occupancy API) looping over chunks;
//  - ours_copy_x1, ours_copy_x8: one block per 256 or 2048 packets, 1 or 8 per thread. One
//    packet per thread is the one that matches cudaMemcpy (docs/perf-notes.md).
#include "kernels/ours/copy.cuh"

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
template <bool PERSISTENT, bool HINTS, int U>
bool add(const char* id, const char* name, int order, const char* summary) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<PERSISTENT, HINTS, U>>())
          .source(tb::ours::kSource)
          .summary(summary)
          .output(tb::Output::copy)
          .geometry(0, 0, 256, 1)
          .order(order)
          .suites({"best"})
          .expect(tb::on_packet_rows(tb::between(tb::Figure::load_sectors_per_request, 15, 16.5,
                                                 "each lane loads one aligned 16-byte packet")))
          .expect(tb::on_packet_rows(tb::between(tb::Figure::store_sectors_per_request, 15, 16.5,
                                                 "each lane stores one aligned 16-byte packet"))));
}
[[maybe_unused]] const bool registered =
    add<false, false, 4>("ours_copy", "Ours: copy (16B x4/thread)", 0,
                         "16-byte packets, four in flight per thread, one block a chunk") &&
    add<true, false, 4>("ours_copy_persistent", "Ours: copy, persistent grid", 1,
                        "16-byte packets, four in flight per thread, one wave of blocks looping") &&
    add<false, true, 4>("ours_copy_hints", "Ours: copy, streaming hints", 2,
                        "16-byte packets, four in flight, L1 bypass + 256-byte L2 fetch, "
                        "evict-first stores") &&
    add<false, false, 1>("ours_copy_x1", "Ours: copy (16B x1/thread)", 3,
                         "16-byte packets, 1 in flight per thread, one block a chunk") &&
    add<false, false, 8>("ours_copy_x8", "Ours: copy (16B x8/thread)", 4,
                         "16-byte packets, 8 in flight per thread, one block a chunk");
} // namespace
