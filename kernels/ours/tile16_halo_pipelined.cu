// ours_best's u8 halo tile where only input rows are 16-byte aligned, pipelined
// (halo_pipelined.cuh): a persistent grid, each block copying its next tile into shared memory
// by cp.async while it transposes and stores the current one. With the group above by a
// shuffle (ours_best's tile above the H100's DRAM peak) or transposed again (the tile with the
// input side compiled out, as ours_tile16_halo_in_aligned). Other shapes take
// ours_tile16_halo_shuffled's tile, not pipelined.
#include "kernels/ours/halo_pipelined.cuh"

namespace {

template <typename T, int AL, unsigned GROUP, bool AHEAD>
__global__ void __launch_bounds__(256, 2)
    ours_tile16_halo_pipelined(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_pipelined_body<T, tb::ours::halo_split(sizeof(T)), AL, GROUP, AHEAD>(
      out, in, cols, rows, nreps);
}

template <typename T, int AL, unsigned GROUP>
__global__ void __launch_bounds__(256, tb::ours::halo_blocks<T>())
    ours_tile16_halo_plain(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_body<T, tb::ours::halo_split(sizeof(T)), AL, GROUP>(out, in, cols, rows, nreps);
}

// ABOVE: kAboveShuffled or 0, where only input rows are aligned; MAX_SHARED: as
// launch_halo_pipelined.
// AHEAD: as tile16h_pipelined_body.
template <int ABOVE, bool MAX_SHARED = true, bool AHEAD = true, bool PERSISTENT = true>
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kAboveShuffled, tb::ours::kInAligned, tb::ours::kOutAligned;
    constexpr int SPLIT = tb::ours::halo_split(sizeof(T));
    const int al = tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols,
                                        tb::ours::halo_tile_rows(sizeof(T), SPLIT));
    const auto plain = [&](auto sides) {
      constexpr int AL = decltype(sides)::value;
      tb::ours::launch_halo<T, SPLIT, AL>(a, ours_tile16_halo_plain<T, AL, tb::kColumnMajor>,
                                          ours_tile16_halo_plain<T, AL, tb::kSectorGroup>);
    };
    if (al == kInAligned) {
      constexpr int AL = kInAligned | ABOVE;
      tb::ours::launch_halo_pipelined<T, SPLIT, AL, MAX_SHARED, PERSISTENT>(
          a, ours_tile16_halo_pipelined<T, AL, tb::kColumnMajor, AHEAD>,
          ours_tile16_halo_pipelined<T, AL, tb::kSectorGroup, AHEAD>);
    } else if (al & kOutAligned) {
      plain(std::integral_constant<int, kOutAligned>{});
    } else {
      plain(std::integral_constant<int, kAboveShuffled>{});
    }
  }
};

using Bytes = tb::dtype_list<tb::DType::u8>;

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_halo_pipelined", tb::Family::ours,
               "Ours: halo tile, pipelined by cp.async",
               tb::launcher<Launch<tb::ours::kAboveShuffled>, Bytes>())
        .source(tb::ours::kSource)
        .summary("u8 where only input rows are aligned: the half-height halo tile (group above "
                 "by a shuffle) on a persistent grid, each block copying its next tile into "
                 "shared memory by cp.async while it transposes the current one; other shapes "
                 "as ours_tile16_halo_shuffled")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1) // u8: 256 x 128 (+16 halo rows)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_twice = tb::register_kernel(
    tb::kernel("ours_tile16_halo_pipelined_twice", tb::Family::ours,
               "Ours: halo tile, pipelined by cp.async, group above transposed again",
               tb::launcher<Launch<0>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_pipelined with each thread's group above read and transposed "
                 "a second time, not shuffled (the tile of ours_tile16_halo_in_aligned)")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_carveout = tb::register_kernel(
    tb::kernel("ours_tile16_halo_pipelined_any_carveout", tb::Family::ours,
               "Ours: halo tile, pipelined by cp.async, the driver's carveout",
               tb::launcher<Launch<tb::ours::kAboveShuffled, false>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_pipelined without asking for the largest shared-memory "
                 "carveout")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_serial = tb::register_kernel(
    tb::kernel("ours_tile16_halo_pipelined_serial", tb::Family::ours,
               "Ours: halo tile, persistent, copies by cp.async, not ahead",
               tb::launcher<Launch<tb::ours::kAboveShuffled, true, false>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_pipelined with each tile's copies issued and waited for "
                 "before its own phase 2 (nothing in flight ahead): a control")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_one = tb::register_kernel(
    tb::kernel("ours_tile16_halo_async_one", tb::Family::ours,
               "Ours: halo tile, copies by cp.async, one tile a block",
               tb::launcher<Launch<tb::ours::kAboveShuffled, true, false, false>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_pipelined_serial on one block a tile (no persistent grid): "
                 "a control")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));

} // namespace
