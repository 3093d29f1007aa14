// The realigned tile (tile16_realign.cu): 16-byte accesses for rows at any offset.
#pragma once

#include "kernels/ours/packet_part.hpp" // store_packet_part
#include "kernels/ours/tile16.cuh"

namespace tb::ours {

// Bytes [o * ES, o * ES + 16) of the 32 bytes lo ‖ hi, for 0 <= o < 16 / ES: the 16-byte packet
// that starts o elements into `lo`. Runtime word selects and, for 1- and 2-byte elements,
// funnel shifts; everything stays in registers.
template <int ES>
__device__ __forceinline__ uint4 realign16(const uint4& lo, const uint4& hi, int o) {
  // Two conditional word shifts (by 2, then by 1) on named registers: an array indexed by the
  // runtime shift would be put in local memory.
  const int b = o * ES;
  unsigned a0 = lo.x, a1 = lo.y, a2 = lo.z, a3 = lo.w, a4 = hi.x, a5 = hi.y, a6 = hi.z, a7 = hi.w;
  if (b & 8) {
    a0 = a2;
    a1 = a3;
    a2 = a4;
    a3 = a5;
    a4 = a6;
    a5 = a7;
  }
  if constexpr (ES == 8) {
    return make_uint4(a0, a1, a2, a3);
  } else {
    if (b & 4) {
      a0 = a1;
      a1 = a2;
      a2 = a3;
      a3 = a4;
      a4 = a5;
    }
    if constexpr (ES == 4) {
      return make_uint4(a0, a1, a2, a3);
    } else {
      const unsigned sh = (b & 3) * 8;
      return make_uint4(__funnelshift_r(a0, a1, sh), __funnelshift_r(a1, a2, sh),
                        __funnelshift_r(a2, a3, sh), __funnelshift_r(a3, a4, sh));
    }
  }
}

// The bits of element k (a compile-time constant after unrolling) of a packet of ES-byte
// elements, taken with shifts (taking the packet's address would put it in local memory).
template <int ES> struct Bits;
template <> struct Bits<1> { using type = unsigned char; };
template <> struct Bits<2> { using type = unsigned short; };
template <> struct Bits<4> { using type = unsigned; };
template <> struct Bits<8> { using type = unsigned long long; };
template <int ES>
__device__ __forceinline__ typename Bits<ES>::type packet_bits(const uint4& v, int k) {
  using U = typename Bits<ES>::type;
  if constexpr (ES == 8)
    return static_cast<U>(word(v, 2 * k)) | static_cast<U>(word(v, 2 * k + 1)) << 32;
  else
    return static_cast<U>(word(v, k * ES / 4) >> (k * ES % 4 * 8));
}

// Bytes [lo, hi) of packet p, a proper part of it, stored to the 16-byte-aligned dst in aligned
// pieces of 1, 2, 4 and 8 bytes (packet_part.hpp).
__device__ __forceinline__ void store_packet_part(void* dst, const uint4& p, int lo, int hi) {
  store_packet_part(dst, p.x, p.y, p.z, p.w, lo, hi);
}

__device__ __forceinline__ void set_word(uint4& v, int i, unsigned x) {
  if (i == 0)
    v.x = x;
  else if (i == 1)
    v.y = x;
  else if (i == 2)
    v.z = x;
  else
    v.w = x;
}
// Sets element j (a compile-time constant after unrolling) of a packet of ES-byte elements.
template <int ES>
__device__ __forceinline__ void set_bits(uint4& v, int j, typename Bits<ES>::type x) {
  if constexpr (ES == 8) {
    set_word(v, 2 * j, static_cast<unsigned>(x));
    set_word(v, 2 * j + 1, static_cast<unsigned>(x >> 32));
  } else if constexpr (ES == 4) {
    set_word(v, j, x);
  } else {
    const int i = j * ES / 4, sh = j * ES % 4 * 8;
    constexpr unsigned m = ES == 1 ? 0xffu : 0xffffu;
    set_word(v, i, (word(v, i) & ~(m << sh)) | (static_cast<unsigned>(x) << sh));
  }
}

// A 16-byte load of the packet at flat element `at` (a multiple of 16 / sizeof(E)), or, where the
// matrix ends inside it, the elements that exist and zeros after them.
template <typename E>
__device__ __forceinline__ uint4 load_packet(const E* __restrict__ src, long long at,
                                             long long total) {
  constexpr int ES = static_cast<int>(sizeof(E)), V = 16 / ES;
  using U = typename Bits<ES>::type;
  if (at + V <= total) return *reinterpret_cast<const uint4*>(src + at);
  uint4 v = make_uint4(0, 0, 0, 0);
#pragma unroll
  for (int j = 0; j < V; ++j)
    if (at + j < total) set_bits<ES>(v, j, reinterpret_cast<const U*>(src)[at + j]);
  return v;
}

// The 16-byte transpose for rows that do not start on a 16-byte boundary (widths like 8193),
// with every global access still 16 bytes wide for whole tiles:
//  - phase 1 loads, for each tile row, the 16 aligned packets that start at or before the
//    row's first element, plus a 17th where the row is offset (o = first element mod V, the
//    17th goes through a small side array in shared memory); each thread rebuilds the packet
//    the tile row really holds from its own packet and its neighbour lane's (__shfl_down_sync)
//    with realign16 (word selects and funnel shifts by o), and stores it in the swizzled tile;
//  - phase 2 is the aligned tile's V x V transpose in registers, followed by one more
//    realignment for the output row's own offset, taking the previous row group's packet from
//    the neighbouring lane (__shfl_up_sync);
//  - whole output packets are stored with one 16-byte store; the part packets at either end
//    of an output row segment, which it shares with the neighbouring tiles, element by element.
// Tiles that are not whole take the aligned tile's element-wise path.
template <typename T>
__device__ __forceinline__ void tile16r_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, unsigned t, unsigned char* smem_raw) {
  using L = Tile16<T>;
  constexpr int V = L::V;
  constexpr int R = L::R; // == V
  constexpr int ES = static_cast<int>(sizeof(T));
  const unsigned tiles_x = (cols + L::COLS - 1) / L::COLS;
  const unsigned tiles = tiles_x * ((rows + L::ROWS - 1) / L::ROWS);
  // The last two tiles first: they may take the element-wise path, the slowest, which then
  // overlaps the bulk of the grid instead of trailing it.
  t = tiles >= 2 ? (t + tiles - 2) % tiles : t;
  // Tiles past the right or bottom edge are shifted back to end at it, so every tile is whole;
  // they redo a few rows or columns that their neighbour also writes, with the same values.
  const int x0 = min(static_cast<int>(t % tiles_x) * L::COLS, cols - L::COLS);
  const int y0 = min(static_cast<int>(t / tiles_x) * L::ROWS, rows - L::ROWS);
  // The element-wise path (on the unshifted tile) when the matrix is smaller than one tile,
  // and near the bottom-right corner, where the last row's 17th packet could run past the end.
  if (x0 < 0 || y0 < 0 || (y0 + L::ROWS == rows && x0 + L::COLS + V > cols)) {
    tile16_one<T, 1>(out, in, cols, rows, t, smem_raw);
    return;
  }
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  uint4* extra = tile + L::ROWS * L::CHUNKS; // the 17th packet of each offset row
  // Offsets in elements from the 16-byte grid; the low bits of a wrapped 32-bit product suffice.
  auto offset = [&](int row) {
    return static_cast<int>((static_cast<unsigned>(y0 + row) * static_cast<unsigned>(cols) +
                             static_cast<unsigned>(x0)) &
                            (V - 1));
  };
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS;
  // Phase 1: every load in flight before the first shared-memory store.
  uint4 v[R];
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const int row = i * 16 + lr;
    const long long s = static_cast<long long>(y0 + row) * cols + x0 - offset(row);
    v[i] = *reinterpret_cast<const uint4*>(in + s + lc * V);
  }
  if (tid < L::ROWS) { // ROWS <= 256: one side packet per thread at most
    const int xo = offset(tid);
    if (xo != 0) // the 17th packet of the row; only its first xo elements are used
      extra[tid] = *reinterpret_cast<const uint4*>(in + static_cast<long long>(y0 + tid) * cols +
                                                   x0 - xo + 16 * V);
  }
  __syncthreads(); // the side packets are in place
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const int row = i * 16 + lr;
    const int o = offset(row);
    uint4 nb; // the next packet of the same row, from lane lc + 1
    nb.x = __shfl_down_sync(0xffffffffu, v[i].x, 1, 16);
    nb.y = __shfl_down_sync(0xffffffffu, v[i].y, 1, 16);
    nb.z = __shfl_down_sync(0xffffffffu, v[i].z, 1, 16);
    nb.w = __shfl_down_sync(0xffffffffu, v[i].w, 1, 16);
    if (lc + 1 == L::CHUNKS && o != 0) nb = extra[row]; // (a ?: on uint4s would take addresses)
    uint4 w = v[i];
    if (o != 0) w = realign16<ES>(v[i], nb, o);
    tile[L::slot(row, lc)] = w;
  }
  __syncthreads();
  // Phase 2: thread (g, c) transposes chunk c of tile rows g*V .. g*V+V-1.
  const int g = tid % 16, c = tid / 16;
  const int gr = g * V;
  // Stores output packet j (tile rows gr .. gr+V-1 of output row x0 + c*V + j), realigned to
  // the output row's offset.
  auto emit = [&](int j, const uint4& tp) {
    uint4 prev; // the same for rows gr-V .. gr-1 (lane g-1)
    prev.x = __shfl_up_sync(0xffffffffu, tp.x, 1, 16);
    prev.y = __shfl_up_sync(0xffffffffu, tp.y, 1, 16);
    prev.z = __shfl_up_sync(0xffffffffu, tp.z, 1, 16);
    prev.w = __shfl_up_sync(0xffffffffu, tp.w, 1, 16);
    const long long S = static_cast<long long>(x0 + c * V + j) * rows + y0; // segment start
    const int o =
        static_cast<int>((static_cast<unsigned>(x0 + c * V + j) * static_cast<unsigned>(rows) +
                          static_cast<unsigned>(y0)) &
                         (V - 1));
    if (o == 0) {
      store16_global(out + S + gr, tp);
      return;
    }
    // Aligned packet g of the segment: tile rows gr-o .. gr-o+V-1.
    const uint4 p = realign16<ES>(prev, tp, V - o);
    using U = typename Bits<ES>::type;
    T* dst = out + (S - o + gr);
    if (g > 0) {
      store16_global(dst, p);
    } else { // its first o elements belong to the tile above
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (k >= o) reinterpret_cast<U*>(dst)[k] = packet_bits<ES>(p, k);
    }
    if (g == 15) { // the packet past the last group: its first o elements are ours
      const uint4 last = realign16<ES>(tp, tp, V - o); // element k = element V-o+k of tp
      U* tail = reinterpret_cast<U*>(out + (S - o + 16 * V));
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (k < o) tail[k] = packet_bits<ES>(last, k);
    }
  };
  if constexpr (ES == 1) {
    // Bytes: one 32-bit word of each of the 16 packets at a time (output packets 4q .. 4q+3),
    // so 16 registers hold the V x V block instead of 64.
#pragma unroll 1
    for (int q = 0; q < 4; ++q) {
      unsigned w[16];
#pragma unroll
      for (int i = 0; i < 16; ++i)
        w[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(gr + i, c)])[q];
#pragma unroll
      for (int jj = 0; jj < 4; ++jj) emit(4 * q + jj, transpose_words<1>(w, jj));
    }
  } else {
    uint4 a[V];
#pragma unroll
    for (int i = 0; i < V; ++i) a[i] = tile[L::slot(gr + i, c)];
#pragma unroll
    for (int j = 0; j < V; ++j) emit(j, transpose_packet<ES>(a, j));
  }
}

