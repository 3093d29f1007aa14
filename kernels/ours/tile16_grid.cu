// Our 16-byte tile with every output row's segment on the 256-byte grid of the address space
// (kernels/ours/tile16_grid.cuh): for shapes whose rows are whole 16-byte packets both ways and
// whose output rows are not a multiple of 256 bytes long, where the plain tile's 256-byte
// segments straddle two pieces of the grid in some rows. As ptxas allocates it, and held to the
// plain tile's blocks an SM. Shapes whose rows are not whole packets run the 16-byte tile's
// bounds-checked scalar path (noted).
#include "kernels/ours/tile16_grid.cuh"

#include <fmt/format.h>

template <typename T>
__global__ void __launch_bounds__(256)
    ours_tile16_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T>(out, in, cols, rows, nreps);
}

// Held to the plain tile's blocks an SM (tile16_plain_blocks: u8 2, fp16 and bf16 4, fp32 6,
// fp64 8), as ours_best's 16-byte tile is.
template <typename T>
__global__ void __launch_bounds__(256, tb::ours::tile16_plain_blocks<T>())
    ours_tile16_grid_held(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T>(out, in, cols, rows, nreps);
}

template <typename T>
__global__ void __launch_bounds__(256)
    ours_tile16_grid_scalar(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, tb::kColumnMajor, false>(out, in, cols, rows, nreps);
}

namespace {

bool packets(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype);
  return a.rows % v == 0 && a.cols % v == 0;
}

template <bool HELD> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    if (!packets(a)) {
      const std::size_t smem = tb::ours::Tile16<T>::kSmem;
      tb::allow_dynamic_smem(ours_tile16_grid_scalar<T>, smem);
      tb::launch_kernel(ours_tile16_grid_scalar<T>, dim3(tb::ours::tile16_blocks<T>(a)), dim3(256),
                        smem, a);
      return;
    }
    const std::size_t smem = tb::ours::tile16_grid_smem<T>(a);
    const auto kernel = HELD ? ours_tile16_grid_held<T> : ours_tile16_grid<T>;
    tb::allow_dynamic_smem(kernel, smem);
    tb::launch_kernel(kernel, dim3(tb::ours::tile16_grid_blocks<T>(a)), dim3(256), smem, a);
  }
};

std::string note(const tb::LaunchArgs& a) {
  if (packets(a)) return {};
  return fmt::format("rows and cols must be multiples of {} for 16-byte packets; ran the 16-byte "
                     "tile's scalar path",
                     tb::elems_per_16_bytes(a.dtype));
}

template <bool HELD> bool add(const char* id, const char* name, int order) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<HELD>>())
          .source(tb::ours::kSource)
          .summary(fmt::format("16-byte tile transposed into shared memory by output rows, 8V "
                               "of them a block, each row's 256-byte segment moved back onto the "
                               "256-byte grid (halo rows above){}",
                               HELD ? ", held to the plain tile's blocks an SM" : ""))
          .output(tb::Output::transpose)
          .geometry(32, 64, 256, 1) // fp32: 32 x 64; in general 8V x 16V elements
          .order(order)
          .suites({"best"})
          .note(note));
}

[[maybe_unused]] const bool registered =
    add<false>("ours_tile16_grid", "Ours: 16B tile, output segments on the 256-byte grid", 23) &&
    add<true>("ours_tile16_grid_held", "Ours: 16B tile, segments on the grid, held", 24);

} // namespace
