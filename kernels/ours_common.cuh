// The bodies of our own kernels (family "ours", issue 5). The transposes build on what the
// measurements of the articles' kernels showed on Hopper:
//  - every global access moves 16 bytes, whatever sizeof(T) (V = 16 / sizeof(T) elements);
//  - each thread has several independent 16-byte loads in flight before its first store;
//  - the shared tile is addressed in 16-byte chunks with an XOR swizzle instead of padding,
//    so shared stores and loads stay 16 bytes wide and conflict-free; the V x V transpose
//    of the elements happens in registers;
//  - blocks are walked in groups of tile rows (grouped_tile) so that the blocks running at one
//    time read and write long contiguous spans of DRAM (page and L2 locality).
#pragma once

#include "harness/core/launch.cuh"
#include "harness/registry.hpp"
#include "kernels/block_order.hpp"
#include "kernels/vector_pack.cuh"

namespace tb::ours {

inline constexpr int kThreads = 256;

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

// The 16-byte tile: 16V input rows x 16 chunks (16V elements) per block of 256 threads.
// Phase 1: thread loads chunk tid % 16 of rows i*16 + tid/16 (i < V): V packets in flight,
//          each warp instruction covering 2 rows x 256 contiguous bytes.
// Phase 2: thread (g = tid % 16, c = tid / 16) reads chunk c of rows g*V .. g*V+V-1, transposes
//          the V x V elements in registers and stores V packets to output rows c*V + j: the
//          16 lanes with the same c write 256 contiguous bytes of one output row.
// Chunk c of row r lives at column c ^ ((r / V) & 7): phase 1 lanes (same row, 8 consecutive
// chunks) and phase 2 lanes (8 consecutive row groups, same chunk) both hit 8 distinct 16-byte
// bank groups per quarter warp. Tiles that are not whole, or shapes whose rows are not
// 16-byte aligned, take bounds-checked scalar accesses on the same layout.
template <typename T, int MIN_R = 1> struct Tile16 {
  static constexpr int V = Pack16<T>::kCount;
  // Packets each thread loads (rows per 16-row slab): V, or MIN_R for wide elements, so
  // that fp64 (V = 2) can keep more than two packets in flight. A multiple of V.
  static constexpr int R = V >= MIN_R ? V : MIN_R;
  static constexpr int CHUNKS = 16;
  static constexpr int ROWS = 16 * R;
  static constexpr int COLS = CHUNKS * V;
  static constexpr std::size_t kSmem = sizeof(Pack16<T>) * ROWS * CHUNKS;
  __device__ static int slot(int row, int chunk) { return row * CHUNKS + (chunk ^ ((row / V) & 7)); }
};

// Word j of a packet (j is a compile-time constant after unrolling).
__device__ __forceinline__ unsigned word(const uint4& v, int j) {
  return j == 0 ? v.x : j == 1 ? v.y : j == 2 ? v.z : v.w;
}

// Output packet j of the V x V transpose of a[0..V) (a[i] = V elements of input row i): element
// i of the result is element j of a[i]. Done on 32-bit words: byte permutes for 1- and 2-byte
// elements, plain word moves for 4- and 8-byte ones.
template <int ES> __device__ __forceinline__ uint4 transpose_packet(const uint4* a, int j) {
  if constexpr (ES == 4) {
    return make_uint4(word(a[0], j), word(a[1], j), word(a[2], j), word(a[3], j));
  } else if constexpr (ES == 8) {
    return make_uint4(word(a[0], 2 * j), word(a[0], 2 * j + 1), word(a[1], 2 * j),
                      word(a[1], 2 * j + 1));
  } else if constexpr (ES == 2) {
    const unsigned sel = (j & 1) ? 0x7632 : 0x5410; // the high or the low halves of two words
    unsigned w[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) w[k] = __byte_perm(word(a[2 * k], j / 2), word(a[2 * k + 1], j / 2), sel);
    return make_uint4(w[0], w[1], w[2], w[3]);
  } else {
    const unsigned q = j % 4;                     // byte q of word j/4 of each packet
    const unsigned sel = q | ((4 + q) << 4);      // [first.q, second.q, -, -]
    unsigned w[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const unsigned lo = __byte_perm(word(a[4 * k], j / 4), word(a[4 * k + 1], j / 4), sel);
      const unsigned hi = __byte_perm(word(a[4 * k + 2], j / 4), word(a[4 * k + 3], j / 4), sel);
      w[k] = __byte_perm(lo, hi, 0x5410);
    }
    return make_uint4(w[0], w[1], w[2], w[3]);
  }
}

// Output packet jj of a word pass: w[i] is one 32-bit word of row i (V rows); the packet takes
// element jj of every word (2-byte elements: V = 8 rows; bytes: V = 16 rows).
template <int ES> __device__ __forceinline__ uint4 transpose_words(const unsigned* w, int jj) {
  static_assert(ES == 1 || ES == 2, "word passes are for 1- and 2-byte elements");
  if constexpr (ES == 2) {
    const unsigned sel = (jj & 1) ? 0x7632 : 0x5410; // the high or the low halves of two words
    return make_uint4(__byte_perm(w[0], w[1], sel), __byte_perm(w[2], w[3], sel),
                      __byte_perm(w[4], w[5], sel), __byte_perm(w[6], w[7], sel));
  } else {
    const unsigned sel = jj | ((4 + jj) << 4); // [first.jj, second.jj, -, -]
    unsigned o4[4];
#pragma unroll
    for (int k = 0; k < 4; ++k)
      o4[k] = __byte_perm(__byte_perm(w[4 * k], w[4 * k + 1], sel),
                          __byte_perm(w[4 * k + 2], w[4 * k + 3], sel), 0x5410);
    return make_uint4(o4[0], o4[1], o4[2], o4[3]);
  }
}

// One tile of the 16-byte transpose (tile index `t` in grouped order).
template <typename T, unsigned GROUP, int MIN_R = 1, bool HINTS = false>
__device__ __forceinline__ void tile16_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                           int rows, unsigned t, unsigned char* smem_raw) {
  using L = Tile16<T, MIN_R>;
  constexpr int R = L::R;
  constexpr int V = L::V;
  constexpr int ES = static_cast<int>(sizeof(T));
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  T* tile_e = reinterpret_cast<T*>(smem_raw);
  unsigned tx, ty;
  ordered_tile(t, (cols + L::COLS - 1) / L::COLS, (rows + L::ROWS - 1) / L::ROWS, GROUP, tx, ty);
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const bool aligned = cols % V == 0 && rows % V == 0;
  const bool full = aligned && x0 + L::COLS <= cols && y0 + L::ROWS <= rows;
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS; // phase 1: chunk, row in a 16-row slab
  const int g = tid % 16, c = tid / 16;                 // phase 2: row group, chunk
  if (full) {
    uint4 v[R];
#pragma unroll
    for (int i = 0; i < R; ++i) {
      const T* p = in + static_cast<long long>(y0 + i * 16 + lr) * cols + x0 + lc * V;
      v[i] = HINTS ? load16_stream(p) : *reinterpret_cast<const uint4*>(p);
    }
#pragma unroll
    for (int i = 0; i < R; ++i) tile[L::slot(i * 16 + lr, lc)] = v[i];
  } else {
    // Edge tiles and unaligned shapes: element by element, rolled loops (no register arrays,
    // so this path does not raise the fast path's register count).
#pragma unroll 1
    for (int i = 0; i < R; ++i) {
      const int row = i * 16 + lr;
#pragma unroll 1
      for (int k = 0; k < V; ++k) {
        const int col = lc * V + k;
        if (y0 + row < rows && x0 + col < cols)
          tile_e[L::slot(row, lc) * V + k] = in[static_cast<long long>(y0 + row) * cols + x0 + col];
      }
    }
  }
  __syncthreads();
  // Phase 2 covers the tile's rows in R / V passes of 16 row groups.
#pragma unroll
  for (int h = 0; h < R / V; ++h) {
    const int gr = (h * 16 + g) * V; // first tile row of this thread's group
    if (full) {
      uint4 a[V];
#pragma unroll
      for (int i = 0; i < V; ++i) a[i] = tile[L::slot(gr + i, c)];
#pragma unroll
      for (int j = 0; j < V; ++j) {
        T* p = out + static_cast<long long>(x0 + c * V + j) * rows + y0 + gr;
        if (HINTS)
          store16_stream(p, transpose_packet<ES>(a, j));
        else
          *reinterpret_cast<uint4*>(p) = transpose_packet<ES>(a, j);
      }
    } else {
#pragma unroll 1
      for (int j = 0; j < V; ++j) {
        const int orow = x0 + c * V + j;
#pragma unroll 1
        for (int i = 0; i < V; ++i)
          if (orow < cols && y0 + gr + i < rows)
            out[static_cast<long long>(orow) * rows + y0 + gr + i] = tile_e[L::slot(gr + i, c) * V + j];
      }
    }
  }
}

