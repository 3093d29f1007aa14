// The halo tile (halo.cuh, tile16h_one) at half height for 1- and 2-byte elements: tiles of
// 8V rows x 16V columns (u8 128 x 256, fp16 64 x 128) and the V halo rows above them, each row
// group's four word passes shared by two threads. Half the shared memory and half the packets
// in flight a block, at the same registers a thread; the halo is V rows of every 8V.
#include "kernels/ours/halo.cuh"

template <typename T>
__global__ void __launch_bounds__(256, tb::ours::halo_blocks<T>())
    ours_tile16_halo_short(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16h_body<T, 2>(out, in, cols, rows, nreps);
}

namespace {

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    const std::size_t smem = tb::ours::HaloTile<T, 2>::kSmem;
    tb::allow_dynamic_smem(ours_tile16_halo_short<T>, smem);
    tb::launch_kernel(ours_tile16_halo_short<T>, dim3(tb::ours::halo_tiles<T, 2>(a)), dim3(256),
                      smem, a);
  }
};

using Bytes = tb::dtype_list<tb::DType::fp16, tb::DType::bf16, tb::DType::u8>;

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_tile16_halo_short", tb::Family::ours,
               "Ours: 16B tile, whole output packets (halo), half height",
               tb::launcher<Launch, Bytes>())
        .source(tb::ours::kSource)
        .summary("the halo tile at 8V x 16V elements for 1- and 2-byte types, two threads to a "
                 "row group's word passes: half the shared memory a block")
        .output(tb::Output::transpose)
        .geometry(128, 64, 256, 1) // fp16: 128 columns x 64 rows (+8 halo rows); u8 256 x 128
        .order(15)
        .suites({"best"}));

} // namespace
