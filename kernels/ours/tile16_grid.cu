// Our 16-byte tile with every output row's segment on the 256-byte grid of the address space
// (kernels/ours/tile16_grid.cuh): for shapes whose rows are whole 16-byte packets both ways and
// whose output rows are not a multiple of 256 bytes long, where the plain tile's 256-byte
// segments straddle two pieces of the grid in some rows. One tile tall (256 bytes of each output
// row a block) and two (512). Shapes whose rows are not whole packets run the 16-byte tile's
// bounds-checked scalar path (noted).
#include "kernels/ours/tile16_grid.cuh"

#include <fmt/format.h>

// Held to the plain tile's blocks an SM (tile16_plain_blocks: u8 2, fp16 and bf16 4, fp32 6, fp64
// 8), as ours_best's 16-byte tile is (4-8 bytes spilled for u8, fp16 and bf16).
template <typename T, int MULT>
__global__ void __launch_bounds__(256, tb::ours::tile16_plain_blocks<T>())
    ours_tile16_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T, MULT>(out, in, cols, rows, nreps);
}

template <typename T, int MULT>
__global__ void __launch_bounds__(256)
    ours_tile16_grid_free(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T, MULT>(out, in, cols, rows, nreps);
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

template <int MULT, bool FREE = false> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    if (!packets(a)) {
      const std::size_t smem = tb::ours::Tile16<T>::kSmem;
      tb::allow_dynamic_smem(ours_tile16_grid_scalar<T>, smem);
      tb::launch_kernel(ours_tile16_grid_scalar<T>, dim3(tb::ours::tile16_blocks<T>(a)), dim3(256),
                        smem, a);
      return;
    }
    const std::size_t smem = tb::ours::tile16_grid_smem<T, MULT>(a);
    const auto kernel = FREE ? ours_tile16_grid_free<T, MULT> : ours_tile16_grid<T, MULT>;
    tb::allow_dynamic_smem(kernel, smem);
    tb::launch_kernel(kernel, dim3(tb::ours::tile16_grid_blocks<T, MULT>(a)), dim3(256), smem, a);
  }
};

std::string note(const tb::LaunchArgs& a) {
  if (packets(a)) return {};
  return fmt::format("rows and cols must be multiples of {} for 16-byte packets; ran the 16-byte "
                     "tile's scalar path",
                     tb::elems_per_16_bytes(a.dtype));
}

template <int MULT, bool FREE = false> bool add(const char* id, const char* name, int order) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<MULT, FREE>>())
          .source(tb::ours::kSource)
          .summary(fmt::format("16-byte tile, {} bytes of each output row a block, each row's "
                               "segment moved back onto the 256-byte grid (halo rows above){}",
                               256 * MULT, FREE ? ", registers as ptxas chose" : ""))
          .output(tb::Output::transpose)
          .geometry(64, 64 * MULT, 256, 1) // fp32; in general 16V x 16V x MULT elements
          .order(order)
          .suites({"best"})
          .note(note));
}

[[maybe_unused]] const bool registered =
    add<1>("ours_tile16_grid", "Ours: 16B tile, output segments on the 256-byte grid", 23) &&
    add<2>("ours_tile16_grid_x2", "Ours: 16B tile, 512-byte output segments on the grid", 24) &&
    add<1, true>("ours_tile16_grid_free", "Ours: 16B tile, output segments on the grid, free", 25);

} // namespace
