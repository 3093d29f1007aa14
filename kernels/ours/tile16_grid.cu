// Our 16-byte tile with every output row's segment on the 256-byte grid of the address space
// (kernels/ours/tile16_grid.cuh): for shapes whose rows are whole 16-byte packets both ways and
// whose output rows are not a multiple of 256 bytes long, where the plain tile's 256-byte
// segments straddle two pieces of the grid in some rows. Transposed into shared memory by output
// rows (8 chunks a block for 1- and 2-byte elements, 16 for the others; or 8 for all), as
// ptxas allocates it or held to the plain tile's blocks an SM; and the 16-byte tile's own layout
// read by shift classes. Shapes whose rows are not whole packets run the 16-byte tile's
// bounds-checked scalar path (noted).
#include "kernels/ours/tile16_grid.cuh"

#include <fmt/format.h>

namespace {

// CHUNKS: 8 or 16, -1 for grid_chunks (by element size), 0 for the shift classes.
template <typename T, int CHUNKS> constexpr int chunks() {
  return CHUNKS < 0 ? tb::ours::grid_chunks<T>() : CHUNKS;
}
// Slabs in flight for the shift classes: the tile's own and up to 192 bytes of halo (fp64 2 + 2,
// fp32 4 + 3, fp16 8 + 6; u8 16 + 12 in two batches).
template <typename T> constexpr int class_batch() {
  return sizeof(T) >= 8 ? 4 : sizeof(T) == 4 ? 8 : 16;
}

} // namespace

template <typename T, int CHUNKS, bool COLMAJOR>
__global__ void __launch_bounds__(256)
    ours_tile16_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T, chunks<T, CHUNKS>(), COLMAJOR, class_batch<T>()>(out, in, cols,
                                                                                 rows, nreps);
}

// Held to the plain tile's blocks an SM (tile16_plain_blocks: u8 2, fp16 and bf16 4, fp32 6,
// fp64 8), as ours_best's 16-byte tile is.
template <typename T, int CHUNKS, bool COLMAJOR>
__global__ void __launch_bounds__(256, tb::ours::tile16_plain_blocks<T>())
    ours_tile16_grid_held(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_grid_body<T, chunks<T, CHUNKS>(), COLMAJOR, class_batch<T>()>(out, in, cols,
                                                                                 rows, nreps);
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

template <int CHUNKS, bool HELD> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    if (!packets(a)) {
      const std::size_t smem = tb::ours::Tile16<T>::kSmem;
      tb::allow_dynamic_smem(ours_tile16_grid_scalar<T>, smem);
      tb::launch_kernel(ours_tile16_grid_scalar<T>, dim3(tb::ours::tile16_blocks<T>(a)), dim3(256),
                        smem, a);
      return;
    }
    if constexpr (HELD)
      tb::ours::launch_tile16_grid<T, chunks<T, CHUNKS>()>(
          a, ours_tile16_grid_held<T, CHUNKS, true>, ours_tile16_grid_held<T, CHUNKS, false>);
    else
      tb::ours::launch_tile16_grid<T, chunks<T, CHUNKS>()>(a, ours_tile16_grid<T, CHUNKS, true>,
                                                           ours_tile16_grid<T, CHUNKS, false>);
  }
};

std::string note(const tb::LaunchArgs& a) {
  if (packets(a)) return {};
  return fmt::format("rows and cols must be multiples of {} for 16-byte packets; ran the 16-byte "
                     "tile's scalar path",
                     tb::elems_per_16_bytes(a.dtype));
}

template <int CHUNKS, bool HELD> bool add(const char* id, const char* name, int order) {
  const std::string layout =
      CHUNKS == 0 ? std::string("the 16-byte tile's layout read by shift classes")
      : CHUNKS < 0
          ? std::string("transposed into shared memory by output rows, 8V of them a block for "
                        "1- and 2-byte elements and 16V for the others")
          : fmt::format("transposed into shared memory by output rows, {}V of them a block",
                        CHUNKS);
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<CHUNKS, HELD>>())
          .source(tb::ours::kSource)
          .summary(fmt::format("16-byte tile, each output row's 256-byte segment moved back onto "
                               "the 256-byte grid (halo rows above), {}{}",
                               layout, HELD ? ", held to the plain tile's blocks an SM" : ""))
          .output(tb::Output::transpose)
          .geometry(CHUNKS == 8 ? 32 : 64, 64, 256, 1) // fp32; in general CHUNKS·V x 16V elements
          .order(order)
          .suites({"best"})
          .note(note));
}

[[maybe_unused]] const bool registered =
    add<-1, false>("ours_tile16_grid", "Ours: 16B tile, output segments on the 256-byte grid",
                   23) &&
    add<-1, true>("ours_tile16_grid_held", "Ours: 16B tile, segments on the grid, held", 24) &&
    add<8, false>("ours_tile16_grid8", "Ours: 16B tile, segments on the grid, 8 chunks", 25) &&
    add<8, true>("ours_tile16_grid8_held", "Ours: 16B tile, segments on the grid, 8 chunks, held",
                 26) &&
    add<0, false>("ours_tile16_grid_classes", "Ours: 16B tile, segments on the grid by classes",
                  27);

} // namespace
