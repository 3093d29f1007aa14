// Our scalar grid tile (kernels/ours/scalar.cuh): the scalar tile's element accesses with each
// output row's segment moved back onto the 256-byte grid of the address space, its rows copied to
// shared memory by cp.async. For 8-byte elements whose output rows are not whole 16-byte packets:
// there the scalar tile's 512-byte segments start anywhere in the grid's pieces, and the pieces
// at a segment's ends are written in parts by two blocks. 64 input columns by two pieces of each
// output row a block (measured against 32 columns by four pieces, three and four pieces, and
// columns shared evenly by the tile columns: docs/perf-notes.md), in column-major block order or
// groups of 8 tile rows. fp64 only: for fp32 (4-byte copies, 128 bytes a warp instruction) it
// lost 2.7 to 25 points to ours_best on the H200.
#include "kernels/ours/scalar.cuh"

#include <fmt/format.h>

template <typename T, unsigned GROUP>
__global__ void __launch_bounds__(256, tb::ours::blocks_bound(4))
    ours_tile_scalar_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_grid_body<T, 64, 2, GROUP>(out, in, cols, rows, nreps);
}

namespace {

template <unsigned GROUP> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::ours::launch_tile_scalar_grid<T, 64, 2>(a, ours_tile_scalar_grid<T, GROUP>);
  }
};

using Types = tb::dtype_list<tb::DType::fp64>;

template <unsigned GROUP> bool add(const char* id, const char* name, int order) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<GROUP>, Types>())
          .source(tb::ours::kSource)
          .summary(fmt::format(
              "fp64: element accesses, each output row's segment moved back onto the 256-byte "
              "grid (halo rows above), 64 input columns by two 256-byte pieces a block, copied "
              "to shared memory by cp.async, {}",
              GROUP == tb::kColumnMajor ? std::string("column-major block order")
                                        : fmt::format("groups of {} tile rows", GROUP)))
          .output(tb::Output::transpose)
          .geometry(64, 64, 32, 8)
          .order(order)
          .suites({"best"}));
}

[[maybe_unused]] const bool registered =
    add<tb::kColumnMajor>("ours_tile_scalar_grid", "Ours: scalar tile on the 256-byte grid", 16) &&
    add<8>("ours_tile_scalar_grid_g8", "Ours: scalar tile on the grid, groups of 8", 17);

} // namespace
