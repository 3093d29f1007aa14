// Our scalar grid tile (kernels/ours/scalar.cuh): the scalar tile's accesses with each output
// row's segment moved back onto the 256-byte grid of the address space, its rows copied to shared
// memory by cp.async. For elements whose output rows are not whole 16-byte packets: there the
// scalar tile's segments start anywhere in the grid's pieces, and the pieces at a segment's ends
// are written in parts by two blocks. 64 input columns by two pieces of each output row a block
// (measured against 32 columns by four pieces, three and four pieces, and columns shared evenly
// by the tile columns: docs/perf-notes.md), in column-major block order or groups of 8 tile rows.
// fp64 in element units. For fp32 element units (4-byte copies, 128 bytes a warp instruction) lost
// 2.7 to 25 points to ours_best on the H200; in 8-byte units (_wide: two columns a copy, two rows
// of an output row a store) fp32 gained up to 7.8 where ours_best ran the halo tile, while fp16
// (four shared loads a store) lost up to 11.5 and u8 up to 22; with phase 2's loads at constant
// offsets and 1-byte rows in pairs (no bank conflicts) u8 gained 2.4 to 8.5 and 0.4 to 2.3 on the
// H200, and ours_best takes it at 64 channels (scalar_grid_bytes_win). _need copies only the halo
// rows that a unit's columns store: within a point of _wide, mostly below it (H200); 1.8 to 5.0
// below it in u8 since the pairs.
#include "kernels/ours/scalar.cuh"

#include <fmt/format.h>

// UB: the unit's bytes (ScalarGrid); NEED: only the shared rows a unit's columns store.
template <typename T, unsigned GROUP, int UB = static_cast<int>(sizeof(T)), bool NEED = false>
__global__ void __launch_bounds__(256, tb::ours::blocks_bound(4))
    ours_tile_scalar_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile_scalar_grid_body<T, 64, 2, GROUP, UB, NEED>(out, in, cols, rows, nreps);
}

namespace {

template <unsigned GROUP> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::ours::launch_tile_scalar_grid<T, 64, 2>(a, ours_tile_scalar_grid<T, GROUP>);
  }
};

// 8-byte units where the input rows are whole units (grid_units_fit), element units elsewhere;
// the block order ours_best gives the scalar tile (tile_scalar_order).
template <bool NEED> struct LaunchWide {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const auto go = [&](auto group) {
      constexpr unsigned G = decltype(group)::value;
      constexpr int ES = static_cast<int>(sizeof(T));
      if (tb::ours::grid_units_fit<T>(a.cols))
        tb::ours::launch_tile_scalar_grid<T, 64, 2>(a, ours_tile_scalar_grid<T, G, 8, NEED>);
      else
        tb::ours::launch_tile_scalar_grid<T, 64, 2>(a, ours_tile_scalar_grid<T, G, ES, NEED>);
    };
    if (tb::ours::tile_scalar_order(a.cols) == 8u)
      go(std::integral_constant<unsigned, 8u>{});
    else
      go(std::integral_constant<unsigned, tb::kColumnMajor>{});
  }
};

using Types = tb::dtype_list<tb::DType::fp64>;
using Wide = tb::dtype_list<tb::DType::fp32, tb::DType::fp16, tb::DType::bf16, tb::DType::u8,
                            tb::DType::fp64>;

// One registry entry of this file: the tile's geometry, suite and source, its launch and summary.
template <class LAUNCH>
bool add(const char* id, const char* name, int order, LAUNCH launch, std::string summary) {
  return tb::register_kernel(tb::kernel(id, tb::Family::ours, name, std::move(launch))
                                 .source(tb::ours::kSource)
                                 .summary(std::move(summary))
                                 .output(tb::Output::transpose)
                                 .geometry(64, 64, 32, 8)
                                 .order(order)
                                 .suites({"best"}));
}

template <unsigned GROUP> bool add_fp64(const char* id, const char* name, int order) {
  return add(id, name, order, tb::launcher<Launch<GROUP>, Types>(),
             fmt::format("fp64: element accesses, each output row's segment moved back onto the "
                         "256-byte grid (halo rows above), 64 input columns by two 256-byte "
                         "pieces a block, copied to shared memory by cp.async, {}",
                         GROUP == tb::kColumnMajor ? std::string("column-major block order")
                                                   : fmt::format("groups of {} tile rows", GROUP)));
}

template <bool NEED> bool add_wide(const char* id, const char* name, int order) {
  return add(id, name, order, tb::launcher<LaunchWide<NEED>, Wide>(),
             fmt::format("each output row's segment moved back onto the 256-byte grid (halo rows "
                         "above), 64 input columns by two 256-byte pieces a block, copied to "
                         "shared memory by cp.async in 8-byte units where input rows are whole "
                         "units (a store: 8 bytes of an output row, a half-warp's a 128-byte "
                         "line), elements elsewhere, ours_best's order for the scalar tile{}",
                         NEED ? "; only the halo rows a unit's columns store are copied" : ""));
}

[[maybe_unused]] const bool registered =
    add_fp64<tb::kColumnMajor>("ours_tile_scalar_grid", "Ours: scalar tile on the 256-byte grid",
                               16) &&
    add_fp64<8>("ours_tile_scalar_grid_g8", "Ours: scalar tile on the grid, groups of 8", 17) &&
    add_wide<false>("ours_tile_scalar_grid_wide", "Ours: scalar grid tile, 8-byte units", 18) &&
    add_wide<true>("ours_tile_scalar_grid_need", "Ours: scalar grid tile, rows a unit needs", 19);

} // namespace
