// Our 16-byte tile transpose (kernels/ours/tile16.cuh) in five block orders, to measure what
// DRAM page locality is worth: row-major (group 1), groups of 8 and 32 tile rows, column-major,
// and groups of 4 tile columns; with a persistent grid (one wave of blocks looping over the
// tiles); with taller tiles (at least 8 packets a thread) and with registers capped for full
// occupancy; with packet edges in two orders, their loads plain or fetching whole 256-byte
// pieces into the L2 (input rows off the 256-byte grid). Shapes whose rows are not whole 16-byte
// packets run its bounds-checked scalar path everywhere (noted); the unaligned variant reads and
// writes them in 16-byte packets anyway.
#include "kernels/ours/tile16_unaligned.cuh"

#include <fmt/format.h>

template <typename T, unsigned GROUP, bool PERSISTENT, int MIN_R = 1, bool HINTS = false>
__global__ void __launch_bounds__(256)
    ours_tile16(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, GROUP, PERSISTENT, MIN_R, HINTS>(out, in, cols, rows, nreps);
}

// The same, with the register budget capped so that the SM holds as many blocks as its
// threads allow: 8 for 4- and 8-byte types (fp32 goes from 40 registers and 6 blocks to 32
// and 8; fp64 is at 28 already). 1- and 2-byte types get no minimum (a cap of 64 registers
// made fp16 spill, and a budget for 2 blocks made it take 88). Without one, ptxas gave u8 214
// registers (1 block an SM, 81.8% at 8192² against the plain tile's 92.2): kept as measured.
template <typename T> constexpr int occupancy_blocks() {
  return sizeof(T) >= 4 ? tb::ours::blocks_bound(8) : 1;
}
template <typename T>
__global__ void __launch_bounds__(256, occupancy_blocks<T>())
    ours_tile16_occ(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, 1, false>(out, in, cols, rows, nreps);
}

// The edge tiles of aligned shapes in packets (EDGES), in column-major order or groups of tile
// rows or columns (ours_best takes either: tile16_order); the capped one is column-major, held
// to the plain tile's blocks an SM (tile16_plain_blocks).
template <typename T, unsigned GROUP, int LOADS = tb::ours::kLoadsPlain>
__global__ void __launch_bounds__(256)
    ours_tile16e(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, GROUP, false, 1, false, true, LOADS>(out, in, cols, rows, nreps);
}
template <typename T>
__global__ void __launch_bounds__(256, tb::ours::tile16_plain_blocks<T>())
    ours_tile16e_capped(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, tb::kColumnMajor, false, 1, false, true>(out, in, cols, rows, nreps);
}

template <typename T, unsigned GROUP, bool PERSISTENT>
__global__ void __launch_bounds__(256)
    ours_tile16u(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16u_body<T, GROUP, PERSISTENT>(out, in, cols, rows, nreps);
}

namespace {

// EDGES: 1 = edge tiles in packets, 2 = the same with the registers capped. LOADS (with
// EDGES 1): the tile's loads (tile16.cuh, kLoadsPlain and the rest).
template <unsigned GROUP, bool PERSISTENT = false, bool UNALIGNED = false, int MIN_R = 1,
          bool HINTS = false, bool OCC = false, int EDGES = 0, int LOADS = tb::ours::kLoadsPlain>
struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const std::size_t smem = tb::ours::Tile16<T, MIN_R>::kSmem;
    auto kernel = EDGES == 1   ? ours_tile16e<T, GROUP, LOADS>
                  : EDGES == 2 ? ours_tile16e_capped<T>
                  : OCC        ? ours_tile16_occ<T>
                  : UNALIGNED  ? ours_tile16u<T, GROUP, PERSISTENT>
                               : ours_tile16<T, GROUP, PERSISTENT, MIN_R, HINTS>;
    tb::allow_dynamic_smem(kernel, smem);
    unsigned blocks = tb::ours::tile16_blocks<T, MIN_R>(a);
    if (PERSISTENT) blocks = std::min(blocks, tb::resident_blocks(kernel, 256, smem));
    tb::launch_kernel(kernel, dim3(blocks), dim3(256), smem, a);
  }
};

std::string packet_note(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype);
  if (a.cols % v == 0 && a.rows % v == 0) return {};
  return fmt::format("rows and cols must be multiples of {} for 16-byte packets; ran the scalar "
                     "path everywhere",
                     v);
}

template <unsigned GROUP, bool PERSISTENT = false, bool UNALIGNED = false, int MIN_R = 1,
          bool HINTS = false, bool OCC = false, int EDGES = 0, int LOADS = tb::ours::kLoadsPlain>
