// Our 8-byte tile (kernels/ours/tile8.cuh): the 16-byte tile's design with 8-byte packets, for
// shapes whose rows are whole 8-byte packets but not all whole 16-byte ones (u8 1080 x 1920). Other
// shapes run the scalar tile (noted).
#include "kernels/ours/scalar.cuh"
#include "kernels/ours/tile8.cuh"

#include <fmt/format.h>

template <typename T>
__global__ void __launch_bounds__(256)
    ours_tile8(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile8_body<T>(out, in, cols, rows, nreps);
}

template <typename T>
__global__ void __launch_bounds__(256)
    ours_tile8_fallback(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_body<T, tb::kColumnMajor>(out, in, cols, rows, nreps);
}

namespace {

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    if (!tb::ours::tile8_takes(static_cast<int>(sizeof(T)), a.rows, a.cols)) {
      tb::launch_kernel(ours_tile8_fallback<T>, dim3(tb::ours::tile_scalar_blocks<T>(a)), dim3(256),
                        0, a);
      return;
    }
    tb::launch_kernel(ours_tile8<T>, dim3(tb::ours::tile8_blocks<T>(a)), dim3(256), 0, a);
  }
};

std::string path_note(const tb::LaunchArgs& a) {
  const int size = static_cast<int>(tb::dtype_size(a.dtype));
  if (tb::ours::tile8_takes(size, a.rows, a.cols)) return {};
  return fmt::format("8-byte tile off: it takes rows and cols multiples of {}; ran the scalar tile",
                     8 / size);
}

// Eight packets a thread, three blocks an SM for u8 (80 registers). Measured on the H200
// (docs/perf-notes.md): sixteen (112 registers for u8, two blocks) and eight held to four blocks
// (64 registers, 4 bytes spilled) were both slower at every shape tried.
[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile8", tb::Family::ours, "Ours: 8-byte tile", tb::launcher<Launch>())
        .source(tb::ours::kSource)
        .summary("rows and cols multiples of 8 bytes: 128-byte tile rows of 16 packets, 8 packets "
                 "in flight a thread, V x V transposes in registers, column-major block order; "
                 "other shapes the scalar tile")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(22)
        .note(path_note)
        .expect(tb::on_packet_rows(
            tb::at_most(tb::Figure::store_sectors_over_needed, 1.1, "every packet stored once")))
        .expect(tb::on_packet_rows(
            tb::at_most(tb::Figure::load_sectors_over_needed, 1.1, "every packet loaded once"))));

} // namespace
