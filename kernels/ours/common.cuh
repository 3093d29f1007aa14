// What our own kernels (family "ours") share. The transposes build on what the measurements of
// the articles' kernels showed on Hopper:
//  - every global access moves 16 bytes, whatever sizeof(T) (V = 16 / sizeof(T) elements);
//  - each thread has several independent 16-byte loads in flight before its first store;
//  - the shared tile is addressed in 16-byte chunks with an XOR swizzle instead of padding,
//    so shared stores and loads stay 16 bytes wide and conflict-free; the V x V transpose
//    of the elements happens in registers;
//  - the blocks running at one time read and write long contiguous spans of DRAM (block
//    orders in kernels/block_order.hpp).
// One header per strategy beside this one (copy, tile16, tile16_unaligned, realign, halo, staged,
// scalar, skinny, narrow, padded, words), one .cu file per strategy registering its variants, and
// best.cu, the dispatcher.
#pragma once

#include "harness/core/kernel_api.cuh"
#include "kernels/block_order.hpp"
#include "kernels/ours/dram_peak.hpp"
#include "kernels/vector_pack.cuh"

namespace tb::ours {

inline constexpr int kThreads = 256;

// A launch bound's blocks an SM of kThreads, held to what the GPU compiled for can hold: 4 on
// sm_75 (1024 threads an SM), 6 on sm_86 and sm_89 (1536), 8 from sm_80 and sm_90 (2048). Above
// it ptxas ignores the bound with a warning (an error under -Werror). Host code sees 8.
__host__ __device__ constexpr int blocks_bound(int want) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  constexpr int most = 4;
#elif defined(__CUDA_ARCH__) &&                                                                    \
    (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || __CUDA_ARCH__ == 890)
  constexpr int most = 6;
#else
  constexpr int most = 8;
#endif
  return want < most ? want : most;
}

inline const char* kSource = "transpose_bench: our own kernels (docs/perf-notes.md)";

// Word j of a packet (j is a compile-time constant after unrolling).
__device__ __forceinline__ unsigned word(const uint4& v, int j) {
  return j == 0 ? v.x : j == 1 ? v.y : j == 2 ? v.z : v.w;
}

// One tile a block, nreps times, for tile functions that keep their tile in dynamic shared memory.
template <typename T, void (*ONE)(T*, const T*, int, int, unsigned, unsigned char*)>
__device__ __forceinline__ void one_tile_body(T* __restrict__ out, const T* __restrict__ in,
                                              int cols, int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  for (int r = 0; r < nreps; ++r) {
    ONE(out, in, cols, rows, blockIdx.x, smem_raw);
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

} // namespace tb::ours
