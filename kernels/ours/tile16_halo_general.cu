// The halo tile where only input rows are 16-byte aligned, both ways ours_best takes it: the
// general tile (the input side's realignment kept: the 17th-packet pass, its barrier, the
// neighbour shuffles and funnel shifts, every offset 0), as ours_best on a GPU of the H100's DRAM
// peak, and the tile with that side compiled out, as ours_best on any other
// (halo_input_realigned). Each in ours_best's block order and with its output side; where input
// rows are not aligned, or output rows are, the tile is ours_best's. So on either GPU the one
// ours_best does not take can be measured against it (docs/perf-notes.md). And the candidate for
// u8 output rows of 16 mod 32 bytes: the tile owning whole sectors by row groups, at two and
// three blocks an SM (ours_tile16_halo_groups, _groups_3), and the same with the group above by
// a shuffle (_groups_shuffled, _groups_shuffled_3: ours_best's tile above the H100's DRAM peak).
#include "kernels/ours/halo.cuh"

namespace {

template <typename T, int AL, unsigned GROUP, int MINB = tb::ours::halo_blocks<T>()>
__global__ void __launch_bounds__(256, MINB)
    ours_tile16_halo_general(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_body<T, tb::ours::halo_split(sizeof(T)), AL, GROUP>(out, in, cols, rows, nreps);
}

// INPUT_AL: where only input rows are aligned, the input side compiled out (kInAligned) or kept
// (0); FLAGS: added there (kStorePieces).
template <int INPUT_AL, int FLAGS> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kAboveShuffled, tb::ours::kInAligned, tb::ours::kOutAligned, tb::ours::kPackets;
    constexpr int SPLIT = tb::ours::halo_split(sizeof(T));
    const auto sides = [&](auto al) {
      constexpr int AL = decltype(al)::value;
      tb::ours::launch_halo<T, SPLIT, AL>(a, ours_tile16_halo_general<T, AL, tb::kColumnMajor>,
                                          ours_tile16_halo_general<T, AL, tb::kSectorGroup>);
    };
    const int rows = tb::ours::halo_tile_rows(sizeof(T), SPLIT);
    const int al = tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols, rows);
    // The output side as ours_best takes it (2-byte elements: packets or sectors).
    constexpr int PACKETS = sizeof(T) == 2 ? kPackets : 0;
    if (al & kOutAligned) {
      sides(std::integral_constant<int, kOutAligned>{});
    } else if (!(al & kInAligned)) { // neither side aligned: as ours_best
      if constexpr (sizeof(T) == 1)
        sides(std::integral_constant<int, kAboveShuffled>{});
      else
        (al & kPackets) ? sides(std::integral_constant<int, PACKETS>{})
                        : sides(std::integral_constant<int, 0>{});
    } else {
      (al & kPackets) ? sides(std::integral_constant<int, INPUT_AL | PACKETS | FLAGS>{})
                      : sides(std::integral_constant<int, INPUT_AL | FLAGS>{});
    }
  }
};

// Bytes whose output rows are whole packets but 16 mod 32 bytes: the tile owning whole sectors
// by whole row groups (kSectorGroups), ours_best's order, with the input side's realignment
// compiled out where input rows are whole packets too (halo_sector_groups_fit); other shapes as
// ours_tile16_halo_general. MINB: blocks an SM.
template <int MINB, int FLAGS = 0> struct LaunchGroups {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    constexpr int SPLIT = tb::ours::halo_split(sizeof(T));
    const int al = tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols,
                                        tb::ours::halo_tile_rows(sizeof(T), SPLIT));
    if constexpr (sizeof(T) == 1) {
      const auto groups = [&](auto in_aligned) {
        constexpr int AL = tb::ours::kSectorGroups | decltype(in_aligned)::value | FLAGS;
        tb::ours::launch_halo<T, SPLIT, AL>(
            a, ours_tile16_halo_general<T, AL, tb::kColumnMajor, MINB>,
            ours_tile16_halo_general<T, AL, tb::kSectorGroup, MINB>);
      };
      if (tb::ours::halo_sector_groups_fit(1, al, a.rows)) {
        (al & tb::ours::kInAligned) ? groups(std::integral_constant<int, tb::ours::kInAligned>{})
                                    : groups(std::integral_constant<int, 0>{});
        return;
      }
    }
    Launch<0, 0>::run<T>(a);
  }
};

using Bytes = tb::dtype_list<tb::DType::u8>;
using Types = tb::dtype_list<tb::DType::fp32, tb::DType::fp16, tb::DType::u8>;

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_halo_general", tb::Family::ours,
               "Ours: halo tile, input realignment kept", tb::launcher<Launch<0, 0>, Types>())
        .source(tb::ours::kSource)
        .summary("ours_best's halo tile (u8 at half height; its block order) with the input "
                 "side's realignment kept where only input rows are aligned, straddling packets "
                 "stored an element at a time")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1) // fp32: 64 x 64 (+4 halo rows); u8 256 x 128 (+16)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_pieces = tb::register_kernel(
    tb::kernel("ours_tile16_halo_general_pieces", tb::Family::ours,
               "Ours: halo tile, input realignment kept, packets in pieces",
               tb::launcher<Launch<0, tb::ours::kStorePieces>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_general with straddling packets and the bottom tile's tail "
                 "stored in aligned pieces: ours_best's u8 tile on a GPU of the H100's DRAM peak")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1) // u8: 256 x 128 (+16 halo rows)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_groups = tb::register_kernel(
    tb::kernel("ours_tile16_halo_groups", tb::Family::ours,
               "Ours: halo tile, sectors owned by row groups",
               tb::launcher<LaunchGroups<2>, Bytes>())
        .source(tb::ours::kSource)
        .summary("u8 output rows 16 mod 32 bytes: the half-height halo tile owning whole 32-byte "
                 "sectors of its output rows by whole row groups (every other output row starts a "
                 "row group above the tile), the input side's realignment compiled out where "
                 "input rows are whole packets; other shapes as ours_tile16_halo_general")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_groups_3 = tb::register_kernel(
    tb::kernel("ours_tile16_halo_groups_3", tb::Family::ours,
               "Ours: halo tile, sectors owned by row groups, 3 blocks an SM",
               tb::launcher<LaunchGroups<3>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_groups held to three blocks an SM (80 registers), the blocks "
                 "ours_best's tile with its output side compiled out gets")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_groups_shuffled = tb::register_kernel(
    tb::kernel("ours_tile16_halo_groups_shuffled", tb::Family::ours,
               "Ours: halo tile, sectors owned by row groups, the group above by a shuffle",
               tb::launcher<LaunchGroups<2, tb::ours::kAboveShuffled>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_groups with each thread's group above taken from the lane "
                 "that owns it (kAboveShuffled), not transposed a second time")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_groups_shuffled_3 = tb::register_kernel(
    tb::kernel("ours_tile16_halo_groups_shuffled_3", tb::Family::ours,
               "Ours: halo tile, sectors owned by row groups, shuffled, 3 blocks an SM",
               tb::launcher<LaunchGroups<3, tb::ours::kAboveShuffled>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_groups_shuffled held to three blocks an SM")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_in_aligned = tb::register_kernel(
    tb::kernel("ours_tile16_halo_in_aligned", tb::Family::ours,
               "Ours: halo tile, input realignment compiled out",
               tb::launcher<Launch<tb::ours::kInAligned, 0>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_best's u8 halo tile with the input side's realignment compiled out where "
                 "only input rows are aligned (straddling packets in pieces): ours_best's tile "
                 "on a GPU above the H100's DRAM peak")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));

} // namespace