// PERSISTENT: a grid of one wave whose blocks loop over the tiles; otherwise one tile a block.
template <typename T, unsigned GROUP, bool PERSISTENT, int MIN_R = 1, bool HINTS = false>
__device__ __forceinline__ void tile16_body(T* __restrict__ out, const T* __restrict__ in,
                                            int cols, int rows, int nreps) {
  using L = Tile16<T, MIN_R>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned tiles = ((cols + L::COLS - 1) / L::COLS) * ((rows + L::ROWS - 1) / L::ROWS);
  for (int r = 0; r < nreps; ++r) {
    for (unsigned t = blockIdx.x; t < tiles; t += PERSISTENT ? gridDim.x : tiles) {
      tile16_one<T, GROUP, MIN_R, HINTS>(out, in, cols, rows, t, smem_raw);
      if (PERSISTENT || nreps > 1) __syncthreads(); // the next tile reuses the shared tile
    }
  }
}

// The 16-byte transpose for rows that are not 16-byte aligned (widths like 8193): each tile
// row is read as the aligned packets covering it (up to 17 for 16 packets' worth of elements)
// and its elements are placed in the tile one by one; each output row segment is written as
// aligned packets, whole packets with one 16-byte store, the partial packets at either end
// element by element (their other elements belong to the neighbouring tiles).
template <typename T, unsigned GROUP>
__device__ __forceinline__ void tile16u_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, unsigned t, unsigned char* smem_raw) {
  using L = Tile16<T>;
  constexpr int V = L::V;
  constexpr int SLOTS = L::CHUNKS + 1; // packets covering one unaligned tile row
  T* tile_e = reinterpret_cast<T*>(smem_raw);
  unsigned tx, ty;
  ordered_tile(t, (cols + L::COLS - 1) / L::COLS, (rows + L::ROWS - 1) / L::ROWS, GROUP, tx, ty);
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int w = min(L::COLS, cols - x0), h = min(L::ROWS, rows - y0); // this tile's extent
  const long long total = static_cast<long long>(rows) * cols;
  auto at = [&](int row, int col) -> T& { return tile_e[L::slot(row, col / V) * V + col % V]; };
  // Phase 1: tasks (tile row, packet slot), consecutive threads on consecutive packets. All
  // of a thread's packets are loaded before any is placed, so they are in flight together.
  constexpr int LOAD_TASKS = L::ROWS * SLOTS;
  constexpr int PER_THREAD = (LOAD_TASKS + kThreads - 1) / kThreads;
  uint4 pk[PER_THREAD];
  bool whole[PER_THREAD];
#pragma unroll
  for (int n = 0; n < PER_THREAD; ++n) {
    const int task = n * kThreads + threadIdx.x;
    const int row = task / SLOTS, slot = task % SLOTS;
    const long long s = static_cast<long long>(y0 + row) * cols + x0; // flat start of the row
    const long long first = (s / V + slot) * V;                         // packet start
    whole[n] = task < LOAD_TASKS && row < h && first < s + w && first + V <= total;
    if (whole[n]) pk[n] = *reinterpret_cast<const uint4*>(in + first);
  }
#pragma unroll
  for (int n = 0; n < PER_THREAD; ++n) {
    const int task = n * kThreads + threadIdx.x;
    const int row = task / SLOTS, slot = task % SLOTS;
    if (task >= LOAD_TASKS || row >= h) continue;
    const long long s = static_cast<long long>(y0 + row) * cols + x0;
    const long long first = (s / V + slot) * V;
    if (first >= s + w) continue; // slot 16 of an aligned row, or past the tile's width
    const T* e = reinterpret_cast<const T*>(&pk[n]);
#pragma unroll
    for (int k = 0; k < V; ++k) {
      const long long col = first + k - s;
      if (col >= 0 && col < w) // the matrix's last packet may be partial: read it element-wise
        at(row, static_cast<int>(col)) = whole[n] ? e[k] : in[first + k];
    }
  }
  __syncthreads();
  // Phase 2: tasks (output row = tile column, packet slot).
  constexpr int STORE_TASKS = L::COLS * SLOTS;
#pragma unroll 1
  for (int task = threadIdx.x; task < STORE_TASKS; task += kThreads) {
    const int ocol = task / SLOTS, slot = task % SLOTS; // tile column = output row offset
    if (ocol >= w) continue;
    const long long s = static_cast<long long>(x0 + ocol) * rows + y0; // flat start of segment
    const long long p = s / V + slot;
    const long long first = p * V;
    if (first >= s + h) continue;
    if (first >= s && first + V <= s + h) {
      uint4 pk;
      T* e = reinterpret_cast<T*>(&pk);
#pragma unroll
      for (int k = 0; k < V; ++k) e[k] = at(static_cast<int>(first + k - s), ocol);
      *reinterpret_cast<uint4*>(out + first) = pk;
    } else {
      for (int k = 0; k < V; ++k) {
        const long long row = first + k - s;
        if (row >= 0 && row < h) out[first + k] = at(static_cast<int>(row), ocol);
      }
    }
  }
}

