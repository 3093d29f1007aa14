// The narrow tile (narrow.cu; ours_best where docs/perf-notes.md measured it ahead): the 16-byte
// tile's V x V register transpose for a matrix whose short side s is a whole number of packets
// but less than a tile, NC = s / V of them (1, 2, 4 or 8), and whose long side L is a multiple
// of V, so that every row starts on a 16-byte boundary.
//  - A block takes W = (256 / NC)·V consecutive positions of the long side and all s positions
//    of the short side, like the skinny path: on the interleaved side (L x s) that is one
//    contiguous span of W·s elements, 256·V packets; on the planar side (s x L) s row segments
//    of W elements.
//  - Thread (g, c), g = tid % (256 / NC), c = tid / (256 / NC), owns the V x V block of planar
//    rows c·V .. c·V + V - 1 and positions g·V .. g·V + V - 1: V packets of the planar side, V
//    packets of the interleaved side (positions g·V + j, packet c of each), transposed into one
//    another in registers (transpose_packet, as the 16-byte tile does).
//  - The planar side is read or written by the owners, one 16-byte access a planar row and
//    consecutive lanes on consecutive positions: 512 contiguous bytes a warp instruction (256 at
//    NC = 8). The interleaved side goes through shared memory, read or written in order by
//    consecutive lanes: packet p of the span is p / NC's packet p % NC.
//  - Interleave (s x L -> L x s): owners load, transpose, put packets in shared memory; then all
//    threads store the span. De-interleave: all threads load the span into shared memory; then
//    owners read their V packets, transpose and store them into the planar rows.
// So each element passes shared memory once, as 16-byte accesses, where the skinny path's gather
// reads it element by element (1- and 2-byte types: 8 to 16 shared loads a packet).
// Shared slot of packet p: p ^ (p / (V·NC) mod 8). The span's lanes (consecutive p, aligned
// groups of 8 inside one V·NC block) and the owners' lanes (p = g·V·NC + const, consecutive g)
// each hit 8 different 16-byte bank groups per 8 lanes, provided V·NC is a multiple of 8: fp32
// from NC = 2 on, fp64 from NC = 4.
#pragma once

#include "kernels/ours/grid_layout.hpp"
#include "kernels/ours/tile16.cuh"

#include <type_traits>

namespace tb::ours {

template <typename T, int NC> struct Narrow {
  static constexpr int V = Pack16<T>::kCount;
  static constexpr int RG = kThreads / NC; // owners a packet column: V positions each
  static constexpr int W = RG * V;         // long-side positions a block
  static constexpr std::size_t kSmem = static_cast<std::size_t>(kThreads) * V * 16;
  static_assert(NC == 1 || NC == 2 || NC == 4 || NC == 8, "NC divides the block's 256 threads");
  static_assert(V * NC % 8 == 0, "the swizzle needs V * NC to be a multiple of 8");
  static constexpr int BLOCK = V * NC; // packets of one owner's positions: V·NC
  // The slot of packet p, p ^ (p / BLOCK mod 8), spelled so that the compiler sees what varies
  // with the unrolled index i: owner g's packet k (< BLOCK), and the span's packet tid + 256·i.
  __device__ static int owner_slot(int g, int k) { return g * BLOCK + (k ^ (g & 7)); }
  __device__ static int span_slot(int tid, int i) {
    return i * kThreads + (tid ^ ((tid / BLOCK + i * (kThreads / BLOCK)) & 7));
  }
};

// Whether the narrow tile takes a shape: rows and cols multiples of V, the short side 1, 2, 4 or 8
// packets with V·NC a multiple of 8 (V = 16 / element size). Returns NC, or 0.
__host__ __device__ constexpr int narrow_packets(int V, int rows, int cols) {
  if (rows % V != 0 || cols % V != 0) return 0;
  const int nc = (rows < cols ? rows : cols) / V;
  if (nc != 1 && nc != 2 && nc != 4 && nc != 8) return 0;
  return V * nc % 8 == 0 ? nc : 0;
}

template <typename T, int NC, bool INTERLEAVE>
__device__ __forceinline__ void narrow_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                           int rows, unsigned b, unsigned char* smem_raw) {
  using N = Narrow<T, NC>;
  constexpr int V = N::V, RG = N::RG;
  constexpr int ES = static_cast<int>(sizeof(T));
  const int L = INTERLEAVE ? cols : rows;
  const long long l0 = static_cast<long long>(b) * N::W;
  const int w = static_cast<int>(min(static_cast<long long>(N::W), L - l0)); // a multiple of V
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const int tid = threadIdx.x;
  const int g = tid % RG, c = tid / RG;
  const bool owner = g * V < w;
  // Planar row c·V + i at the owner's positions: planar + i·L; the interleaved span's packet p:
  // span + p·V (p = tid + i·256 below: one base and constant offsets).
  const long long planar = static_cast<long long>(c * V) * L + l0 + g * V;
  const long long span = l0 * (NC * V) + static_cast<long long>(tid) * V;

  if (INTERLEAVE) {
    if (owner) {
      uint4 a[V];
#pragma unroll
      for (int i = 0; i < V; ++i)
        a[i] = *reinterpret_cast<const uint4*>(in + planar + static_cast<long long>(i) * L);
        // Bytes in two stages (byte_column_paired): u8 at 32 x 4000000 and 64 x 2000000 90 -> 96%
        // of memcpy on the H200, +0.6 on the H100; the de-interleave below lost 0.3 to 0.9 with
        // them on both GPUs and keeps one select a pair (docs/perf-notes.md).
#pragma unroll
      for (int j = 0; j < V; ++j)
        tile[N::owner_slot(g, j * NC + c)] = transpose_packet<ES, true>(a, j);
    }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < V; ++i) {
      const int p = tid + i * kThreads;
      if (p / NC < w) store16_global(out + span + i * kThreads * V, tile[N::span_slot(tid, i)]);
    }
  } else {
    // Packets past the block's last position (its last block only) read the last one instead
    // and land in slots that no owner reads: no predicates on the loads.
    const int last = w * NC - 1;
    uint4 v[V];
#pragma unroll
    for (int i = 0; i < V; ++i) {
      const int p = min(tid + i * kThreads, last);
      v[i] = *reinterpret_cast<const uint4*>(in + span + (p - tid) * V);
    }
#pragma unroll
    for (int i = 0; i < V; ++i) tile[N::span_slot(tid, i)] = v[i];
    __syncthreads();
    if (owner) {
      uint4 a[V];
#pragma unroll
      for (int i = 0; i < V; ++i) a[i] = tile[N::owner_slot(g, i * NC + c)];
#pragma unroll
      for (int j = 0; j < V; ++j)
        store16_global(out + planar + static_cast<long long>(j) * L, transpose_packet<ES>(a, j));
    }
  }
}

