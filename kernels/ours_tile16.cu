// Our 16-byte tile transpose (see ours_common.cuh) in three block orders, to measure what DRAM
// page locality is worth: row-major (group 1), and groups of 8 and 32 tile rows. Shapes whose
// rows are not whole 16-byte packets run its bounds-checked scalar path everywhere (noted).
#include "kernels/ours_common.cuh"

#include <fmt/format.h>

template <typename T, unsigned GROUP>
__global__ void __launch_bounds__(256) ours_tile16(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, GROUP>(out, in, cols, rows, nreps);
}

namespace {

template <unsigned GROUP> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const std::size_t smem = tb::ours::Tile16<T>::kSmem;
    tb::allow_dynamic_smem(ours_tile16<T, GROUP>, smem);
    tb::launch_kernel(ours_tile16<T, GROUP>, dim3(tb::ours::tile16_blocks<T>(a)), dim3(256), smem, a);
  }
};

std::string packet_note(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype);
  if (a.cols % v == 0 && a.rows % v == 0) return {};
  return fmt::format("rows and cols must be multiples of {} for 16-byte packets; ran the scalar "
                     "path everywhere", v);
}

template <unsigned GROUP> bool add(const char* id, const char* name, int order) {
  return tb::register_kernel(
      tb::spec<Launch<GROUP>>(id, name)
          .family(tb::Family::ours)
          .source(tb::ours::kSource)
          .summary(GROUP > 1 ? fmt::format("16-byte tile, register transpose, XOR-swizzled "
                                           "chunks, blocks in groups of {} tile rows", GROUP)
                             : std::string("16-byte tile, register transpose, XOR-swizzled "
                                           "chunks, row-major block order"))
          .output(tb::Output::transpose)
          .geometry(64, 64, 256, 1) // fp32: 64 x 64; in general 16V x 16V elements
          .order(order)
          .suites({"best"})
          .note(packet_note));
}

[[maybe_unused]] const bool registered =
    add<1>("ours_tile16", "Ours: 16B tile, row-major order", 1) &&
    add<8>("ours_tile16_g8", "Ours: 16B tile, groups of 8", 2) &&
    add<32>("ours_tile16_g32", "Ours: 16B tile, groups of 32", 3);

} // namespace
