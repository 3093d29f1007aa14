// Our transpose for a short side s and a long side L (skinny.cuh): blocks of W long-side
// positions × all s short-side positions, 16-byte packets on both sides, the (de)interleave
// done by gathering or scattering elements through shared rows. A short side over 1024 is
// reported unsupported (its shared rows would pass 32 KB a block); ours_best uses it for short
// sides below one tile.
#include "kernels/ours/skinny.cuh"

#include <fmt/format.h>

template <typename T, int S, bool INTERLEAVE>
__global__ void __launch_bounds__(256, tb::ours::skinny_min_blocks<T, S>())
    ours_skinny(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::skinny_body<T, S, INTERLEAVE>(out, in, cols, rows, nreps);
}

namespace {

// SECTORS: the gather de-interleaving 4- and 8-byte elements into whole output sectors
// (kSkinnySectors); other shapes and types as the gather.
template <tb::ours::SkinnyPath PATH, bool SECTORS = false> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    auto g = tb::ours::skinny_launch<T>(a.rows, a.cols, PATH);
    constexpr bool kSectors = SECTORS && sizeof(T) >= 4;
    if constexpr (kSectors) {
      if (!g.interleave) g = tb::ours::skinny_sectors_launch<T>(g, std::min(a.rows, a.cols));
    }
    constexpr bool kRows = sizeof(T) == 2; // skinny_row_copies
    if constexpr (kRows) g = tb::ours::skinny_rows_launch<T>(g, std::min(a.rows, a.cols));
    constexpr bool kRotate = sizeof(T) == 2 || sizeof(T) == 4; // skinny_rotate_wins
    if constexpr (kRotate)
      g = tb::ours::skinny_rotate_launch<T>(g, std::min(a.rows, a.cols), std::max(a.rows, a.cols));
    tb::ours::launch_skinny<T, kSectors, kRows, kRotate>(g, a, [](auto side, auto interleave) {
      return ours_skinny<T, decltype(side)::value, decltype(interleave)::value>;
    });
  }
};

std::string direction(const tb::LaunchArgs& a) {
  const int s = std::min(a.rows, a.cols);
  return fmt::format("{} (s = {}){}",
                     a.rows <= a.cols ? "interleave: s x L -> L x s"
                                      : "de-interleave: L x s -> s x L",
                     s, s >= 2 && s <= tb::ours::kSkinnyRegMax ? ", in registers" : "");
}

[[maybe_unused]] const bool registered =
    tb::register_kernel(
        tb::kernel("ours_skinny", tb::Family::ours, "Ours: skinny (few rows or columns)",
                   tb::launcher<Launch<tb::ours::SkinnyPath::registers>>())
            .source(tb::ours::kSource)
            .summary("all s short-side positions of a stretch of the long side a block; 16-byte "
                     "packets both sides; (de)interleave in registers for s = 2-8, through "
                     "shared rows element by element above")
            .output(tb::Output::transpose)
            .geometry(0, 0, 256, 1)
            .order(16)
            .suites({"best"})
            .note(direction)
            .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                                   "every packet stored once, by one 16-byte "
                                                   "store")))) &&
    tb::register_kernel(
        tb::kernel("ours_skinny_gather", tb::Family::ours,
                   "Ours: skinny, gather through shared rows",
                   tb::launcher<Launch<tb::ours::SkinnyPath::gather>>())
            .source(tb::ours::kSource)
            .summary("all s short-side positions of ~16 KB of the long side a block; 16-byte "
                     "packets both sides, elements gathered or scattered through shared rows")
            .output(tb::Output::transpose)
            .geometry(0, 0, 256, 1)
            .order(17)
            .suites({"best"})
            .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                                   "every packet stored once, by one 16-byte "
                                                   "store")))) &&
    tb::register_kernel(
        tb::kernel("ours_skinny_sectors", tb::Family::ours,
                   "Ours: skinny gather, de-interleave owning whole output sectors",
                   tb::launcher<Launch<tb::ours::SkinnyPath::gather, true>>())
            .source(tb::ours::kSource)
            .summary("ours_skinny_gather with each block de-interleaving 4- and 8-byte elements "
                     "into whole 32-byte sectors of its output rows (a halo of one sector's "
                     "positions), so that no two blocks write parts of one sector; other shapes "
                     "and types as ours_skinny_gather")
            .output(tb::Output::transpose)
            .geometry(0, 0, 256, 1)
            .order(17)
            .suites({"best"})
            .note(direction));

} // namespace