// The de-interleave with each planar row's segment moved back onto the 256-byte grid
// (grid_layout.hpp), for planar rows whose length L x sizeof(T) is not a multiple of 256 bytes:
// planar row R's segment in block b is positions [l0 - shift(R), l0 + W - shift(R)), so that it
// starts on the grid and no 256-byte piece of it is written by two blocks. The block loads the
// span of positions [l0 - H, l0 + W), H = the largest shift (grid_halo: HG groups of V positions;
// shifts are whole groups, since L is a multiple of V), its first HG groups the halo the block
// before loads as its own. So W = NK V positions a block, NK = RG - HG rounded down to 16 groups
// (narrow_grid_own_groups: a whole number of 256-byte pieces, so that every block's segments
// start on the grid); the span is the narrow tile's 256 V packets, each owner one V x V block of
// it, as in narrow_one (the groups past HG + NK loaded for no store).
//  1. All threads load the span into shared memory (narrow_one's slots).
//  2. Owners read their V packets; then, after a barrier, store them transposed into the same
//     shared memory by planar rows: row R's RG packets at R RG .. R RG + RG - 1.
//  3. All threads store the segments: packet k < NK of row R from shared packet
//     HG - shift(R) / V + k, consecutive threads on consecutive packets of a row.
template <typename T, int NC, int HG>
__device__ __forceinline__ void
narrow_grid_deinterleave_one(T* __restrict__ out, const T* __restrict__ in, int rows, unsigned m,
                             unsigned b, unsigned char* smem_raw) {
  using N = Narrow<T, NC>;
  constexpr int V = N::V, RG = N::RG, ES = static_cast<int>(sizeof(T));
  constexpr int NK = narrow_grid_own_groups(RG, HG);
  static_assert(NK > 0, "the halo leaves the block groups of its own");
  const int L = rows;
  const long long l0 = static_cast<long long>(b) * NK * V;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const int tid = threadIdx.x;
  const int g = tid % RG, c = tid / RG;
  // Span packet p (position first + p / NC, its packet p % NC), positions clamped into the matrix:
  // those outside it are loaded for no store.
  const long long first = l0 - static_cast<long long>(HG) * V;
  uint4 v[V];
  if (first >= 0 && first + RG * V <= L) { // one base and constant offsets, as narrow_one
    const T* src = in + (first * NC + tid) * V;
#pragma unroll
    for (int i = 0; i < V; ++i) v[i] = *reinterpret_cast<const uint4*>(src + i * kThreads * V);
  } else {
#pragma unroll
    for (int i = 0; i < V; ++i) {
      const int p = tid + i * kThreads;
      const long long pos = first + p / NC;
      const long long at = pos < 0 ? p % NC : pos >= L ? (L - 1) * NC + p % NC : first * NC + p;
      v[i] = *reinterpret_cast<const uint4*>(in + at * V);
    }
  }
#pragma unroll
  for (int i = 0; i < V; ++i) tile[N::span_slot(tid, i)] = v[i];
  __syncthreads();
  uint4 a[V];
#pragma unroll
  for (int i = 0; i < V; ++i) a[i] = tile[N::owner_slot(g, i * NC + c)];
  __syncthreads();
#pragma unroll
  for (int j = 0; j < V; ++j) tile[(c * V + j) * RG + g] = transpose_packet<ES>(a, j);
  __syncthreads();
  constexpr int S = NC * V; // planar rows
  constexpr int ITER = (S * NK + kThreads - 1) / kThreads;
#pragma unroll 2
  for (int i = 0; i < ITER; ++i) {
    const int idx = tid + i * kThreads;
    if (S * NK % kThreads != 0 && idx >= S * NK) break;
    const int r = idx / NK, k = idx - r * NK;
    const int sh = grid_shift(static_cast<unsigned>(r), m, ES); // elements: whole groups
    const long long pos = l0 - sh + static_cast<long long>(k) * V;
    if (pos >= 0 && pos < L)
      store16_global(out + static_cast<long long>(r) * L + pos, tile[r * RG + HG - sh / V + k]);
  }
}

