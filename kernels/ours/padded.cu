// Our padded tile (padded.cuh): any short side from 2 to 16V - 1, padded to whole packets, rows at
// any offset; all of the short side and (256 / NC)·KB·V positions of the long side a block (KB = 1,
// or 2 for 4-byte and 4 for 8-byte elements), V x V transposes in registers, every global and
// shared access 16 bytes wide. Other shapes with a short side up to 1024 run the skinny path
// (noted); longer short sides are declined.
#include "kernels/ours/padded.cuh"

#include <fmt/format.h>

#include <string>

template <typename T, bool INTERLEAVE>
__global__ void __launch_bounds__(256, tb::ours::Padded<T>::kMinBlocks)
    ours_padded(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::padded_body<T, INTERLEAVE>(out, in, cols, rows, nreps);
}

template <typename T, int S, bool INTERLEAVE>
__global__ void __launch_bounds__(256)
    ours_padded_fallback(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::skinny_body<T, S, INTERLEAVE>(out, in, cols, rows, nreps);
}

namespace {

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using P = tb::ours::Padded<T>;
    const int s = std::min(a.rows, a.cols);
    if (!P::takes(s)) {
      const auto g = tb::ours::skinny_launch<T>(a.rows, a.cols, tb::ours::SkinnyPath::measured);
      tb::ours::with_skinny_side(g, [&](auto side) {
        constexpr int S = decltype(side)::value;
        const auto kernel =
            g.interleave ? ours_padded_fallback<T, S, true> : ours_padded_fallback<T, S, false>;
        tb::allow_dynamic_smem(kernel, g.smem);
        tb::launch_kernel(kernel, dim3(g.blocks), dim3(256), g.smem, a);
      });
      return;
    }
    const bool interleave = a.rows <= a.cols;
    const auto kernel = interleave ? ours_padded<T, true> : ours_padded<T, false>;
    const std::size_t smem = P::smem(s, interleave);
    tb::allow_dynamic_smem(kernel, smem);
    tb::launch_kernel(kernel, dim3(tb::ours::padded_blocks<T>(a.rows, a.cols)), dim3(256), smem, a);
  }
};

std::string path_note(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype);
  const int s = std::min(a.rows, a.cols);
  if (s < 2 || s >= 16 * v)
    return fmt::format("padded tile off: it takes a short side from 2 to {}; ran the skinny path",
                       16 * v - 1);
  return fmt::format("{}: s = {}, {} packets", a.rows <= a.cols ? "interleave" : "de-interleave", s,
                     (s + v - 1) / v);
}

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_padded", tb::Family::ours, "Ours: padded tile (short side 2 to 16V - 1)",
               tb::launcher<Launch>())
        .source(tb::ours::kSource)
        .summary("any short side below one tile, padded to whole packets, rows at any offset: "
                 "the whole short side and (256 / NC)·KB·V positions a block, V x V transposes in "
                 "registers, 16-byte accesses to global and shared memory, funnel shifts where "
                 "a packet is not on the 16-byte grid")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(19)
        .suites({"best"})
        .note(path_note)
        .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                               "every packet stored once, by one 16-byte store")))
        .expect(tb::on_packet_rows(
            tb::at_most(tb::Figure::load_sectors_over_needed, 1.1, "every packet loaded once"))));

} // namespace
