// The staged byte tile (staged.cuh): ours_best's half-height halo tile for 1-byte elements, each
// realignment done by a shared-memory address instead of a register select chain, in the tiles
// with whole tile columns, their halo inside the matrix and not at its last tile row; the halo
// tile's own code in the others. The aligned sides, owned sectors and block order as ours_best
// takes them for the halo tile, but output rows of 16 mod 32 bytes, which ours_best owns in row
// groups: here, as the halo tile with its output side aligned; both sides aligned, the staged tile
// with neither realignment (the halo tile's code, output side aligned, for its partial tiles).
#include "kernels/ours/staged.cuh"

namespace {

template <typename T, int AL, unsigned GROUP>
__global__ void __launch_bounds__(256, 3)
    ours_tile16_staged(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16s_body<T, AL, GROUP>(out, in, cols, rows, nreps);
}

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kAboveShuffled, tb::ours::kByteSectors, tb::ours::kInAligned,
        tb::ours::kOutAligned, tb::ours::kStorePieces;
    const auto sides = [&](auto al) {
      constexpr int AL = decltype(al)::value;
      tb::ours::launch_staged<T, AL>(a, ours_tile16_staged<T, AL, tb::kColumnMajor>,
                                     ours_tile16_staged<T, AL, tb::kSectorGroup>);
    };
    const int al = tb::ours::halo_sides(16, a.rows, a.cols, tb::ours::halo_tile_rows(1, 2));
    switch (al) {
    case kInAligned:
      if (tb::ours::halo_byte_sectors_wins(1, kInAligned, std::min(a.rows, a.cols)))
        sides(std::integral_constant<int, kInAligned | kAboveShuffled | kByteSectors>{});
      else if (tb::ours::halo_input_realigned(1, kInAligned, tb::ours::current_dram_peak_gbps()))
        sides(std::integral_constant<int, kStorePieces>{});
      else
        sides(std::integral_constant<int, kInAligned>{});
      break;
    case 0:
      sides(std::integral_constant<int, kAboveShuffled>{});
      break;
    case kInAligned | kOutAligned:
      sides(std::integral_constant<int, kInAligned | kOutAligned>{});
      break;
    default: // output rows aligned
      sides(std::integral_constant<int, kOutAligned>{});
    }
  }
};

using Bytes = tb::dtype_list<tb::DType::u8>;

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_staged", tb::Family::ours, "Ours: staged byte tile",
               tb::launcher<Launch, Bytes>())
        .source(tb::ours::kSource)
        .summary("u8: the half-height halo tile with its input packets staged as loaded and each "
                 "row's offset taken by the shared-memory address, transposed into a second "
                 "layout a granule row a row group, each output row's 128 bytes realigned by one "
                 "quarter warp; three blocks an SM")
        .output(tb::Output::transpose)
        .geometry(256, 128, 256, 1)
        .order(14));

} // namespace