template <typename T, unsigned GROUP, bool PERSISTENT>
__device__ __forceinline__ void tile16u_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  using L = Tile16<T>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned tiles = ((cols + L::COLS - 1) / L::COLS) * ((rows + L::ROWS - 1) / L::ROWS);
  for (int r = 0; r < nreps; ++r) {
    for (unsigned t = blockIdx.x; t < tiles; t += PERSISTENT ? gridDim.x : tiles) {
      tile16u_one<T, GROUP>(out, in, cols, rows, t, smem_raw);
      __syncthreads(); // the next tile (or repetition) reuses the shared tile
    }
  }
}

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
    a0 = a2; a1 = a3; a2 = a4; a3 = a5; a4 = a6; a5 = a7;
  }
  if constexpr (ES == 8) {
    return make_uint4(a0, a1, a2, a3);
  } else {
    if (b & 4) {
      a0 = a1; a1 = a2; a2 = a3; a3 = a4; a4 = a5;
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
template <int ES> __device__ __forceinline__ typename Bits<ES>::type packet_bits(const uint4& v, int k) {
  using U = typename Bits<ES>::type;
  if constexpr (ES == 8)
    return static_cast<U>(word(v, 2 * k)) | static_cast<U>(word(v, 2 * k + 1)) << 32;
  else
    return static_cast<U>(word(v, k * ES / 4) >> (k * ES % 4 * 8));
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
                             static_cast<unsigned>(x0)) & (V - 1));
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
      extra[tid] = *reinterpret_cast<const uint4*>(in + static_cast<long long>(y0 + tid) * cols + x0 -
                                                   xo + 16 * V);
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
    const int o = static_cast<int>((static_cast<unsigned>(x0 + c * V + j) * static_cast<unsigned>(rows) +
                                    static_cast<unsigned>(y0)) & (V - 1));
    if (o == 0) {
      *reinterpret_cast<uint4*>(out + S + gr) = tp;
      return;
    }
    // Aligned packet g of the segment: tile rows gr-o .. gr-o+V-1.
    const uint4 p = realign16<ES>(prev, tp, V - o);
    using U = typename Bits<ES>::type;
    T* dst = out + (S - o + gr);
    if (g > 0) {
      *reinterpret_cast<uint4*>(dst) = p;
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
      for (int i = 0; i < 16; ++i) w[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(gr + i, c)])[q];
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

template <typename T>
__device__ __forceinline__ void tile16r_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  one_tile_body<T, tile16r_one<T>>(out, in, cols, rows, nreps);
}

