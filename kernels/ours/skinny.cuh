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
//    scatters a loaded packet the same way (1- and 2-byte elements in unskewed rows first copy
//    the span into shared memory as it is and scatter from there: skinny_stages).
//  - On the planar side's written rows, the packets at a segment's two ends are shared with
//    the neighbouring blocks: only their own elements are stored, one by one.
// W is chosen so that a block's data is about 16 KB: one 16-byte packet for each of the 256
// threads four times, all four loads in flight before any store (interleaving, a little less
// where that evens out the gather's packets between its threads: skinny_width).
#pragma once

#include "kernels/ours/realign.cuh"
#include "kernels/ours/skinny_layout.hpp"

#include <map>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>

namespace tb::ours {

template <typename T> union Packet {
  static constexpr int V = static_cast<int>(16 / sizeof(T));
  using E = typename Bits<sizeof(T)>::type;
  uint4 v;
  E e[V];
};

static_assert(kSkinnyThreads == kThreads, "skinny_layout.hpp's block is the kernels' block");

// skinny_row_elems and skinny_row_at (skinny_layout.hpp) for elements of type T.
template <typename T> __host__ __device__ constexpr int skinny_row_of(int width) {
  return skinny_row_elems(static_cast<int>(sizeof(T)), width);
}
template <typename T, bool SKEW>
__host__ __device__ constexpr int skinny_row_start(int k, int row) {
  return skinny_row_at(static_cast<int>(sizeof(T)), SKEW, k, row);
}
// Elements of the gather's s shared rows, skewed or not, for a block of width positions (a
// multiple of V, so the rows end on a 16-byte boundary).
template <typename T, bool SKEW>
__host__ __device__ constexpr int skinny_rows_elems(int s, int width) {
  const int row = skinny_row_of<T>(width);
  return skinny_row_start<T, SKEW>(s - 1, row) + row;
}
// Whether the de-interleaving gather stages the interleaved span in shared memory before it
// scatters it into the shared rows (skinny_gather_one): 1- and 2-byte elements in unskewed rows
// (a short side up to SkinnySkew::kAbove).
__host__ __device__ constexpr bool skinny_stages(int element_size, bool skew) {
  return element_size <= 2 && !skew;
}
// Shared bytes of the gather path: s rows, and where it stages a de-interleave, the interleaved
// span after them (width · s elements, whole packets).
template <typename T, bool SKEW>
__host__ __device__ constexpr int skinny_gather_smem(int s, bool interleave) {
  constexpr int V = static_cast<int>(16 / sizeof(T));
  const int width = skinny_width(static_cast<int>(sizeof(T)), s, interleave);
  const int stage = !interleave && skinny_stages(static_cast<int>(sizeof(T)), SKEW)
                        ? (width * s + V - 1) / V * V
                        : 0;
  return (skinny_rows_elems<T, SKEW>(s, width) + stage) * static_cast<int>(sizeof(T));
}

// The planar side's packet slots of one thread: slot i is packet p of shared row k (i = k·per_row +
// p), and a thread's slots are kThreads apart, so row and packet step by (kThreads / per_row,
// kThreads mod per_row) from one slot to the next: no division a slot.
// The de-interleaving gather's shared memory with whole output sectors (kSkinnySectors): rows of
// its W positions and the 2V past them.
template <typename T, bool SKEW> __host__ __device__ constexpr int skinny_sectors_smem(int s) {
  constexpr int V = static_cast<int>(16 / sizeof(T));
  const int width = skinny_width(static_cast<int>(sizeof(T)), s, false);
  return skinny_rows_elems<T, SKEW>(s, width + 2 * V) * static_cast<int>(sizeof(T));
}

// a[j] <- a[(j + M) mod N] where `on`: static indices, so the array stays in registers.
template <int M, int N> __device__ __forceinline__ void rotate_left(int (&a)[N], bool on) {
  int b[N];
#pragma unroll
  for (int j = 0; j < N; ++j) b[j] = a[(j + M) % N];
#pragma unroll
  for (int j = 0; j < N; ++j) a[j] = on ? b[j] : a[j];
}
// Word m of the result is word m - c (mod 4) of v.
__device__ __forceinline__ uint4 rotate_words_right(uint4 v, int c) {
  if (c & 1) v = make_uint4(v.w, v.x, v.y, v.z);
  if (c & 2) v = make_uint4(v.z, v.w, v.x, v.y);
  return v;
}

struct SlotWalk {
  int per_row, dk, dp, k, p;
  __device__ explicit SlotWalk(int per_row_)
      : per_row(per_row_), dk(kThreads / per_row_), dp(kThreads - dk * per_row_),
        k(static_cast<int>(threadIdx.x) / per_row_),
        p(static_cast<int>(threadIdx.x) - k * per_row_) {}
  __device__ void next() {
    k += dk;
    p += dp;
    if (p >= per_row) p -= per_row, ++k;
  }
};

// One block's W × s piece. INTERLEAVE: in is s × L (planar), out is L × s (interleaved);
// otherwise in is L × s and out is s × L.
// SECTORS (de-interleaving 4- and 8-byte elements): each block owns whole 32-byte sectors of its
// output row segments, not only whole packets: it loads the 2V positions past its W (the halo)
// and stores every packet of the sectors that start in its positions, so that no two blocks
// write parts of one sector (but where a sector spans two output rows).
// ROWS (kSkinnyRows, skinny_row_copies): phase 1 of the interleave copies a row a warp through L1
// (warp w takes rows w, w + 8, ...; its lanes consecutive packets of the row), not consecutive
// slots.
// ROTATE (kSkinnyRotate, skinny_rotate_wins): the interleave's phase 2 with each lane's loads in
// a rotated order.
template <typename T, bool INTERLEAVE, bool SKEW, bool SECTORS = false, bool ROWS = false,
          bool ROTATE = false>
__device__ __forceinline__ void skinny_gather_one(T* __restrict__ out, const T* __restrict__ in,
                                                  int cols, int rows, unsigned b,
                                                  unsigned char* smem_raw) {
  using P = Packet<T>;
  using E = typename P::E;
  constexpr int V = P::V;
  constexpr int U = Skinny::kLoads;
  static_assert(!SECTORS || (!INTERLEAVE && !skinny_stages(static_cast<int>(sizeof(T)), SKEW)),
                "whole sectors: de-interleaving, scattered from registers");
  constexpr int H = SECTORS ? 2 * V : 0; // halo positions
  const int s = INTERLEAVE ? rows : cols;
  const int L = INTERLEAVE ? cols : rows;
  const int W = skinny_width(static_cast<int>(sizeof(T)), s, INTERLEAVE);
  const int RE = skinny_row_of<T>(W + H); // elements a shared row
  auto row = [&](int k) { return skinny_row_start<T, SKEW>(k, RE); };
  const int l0 = static_cast<int>(b) * W;
  const int w = min(W, L - l0);      // positions this block owns
  const int wl = min(W + H, L - l0); // positions it loads
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
  // start(k) + p·V and at shared index row(k) + p·V.
  const int per_row = (W + H) / V + 1;
  const int slots = s * per_row;
  auto planar_start = [&](int k) { return static_cast<long long>(k) * L + l0 - mis(k); };
  // Interleaved side: the span [l0·s, (l0 + wl)·s).
  const long long f0 = static_cast<long long>(l0) * s;
  const int n = wl * s;
  const int packets = (n + V - 1) / V;
  // The V shared addresses of packet t's elements (element u of the span is row u % s, position
  // u / s): a thread that takes the packets of one class (the gather and the staged scatter below)
  // works them out once and moves them on by one step a packet.
  auto class_addresses = [&](int t, int(&at)[V]) {
    const int u0 = t * V;
    int l = u0 / s, k = u0 - l * s;
#pragma unroll
    for (int j = 0; j < V; ++j) {
      at[j] = row(k) + mis(k) + l;
      if (++k == s) k = 0, ++l;
    }
  };

  if (INTERLEAVE) {
    // Phase 1: the planar rows' packets into shared memory, as they are, a thread's slots
    // walked without division (SlotWalk). 1- to 4-byte elements copy them without passing through
    // registers (copy16_async), so every slot's load is in flight at once however many slots a
    // thread has: on an H200 fp16 and bf16 +9 to +17 points at s = 12-104, fp32 -2 to +8, u8
    // (ours_skinny_gather) +5 to +9 (docs/perf-notes.md). 8-byte elements lost 1-4 points that way:
    // they load U packets a thread into registers, then store them.
    SlotWalk slot(per_row);
    if constexpr (ROWS && sizeof(T) <= 4) {
      const int warp = static_cast<int>(threadIdx.x) / 32,
                lane = static_cast<int>(threadIdx.x) % 32;
      for (int k = warp; k < s; k += kThreads / 32) {
        const int m = mis(k);
        const long long start = planar_start(k);
        E* trow = tile + row(k);
        for (int p = lane; p < per_row && p * V < m + w; p += 32) {
          const long long g = start + p * V;
          if (g + V > total) // the matrix's last, partial packet
            *reinterpret_cast<uint4*>(trow + p * V) = load_packet(src, g, total);
          else
            copy16_async<true>(trow + p * V, src + g);
        }
      }
      copy16_async_wait_all();
    } else if constexpr (sizeof(T) <= 4) {
      const bool cached = skinny_cached_copies(static_cast<int>(sizeof(T)), s); // through L1
      for (int i = threadIdx.x; i < slots; i += kThreads) {
        const int m = mis(slot.k);
        if (slot.p * V < m + w) { // not past the segment
          const long long g = planar_start(slot.k) + slot.p * V;
          E* t = tile + row(slot.k) + slot.p * V;
          if (g + V > total) // the matrix's last, partial packet
            *reinterpret_cast<uint4*>(t) = load_packet(src, g, total);
          else if (cached)
            copy16_async<true>(t, src + g);
          else
            copy16_async(t, src + g);
        }
        slot.next();
      }
      copy16_async_wait_all();
    } else {
      for (int i0 = threadIdx.x; i0 < slots; i0 += kThreads * U) {
        P v[U];
        E* at[U]; // where the packet goes, or nullptr
#pragma unroll
        for (int u = 0; u < U; ++u) {
          at[u] = nullptr;
          const int m = mis(slot.k);
          if (i0 + u * kThreads < slots && slot.p * V < m + w) {
            const long long g = planar_start(slot.k) + slot.p * V;
            E* t = tile + row(slot.k) + slot.p * V;
            if (g + V <= total) {
              v[u].v = *reinterpret_cast<const uint4*>(src + g);
              at[u] = t;
            } else { // the matrix's last, partial packet
              *reinterpret_cast<uint4*>(t) = load_packet(src, g, total);
            }
          }
          slot.next();
        }
#pragma unroll
        for (int u = 0; u < U; ++u)
          if (at[u] != nullptr) *reinterpret_cast<uint4*>(at[u]) = v[u].v;
      }
    }
    __syncthreads();
    // Phase 2: gather each output packet from the shared rows, one 16-byte store.
    auto store = [&](int q, const P& o) {
      const int u0 = q * V;
      if (u0 + V <= n) {
        store16_global(dst + f0 + u0, o.v);
      } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (u0 + j < n) dst[f0 + u0 + j] = o.e[j];
      }
    };
    // Where the gather has a period p (skinny_period), thread t takes packets t, t + jump,
    // t + 2·jump, ... (jump a multiple of p, skinny_gather_threads): it works out its packet's V
    // shared addresses once and reads every later packet at one offset from them, instead of
    // stepping row and position element by element for every packet. The packets one
    // instruction reads are consecutive, as before, so the banks see the same addresses.
    const int jump = skinny_gather_threads(static_cast<int>(sizeof(T)), s);
    if (jump > 0) {
      const int period = skinny_period(static_cast<int>(sizeof(T)), s);
      const int step = jump / period * (V / (s / period)); // positions between a thread's packets
      const int t = threadIdx.x;
      if (t < jump) {
        int at[V];
        class_addresses(t, at);
        // ROTATE (skinny_rotate_wins): slot j reads element j + r (mod V), r = c·V/4 with
        // c = t mod 4 (whole 32-bit words), so that the lanes of one load ask for four offsets
        // within their 16-byte chunks; the packet is turned back by c words before its store.
        const int c = t & 3;
        if constexpr (ROTATE && V >= 4) {
          rotate_left<V / 4>(at, (c & 1) != 0);
          rotate_left<V / 2>(at, (c & 2) != 0);
        }
        for (int q = t; q < packets; q += jump) {
          P o;
#pragma unroll
          for (int j = 0; j < V; ++j) {
            o.e[j] = tile[at[j]];
            at[j] += step;
          }
          if constexpr (ROTATE && V >= 4) o.v = rotate_words_right(o.v, c);
          store(q, o);
        }
      }
    } else {
      for (int q = threadIdx.x; q < packets; q += kThreads) {
        const int u0 = q * V;
        int l = u0 / s, k = u0 - l * s;
        P o;
#pragma unroll
        for (int j = 0; j < V; ++j) {
          o.e[j] = tile[row(k) + mis(k) + l];
          if (++k == s) k = 0, ++l;
        }
        store(q, o);
      }
    }
  } else {
    // Phase 1: the interleaved span into the shared rows.
    if constexpr (skinny_stages(static_cast<int>(sizeof(T)), SKEW)) {
      // 1- and 2-byte elements, unskewed rows: the span copied as it is into a staging area after
      // the shared rows (copy16_async: every packet in flight at once, none through registers),
      // then scattered from there. Where the scatter has a period (skinny_period), the mirror of
      // the interleaving gather: thread t takes packets t, t + jump, ... of one class, works out
      // its packet's V shared addresses once and adds one step a packet.
      E* stage = tile + skinny_rows_elems<T, SKEW>(s, W);
      for (int q = threadIdx.x; q < packets; q += kThreads) {
        const long long g = f0 + static_cast<long long>(q) * V;
        if (g + V <= total)
          copy16_async(stage + q * V, src + g);
        else // the matrix's last, partial packet
          *reinterpret_cast<uint4*>(stage + q * V) = load_packet(src, g, total);
      }
      copy16_async_wait_all();
      __syncthreads();
      const int jump = skinny_gather_threads(static_cast<int>(sizeof(T)), s);
      if (jump > 0) {
        const int period = skinny_period(static_cast<int>(sizeof(T)), s);
        const int step = jump / period * (V / (s / period));
        const int t = threadIdx.x;
        if (t < jump) {
          int at[V];
          class_addresses(t, at);
          for (int q = t; q < packets; q += jump) {
            P v;
            v.v = *reinterpret_cast<const uint4*>(stage + q * V);
            const int u0 = q * V;
            if (u0 + V <= n) {
#pragma unroll
              for (int j = 0; j < V; ++j) tile[at[j]] = v.e[j];
            } else {
#pragma unroll
              for (int j = 0; j < V; ++j)
                if (u0 + j < n) tile[at[j]] = v.e[j];
            }
#pragma unroll
            for (int j = 0; j < V; ++j) at[j] += step;
          }
        }
      } else {
        for (int q = threadIdx.x; q < packets; q += kThreads) {
          P v;
          v.v = *reinterpret_cast<const uint4*>(stage + q * V);
          const int u0 = q * V;
          int l = u0 / s, k = u0 - l * s;
#pragma unroll
          for (int j = 0; j < V; ++j) {
            if (u0 + j < n) tile[row(k) + mis(k) + l] = v.e[j];
            if (++k == s) k = 0, ++l;
          }
        }
      }
    } else {
      // 4- and 8-byte elements: U packets a thread loaded into registers, then scattered element
      // by element; 1- and 2-byte elements in skewed rows (over 32), where staging lost 8 points
      // at s = 100. Measured slower on an H200 for 4- and 8-byte elements, or no faster
      // (docs/perf-notes.md, 2026-11-24): staged as above (1-7 points); the scatter's addresses
      // worked out once with U packets in registers (1-13); each output packet gathered from the
      // staged span without shared rows (11-15); each packet's row and position stepped from the
      // last instead of divided (within 0.6).
      for (int q0 = threadIdx.x; q0 < packets; q0 += kThreads * U) {
        P v[U];
#pragma unroll
        for (int u = 0; u < U; ++u) {
          const int q = q0 + u * kThreads;
          if (q < packets) v[u].v = load_packet(src, f0 + static_cast<long long>(q) * V, total);
        }
#pragma unroll
        for (int u = 0; u < U; ++u) {
          const int q = q0 + u * kThreads;
          if (q >= packets) break;
          const int u0 = q * V;
          int l = u0 / s, k = u0 - l * s;
#pragma unroll
          for (int j = 0; j < V; ++j) {
            if (u0 + j < n) tile[row(k) + mis(k) + l] = v[u].e[j];
            if (++k == s) k = 0, ++l;
          }
        }
      }
    }
    __syncthreads();
    // Phase 2: the shared rows out as aligned packets; the two end packets of each segment are
    // shared with the neighbouring blocks, so only this block's elements of those are stored.
    // With SECTORS, the packets of the sectors that start in [0, w): the sector a packet ends
    // is the next block's; the first at block 0 reaches into the row before, whose last block
    // stores that part.
    SlotWalk slot(per_row);
    for (int i = threadIdx.x; i < slots; i += kThreads, slot.next()) {
      const int k = slot.k, p = slot.p;
      const int first = p * V - mis(k); // segment position of the packet's element 0
      if constexpr (SECTORS) {
        const long long g = planar_start(k) + p * V;
        const E* t = tile + row(k) + p * V;
        const int sector = first - static_cast<int>(g & V); // its sector's first position
        if (sector >= w || (sector < 0 && l0 > 0)) continue;
        if (first >= 0 && first + V <= L - l0) {
          *reinterpret_cast<uint4*>(dst + g) = *reinterpret_cast<const uint4*>(t);
        } else {
#pragma unroll
          for (int j = 0; j < V; ++j)
            if (first + j >= 0 && first + j < L - l0) dst[g + j] = t[j];
        }
        continue;
      }
      if (first >= w) continue;
      const long long g = planar_start(k) + p * V;
      const E* t = tile + row(k) + p * V;
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

// The register path for a short side S of 2 to 8 (a compile-time constant): each thread takes
// V consecutive long-side positions of all S rows, that is one 16-byte packet of each planar
// row and S consecutive packets of the interleaved span, and (de)interleaves them in
// registers, so shared memory sees only 16-byte accesses (the gather above does one shared
// access per element: 16 for each 16 bytes of u8).
//  - interleave: phase 1 stores each planar row's aligned packets as they are; phase 2 reads
//    the two packets that hold the thread's V positions of row k and realigns them by m_k
//    (realign16), interleaves the S packets into S output packets, and stores them;
//  - de-interleave: phase 1 loads S packets, de-interleaves them into S row packets, and
//    stores them one chunk into their shared rows (a chunk of room before each row);
//    phase 2 realigns each shared row to the output row's offset and stores aligned packets,
//    the two that the segment shares with its neighbours element by element.
// W = 256·V positions a block: one chunk a thread.
template <typename T> struct SkinnyReg {
  static constexpr int V = static_cast<int>(16 / sizeof(T));
  static constexpr int W = kThreads * V;
  // 16-byte chunks a shared row: room, W, the rest (at least kThreads + 3), a pitch per S that
  // keeps the staging free of bank conflicts (skinny_layout.hpp).
  static constexpr int rc(int s) { return skinny_reg_rc(s); }
  // The shared rows only: each warp stages its interleaved side in its own 32 chunks of every
  // row (skinny_reg_one), so no staging area of its own (which had doubled the shared memory:
  // at S = 8, 66 KB a block and three blocks an SM).
  static constexpr std::size_t smem(int s) { return static_cast<std::size_t>(s) * rc(s) * 16; }
};

template <typename T, int S, bool INTERLEAVE>
__device__ __forceinline__ void skinny_reg_one(T* __restrict__ out, const T* __restrict__ in,
                                               int cols, int rows, unsigned b,
                                               unsigned char* smem_raw) {
  using G = SkinnyReg<T>;
  using E = typename Bits<sizeof(T)>::type;
  constexpr int V = G::V, W = G::W, RC = G::rc(S);
  static_assert(RC >= kThreads + 3, "a shared row holds room, W and the rest");
  constexpr int ES = static_cast<int>(sizeof(T));
  const int L = INTERLEAVE ? cols : rows;
  const int l0 = static_cast<int>(b) * W;
  const int w = min(W, L - l0);
  const long long total = static_cast<long long>(rows) * cols;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw); // row k's chunk c at tile[k * RC + c]
  const E* src = reinterpret_cast<const E*>(in);
  E* dst = reinterpret_cast<E*>(out);
  const unsigned lmod = static_cast<unsigned>(L) & (V - 1);
  auto mis = [&](int k) {
    return static_cast<int>((static_cast<unsigned>(k) * lmod + static_cast<unsigned>(l0)) &
                            (V - 1));
  };
  const int t = threadIdx.x;
  const int pos = t * V; // the thread's first position in the block
  auto load = [&](long long g) { return load_packet(src, g, total); };

  // Each warp's staging area for the interleaved side, its 32·S packets, is the warp's own 32
  // chunks of each shared row (chunks 32·warp + 1 onwards), laid out as skinny_reg_columns says
  // when de-interleaving; interleaving (a block barrier before the stages in any layout), as at
  // S = 6: in columns ptxas took more registers there (fp64 S = 7 79 -> 86, two blocks an SM).
  constexpr bool COLS = !INTERLEAVE && skinny_reg_columns(S);
  const int lane = t & 31, warp = t >> 5;
  uint4* stage = tile + 1 + warp * 32;
  auto slot = [](int x) { return skinny_reg_slot(S, COLS, RC, x); };
  if (INTERLEAVE) {
    // Phase 1: packet t of each planar row (its aligned packets start m_k before the
    // segment), and packet 256 of row t for threads t < S; shared chunk c + 1.
    uint4 v[S];
    uint4 x = make_uint4(0, 0, 0, 0);
#pragma unroll
    for (int k = 0; k < S; ++k)
      if (pos < mis(k) + w) v[k] = load(static_cast<long long>(k) * L + l0 - mis(k) + pos);
    const bool extra = t < S && W < mis(t) + w;
    if (extra) x = load(static_cast<long long>(t) * L + l0 - mis(t) + W);
#pragma unroll
    for (int k = 0; k < S; ++k)
      if (pos < mis(k) + w) tile[k * RC + 1 + t] = v[k];
    if (extra) tile[t * RC + 1 + kThreads] = x;
    __syncthreads();
    // Phase 2: the thread's V positions of each row, realigned; S output packets. A thread's
    // S packets are contiguous, so storing them straight from registers would have each store
    // instruction write 16 bytes into each of 32 different sectors (50% of memcpy at S = 8,
    // fp32). They go through a per-warp staging area instead, and each store instruction
    // writes 512 contiguous bytes (the staging area and its slots are set up above).
    uint4 r[S];
#pragma unroll
    for (int k = 0; k < S; ++k)
      r[k] = realign16<ES>(tile[k * RC + 1 + t], tile[k * RC + 2 + t], mis(k));
    // The staging slots are the shared rows' chunks, and a warp's last thread read the next
    // warp's first chunk of each row above: every warp's reads done before any stages.
    __syncthreads();
#pragma unroll
    for (int i = 0; i < S; ++i) {
      uint4 o = make_uint4(0, 0, 0, 0);
#pragma unroll
      for (int j = 0; j < V; ++j)
        set_bits<ES>(o, j, packet_bits<ES>(r[(i * V + j) % S], (i * V + j) / S));
      stage[slot(lane * S + i)] = o;
    }
    __syncwarp();
    // The warp's span: positions from wpos on, n elements of output.
    const int wpos = warp * 32 * V;
    const int n = min(w - wpos, 32 * V) * S;
    const long long f = static_cast<long long>(l0 + wpos) * S;
#pragma unroll
    for (int i = 0; i < S; ++i) {
      const int x = i * 32 + lane;
      const uint4 o = stage[slot(x)];
      if ((x + 1) * V <= n) {
        store16_global(dst + f + x * V, o);
      } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (x * V + j < n) dst[f + x * V + j] = packet_bits<ES>(o, j);
      }
    }
  } else {
    // Phase 1: the warp's 32·S packets of the interleaved span loaded in order, 512 contiguous
    // bytes an instruction, into its staging area (loaded straight into registers, a thread's S
    // consecutive packets made each instruction span 32 lanes x S packets: 32 sectors a request,
    // 2x the load sectors needed, 67-91% of memcpy for u8 at S = 5-8); then each thread's S
    // packets, de-interleaved into one packet a row, stored at shared chunk t + 1 of each row
    // (chunk 0 is room for phase 2's shift).
    if (warp * 32 * V < w) {
      const long long f = static_cast<long long>(l0 + warp * 32 * V) * S;
      uint4 x[S];
#pragma unroll
      for (int i = 0; i < S; ++i) x[i] = load(f + (i * 32 + lane) * V); // past the end: last block
#pragma unroll
      for (int i = 0; i < S; ++i) stage[slot(i * 32 + lane)] = x[i];
    }
    __syncwarp();
    // Each thread's S packets de-interleaved into one packet a row, stored over the warp's
    // staging slots: in columns, over the thread's own (packet i at chunk t + 1 of row i, the
    // chunk row packet i goes to), so as soon as made; else once the whole warp has read them.
    uint4 r[S];
    if (pos < w) {
      uint4 v[S];
#pragma unroll
      for (int i = 0; i < S; ++i) v[i] = stage[slot(lane * S + i)];
#pragma unroll
      for (int k = 0; k < S; ++k) {
        r[k] = make_uint4(0, 0, 0, 0);
#pragma unroll
        for (int l = 0; l < V; ++l)
          set_bits<ES>(r[k], l, packet_bits<ES>(v[(l * S + k) / V], (l * S + k) % V));
      }
    }
    if constexpr (!COLS) __syncwarp();
    if (pos < w) {
#pragma unroll
      for (int k = 0; k < S; ++k) tile[k * RC + 1 + t] = r[k];
    }
    __syncthreads();
    // Phase 2: aligned packet p of output row k holds positions p·V - m_k ...: shared
    // element (p + 1)·V - m_k onwards, realigned from two chunks.
    auto put = [&](int k, int p) {
      const int m = mis(k);
      const int first = p * V - m; // segment position of the packet's element 0
      if (first >= w) return;
      const int e0 = first + V; // in the shared row
      const uint4 pk = realign16<ES>(tile[k * RC + e0 / V], tile[k * RC + e0 / V + 1], e0 % V);
      const long long g = static_cast<long long>(k) * L + l0 - m + p * V;
      if (first >= 0 && first + V <= w) {
        store16_global(dst + g, pk);
      } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (first + j >= 0 && first + j < w) dst[g + j] = packet_bits<ES>(pk, j);
      }
    };
#pragma unroll
    for (int k = 0; k < S; ++k) put(k, t);
    if (t < S) put(t, kThreads);
  }
}

