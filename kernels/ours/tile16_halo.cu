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

// Each tile a call, one block an SM more for 1- and 2-byte types (halo.cuh).
template <typename T>
__global__ void __launch_bounds__(256, tb::ours::halo_call_blocks<T>())
    ours_tile16_halo_call(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_call_body<T>(out, in, cols, rows, nreps);
}

namespace {

template <bool CALL> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const std::size_t smem = tb::ours::HaloTile<T>::kSmem;
    const auto kernel = CALL ? ours_tile16_halo_call<T> : ours_tile16_halo<T>;
    tb::allow_dynamic_smem(kernel, smem);
    tb::launch_kernel(kernel, dim3(tb::ours::tile16_blocks<T>(a)), dim3(256), smem, a);
  }
};

[[maybe_unused]] const bool registered =
    tb::register_kernel(
        tb::kernel("ours_tile16_halo_call", tb::Family::ours,
                   "Ours: halo tile, a call a tile, +1 block (1-2 byte)",
                   tb::launcher<Launch<true>>())
            .source(tb::ours::kSource)
            .summary("the halo tile with each tile a function call (no addresses kept live across "
                     "repetitions) and one block an SM more for 1- and 2-byte types")
            .output(tb::Output::transpose)
            .geometry(64, 64, 256, 1)
            .order(15)
            .suites({"best"})) &&
    tb::register_kernel(
        tb::kernel("ours_tile16_halo", tb::Family::ours,
                   "Ours: 16B tile, whole output packets (halo)", tb::launcher<Launch<false>>())
            .source(tb::ours::kSource)
            .summary("realigned 16-byte tile that owns whole aligned output packets, loading the "
                     "V rows above it; 16-byte stores everywhere but the first and last tile row")
            .output(tb::Output::transpose)
            .geometry(64, 64, 256, 1) // fp32: 64 x 64 (+4 halo rows); in general 16V x 16V elements
            .order(14)
            .suites({"best"}));

} // namespace