template <typename T> constexpr std::size_t tile16r_smem() {
  return Tile16<T>::kSmem + sizeof(uint4) * Tile16<T>::ROWS;
}

// The halo tile: the realigned tile (tile16r_one) with output packets owned whole. Output row
// x is cut at 16-byte boundaries, not at tile boundaries: the tile with rows y0 .. y0+ROWS-1
// owns the aligned packets that start at flat offsets x*rows + y0 - o + g*V (o = that
// segment's offset from the 16-byte grid, g = 0..15), so every output packet has exactly one
// owner and is stored with one 16-byte store. The first of them reaches up to V-1 rows above
// the tile, so the tile also loads the V rows above it (the halo). In phase 2 each thread
// transposes its own row group and the one above it, and funnel-shifts the pair by o.
// Element stores remain only where a packet straddles two output rows (the first and the last
// tile row of the matrix). Offsets of output rows x0 + c*V + j depend on j only, as x0 and
// c*V are multiples of V when the tile is not shifted, and on x0 otherwise: o is computed per
// packet from the flat offset, so both cases are the same code.
template <typename T> struct HaloTile {
  using L = Tile16<T>;
  static constexpr int V = L::V;
  static constexpr int ROWS = L::ROWS + V; // shared rows: the halo (tile rows -V .. -1) first
  static constexpr std::size_t kSmem = sizeof(uint4) * (ROWS * L::CHUNKS + ROWS); // + 17th packets
};

