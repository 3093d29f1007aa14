// The skinny path (skinny.cu, and ours_best for a short side below one tile): a matrix with a
// short side s and a long side L. Every block takes W consecutive positions of the long side
// and all s positions of the short side, so one side of its work is a single contiguous span
// of W·s elements (the interleaved side: L × s) and the other is s row segments of W elements
// (the planar side: s × L), each starting wherever k·L puts it.
//  - s × L → L × s interleaves s streams (coordinates, complex numbers, RGB planes into
//    pixels); L × s → s × L de-interleaves them. One kernel, two directions.
//  - Both sides move 16-byte packets. The planar side reads (or writes) the aligned packets
//    that cover each row segment and keeps them in shared memory as they are, one shared row
//    per segment, so a row that does not start on a 16-byte boundary costs nothing extra:
//    the segment simply starts m_k elements into its shared row.
//  - The interleaved side is one aligned span (W is a multiple of V = 16 / sizeof(T)). Each
//    thread gathers its packet's V elements from the shared rows (element u of the span is
//    row u % s, position u / s) and stores them with one 16-byte store; de-interleaving
//    scatters a loaded packet the same way.
//  - On the planar side's written rows, the packets at a segment's two ends are shared with
//    the neighbouring blocks: only their own elements are stored, one by one.
// W is chosen so that a block's data is about 16 KB: one 16-byte packet for each of the 256
// threads four times, all four loads in flight before any store.
#pragma once

#include "kernels/ours/common.cuh"

#include <stdexcept>

