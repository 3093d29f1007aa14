// Simple Copy (whitepaper: `copy`). The ceiling every transpose is measured against: each warp
// reads one 32-element row segment of a tile and writes it to the same place, so both the loads
// and the stores are fully coalesced. Whatever a transpose loses against this kernel is the
// price of moving data across rows.
#include "kernels/whitepaper_tile.cuh"

template <typename T>
__global__ void simple_copy(T* odata, const T* idata, int width, int height, int nreps) {
  tb::wp::direct_tile<T, /*TRANSPOSE=*/false>(odata, idata, width, height, nreps);
}

TB_WHITEPAPER_KERNEL(simple_copy, "Simple Copy", 0, tb::Output::copy,
                     "coalesced reads and writes, no shared memory: the copy ceiling",
                     "copy")
