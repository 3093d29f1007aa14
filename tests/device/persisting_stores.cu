// A store with an L2 eviction priority, for the test that the L2 flush evicts lines a kernel
// stored as persisting (evict_last): a kernel that stores its output so would otherwise leave
// part of it in L2 for the next kernel measured, which then writes fewer bytes to DRAM.
#include "harness/core/cuda_check.hpp"

#include <cuda_runtime.h>

#include <cstddef>

namespace {
// Every 16-byte packet of buf; where KEEP, those of every other 256-byte piece (the odd ones)
// with L2 priority evict_last, as a kernel that keeps the pieces it shares with its neighbours.
template <bool KEEP> __global__ void store_packets(uint4* buf, std::size_t n) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  unsigned long long policy = 0;
  if constexpr (KEEP) asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(policy));
#endif
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    const unsigned v = static_cast<unsigned>(i);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if (KEEP && (i >> 4 & 1) != 0) {
      asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %1, %1, %1}, %2;" ::"l"(buf + i),
                   "r"(v), "l"(policy)
                   : "memory");
      continue;
    }
#endif
    buf[i] = make_uint4(v, v, v, v);
  }
}
} // namespace

namespace tb::test {
// Writes `bytes` (a multiple of 16) of `buf`, every other 256-byte piece as persisting lines where
// `keep` (sm_80 and up).
void store_with_priority(void* buf, std::size_t bytes, bool keep, cudaStream_t s) {
  const std::size_t n = bytes / 16;
  if (keep)
    store_packets<true><<<1024, 256, 0, s>>>(static_cast<uint4*>(buf), n);
  else
    store_packets<false><<<1024, 256, 0, s>>>(static_cast<uint4*>(buf), n);
  TB_CUDA_CHECK_LAUNCH();
}
} // namespace tb::test