// S = kSkinnyGather (0) or kSkinnyGatherSkewed (1): the gather path (any short side up to
// kMaxShort), its shared rows skewed or not; 2 to 8: the register path for that short side.
inline constexpr int kSkinnyGather = 0;
inline constexpr int kSkinnyGatherSkewed = 1;
// With kSkinnySectors set, the gather de-interleaves 4- and 8-byte elements into whole output
// sectors (skinny_gather_one's SECTORS).
inline constexpr int kSkinnySectors = 16;
// With kSkinnyRows set, the interleaving gather's phase 1 copies a row a warp through L1
// (skinny_gather_one's ROWS; skinny_rows_launch).
inline constexpr int kSkinnyRows = 32;
// With kSkinnyRotate set, the interleave's phase 2 reads each lane's elements in a rotated order
// (skinny_gather_one's ROTATE).
inline constexpr int kSkinnyRotate = 64;
constexpr int skinny_gather_kind(int variant) {
  return variant & ~(kSkinnySectors | kSkinnyRows | kSkinnyRotate);
}
constexpr bool skinny_is_gather(int variant) {
  return skinny_gather_kind(variant) == kSkinnyGather ||
         skinny_gather_kind(variant) == kSkinnyGatherSkewed;
}
// Blocks an SM for the launch bounds of a skinny kernel (ours_skinny, ours_best's skinny path):
// the gather of 2- to 8-byte elements held to 5 (48 registers; unbounded, ptxas took 52 for
// 2-byte elements interleaving, so 4 blocks an SM): on an H200, fp16 and bf16 interleaving +2 to
// +4 points at s = 48-104 and +4 at s = 31, 33 over 4 blocks (33 x 1939393: 77.0 -> 81.1),
// fp32 and fp64 within 1 (docs/perf-notes.md). 1-byte elements spilled at 5 (68 bytes): no
// bound. (Measured with phase 1's loads in registers; with cp.async ptxas takes 32-40 registers
// for the interleave of 1- to 4-byte elements, under the bound, and 7 blocks (32 registers, 4
// bytes spilled) ran 0-2 points behind on an H200.)
template <typename T, int S> constexpr int skinny_min_blocks() {
  return skinny_is_gather(S) && sizeof(T) >= 2 ? blocks_bound(5) : 0;
}
// The register path's piece as a call, not inlined into the repetition loop (as the narrow
// tile's, and for the same reason: inlined, the compiler kept one repetition's addresses live for
// the next, up to 254 registers and one block an SM at S = 8; called, 32 to 106, no spills). The
// gather stays inlined: called, it went from 32 to 40 registers, 8 to 6 blocks an SM.
template <typename T, int S, bool INTERLEAVE>
__device__ __noinline__ void skinny_reg_piece(T* __restrict__ out, const T* __restrict__ in,
                                              int cols, int rows, unsigned b,
                                              unsigned char* smem_raw) {
  skinny_reg_one<T, S, INTERLEAVE>(out, in, cols, rows, b, smem_raw);
}

