// Our 16-byte tile for rows that do not start on a 16-byte boundary, with every output packet
// owned by one tile: output rows are cut at 16-byte boundaries, and each tile loads the V rows
// above it (its halo) so that it can fill its first packet (halo.cuh, tile16h_one).
// Phase 1 is the realigned tile's; phase 2 transposes two row groups and funnel-shifts them,
// so whole packets go out with one 16-byte store and no lane stores element by element except
// at the first and last tile row of the matrix.
#include "kernels/ours/halo.cuh"

template <typename T>
__global__ void __launch_bounds__(256, tb::ours::halo_blocks<T>())
    ours_tile16_halo(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_body<T>(out, in, cols, rows, nreps);
}

namespace {

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const std::size_t smem = tb::ours::HaloTile<T>::kSmem;
    tb::allow_dynamic_smem(ours_tile16_halo<T>, smem);
    tb::launch_kernel(ours_tile16_halo<T>, dim3(tb::ours::halo_tiles<T>(a)), dim3(256), smem, a);
  }
};

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_halo", tb::Family::ours, "Ours: 16B tile, whole output packets (halo)",
               tb::launcher<Launch>())
        .source(tb::ours::kSource)
        .summary("realigned 16-byte tile that owns whole aligned output packets, loading the "
                 "V rows above it; 16-byte stores everywhere but the first and last tile row")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1) // fp32: 64 x 64 (+4 halo rows); in general 16V x 16V elements
        .order(14)
        .suites({"best"}));

} // namespace
