// Launch helpers shared by the kernel study's one-dimensional kernels (one thread per element,
// or per `per_thread` elements, 256 threads per block).
#pragma once

#include "harness/core/kernel_api.cuh"

namespace tb::study {

inline dim3 grid_1d(const LaunchArgs& a, long long per_thread) {
  const long long n = static_cast<long long>(a.rows) * a.cols;
  const long long blocks = (n + 256 * per_thread - 1) / (256 * per_thread);
  if (blocks > 2147483647LL) throw std::invalid_argument("matrix too large for a 1-D grid");
  return dim3(static_cast<unsigned>(blocks));
}

// Global thread index, 64-bit: blockIdx.x * blockDim.x overflows 32 bits past 4G threads.
__device__ __forceinline__ unsigned long long thread_1d() {
  return static_cast<unsigned long long>(blockIdx.x) * blockDim.x + threadIdx.x;
}

} // namespace tb::study