template <typename T, int S, bool INTERLEAVE>
__device__ __forceinline__ void skinny_body(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  for (int r = 0; r < nreps; ++r) {
    if constexpr (skinny_is_gather(S))
      skinny_gather_one<T, INTERLEAVE, skinny_gather_kind(S) == kSkinnyGatherSkewed,
                        (S & kSkinnySectors) != 0, (S & kSkinnyRows) != 0,
                        (S & kSkinnyRotate) != 0>(out, in, cols, rows, blockIdx.x, smem_raw);
    else
      skinny_reg_piece<T, S, INTERLEAVE>(out, in, cols, rows, blockIdx.x, smem_raw);
    __syncthreads(); // the next repetition (or nothing) reuses the shared rows
  }
}

// Host side: the direction, the grid and the shared memory of one launch, and the variant
// compiled in: the short side of the register path (2 to 8), or kSkinnyGather(Skewed).
struct SkinnyLaunch {
  bool interleave = true;
  int variant = kSkinnyGather;
  unsigned blocks = 0;
  std::size_t smem = 0;
  bool keep_l1 = false; // skinny_keeps_l1: asks for keep_l1_carveout()
};

// The carveout (percent of the shared memory an SM has) that leaves the L1 32 KB more than the
// largest one: on sm_90 228 KB - 32 KB = 85%, which the driver rounds up to its 196 KB, leaving
// the L1 60 KB (sm_80: 132 of 164 KB, L1 60 KB).
inline int keep_l1_carveout() {
  int device = 0, most = 0;
  TB_CUDA_CALL(cudaGetDevice(&device));
  TB_CUDA_CALL(cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device));
  return most > (32 << 10) ? 100 * (most - (32 << 10)) / most : -1;
}
inline constexpr int kSkinnyRegMax = 8;