// Blocks an SM for the halo tile's launch bounds: 4 for 4- and 8-byte types (64 registers;
// fp32 takes 72 uncapped), 3 for 2-byte types (85 registers, 35 KB tiles), 2 for bytes (74 KB
// tiles).
template <typename T> constexpr int halo_blocks() { return sizeof(T) >= 4 ? 4 : sizeof(T) == 2 ? 3 : 2; }

// The fallback for matrices smaller than one halo tile: every element of the tile and of its
// halo rows, read and written one by one, consecutive threads on consecutive output elements.
template <typename T>
__device__ __forceinline__ void tile16h_elementwise(T* __restrict__ out, const T* __restrict__ in,
                                                    int cols, int rows, int x0, int y0) {
  using L = Tile16<T>;
  constexpr int SPAN = L::ROWS + L::V;
#pragma unroll 1
  for (int e = threadIdx.x; e < L::COLS * SPAN; e += kThreads) {
    const int x = x0 + e / SPAN, y = y0 - L::V + e % SPAN;
    if (x < cols && y >= 0 && y < rows)
      out[static_cast<long long>(x) * rows + y] = in[static_cast<long long>(y) * cols + x];
  }
}

template <typename T>
__device__ __forceinline__ void tile16h_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, unsigned t, unsigned char* smem_raw) {
  using L = Tile16<T>;
  using H = HaloTile<T>;
  constexpr int V = L::V;
  constexpr int R = L::R; // == V: passes of 16 rows over the tile's own rows
  constexpr int ES = static_cast<int>(sizeof(T));
  const unsigned tiles_x = (cols + L::COLS - 1) / L::COLS;
  const unsigned tiles = tiles_x * ((rows + L::ROWS - 1) / L::ROWS);
  // Column-major block order: the blocks running at one time write whole output rows in
  // address order (measured +2-8 points over row-major for the aligned tile).
  // The grid starts two tiles from the end (the bottom of the last tile column first). This
  // changes nothing in the traffic, but without it ptxas (CUDA 13.0) spilled 32-224 bytes a
  // thread in every type but fp64; with it, none.
  t = tiles >= 2 ? (t + tiles - 2) % tiles : t;
  const unsigned tiles_y = tiles / tiles_x;
  const int tx = static_cast<int>(t / tiles_y), ty = static_cast<int>(t % tiles_y);
  // Edge tiles are shifted back inside the matrix (whole tiles; shared packets are written
  // twice with the same values). Only a matrix smaller than one tile takes the element-wise
  // path: it is slow (a tile's worth of dependent loads per thread), and an edge tile on it
  // trails the whole grid.
  const int x0 = min(tx * L::COLS, cols - L::COLS);
  const int y0 = min(ty * L::ROWS, rows - L::ROWS);
  if (x0 < 0 || y0 < 0) {
    tile16h_elementwise(out, in, cols, rows, tx * L::COLS, ty * L::ROWS);
    return;
  }
  const long long total = static_cast<long long>(rows) * cols;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw); // tile row r at shared row r + V
  uint4* extra = tile + H::ROWS * L::CHUNKS;        // the 17th packet of each offset row
  auto offset = [&](int row) { // of tile row `row` (may be negative) from the 16-byte grid
    return static_cast<int>((static_cast<unsigned>(y0 + row) * static_cast<unsigned>(cols) +
                             static_cast<unsigned>(x0)) & (V - 1));
  };
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS;
  // Phase 1: R passes over the tile's rows and one over the halo (lanes lr < V), every load in
  // flight before the first shared-memory store. Halo rows above the matrix are zeros.
  constexpr int P = R + 1;
  uint4 v[P];
