// Vitamin-CUDA's shared-memory transposes (vitamin-cuda-float4-swizzle, sections 2 and 2.2):
// a 32x32 tile on 32x8 threads with a full-tile fast path and a bounds-checked edge path,
// unpadded (column reads conflict on banks) and padded to 33 columns. The access pattern is
// the whitepaper's coalesced / bank-conflict-free transpose, so both reuse its tile body.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void vitamin_smem(T* b, const T* a, int width, int height, int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/0, true, true, tb::CartesianOrder>(b, a, width, height, nreps);
}

template <typename T>
__global__ void vitamin_smem_bcf(T* b, const T* a, int width, int height, int nreps) {
  tb::wp::smem_tile<T, /*PAD=*/1, true, true, tb::CartesianOrder>(b, a, width, height, nreps);
}

namespace {
struct LaunchPlain {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::wp::launch(vitamin_smem<T>, a);
  }
};
struct LaunchPadded {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::wp::launch(vitamin_smem_bcf<T>, a);
  }
};
const char* kSource = "Vitamin-CUDA, [CUDA in Practice] Matrix Transpose: shared memory";
[[maybe_unused]] const bool registered_plain = tb::register_kernel(
    tb::spec<LaunchPlain>("vitamin_smem", "Vitamin Smem 32x32")
        .family(tb::Family::vitamin)
        .source(kSource)
        .summary("32x32 tile, 32x8 threads, fast/slow edge paths; unpadded (bank conflicts)")
        .output(tb::Output::transpose)
        .geometry(32, 32, 32, 8)
        .order(2));
[[maybe_unused]] const bool registered_padded = tb::register_kernel(
    tb::spec<LaunchPadded>("vitamin_smem_bcf", "Vitamin Smem 32x33 (padded)")
        .family(tb::Family::vitamin)
        .source(kSource)
        .summary("the same with the tile padded to 33 columns: conflict-free column reads")
        .output(tb::Output::transpose)
        .geometry(32, 32, 32, 8)
        .order(3));
} // namespace
