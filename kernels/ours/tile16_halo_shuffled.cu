// ours_best's halo tile (halo.cuh) with the row group above each thread's own taken from the
// lane that owns it (kAboveShuffled), where output rows are not 16-byte aligned: phase 2 reads
// and transposes one row group a thread instead of two. 1-byte elements at half height and
// 4-byte ones at full height, as ours_best takes them; the sides that are aligned compiled out
// and the block order as ours_best picks them. Where output rows are aligned there is no group
// above to take, and the tile is ours_best's.
#include "kernels/ours/halo.cuh"

namespace {

// MINB: blocks an SM (ours_best's halo_blocks, or 3 for bytes: u8 takes 86-88 registers with the
// input side aligned and 108 with neither, against 107 and 110 reading both groups).
template <typename T, int AL, unsigned GROUP, int MINB>
__global__ void __launch_bounds__(256, MINB)
    ours_tile16_halo_shuffled(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_body<T, tb::ours::halo_split(sizeof(T)), AL, GROUP>(out, in, cols, rows, nreps);
}

template <int MINB> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    constexpr int B = MINB != 0 && sizeof(T) == 1 ? MINB : tb::ours::halo_blocks<T>();
    using tb::ours::kAboveShuffled, tb::ours::kInAligned, tb::ours::kOutAligned;
    constexpr int SPLIT = tb::ours::halo_split(sizeof(T));
    const auto sides = [&](auto al) {
      constexpr int AL = decltype(al)::value;
      tb::ours::launch_halo<T, SPLIT, AL>(a, ours_tile16_halo_shuffled<T, AL, tb::kColumnMajor, B>,
                                          ours_tile16_halo_shuffled<T, AL, tb::kSectorGroup, B>);
    };
    const int rows = tb::ours::halo_tile_rows(sizeof(T), SPLIT);
    switch (tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols, rows)) {
    case kInAligned:
      sides(std::integral_constant<int, kInAligned | kAboveShuffled>{});
      break;
    case kOutAligned:
      sides(std::integral_constant<int, kOutAligned>{});
      break;
    case kInAligned | kOutAligned: // aligned both ways: the halo tile with no halo rows
      sides(std::integral_constant<int, kOutAligned>{});
      break;
    default:
      sides(std::integral_constant<int, kAboveShuffled>{});
    }
  }
};

// Bytes whose output rows are not whole packets: the same tile owning whole 32-byte sectors of
// them (kByteSectors: 32 halo rows, the groups one and two above from their lanes); other
// shapes as Launch<MINB>.
template <int MINB> struct LaunchSectors {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kAboveShuffled, tb::ours::kByteSectors, tb::ours::kInAligned,
        tb::ours::kOutAligned;
    constexpr int SPLIT = tb::ours::halo_split(sizeof(T));
    const int al = tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols,
                                        tb::ours::halo_tile_rows(sizeof(T), SPLIT));
    if constexpr (sizeof(T) == 1) {
      const auto sectors = [&](auto in_aligned) {
        constexpr int AL = kAboveShuffled | kByteSectors | decltype(in_aligned)::value;
        tb::ours::launch_halo<T, SPLIT, AL>(
            a, ours_tile16_halo_shuffled<T, AL, tb::kColumnMajor, MINB>,
            ours_tile16_halo_shuffled<T, AL, tb::kSectorGroup, MINB>);
      };
      if (!(al & kOutAligned)) {
        (al & kInAligned) ? sectors(std::integral_constant<int, kInAligned>{})
                          : sectors(std::integral_constant<int, 0>{});
        return;
      }
    }
    Launch<MINB>::template run<T>(a);
  }
};

using Types = tb::dtype_list<tb::DType::fp32, tb::DType::u8>;
using Bytes = tb::dtype_list<tb::DType::u8>;

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_halo_shuffled", tb::Family::ours,
               "Ours: halo tile, the group above by a shuffle", tb::launcher<Launch<0>, Types>())
        .source(tb::ours::kSource)
        .summary("ours_best's halo tile (u8 at half height, fp32 whole) where output rows are "
                 "not 16-byte aligned, each thread's group above taken from the lane that owns "
                 "it: one row group read and transposed a thread, not two")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1) // fp32: 64 x 64 (+4 halo rows); u8 256 x 128 (+16)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_3 = tb::register_kernel(
    tb::kernel("ours_tile16_halo_shuffled_3", tb::Family::ours,
               "Ours: halo tile, the group above by a shuffle, 3 blocks an SM",
               tb::launcher<Launch<3>, Types>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_shuffled held to 3 blocks an SM (u8 at 80 registers; fp32 "
                 "as it is, 4 blocks)")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_sectors = tb::register_kernel(
    tb::kernel("ours_tile16_halo_shuffled_sectors", tb::Family::ours,
               "Ours: halo tile, shuffled, u8 owning whole sectors",
               tb::launcher<LaunchSectors<2>, Bytes>())
        .source(tb::ours::kSource)
        .summary("u8 output rows not whole packets: ours_tile16_halo_shuffled owning whole "
                 "32-byte sectors of them (32 halo rows; the groups one and two above from their "
                 "lanes, not read again), two blocks an SM; other shapes as "
                 "ours_tile16_halo_shuffled")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_sectors_3 = tb::register_kernel(
    tb::kernel("ours_tile16_halo_shuffled_sectors_3", tb::Family::ours,
               "Ours: halo tile, shuffled, u8 owning whole sectors, 3 blocks an SM",
               tb::launcher<LaunchSectors<3>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_shuffled_sectors held to three blocks an SM")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));

} // namespace
