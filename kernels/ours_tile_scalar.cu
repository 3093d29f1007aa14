// Our scalar tile transpose (see ours_common.cuh): for shapes whose rows cannot be read as
// aligned 16-byte packets (odd widths such as 8191 x 8193). 64 x 64 elements per 256 threads,
// 16 element loads in flight per thread, swizzled tile, blocks in groups of 8 tile rows.
#include "kernels/ours_common.cuh"

template <typename T>
__global__ void __launch_bounds__(256) ours_tile_scalar(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_body<T, 8>(out, in, cols, rows, nreps);
}

namespace {
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(ours_tile_scalar<T>, dim3(tb::ours::tile_scalar_blocks<T>(a)), dim3(256), 0, a);
  }
};
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::spec<Launch>("ours_tile_scalar", "Ours: scalar 64x64 tile, groups of 8")
        .family(tb::Family::ours)
        .source(tb::ours::kSource)
        .summary("element accesses, 16 loads in flight per thread, swizzled 64x64 tile")
        .output(tb::Output::transpose)
        .geometry(64, 64, 32, 8)
        .order(7)
        .suites({"best"}));
} // namespace