namespace tb::ours {

template <int N> struct bits_of;
template <> struct bits_of<1> { using type = unsigned char; };
template <> struct bits_of<2> { using type = unsigned short; };
template <> struct bits_of<4> { using type = unsigned; };
template <> struct bits_of<8> { using type = unsigned long long; };

template <typename T> union Packet {
  static constexpr int V = static_cast<int>(16 / sizeof(T));
  using E = typename bits_of<sizeof(T)>::type;
  uint4 v;
  E e[V];
};

struct Skinny {
  static constexpr int kTileBytes = 16 * 1024;
  static constexpr int kLoads = 4;       // 16-byte loads in flight per thread
  static constexpr int kMaxShort = 1024; // a short side up to this fits 32 KB of shared memory
};

// Long-side positions a block: about kTileBytes of data, a multiple of V, at least V.
template <typename T> __host__ __device__ constexpr int skinny_width(int s) {
  constexpr int V = static_cast<int>(16 / sizeof(T));
  const int w = Skinny::kTileBytes / (s * static_cast<int>(sizeof(T))) / V * V;
  return w > V ? w : V;
}
// Elements a shared row: the segment, up to V-1 elements of misalignment before it, and the
// rest of the last packet after it.
template <typename T> __host__ __device__ constexpr int skinny_row(int s) {
  return skinny_width<T>(s) + static_cast<int>(16 / sizeof(T));
}

// One block's W × s piece. INTERLEAVE: in is s × L (planar), out is L × s (interleaved);
// otherwise in is L × s and out is s × L.
template <typename T, bool INTERLEAVE>
__device__ __forceinline__ void skinny_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                           int rows, unsigned b, unsigned char* smem_raw) {
  using P = Packet<T>;
  using E = typename P::E;
  constexpr int V = P::V;
  constexpr int U = Skinny::kLoads;
  const int s = INTERLEAVE ? rows : cols;
  const int L = INTERLEAVE ? cols : rows;
  const int W = skinny_width<T>(s);
  const int RS = skinny_row<T>(s);
  const int l0 = static_cast<int>(b) * W;
  const int w = min(W, L - l0); // positions this block holds
  const long long total = static_cast<long long>(rows) * cols;
  E* tile = reinterpret_cast<E*>(smem_raw);
  const E* src = reinterpret_cast<const E*>(in);
  E* dst = reinterpret_cast<E*>(out);
  // Offset of planar row k's segment from the 16-byte grid, in elements (only the low bits of
  // k·L + l0 matter, so 32-bit arithmetic that wraps is exact).
  const unsigned lmod = static_cast<unsigned>(L) & (V - 1);
  auto mis = [&](int k) {
    return static_cast<int>((static_cast<unsigned>(k) * lmod + static_cast<unsigned>(l0)) &
                            (V - 1));
  };
  // Planar side: packet slot i is packet p of row k; its first element is at flat index
  // start(k) + p·V and at shared index k·RS + p·V.
  const int per_row = W / V + 1;
  const int slots = s * per_row;
  auto planar_start = [&](int k) { return static_cast<long long>(k) * L + l0 - mis(k); };
  // Interleaved side: the span [l0·s, (l0 + w)·s).
  const long long f0 = static_cast<long long>(l0) * s;
  const int n = w * s;
  const int packets = (n + V - 1) / V;

  if (INTERLEAVE) {
    // Phase 1: the planar rows' packets into shared memory, as they are.
    for (int i0 = threadIdx.x; i0 < slots; i0 += kThreads * U) {
      P v[U];
#pragma unroll
      for (int u = 0; u < U; ++u) {
        const int i = i0 + u * kThreads;
        if (i >= slots) break;
        const int k = i / per_row, p = i - k * per_row;
        if (p * V >= mis(k) + w) continue; // past the segment
        const long long g = planar_start(k) + p * V;
        if (g + V <= total) {
          v[u].v = *reinterpret_cast<const uint4*>(src + g);
        } else { // the matrix's last, partial packet
#pragma unroll
          for (int j = 0; j < V; ++j) v[u].e[j] = g + j < total ? src[g + j] : E{};
        }
      }
#pragma unroll
      for (int u = 0; u < U; ++u) {
        const int i = i0 + u * kThreads;
        if (i >= slots) break;
        const int k = i / per_row, p = i - k * per_row;
        if (p * V >= mis(k) + w) continue;
        *reinterpret_cast<uint4*>(tile + k * RS + p * V) = v[u].v;
      }
    }
    __syncthreads();
    // Phase 2: gather each output packet from the shared rows, one 16-byte store.
    for (int q = threadIdx.x; q < packets; q += kThreads) {
      const int u0 = q * V;
      int l = u0 / s, k = u0 - l * s;
      P o;
#pragma unroll
      for (int j = 0; j < V; ++j) {
        o.e[j] = tile[k * RS + mis(k) + l];
        if (++k == s) k = 0, ++l;
      }
      if (u0 + V <= n) {
        *reinterpret_cast<uint4*>(dst + f0 + u0) = o.v;
      } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (u0 + j < n) dst[f0 + u0 + j] = o.e[j];
      }
    }
  } else {
    // Phase 1: the interleaved span, U packets in flight, scattered into the shared rows.
    for (int q0 = threadIdx.x; q0 < packets; q0 += kThreads * U) {
      P v[U];
#pragma unroll
      for (int u = 0; u < U; ++u) {
        const int q = q0 + u * kThreads;
        if (q >= packets) break;
        const long long g = f0 + static_cast<long long>(q) * V;
        if (g + V <= total) {
          v[u].v = *reinterpret_cast<const uint4*>(src + g);
        } else {
#pragma unroll
          for (int j = 0; j < V; ++j) v[u].e[j] = g + j < total ? src[g + j] : E{};
        }
      }
#pragma unroll
      for (int u = 0; u < U; ++u) {
        const int q = q0 + u * kThreads;
        if (q >= packets) break;
        const int u0 = q * V;
        int l = u0 / s, k = u0 - l * s;
#pragma unroll
        for (int j = 0; j < V; ++j) {
          if (u0 + j < n) tile[k * RS + mis(k) + l] = v[u].e[j];
          if (++k == s) k = 0, ++l;
        }
      }
    }
    __syncthreads();
    // Phase 2: the shared rows out as aligned packets; the two end packets of each segment are
    // shared with the neighbouring blocks, so only this block's elements of those are stored.
    for (int i = threadIdx.x; i < slots; i += kThreads) {
      const int k = i / per_row, p = i - k * per_row;
      const int first = p * V - mis(k); // segment position of the packet's element 0
      if (first >= w) continue;
      const long long g = planar_start(k) + p * V;
      const E* t = tile + k * RS + p * V;
      if (first >= 0 && first + V <= w) {
        *reinterpret_cast<uint4*>(dst + g) = *reinterpret_cast<const uint4*>(t);
      } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (first + j >= 0 && first + j < w) dst[g + j] = t[j];
      }
    }
  }
}

template <typename T, bool INTERLEAVE>
__device__ __forceinline__ void skinny_body(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  for (int r = 0; r < nreps; ++r) {
    skinny_one<T, INTERLEAVE>(out, in, cols, rows, blockIdx.x, smem_raw);
    __syncthreads(); // the next repetition (or nothing) reuses the shared rows
  }
}

// Host side: the direction, the grid and the shared memory of one launch.
template <typename T> struct SkinnyLaunch {
  bool interleave = true;
  unsigned blocks = 0;
  std::size_t smem = 0;
};
template <typename T> SkinnyLaunch<T> skinny_launch(int rows, int cols) {
  const int s = std::min(rows, cols), L = std::max(rows, cols);
  if (s > Skinny::kMaxShort)
    throw shape_not_supported("the skinny path takes a short side up to " +
                              std::to_string(Skinny::kMaxShort));
  SkinnyLaunch<T> g;
  g.interleave = rows <= cols;
  const int w = skinny_width<T>(s);
  g.blocks = static_cast<unsigned>((static_cast<long long>(L) + w - 1) / w);
  g.smem = static_cast<std::size_t>(s) * skinny_row<T>(s) * sizeof(T);
  return g;
}

} // namespace tb::ours
