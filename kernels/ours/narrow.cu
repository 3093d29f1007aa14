// Our narrow tile (narrow.cuh): a short side of 1, 2, 4 or 8 whole 16-byte packets, the long side
// a multiple of one; all of the short side and (256 / NC)·V positions of the long side a block,
// the V x V transposes in registers, each element through shared memory once as 16-byte
// accesses. Other shapes with a short side up to 1024 run the skinny path (noted); longer short
// sides are declined. The grid de-interleave (ours_narrow_grid, and _free as ptxas allocates it)
// moves each planar row's segment back onto the 256-byte grid where planar rows are off it
// (narrow_grid_deinterleave_one): ahead of the narrow tile at up to 4 packets for elements of 2
// bytes and more and at one for 1-byte ones on both GPUs, behind it at 8 packets on the H200
// (narrow_grid_wins in choices.hpp; docs/perf-notes.md).
#include "kernels/ours/narrow.cuh"
#include "kernels/ours/skinny.cuh"

#include <fmt/format.h>

template <typename T, int NC, bool INTERLEAVE>
__global__ void __launch_bounds__(256)
    ours_narrow(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::narrow_body<T, NC, INTERLEAVE>(out, in, cols, rows, nreps);
}

template <typename T, int S, bool INTERLEAVE>
__global__ void __launch_bounds__(256)
    ours_narrow_fallback(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::skinny_body<T, S, INTERLEAVE>(out, in, cols, rows, nreps);
}

// MINB 3: three blocks an SM (1-byte elements 80 registers, 16 bytes spilled); 1: as ptxas
// allocates them (94-100, two blocks).
template <typename T, int NC, int HG, int MINB>
__global__ void __launch_bounds__(256, MINB)
    ours_narrow_grid(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::narrow_grid_body<T, NC, HG>(out, in, rows, nreps);
}

namespace {

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const int nc = tb::ours::narrow_packets(tb::Pack16<T>::kCount, a.rows, a.cols);
    const bool interleave = a.rows <= a.cols;
    if (nc == 0) {
      const auto g = tb::ours::skinny_launch<T>(a.rows, a.cols, tb::ours::SkinnyPath::measured);
      tb::ours::with_skinny_side(g, [&](auto side) {
        constexpr int S = decltype(side)::value;
        const auto kernel =
            g.interleave ? ours_narrow_fallback<T, S, true> : ours_narrow_fallback<T, S, false>;
        tb::allow_dynamic_smem(kernel, g.smem);
        tb::launch_kernel(kernel, dim3(g.blocks), dim3(256), g.smem, a);
      });
      return;
    }
    tb::ours::with_narrow_packets<T>(nc, [&](auto k) {
      constexpr int NC = decltype(k)::value;
      using N = tb::ours::Narrow<T, NC>;
      const auto kernel = interleave ? ours_narrow<T, NC, true> : ours_narrow<T, NC, false>;
      tb::allow_dynamic_smem(kernel, N::kSmem);
      tb::launch_kernel(kernel, dim3(tb::ours::narrow_blocks<T, NC>(a.rows, a.cols)), dim3(256),
                        N::kSmem, a);
    });
  }
};

// Whether the grid de-interleave takes a shape: a narrow de-interleave into planar rows off the
// 256-byte grid (a halo of groups before each block's own).
bool grid_takes(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype), es = static_cast<int>(tb::dtype_size(a.dtype));
  return tb::ours::narrow_packets(v, a.rows, a.cols) != 0 && a.rows > a.cols &&
         tb::ours::narrow_grid_halo_groups(a.rows, es) != 0;
}

// The narrow tile's de-interleave with planar rows off the 256-byte grid, each row's segment moved
// back onto it (narrow_grid_deinterleave_one); the narrow tile itself elsewhere.
template <int MINB> struct LaunchGrid {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    if (!grid_takes(a)) return Launch::run<T>(a);
    const int nc = tb::ours::narrow_packets(tb::Pack16<T>::kCount, a.rows, a.cols);
    tb::ours::with_narrow_packets<T>(nc, [&](auto k) {
      constexpr int NC = decltype(k)::value;
      tb::ours::launch_narrow_grid<T, NC>(
          a, [](auto h) { return ours_narrow_grid<T, NC, decltype(h)::value, MINB>; });
    });
  }
};

std::string path_note(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype);
  const int s = std::min(a.rows, a.cols);
  const int nc = tb::ours::narrow_packets(v, a.rows, a.cols);
  if (nc == 0) {
    std::string sides;
    for (const int k : {1, 2, 4, 8})
      if (v * k % 8 == 0) sides += fmt::format("{}{}", sides.empty() ? "" : ", ", v * k);
    return fmt::format("narrow tile off: it takes rows and cols multiples of {} and a short side "
                       "of {}; ran the skinny path",
                       v, sides);
  }
  return fmt::format("{}: s = {} = {} packets", a.rows <= a.cols ? "interleave" : "de-interleave",
                     s, nc);
}

std::string grid_note(const tb::LaunchArgs& a) {
  const int es = static_cast<int>(tb::dtype_size(a.dtype));
  if (!grid_takes(a))
    return "planar rows on the grid, or not a narrow de-interleave: ran the narrow tile; " +
           path_note(a);
  return fmt::format("{}; planar rows {} mod 256 bytes, halo {} groups", path_note(a),
                     tb::ours::grid_pitch_offset(a.rows, es),
                     tb::ours::narrow_grid_halo_groups(a.rows, es));
}

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_narrow", tb::Family::ours, "Ours: narrow tile (short side 1-8 packets)",
               tb::launcher<Launch>())
        .source(tb::ours::kSource)
        .summary("aligned short side of 1, 2, 4 or 8 packets: the whole short side and "
                 "(256 / NC)·V positions a block, V x V transposes in registers, 16-byte "
                 "accesses to global and shared memory; other shapes the skinny path")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(18)
        .suites({"best"})
        .note(path_note)
        .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                               "every packet stored once, by one 16-byte store")))
        .expect(tb::on_packet_rows(
            tb::at_most(tb::Figure::load_sectors_over_needed, 1.1, "every packet loaded once"))));

template <int MINB> bool add_grid(const char* id, const char* name) {
  return tb::register_kernel(
      tb::kernel(id, tb::Family::ours, name, tb::launcher<LaunchGrid<MINB>>())
          .source(tb::ours::kSource)
          .summary(fmt::format(
              "the narrow tile's de-interleave with each planar row's segment moved back onto the "
              "256-byte grid (the halo positions before the block's own loaded with its span), "
              "transposed into shared memory by planar rows, {}; the narrow tile elsewhere",
              MINB == 1 ? std::string("as ptxas allocates it")
                        : fmt::format("{} blocks an SM", MINB)))
          .output(tb::Output::transpose)
          .geometry(0, 0, 256, 1)
          .order(18)
          .suites({"best"})
          .note(grid_note));
}

[[maybe_unused]] const bool registered_grid =
    add_grid<tb::ours::blocks_bound(3)>("ours_narrow_grid",
                                        "Ours: narrow tile, planar segments on the grid") &&
    add_grid<1>("ours_narrow_grid_free", "Ours: narrow tile, planar segments on the grid, free");

} // namespace