template <typename T>
__device__ __forceinline__ void tile16r_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  one_tile_body<T, tile16r_one<T>>(out, in, cols, rows, nreps);
}

// Whether ours_best takes this tile (row-major, edge tiles shifted back so that every tile is
// whole) for aligned 4- and 8-byte rows that end in a partial tile, where the matrix is taller
// than wide and its input rows hold at most 8000 bytes; elsewhere the 16-byte tile with edge
// tiles (tile16_edges_order). Against that tile in the order tile16_edges_order gives (two
// passes on the H200, one or two on the H100, docs/perf-notes.md): fp32 32000 x 1000 +2.2 (H200)
// and +1.1 (H100), 64000 x 500 +2.2 and +0.9, 16000 x 2000 +0.7 and +1.0, fp64 16000 x 1000 +0.5
// and +1.0, 32000 x 500 +0.5 and +0.9; past 8000 bytes fp32 8000 x 4000 -1.4 (H200), fp64 8000 x
// 2000 -2.1 and -0.7; wider than tall (1000 x 32000, 2000 x 16000, 4000 x 8000) -4 to -8, and
// without a partial tile column (7812 x 4096) -8; 2-byte elements -0.9 to -3.9 (H200). Those
// A/Bs had output rows on the 256-byte grid. Off it (L a multiple of 8, not of 32) fp64 ran
// behind column-major on two H200s (6961911: L x 1000 -1.1 to -2.6, x 600 -1.0, x 500 -0.5),
// fp32 level or ahead. Not a rule: without this tile these shapes walk groups of tile rows
// (tile16_edges_order), which lose there too, and the H100 has not run them.
constexpr bool tile16_realign_wins(int element_size, int rows, int cols) {
  const int side = 16 * (16 / element_size);
  return (element_size == 4 || element_size == 8) && rows > cols && cols % side != 0 &&
         static_cast<long long>(cols) * element_size <= 8000;
}

template <typename T> constexpr std::size_t tile16r_smem() {
  return Tile16<T>::kSmem + sizeof(uint4) * Tile16<T>::ROWS;
}

// Launches a kernel running tile16r_body: one block a tile, its shared memory.
template <typename T> void launch_tile16r(const LaunchArgs& a, TransposeKernel<T> kernel) {
  allow_dynamic_smem(kernel, tile16r_smem<T>());
  launch_kernel(kernel, dim3(tile16_blocks<T>(a)), dim3(256), tile16r_smem<T>(), a);
}

} // namespace tb::ours