template <typename T, int NC, int HG>
__device__ __noinline__ void narrow_grid_tile(T* __restrict__ out, const T* __restrict__ in,
                                              int rows, unsigned m, unsigned b,
                                              unsigned char* smem_raw) {
  narrow_grid_deinterleave_one<T, NC, HG>(out, in, rows, m, b, smem_raw);
}

// HG: the halo's groups of V positions, grid_halo(m) / V (narrow_grid_halo_groups).
template <typename T, int NC, int HG>
__device__ __forceinline__ void narrow_grid_body(T* __restrict__ out, const T* __restrict__ in,
                                                 int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned m = grid_pitch_offset(rows, sizeof(T));
  for (int r = 0; r < nreps; ++r) {
    narrow_grid_tile<T, NC, HG>(out, in, rows, m, blockIdx.x, smem_raw);
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

// Blocks of a grid de-interleave (narrow_grid_blocks in grid_layout.hpp).
template <typename T, int NC> unsigned narrow_grid_blocks(int rows, int hg) {
  using N = Narrow<T, NC>;
  return static_cast<unsigned>(tb::ours::narrow_grid_blocks(rows, N::RG, hg, N::V));
}

// One tile a call, not inlined: inlined into the repetition loop, the compiler kept the addresses
// of one repetition live for the next (u8: 254 registers, where one tile alone takes 80-86).
template <typename T, int NC, bool INTERLEAVE>
__device__ __noinline__ void narrow_tile(T* __restrict__ out, const T* __restrict__ in, int cols,
                                         int rows, unsigned b, unsigned char* smem_raw) {
  narrow_one<T, NC, INTERLEAVE>(out, in, cols, rows, b, smem_raw);
}

template <typename T, int NC, bool INTERLEAVE>
__device__ __forceinline__ void narrow_body(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  for (int r = 0; r < nreps; ++r) {
    narrow_tile<T, NC, INTERLEAVE>(out, in, cols, rows, blockIdx.x, smem_raw);
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

// Blocks of a launch: one for every W positions of the long side.
template <typename T, int NC> unsigned narrow_blocks(int rows, int cols) {
  const long long L = rows > cols ? rows : cols;
  return static_cast<unsigned>((L + Narrow<T, NC>::W - 1) / Narrow<T, NC>::W);
}

// Calls f(std::integral_constant<int, HG>{}) for the grid de-interleave's halo groups hg
// (narrow_grid_halo_groups: 8, 12, 14 or 15; 0, on the grid, has no grid de-interleave).
template <typename F> void with_narrow_grid_halo(int hg, F&& f) {
  switch (hg) {
  case 8:
    return f(std::integral_constant<int, 8>{});
  case 12:
    return f(std::integral_constant<int, 12>{});
  case 14:
    return f(std::integral_constant<int, 14>{});
  default:
    return f(std::integral_constant<int, 15>{});
  }
}

// Launches a grid de-interleave of NC packets: kernel_for(std::integral_constant<int, HG>{}) gives
// the kernel (narrow_grid_body<T, NC, HG>) for the shape's halo groups, one block a span.
template <typename T, int NC, typename K>
void launch_narrow_grid(const LaunchArgs& a, K&& kernel_for) {
  with_narrow_grid_halo(narrow_grid_halo_groups(a.rows, static_cast<int>(sizeof(T))), [&](auto h) {
    constexpr int HG = decltype(h)::value;
    constexpr std::size_t smem = Narrow<T, NC>::kSmem;
    const TransposeKernel<T> kernel = kernel_for(h);
    allow_dynamic_smem(kernel, smem);
    launch_kernel(kernel, dim3(narrow_grid_blocks<T, NC>(a.rows, HG)), dim3(kThreads), smem, a);
  });
}

// Calls f(std::integral_constant<int, NC>{}) for NC = narrow_packets (1, 2, 4 or 8); the NCs
// that T cannot take are not instantiated.
template <typename T, typename F> void with_narrow_packets(int nc, F&& f) {
  const auto call = [&](auto k) {
    if constexpr (Pack16<T>::kCount * decltype(k)::value % 8 == 0) f(k);
  };
  switch (nc) {
  case 1:
    call(std::integral_constant<int, 1>{});
    break;
  case 2:
    call(std::integral_constant<int, 2>{});
    break;
  case 4:
    call(std::integral_constant<int, 4>{});
    break;
  default:
    call(std::integral_constant<int, 8>{});
    break;
  }
}

} // namespace tb::ours
