// The staged byte tile (staged.cuh): ours_best's half-height halo tile for 1-byte elements, each
// realignment done by a shared-memory address instead of a register select chain, in the tiles
// with whole tile columns, their halo inside the matrix and not at its last tile row; the halo
// tile's own code in the others. The aligned sides, owned sectors and block order as ours_best
// takes them for the halo tile, but output rows of 16 mod 32 bytes, which ours_best owns in row
// groups: here, as the halo tile with its output side aligned.
#include "kernels/ours/staged.cuh"

namespace {

// PAIRS: two tiles a block, the second's loads in flight while the first is transposed.
template <typename T, int AL, unsigned GROUP, int LPX, int MINB, int OPTS, bool PAIRS>
__global__ void __launch_bounds__(256, MINB)
    ours_tile16_staged(T* out, const T* in, int cols, int rows, int nreps) {
  if constexpr (PAIRS)
    tb::ours::tile16s_pair_body<T, AL, GROUP, LPX, OPTS>(out, in, cols, rows, nreps);
  else
    tb::ours::tile16s_body<T, AL, GROUP, LPX, OPTS>(out, in, cols, rows, nreps);
}

// LPX: lanes an output row in phase 3; MINB: blocks an SM; OPTS: kStagedOffsets or 0.
template <int LPX, int MINB, int OPTS = 0, bool PAIRS = false> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kAboveShuffled, tb::ours::kByteSectors, tb::ours::kInAligned,
        tb::ours::kOutAligned, tb::ours::kStorePieces;
    const auto sides = [&](auto al) {
      constexpr int AL = decltype(al)::value;
      tb::ours::launch_staged<T, AL, LPX, PAIRS>(
          a, ours_tile16_staged<T, AL, tb::kColumnMajor, LPX, MINB, OPTS, PAIRS>,
          ours_tile16_staged<T, AL, tb::kSectorGroup, LPX, MINB, OPTS, PAIRS>);
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
    default: // output rows aligned (input rows too, or not)
      sides(std::integral_constant<int, kOutAligned>{});
    }
  }
};

using Bytes = tb::dtype_list<tb::DType::u8>;

template <int LPX, int MINB, int OPTS = 0, bool PAIRS = false>
bool register_staged(const char* id, const char* name, const char* summary) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<Launch<LPX, MINB, OPTS, PAIRS>, Bytes>())
          .source(tb::ours::kSource)
          .summary(summary)
          .output(tb::Output::transpose)
          .geometry(256, 128, 256, 1)
          .order(14));
}

[[maybe_unused]] const bool registered = register_staged<2, 3>(
    "ours_tile16_staged", "Ours: staged byte tile, 3 blocks an SM",
    "u8: the half-height halo tile with its input packets staged as loaded and each row's "
    "offset taken by the shared-memory address, transposed into a second layout a granule row "
    "a row group, and every output row's packets realigned with its offset worked out once (two "
    "lanes an output row); three blocks an SM");
[[maybe_unused]] const bool registered_2 =
    register_staged<2, 2>("ours_tile16_staged_2", "Ours: staged byte tile, 2 blocks an SM",
                          "ours_tile16_staged at two blocks an SM");
[[maybe_unused]] const bool registered_8 = register_staged<8, 3>(
    "ours_tile16_staged_x8", "Ours: staged byte tile, 8 lanes an output row",
    "ours_tile16_staged with eight lanes an output row in phase 3 (each store instruction four "
    "output rows of 128 bytes, each thread's offset worked out for every packet)");
[[maybe_unused]] const bool registered_8a = register_staged<8, 3, tb::ours::kStagedOffsets>(
    "ours_tile16_staged_x8a", "Ours: staged byte tile, 8 lanes an output row, offsets computed",
    "ours_tile16_staged_x8 with phase 2 working out each input row's offset by integer "
    "arithmetic, not loading it from shared memory");
[[maybe_unused]] const bool registered_8a4 = register_staged<8, 4, tb::ours::kStagedOffsets>(
    "ours_tile16_staged_x8a_4", "Ours: staged byte tile, 8 lanes an output row, 4 blocks an SM",
    "ours_tile16_staged_x8a held to four blocks an SM (64 registers)");
[[maybe_unused]] const bool registered_8p = register_staged<8, 3, tb::ours::kStagedOffsets, true>(
    "ours_tile16_staged_x8p", "Ours: staged byte tile, 8 lanes an output row, two tiles a block",
    "ours_tile16_staged_x8a with two tiles a block (the tile below the first in column-major "
    "order): the second's loads in flight while the first is transposed and stored");
[[maybe_unused]] const bool registered_8p2 = register_staged<8, 2, tb::ours::kStagedOffsets, true>(
    "ours_tile16_staged_x8p_2", "Ours: staged byte tile, two tiles a block, 2 blocks an SM",
    "ours_tile16_staged_x8p at two blocks an SM");
[[maybe_unused]] const bool registered_4a = register_staged<4, 3, tb::ours::kStagedOffsets>(
    "ours_tile16_staged_x4a", "Ours: staged byte tile, 4 lanes an output row, offsets computed",
    "ours_tile16_staged_x8a with four lanes an output row in phase 3 (each store instruction "
    "eight output rows of 64 bytes, each thread's offset worked out for two packets)");

} // namespace
