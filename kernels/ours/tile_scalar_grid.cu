// Our scalar grid tile (kernels/ours/scalar.cuh): the scalar tile's element accesses with each
// output row's segment moved back onto the 256-byte grid of the address space, its rows copied to
// shared memory by cp.async. For 4- and 8-byte elements whose output rows are not whole 16-byte
// packets: there the scalar tile's 512-byte segments start anywhere in the grid's pieces, and
// every piece at a segment's ends is written in parts by two blocks. 64 or 32 input columns a
// block, two or four pieces of each output row; column-major block order or groups of 8 tile rows.
#include "kernels/ours/scalar.cuh"

#include <fmt/format.h>

template <typename T, int TC, int PIECES, unsigned GROUP, bool BAL>
__global__ void __launch_bounds__(256, tb::ours::blocks_bound(4))
    ours_tile_scalar_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_grid_body<T, TC, PIECES, GROUP, BAL>(out, in, cols, rows, nreps);
}

namespace {

template <int TC, int PIECES, unsigned GROUP, bool BAL> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const auto kernel = ours_tile_scalar_grid<T, TC, PIECES, GROUP, BAL>;
    const std::size_t smem = tb::ours::ScalarGrid<T, TC, PIECES>::kSmem;
    tb::allow_dynamic_smem(kernel, smem);
    tb::launch_kernel(kernel, dim3(tb::ours::tile_scalar_grid_blocks<T, TC, PIECES>(a)), dim3(256),
                      smem, a);
  }
};

using Types = tb::dtype_list<tb::DType::fp32, tb::DType::fp64>;

template <int TC, int PIECES, unsigned GROUP, bool BAL = false>
bool add(const char* id, const char* name, int order) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<TC, PIECES, GROUP, BAL>, Types>())
          .source(tb::ours::kSource)
          .summary(fmt::format(
              "element accesses, each output row's segment moved back onto the 256-byte grid "
              "(halo rows above), {} input columns by {} pieces of 256 bytes a block, copied to "
              "shared memory by cp.async, {}{}",
              TC, PIECES,
              GROUP == tb::kColumnMajor ? std::string("column-major block order")
                                        : fmt::format("groups of {} tile rows", GROUP),
              BAL ? ", the columns shared evenly by the tile columns" : ""))
          .output(tb::Output::transpose)
          .geometry(TC, PIECES * 64, 32, 8) // fp32; 8-byte elements: PIECES x 32 rows
          .order(order)
          .suites({"best"}));
}

[[maybe_unused]] const bool registered =
    add<64, 2, tb::kColumnMajor>("ours_tile_scalar_grid", "Ours: scalar tile on the 256-byte grid",
                                 16) &&
    add<64, 2, 8>("ours_tile_scalar_grid_g8", "Ours: scalar tile on the grid, groups of 8", 17) &&
    add<32, 4, tb::kColumnMajor>("ours_tile_scalar_grid32",
                                 "Ours: scalar tile on the grid, 32 columns", 18) &&
    add<64, 2, 8, true>("ours_tile_scalar_grid_g8_even",
                        "Ours: scalar tile on the grid, groups of 8, even columns", 18) &&
    add<64, 3, 8>("ours_tile_scalar_grid_g8_p3",
                  "Ours: scalar tile on the grid, groups of 8, 3 pieces", 18) &&
    add<64, 4, 8>("ours_tile_scalar_grid_g8_p4",
                  "Ours: scalar tile on the grid, groups of 8, 4 pieces", 18);

} // namespace