#pragma unroll
  for (int i = 0; i < P; ++i) {
    const int row = i < R ? i * 16 + lr : lr - V;
    v[i] = make_uint4(0, 0, 0, 0);
    if (i < R || (lr < V && y0 + row >= 0)) {
      const long long s = static_cast<long long>(y0 + row) * cols + x0 - offset(row);
      v[i] = *reinterpret_cast<const uint4*>(in + s + lc * V);
    }
  }
  // The 17th packets, after the main loads are issued: each is stored to shared memory, which
  // waits for its load (issued first, this loop cost every tile one DRAM latency, fp32 93 -> 76).
#pragma unroll 1
  for (int k = tid; k < H::ROWS; k += kThreads) {
    const int row = k - V;
    const int xo = offset(row);
    if (y0 + row < 0 || xo == 0) continue;
    const long long first = static_cast<long long>(y0 + row) * cols + x0 - xo + 16 * V;
    if (first + V <= total) {
      extra[k] = *reinterpret_cast<const uint4*>(in + first);
    } else { // the matrix's last packet is partial: only its first xo elements are used
      T* e = reinterpret_cast<T*>(&extra[k]);
#pragma unroll 1
      for (int i = 0; i < V; ++i) e[i] = first + i < total ? in[first + i] : T{};
    }
  }
  __syncthreads(); // the side packets are in place
#pragma unroll
  for (int i = 0; i < P; ++i) {
    const int row = i < R ? i * 16 + lr : lr - V;
    const int o = offset(row);
    uint4 nb; // the next packet of the same row, from lane lc + 1 (every lane shuffles)
    nb.x = __shfl_down_sync(0xffffffffu, v[i].x, 1, 16);
    nb.y = __shfl_down_sync(0xffffffffu, v[i].y, 1, 16);
    nb.z = __shfl_down_sync(0xffffffffu, v[i].z, 1, 16);
    nb.w = __shfl_down_sync(0xffffffffu, v[i].w, 1, 16);
    if (i == R && lr >= V) continue; // no halo row for this lane
    const bool live = y0 + row >= 0;
    if (live && lc + 1 == L::CHUNKS && o != 0) nb = extra[row + V];
    uint4 w = v[i];
    if (live && o != 0) w = realign16<ES>(v[i], nb, o);
    tile[L::slot(row + V, lc)] = w;
  }
  __syncthreads();
  // Phase 2: thread (g, c) transposes chunk c of its row group (tile rows g*V ..) and of the
  // group above it, and stores output packet g of each of the V output rows x0 + c*V + j.
  const int g = tid % 16, c = tid / 16;
  const int gr = g * V;
  const bool bottom = y0 + L::ROWS == rows;
  auto emit = [&](int j, const uint4& above, const uint4& own) {
    const int x = x0 + c * V + j;
    const int o = static_cast<int>((static_cast<unsigned>(x) * static_cast<unsigned>(rows) +
                                    static_cast<unsigned>(y0)) & (V - 1));
    uint4 p = own; // tile rows gr - o .. gr - o + V - 1
    if (o != 0) p = realign16<ES>(above, own, V - o);
    const int ys = y0 + gr - o; // its first row
    T* dst = out + (static_cast<long long>(x) * rows + ys);
    using U = typename Bits<ES>::type;
    if (ys >= 0) {
      *reinterpret_cast<uint4*>(dst) = p;
    } else { // the first tile row: the elements before row 0 belong to output row x - 1
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (ys + k >= 0) reinterpret_cast<U*>(dst)[k] = packet_bits<ES>(p, k);
    }
    if (bottom && g == 15 && o != 0) { // the packet past the matrix's last row: its first o
      const uint4 last = realign16<ES>(own, own, V - o); // element k = element V-o+k of own
      U* tail = reinterpret_cast<U*>(dst + V);
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (k < o) tail[k] = packet_bits<ES>(last, k);
    }
  };
  if constexpr (ES <= 2) {
    // 1- and 2-byte elements: one 32-bit word of each packet at a time (word q of V rows holds
    // output packets q*E .. q*E+E-1, E = 4 / ES elements a word), so 2V registers hold the
    // data instead of 8V. The four sets of 8 lanes (g / 8, c % 2) start at different words:
    // with the same word everywhere the 32 lanes would read 8 banks (4-way conflicts).
    constexpr int E = 4 / ES;
    const int rot = (g >> 3) + 2 * (c & 1);
#pragma unroll 1
    for (int qi = 0; qi < 4; ++qi) {
      const int q = (qi + rot) & 3;
      unsigned w[V], u[V]; // word q of the thread's own rows, and of the rows above
#pragma unroll
      for (int i = 0; i < V; ++i) {
        w[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(gr + V + i, c)])[q];
        u[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(gr + i, c)])[q];
      }