// Where the register path beats the gather (docs/perf-notes.md): interleaving, for every element
// size and S (H200, the shape map's short sides 2, 3, 4, 5, 7, 8: 95-103% of memcpy against the
// gather's 85-99); de-interleaving, for 1- and 2-byte elements at every S, and for 4- and 8-byte
// elements up to S = 6. With each warp staging in its own shared rows (the register path's
// shared memory halved), two passes each GPU, the register path against the gather
// de-interleaving, H200 / H100: fp32 at S = 4-6 +1.1 to +2.4 / +0.8 to +1.3, fp64 at S = 3-6
// +0.5 to +1.8 / +0.7 to +1.5; at S = 7 -0.2 to -0.8 / +0.2 to +0.4 (left to the gather).
// Short sides of whole packets go to the narrow tile first (ours_best).
constexpr bool skinny_registers_win(int element_size, int s, bool interleave) {
  if (s < 2 || s > kSkinnyRegMax) return false;
  if (interleave || element_size <= 2) return true;
  return s <= 6;
}

// Where ours_best's gather de-interleaves into whole output sectors (kSkinnySectors): 8-byte
// elements above the register path's short sides, and 4-byte ones above one tile
// (skinny_above_tile_wins) where the output rows (L elements) are not 16-byte aligned. Measured
// on an H200 (two passes, against the gather owning packets; docs/perf-notes.md): fp64
// 516129 x 31 85.8 -> 91.1% of memcpy, 1333333 x 12 +1.0, 484849 x 33 +0.7; at s = 3, 5 and 7
// -1.0 to -1.5, and fp32 at s = 4, 5 and 7 -3.4 to -5.8 (the halo's 2V positions a larger share
// of short spans); fp32 above one tile: 400001 x 80 +15.7, 329897 x 97 +19.2, but in aligned
// output rows 400000 x 80 -8.8 and 320000 x 97 -11.0 (a block's positions whole sectors there).
constexpr bool skinny_sectors_wins(int element_size, int s, int L, bool interleave) {
  if (interleave) return false;
  if (element_size == 8) return s > kSkinnyRegMax;
  return element_size == 4 && s > 64 && L % 4 != 0;
}

