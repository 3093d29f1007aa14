// Our 16-byte tile for rows that do not start on a 16-byte boundary: the packets are
// realigned in registers (realign.cuh, tile16r_one), so widths like 8193 keep 16-byte
// global loads and stores and 16-byte shared-memory traffic. Aligned shapes run the same
// code with every offset zero.
#include "kernels/ours/realign.cuh"

template <typename T>
__global__ void __launch_bounds__(256, 2)
    ours_tile16_realign(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16r_body<T>(out, in, cols, rows, nreps);
}

namespace {

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::ours::launch_tile16r<T>(a, ours_tile16_realign<T>);
  }
};

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_realign", tb::Family::ours,
               "Ours: 16B tile, rows realigned in registers", tb::launcher<Launch>())
        .source(tb::ours::kSource)
        .summary("16-byte tile for any row offset: aligned packets realigned with funnel shifts "
                 "before and after the in-register transpose")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1) // fp32: 64 x 64; in general 16V x 16V elements
        .order(9)
        .suites({"best"}));

} // namespace
