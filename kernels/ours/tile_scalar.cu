// Our scalar tile transpose (kernels/ours/scalar.cuh): for shapes whose rows cannot be read as
// aligned 16-byte packets (odd widths such as 8191 x 8193). 64 x 64 elements per 256 threads,
// 16 element loads in flight per thread, swizzled tile; blocks in groups of 8 tile rows, or in
// column-major order (the order that helped the 16-byte tile).
#include "kernels/ours/scalar.cuh"

#include <fmt/format.h>

template <typename T, unsigned GROUP>
__global__ void __launch_bounds__(256, 2)
    ours_tile_scalar(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_body<T, GROUP>(out, in, cols, rows, nreps);
}

namespace {
template <unsigned GROUP> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_kernel(ours_tile_scalar<T, GROUP>, dim3(tb::ours::tile_scalar_blocks<T>(a)),
                      dim3(256), 0, a);
  }
};
template <unsigned GROUP> bool add(const char* id, const char* name, int order) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<GROUP>>())
          .source(tb::ours::kSource)
          .summary(fmt::format(
              "element accesses, 16 loads in flight per thread, swizzled 64x64 tile, {}",
              GROUP == tb::kColumnMajor ? std::string("column-major block order")
                                        : fmt::format("groups of {} tile rows", GROUP)))
          .output(tb::Output::transpose)
          .geometry(64, 64, 32, 8)
          .order(order)
          .suites({"best"}));
}
[[maybe_unused]] const bool registered =
    add<8>("ours_tile_scalar", "Ours: scalar 64x64 tile, groups of 8", 7) &&
    add<tb::kColumnMajor>("ours_tile_scalar_colmajor", "Ours: scalar 64x64 tile, column-major", 15);
} // namespace
