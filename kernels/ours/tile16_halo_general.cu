// ours_best's halo tile (u8 at half height, fp16 and fp32 whole) with the input side's
// realignment not compiled out where input rows are 16-byte aligned: the general tile (the
// 17th-packet pass, its barrier and the funnel shifts kept, every offset 0), in ours_best's block
// order. On the
// H100 the general tile at half height in column-major order (ours_tile16_halo_short) led
// ours_best's input-aligned one by 3.7 and 6.0 points at 1000 x 64000 and 1000 x 128000 and by
// 3.0 at 31250 x 4096 (docs/perf-notes.md); these variants tell whether that holds in ours_best's
// order and with straddling packets stored in pieces (kStorePieces). Where output rows are
// aligned the tile is ours_best's (output side compiled out).
#include "kernels/ours/halo.cuh"

namespace {

template <typename T, int AL, unsigned GROUP>
__global__ void __launch_bounds__(256, tb::ours::halo_blocks<T>())
    ours_tile16_halo_general(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_body<T, tb::ours::halo_split(sizeof(T)), AL, GROUP>(out, in, cols, rows, nreps);
}

// FLAGS: added to the unaligned sides (kStorePieces, kAboveShuffled).
template <int FLAGS> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kOutAligned, tb::ours::kPackets;
    constexpr int SPLIT = tb::ours::halo_split(sizeof(T));
    const auto sides = [&](auto al) {
      constexpr int AL = decltype(al)::value;
      using H = tb::ours::HaloTile<T, SPLIT, AL>;
      const auto halo = [&](auto kernel) {
        tb::allow_dynamic_smem(kernel, H::kSmem);
        tb::launch_kernel(kernel, dim3(tb::ours::halo_tiles<T, SPLIT>(a)), dim3(256), H::kSmem, a);
      };
      if (tb::ours::tile16_order(sizeof(T), a.rows, a.cols, SPLIT) == tb::kSectorGroup)
        halo(ours_tile16_halo_general<T, AL, tb::kSectorGroup>);
      else
        halo(ours_tile16_halo_general<T, AL, tb::kColumnMajor>);
    };
    const int rows = tb::ours::halo_tile_rows(sizeof(T), SPLIT);
    const int al = tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols, rows);
    // The output side as ours_best takes it (2-byte elements: packets or sectors).
    if (al & kOutAligned)
      sides(std::integral_constant<int, kOutAligned>{});
    else if (sizeof(T) == 2 && (al & kPackets))
      sides(std::integral_constant<int, kPackets | FLAGS>{});
    else
      sides(std::integral_constant<int, FLAGS>{});
  }
};

// ours_best's halo tile with a barrier between phase 1's loads and its shared stores where
// input rows are aligned (kLoadFence), as the general tile has: whether that barrier is what
// the general tile gains by.
struct Fenced {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kInAligned, tb::ours::kLoadFence, tb::ours::kOutAligned, tb::ours::kPackets;
    constexpr int SPLIT = tb::ours::halo_split(sizeof(T));
    const int rows = tb::ours::halo_tile_rows(sizeof(T), SPLIT);
    const int al = tb::ours::halo_sides(tb::Pack16<T>::kCount, a.rows, a.cols, rows);
    if ((al & (kInAligned | kOutAligned)) != kInAligned) { // the general launch, as ours_best
      Launch<sizeof(T) == 1 ? tb::ours::kAboveShuffled : 0>::template run<T>(a);
      return;
    }
    constexpr int AL = kInAligned | kLoadFence;
    const auto halo = [&](auto kernel, std::size_t smem) {
      tb::allow_dynamic_smem(kernel, smem);
      tb::launch_kernel(kernel, dim3(tb::ours::halo_tiles<T, SPLIT>(a)), dim3(256), smem, a);
    };
    const bool grouped =
        tb::ours::tile16_order(sizeof(T), a.rows, a.cols, SPLIT) == tb::kSectorGroup;
    if (sizeof(T) == 2 && (al & kPackets)) {
      using H = tb::ours::HaloTile<T, SPLIT, AL | kPackets>;
      grouped ? halo(ours_tile16_halo_general<T, AL | kPackets, tb::kSectorGroup>, H::kSmem)
              : halo(ours_tile16_halo_general<T, AL | kPackets, tb::kColumnMajor>, H::kSmem);
    } else {
      using H = tb::ours::HaloTile<T, SPLIT, AL>;
      grouped ? halo(ours_tile16_halo_general<T, AL, tb::kSectorGroup>, H::kSmem)
              : halo(ours_tile16_halo_general<T, AL, tb::kColumnMajor>, H::kSmem);
    }
  }
};

using Bytes = tb::dtype_list<tb::DType::u8>;
using Types = tb::dtype_list<tb::DType::fp32, tb::DType::fp16, tb::DType::u8>;

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_halo_general", tb::Family::ours,
               "Ours: halo tile, input realignment kept", tb::launcher<Launch<0>, Types>())
        .source(tb::ours::kSource)
        .summary("ours_best's halo tile (u8 at half height; its block order) with the input "
                 "side's realignment kept where input rows are aligned, straddling packets "
                 "stored an element at a time")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1) // fp32: 64 x 64 (+4 halo rows); u8 256 x 128 (+16)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_pieces = tb::register_kernel(
    tb::kernel("ours_tile16_halo_general_pieces", tb::Family::ours,
               "Ours: halo tile, input realignment kept, packets in pieces",
               tb::launcher<Launch<tb::ours::kStorePieces>, Types>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_general with straddling packets and the bottom tile's tail "
                 "stored in aligned pieces (u8; other types as ours_tile16_halo_general)")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1)
        .order(14)
        .suites({"best"}));
[[maybe_unused]] const bool registered_pieces_shuffled = tb::register_kernel(
    tb::kernel("ours_tile16_halo_general_pieces_shuffled", tb::Family::ours,
               "Ours: halo tile, input realignment kept, packets in pieces, group above shuffled",
               tb::launcher<Launch<tb::ours::kStorePieces | tb::ours::kAboveShuffled>, Bytes>())
        .source(tb::ours::kSource)
        .summary("ours_tile16_halo_general_pieces with each thread's group above taken from the "
                 "lane that owns it")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14)
        .suites({"best"}));

[[maybe_unused]] const bool registered_fenced = tb::register_kernel(
    tb::kernel("ours_tile16_halo_fenced", tb::Family::ours,
               "Ours: halo tile, a barrier after the input-aligned loads",
               tb::launcher<Fenced, Types>())
        .source(tb::ours::kSource)
        .summary("ours_best's halo tile (its sides, order and pieces) with a barrier between "
                 "phase 1's loads and shared stores where input rows are aligned; elsewhere "
                 "ours_best's halo tile")
        .output(tb::Output::transpose)
        .geometry(64, 64, 256, 1)
        .order(14)
        .suites({"best"}));

} // namespace