enum class SkinnyPath { gather, registers, measured };

// The variant a launch compiles in (the register path's S, or kSkinnyGather(Skewed)), from the
// element size alone, so that a kernel's note on the host names what its launch runs.
constexpr int skinny_variant(int element_size, int s, bool interleave, SkinnyPath path) {
  const bool registers =
      path == SkinnyPath::registers ||
      (path == SkinnyPath::measured && skinny_registers_win(element_size, s, interleave));
  if (registers && s >= 2 && s <= kSkinnyRegMax) return s;
  return s > SkinnySkew::above(element_size) ? kSkinnyGatherSkewed : kSkinnyGather;
}

template <typename T> SkinnyLaunch skinny_launch(int rows, int cols, SkinnyPath path) {
  const int s = std::min(rows, cols), L = std::max(rows, cols);
  if (s > Skinny::kMaxShort)
    throw shape_not_supported("the skinny path takes a short side up to " +
                              std::to_string(Skinny::kMaxShort));
  SkinnyLaunch g;
  g.interleave = rows <= cols;
  g.variant = skinny_variant(static_cast<int>(sizeof(T)), s, g.interleave, path);
  const bool reg = g.variant >= 2, skew = g.variant == kSkinnyGatherSkewed;
  const int w = reg ? SkinnyReg<T>::W : skinny_width(static_cast<int>(sizeof(T)), s, g.interleave);
  g.blocks = static_cast<unsigned>((static_cast<long long>(L) + w - 1) / w);
  g.smem = reg    ? SkinnyReg<T>::smem(s)
           : skew ? static_cast<std::size_t>(skinny_gather_smem<T, true>(s, g.interleave))
                  : static_cast<std::size_t>(skinny_gather_smem<T, false>(s, g.interleave));
  g.keep_l1 = !reg && skinny_keeps_l1(static_cast<int>(sizeof(T)), s, g.interleave);
  return g;
}

