// Device-side helpers of the timing loop (harness/measure.cpp), kept out of the kernels'
// registry: they are part of how a sample is taken, not something that is measured.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

namespace tb {

// Reads `bytes` (a multiple of 16, 16-byte aligned) of device memory through the L2. After an
// overwrite of twice the L2, reading it all back evicts the dirty lines the overwrite left, so
// the L2 ends up holding clean lines of the flush buffer only.
void read_through_l2(const void* buf, std::size_t bytes, cudaStream_t s);

} // namespace tb