bool add(const char* id, const char* name, int order) {
  const std::string walk =
      GROUP == tb::kColumnMajor ? std::string("column-major block order")
      : (GROUP & tb::kColumnGroupsBit)
          ? fmt::format("groups of {} tile columns", GROUP & ~tb::kColumnGroupsBit)
      : GROUP > 1 ? fmt::format("groups of {} tile rows", GROUP)
                  : std::string("row-major block order");
  return tb::register_kernel(
      tb::kernel(
          id, tb::Family::ours, name,
          tb::launcher<Launch<GROUP, PERSISTENT, UNALIGNED, MIN_R, HINTS, OCC, EDGES, LOADS>>())
          .source(tb::ours::kSource)
          .summary(
              fmt::format("16-byte {}tile, {}, {}{}{}{}{}{}{}", UNALIGNED ? "unaligned-row " : "",
                          walk, PERSISTENT ? "persistent grid" : "one block a tile",
                          HINTS ? ", streaming cache hints" : "",
                          MIN_R > 1 ? fmt::format(", at least {} packets in flight", MIN_R) : "",
                          OCC ? ", registers capped for full occupancy" : "",
                          EDGES ? ", edge tiles in packets" : "",
                          EDGES == 2 ? ", registers of the plain tile" : "",
                          LOADS == tb::ours::kLoadsPiece256
                              ? ", each load fetching its whole 256-byte piece into the L2"
                              : ""))
          .output(tb::Output::transpose)
          .geometry(64, 64, 256, 1) // fp32: 64 x 64; in general 16V x 16V elements
          .order(order)
          .suites({"best"})
          .note(UNALIGNED ? std::function<std::string(const tb::LaunchArgs&)>() : packet_note)
          .expect(tb::on_packet_rows(tb::between(tb::Figure::load_sectors_per_request, 15, 16.5,
                                                 "each lane loads one aligned 16-byte packet")))
          .expect(tb::on_packet_rows(tb::between(tb::Figure::store_sectors_per_request, 15, 16.5,
                                                 "each lane stores one aligned 16-byte packet"))));
}

[[maybe_unused]] const bool registered =
    add<1>("ours_tile16", "Ours: 16B tile, row-major order", 1) &&
    add<8>("ours_tile16_g8", "Ours: 16B tile, groups of 8", 2) &&
    add<32>("ours_tile16_g32", "Ours: 16B tile, groups of 32", 3) &&
    add<1, true>("ours_tile16_persistent", "Ours: 16B tile, persistent grid", 4) &&
    add<1, false, true>("ours_tile16_unaligned", "Ours: 16B unaligned-row tile", 5) &&
    add<1, true, true>("ours_tile16_unaligned_persistent",
                       "Ours: 16B unaligned-row tile, persistent", 6) &&
    add<1, false, false, 1, true>("ours_tile16_hints", "Ours: 16B tile, streaming hints", 7) &&
    add<1, false, false, 4, true>("ours_tile16_hints_r4", "Ours: 16B tile, hints, 4+ packets", 8) &&
    add<tb::kColumnMajor>("ours_tile16_colmajor", "Ours: 16B tile, column-major order", 11) &&
    add<1, false, false, 8>("ours_tile16_r8", "Ours: 16B tile, 8+ packets (taller tile)", 12) &&
    add<tb::kColumnMajor, false, false, 8>("ours_tile16_colmajor_r8",
                                           "Ours: 16B tile, column-major, 8+ packets", 21) &&
    add<tb::kColumnMajor, false, false, 16>("ours_tile16_colmajor_r16",
                                            "Ours: 16B tile, column-major, 16+ packets", 22) &&
    add<1, false, false, 1, false, true>("ours_tile16_occ", "Ours: 16B tile, full occupancy", 13) &&
    add<tb::column_groups(4)>("ours_tile16_cg4", "Ours: 16B tile, groups of 4 columns", 16) &&
    add<tb::kColumnMajor, false, false, 1, false, false, 1>(
        "ours_tile16_edges", "Ours: 16B tile, column-major, packet edges", 17) &&
    add<8, false, false, 1, false, false, 1>("ours_tile16_edges_g8",
                                             "Ours: 16B tile, groups of 8, packet edges", 19) &&
    add<tb::kColumnMajor, false, false, 1, false, false, 1, tb::ours::kLoadsPiece256>(
        "ours_tile16_edges_piece", "Ours: 16B tile, column-major, packet edges, 256-byte pieces",
        23) &&
    add<8, false, false, 1, false, false, 1, tb::ours::kLoadsPiece256>(
        "ours_tile16_edges_g8_piece", "Ours: 16B tile, groups of 8, packet edges, 256-byte pieces",
        24) &&
    add<tb::column_groups(4), false, false, 1, false, false, 1>(
        "ours_tile16_edges_cg4", "Ours: 16B tile, groups of 4 columns, packet edges", 20) &&
    add<tb::kColumnMajor, false, false, 1, false, false, 2>(
        "ours_tile16_edges_capped", "Ours: 16B tile, packet edges, capped", 18);

} // namespace