// The gather's launch g de-interleaving into whole output sectors instead (kSkinnySectors): the
// same grid, the flag set in the variant, shared rows 2V positions wider. Only for a gather
// de-interleaving 4- or 8-byte elements (skinny_gather_one's SECTORS).
template <typename T> SkinnyLaunch skinny_sectors_launch(SkinnyLaunch g, int s) {
  static_assert(sizeof(T) >= 4, "whole output sectors are owned for 4- and 8-byte elements");
  const bool skew = g.variant == kSkinnyGatherSkewed;
  g.variant |= kSkinnySectors;
  g.smem = static_cast<std::size_t>(skew ? skinny_sectors_smem<T, true>(s)
                                         : skinny_sectors_smem<T, false>(s));
  return g;
}

// The gather's launch g with phase 1 a row a warp where skinny_row_copies says so (2-byte
// elements interleaving): the same grid and shared memory, the flag set in the variant.
template <typename T> SkinnyLaunch skinny_rows_launch(SkinnyLaunch g, int s) {
  static_assert(sizeof(T) == 2, "phase 1 a row a warp: 2-byte elements");
  if (g.interleave && skinny_is_gather(g.variant) && skinny_row_copies(2, s))
    g.variant |= kSkinnyRows;
  return g;
}

// skinny_rotate_wins for an element size, s and L mod V (all the model depends on), worked out
// once a shape class.
inline bool skinny_rotates(int element_size, int s, int L) {
  static std::map<std::tuple<int, int, int>, bool> known;
  const auto key = std::make_tuple(element_size, s, L & (16 / element_size - 1));
  const auto it = known.find(key);
  if (it != known.end()) return it->second;
  return known[key] = skinny_rotate_wins(element_size, s, L);
}
// The gather's launch g with the interleave's loads rotated where skinny_rotate_wins says so
// (2- and 4-byte elements interleaving, not a row a warp): the same grid and shared memory, the
// flag set in the variant.
template <typename T> SkinnyLaunch skinny_rotate_launch(SkinnyLaunch g, int s, int L) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "rotated: 2- and 4-byte elements");
  if (g.interleave && g.variant == skinny_gather_kind(g.variant) && skinny_is_gather(g.variant) &&
      skinny_rotates(static_cast<int>(sizeof(T)), s, L))
    g.variant |= kSkinnyRotate;
  return g;
}

