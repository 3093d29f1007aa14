// The body of our copy kernels (copy.cu) and of the copy path of ours_best.
#pragma once

#include "kernels/ours/common.cuh"

namespace tb::ours {

// Copy: each thread moves U 16-byte packets, U loads in flight before the stores; the
// elements past the last whole packet are copied by block 0. PERSISTENT: a grid of one wave
// whose blocks loop over the chunks of kThreads * U packets.
template <typename T, int U, bool PERSISTENT, bool HINTS = false>
__device__ __forceinline__ void copy_body(T* __restrict__ out, const T* __restrict__ in,
                                          long long n, int nreps) {
  constexpr int V = Pack16<T>::kCount;
  const long long packets = n / V;
  const long long chunks = (packets + kThreads * U - 1) / (kThreads * U);
  for (int r = 0; r < nreps; ++r) {
    for (long long chunk = blockIdx.x; chunk < chunks; chunk += PERSISTENT ? gridDim.x : chunks) {
      const long long base = chunk * kThreads * U + threadIdx.x;
      uint4 v[U];
#pragma unroll
      for (int k = 0; k < U; ++k)
        if (base + k * kThreads < packets)
          v[k] = HINTS ? load16_stream(in + (base + k * kThreads) * V)
                       : *reinterpret_cast<const uint4*>(in + (base + k * kThreads) * V);
#pragma unroll
      for (int k = 0; k < U; ++k)
        if (base + k * kThreads < packets) {
          if (HINTS)
            store16_stream(out + (base + k * kThreads) * V, v[k]);
          else
            *reinterpret_cast<uint4*>(out + (base + k * kThreads) * V) = v[k];
        }
    }
    if (blockIdx.x == 0)
      for (long long e = packets * V + threadIdx.x; e < n; e += kThreads) out[e] = in[e];
  }
}

template <typename T, int U> unsigned copy_blocks(long long n) {
  const long long packets = n / Pack16<T>::kCount;
  return static_cast<unsigned>(std::max(1LL, (packets + kThreads * U - 1) / (kThreads * U)));
}

} // namespace tb::ours