#pragma unroll
      for (int jj = 0; jj < E; ++jj)
        emit(E * q + jj, transpose_words<ES>(u, jj), transpose_words<ES>(w, jj));
    }
  } else {
    uint4 a[V], b[V]; // the group above, and the thread's own
#pragma unroll
    for (int i = 0; i < V; ++i) {
      a[i] = tile[L::slot(gr + i, c)];
      b[i] = tile[L::slot(gr + V + i, c)];
    }
#pragma unroll
    for (int j = 0; j < V; ++j) emit(j, transpose_packet<ES>(a, j), transpose_packet<ES>(b, j));
  }
}

template <typename T>
__device__ __forceinline__ void tile16h_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  one_tile_body<T, tile16h_one<T>>(out, in, cols, rows, nreps);
}

template <typename T, int MIN_R = 1> unsigned tile16_blocks(const LaunchArgs& a) {
  using L = Tile16<T, MIN_R>;
  return ceil_div(a.cols, L::COLS) * ceil_div(a.rows, L::ROWS);
}

// The scalar tile, for shapes whose rows cannot be read as aligned 16-byte packets: 64 x 64
// elements per 256 threads (32 x 8), 16 loads in flight per thread, element-wise XOR swizzle
// (column c of row r at c ^ (r & 31)), grouped block order.
template <typename T, unsigned GROUP>
__device__ __forceinline__ void tile_scalar_body(T* __restrict__ out, const T* __restrict__ in,
                                                 int cols, int rows, int nreps) {
  constexpr int TS = 64;
  __shared__ T tile[TS][TS];
  unsigned tx, ty;
  ordered_tile(blockIdx.x, (cols + TS - 1) / TS, (rows + TS - 1) / TS, GROUP, tx, ty);
  const int x0 = tx * TS, y0 = ty * TS;
  const bool full = x0 + TS <= cols && y0 + TS <= rows;
  const int lx = threadIdx.x % 32, ly = threadIdx.x / 32;
  for (int r = 0; r < nreps; ++r) {
    T v[TS / 8][TS / 32];
#pragma unroll
    for (int i = 0; i < TS / 8; ++i)
#pragma unroll
      for (int j = 0; j < TS / 32; ++j) {
        const int row = i * 8 + ly, col = j * 32 + lx;
        if (full || (y0 + row < rows && x0 + col < cols))
          v[i][j] = in[static_cast<long long>(y0 + row) * cols + x0 + col];
      }
#pragma unroll
    for (int i = 0; i < TS / 8; ++i)
#pragma unroll
      for (int j = 0; j < TS / 32; ++j) {
        const int row = i * 8 + ly, col = j * 32 + lx;
        tile[row][col ^ (row & 31)] = v[i][j];
      }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < TS / 8; ++i)
#pragma unroll
      for (int j = 0; j < TS / 32; ++j) {
        const int orow = i * 8 + ly, ocol = j * 32 + lx; // output row = input column
        if (full || (x0 + orow < cols && y0 + ocol < rows))
          out[static_cast<long long>(x0 + orow) * rows + y0 + ocol] = tile[ocol][orow ^ (ocol & 31)];
      }
    if (nreps > 1) __syncthreads();
  }
}

template <typename T> unsigned tile_scalar_blocks(const LaunchArgs& a) {
  return ceil_div(a.cols, 64) * ceil_div(a.rows, 64);
}

inline const char* kSource = "transpose_bench: our own kernels (docs/perf-notes.md)";

} // namespace tb::ours