// Calls f(std::integral_constant<int, kSkinnyGather | FLAG>{}) or its skewed twin, as variant
// says.
template <int FLAG, typename F> void with_gather_flag(int variant, F&& f) {
  if (variant == (kSkinnyGatherSkewed | FLAG))
    f(std::integral_constant<int, kSkinnyGatherSkewed | FLAG>{});
  else
    f(std::integral_constant<int, kSkinnyGather | FLAG>{});
}

// Calls f(std::integral_constant<int, S>{}) with S = g.variant; with SECTORS, the variants of
// skinny_sectors_launch too (compiled only where asked for, as they take 4- and 8-byte elements
// de-interleaving), with ROWS those of skinny_rows_launch (2-byte elements interleaving), and with
// ROTATE those of skinny_rotate_launch (2- and 4-byte elements interleaving).
template <bool SECTORS = false, bool ROWS = false, bool ROTATE = false, typename F>
void with_skinny_side(const SkinnyLaunch& g, F&& f) {
  switch (g.variant) {
  case kSkinnyGather | kSkinnyRotate:
  case kSkinnyGatherSkewed | kSkinnyRotate:
    if constexpr (ROTATE) with_gather_flag<kSkinnyRotate>(g.variant, f);
    break;
  case kSkinnyGather | kSkinnyRows:
  case kSkinnyGatherSkewed | kSkinnyRows:
    if constexpr (ROWS) with_gather_flag<kSkinnyRows>(g.variant, f);
    break;
  case kSkinnyGather | kSkinnySectors:
  case kSkinnyGatherSkewed | kSkinnySectors:
    if constexpr (SECTORS) with_gather_flag<kSkinnySectors>(g.variant, f);
    break;
  case kSkinnyGatherSkewed:
    f(std::integral_constant<int, kSkinnyGatherSkewed>{});
    break;
  case 2:
    f(std::integral_constant<int, 2>{});
    break;
  case 3:
    f(std::integral_constant<int, 3>{});
    break;
  case 4:
    f(std::integral_constant<int, 4>{});
    break;
  case 5:
    f(std::integral_constant<int, 5>{});
    break;
  case 6:
    f(std::integral_constant<int, 6>{});
    break;
  case 7:
    f(std::integral_constant<int, 7>{});
    break;
  case 8:
    f(std::integral_constant<int, 8>{});
    break;
  default:
    f(std::integral_constant<int, 0>{});
    break;
  }
}

// Launches g: allows its shared memory and launches kernel_of(side, interleave), the kernel
// instance of a variant S (side, a std::integral_constant<int, S>) and a direction (interleave,
// a std::bool_constant); the sector variants de-interleave only. With SECTORS, as
// with_skinny_side.
template <typename T, bool SECTORS = false, bool ROWS = false, bool ROTATE = false, typename K>
void launch_skinny(const SkinnyLaunch& g, const LaunchArgs& a, K&& kernel_of) {
  with_skinny_side<SECTORS, ROWS, ROTATE>(g, [&](auto side) {
    TransposeKernel<T> kernel = kernel_of(side, std::false_type{});
    if constexpr ((decltype(side)::value & kSkinnySectors) == 0) {
      if (g.interleave) kernel = kernel_of(side, std::true_type{});
    }
    allow_dynamic_smem(kernel, g.smem);
    prefer_carveout(kernel, g.keep_l1 ? keep_l1_carveout() : -1);
    launch_kernel(kernel, dim3(g.blocks), dim3(kThreads), g.smem, a);
  });
}

} // namespace tb::ours
