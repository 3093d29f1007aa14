// 16-byte packets of any element type, for kernels that move 16 bytes per global access
// whatever sizeof(T) is (4 fp32, 8 fp16/bf16, 2 fp64, 16 u8 per access).
#pragma once

#include <cstddef>

namespace tb {

template <typename T> struct alignas(16) Pack16 {
  static constexpr int kCount = static_cast<int>(16 / sizeof(T));
  T e[kCount];
};

template <typename T> __device__ __forceinline__ Pack16<T> load16(const T* p) {
  return *reinterpret_cast<const Pack16<T>*>(p);
}
template <typename T> __device__ __forceinline__ void store16(T* p, const Pack16<T>& v) {
  *reinterpret_cast<Pack16<T>*>(p) = v;
}

// Streaming 16-byte accesses for data touched once: loads bypass L1 and ask L2 for 256-byte
// fetches (sm_80 and up), stores are marked evict-first (.cs). Plain accesses on older GPUs.
__device__ __forceinline__ uint4 load16_stream(const void* p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  uint4 v;
  asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
      : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
      : "l"(p));
  return v;
#else
  return *reinterpret_cast<const uint4*>(p);
#endif
}
// A plain 16-byte load (through the L1) that asks the L2 to fetch the whole aligned 256-byte
// piece it lies in (sm_80 and up; a plain load on older GPUs): where a tile's row segments are
// off the 256-byte grid, each piece then comes from DRAM at once, not half for each of two tiles.
// Measured on an H200 (docs/perf-notes.md, 2026-11-28): the pieces do come from DRAM whole, so a
// walk that leaves a piece's other half for later reads it again (column-major tiles, fp16 64000
// x 1000: DRAM reads 0.755 of the bytes moved against 0.561, 78.6% of memcpy against 88.6); in
// groups of tile rows +0.4 to +0.8 where rows are off the grid and -1.2 where they are on it.
// No path of ours_best uses it.
__device__ __forceinline__ uint4 load16_piece256(const void* p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  uint4 v;
  asm("ld.global.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
      : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
      : "l"(p));
  return v;
#else
  return *reinterpret_cast<const uint4*>(p);
#endif
}
__device__ __forceinline__ void store16_stream(void* p, const uint4& v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("st.global.cs.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z),
               "r"(v.w)
               : "memory");
#else
  *reinterpret_cast<uint4*>(p) = v;
#endif
}

// A 16-byte copy from global to shared memory that does not pass through registers (cp.async,
// sm_80 and up), cached in L2 only (.cg) or, with L1, in L1 on its way too (.ca; where that
// pays: kernels/ours/skinny_layout.hpp, skinny_cached_copies); a thread's copies have landed
// after copy16_async_wait_all(). Both addresses 16-byte aligned. Older GPUs: a load and a store.
template <bool L1 = false>
__device__ __forceinline__ void copy16_async(void* smem, const void* gmem) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if constexpr (L1)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
  else
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
#else
  *reinterpret_cast<uint4*>(smem) = *reinterpret_cast<const uint4*>(gmem);
#endif
}
__device__ __forceinline__ void copy16_async_wait_all() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_all;" ::: "memory");
#endif
}

// A plain 16-byte store to global memory that stays one instruction. A uint4 assignment reaches
// the back end as four 32-bit stores that the compiler merges again where it can; in the narrow
// tile's de-interleave (2- to 8-byte types) it did not, and each warp store became four 32-bit
// stores of 16 sectors each (4x the store requests, 71% of memcpy for fp32 on an H200). The asm
// names no "memory" clobber (CUDA's __stwb does), so the compiler stays free to move other loads
// and stores across it: use it only for output that the kernel does not read back.
__device__ __forceinline__ void store16_global(void* p, const uint4& v) {
#if defined(__CUDA_ARCH__)
  asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z),
               "r"(v.w));
#else
  *reinterpret_cast<uint4*>(p) = v;
#endif
}

} // namespace tb
