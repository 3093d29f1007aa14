// A kernel file that makes a mistake a kernel author can make: it registers an id that another
// file already uses. Linked into transpose_bench_duplicate_id only, never into the benchmark.
#include "harness/core/kernel_api.cuh"

template <typename T>
__global__ void simple_copy(T* out, const T* in, int cols, int rows, int nreps) {}

TB_REGISTER_KERNEL(simple_copy, tb::Family::ours, "Another Simple Copy",
                   [](auto type, const tb::LaunchArgs& a) {
                     tb::launch_tiles(simple_copy<TB_ELEMENT(type)>, 32, 32, dim3(32, 8), a);
                   })
    .source("tests")
    .summary("a duplicated id");
