// The padded tile (padded.cu; ours_best where docs/perf-notes.md measured it ahead): the narrow
// tile's V x V register transposes for any short side s from 2 to 16V - 1, rows at any offset.
// The short side is padded to NC = ceil(s / V) whole packets; the padding never reaches memory.
//  - A block takes W = RG·KB·V consecutive positions of the long side (RG = 256 / NC; KB = 1 for
//    1- and 2-byte elements, 2 for 4-byte, 4 for 8-byte, so that a block holds 32 KB or more) and
//    all s positions of the short side, as the skinny path does: one interleaved span of W·s
//    elements (L x s side) and s planar row segments of W elements (s x L side).
//  - Owner (g, c), g = tid % RG, c = tid / RG < NC, transposes the V x V blocks of planar rows
//    c·V .. c·V + V - 1 (rows past s are zeros, or ignored) and positions G·V .. G·V + V - 1 for
//    its KB groups G = g, g + RG, ...
//  - The planar side goes through shared rows as the skinny register path's does: the aligned
//    packets that cover each row segment, as they are, and a shifted read (shared_read16) by
//    the segment's offset from the 16-byte grid between them and the owners; the two packets at a
//    written segment's ends, shared with the neighbouring blocks, element by element.
//  - The interleaved side is where s / V is not whole: position q's channels c·V .. c·V + V - 1
//    start at element q·s + c·V of the span, anywhere in a packet.
//     - De-interleave: the span is loaded in order into shared memory and each owner reads its
//       V packets from it at element offsets, each with one shifted read
//       (shared_read16); channels past s come out as garbage and are never stored.
//     - Interleave: the owners store their transposed packets whole into a padded copy of the
//       span (NC chunks a position); each output packet is then read back from it at element
//       offsets: one shifted read for the part of it in one position, and one more, blended in,
//       for each position boundary inside it (one at most for s >= V).
// Each element passes shared memory twice (16-byte stores, 8-byte shifted reads), plus a few funnel
// shifts and selects; the gather it replaces did one shared access an element (16 for 16 bytes of
// u8). Bank groups: the de-interleave's span keeps each group's V·s elements (s chunks) in s | 1
// chunks (owners one odd stride apart); the padded span gives each group's V positions V·NC + 1
// chunks (V·NC is even); shared rows are an odd number of chunks long. Cost: instructions. On an
// H200 at 33 x 3878787 u8 it issues 237 warp instructions for every 32 output packets (Nsight
// Compute: loads 29%, the owners' reads 17%, transposes 10%, the output 43%; index arithmetic,
// selects and funnel shifts more than the transposes), where the narrow tile issues 30 at 16 x
// 8000000; u8 takes 128 registers (two blocks an SM; held to three it spills and loses 8-19
// points). Over the map's short sides from 9 it reaches 56-87% of memcpy on an H200, where the
// narrow tile reaches 88-97.
#pragma once

#include "kernels/ours/skinny.cuh" // set_bits; packet_bits and transpose_packet through it

namespace tb::ours {

template <typename T> struct Padded {
  static constexpr int V = Pack16<T>::kCount;
  static constexpr int ES = static_cast<int>(sizeof(T));
  // V x V blocks an owner transposes, at positions RG apart: enough that a block holds 32 KB or
  // more (u8: 64 KB). Its loads go kLoads a thread at a time (u8 and the widest short sides take
  // two rounds; 16 for u8 spilled).
  static constexpr int KB = V >= 8 ? 1 : 8 / V;
  static constexpr int kLoads = 8;
  // Blocks an SM that the register budget is held to: as many as ptxas allows without spilling
  // (u8 takes 124-136 registers left alone, one block an SM).
  static constexpr int kMinBlocks = ES == 1 ? 2 : 3;
  __host__ __device__ static constexpr bool takes(int s) { return s >= 2 && s < 16 * V; }
  __host__ __device__ static constexpr int packets(int s) { return (s + V - 1) / V; }      // NC
  __host__ __device__ static constexpr int groups(int s) { return kThreads / packets(s); } // RG
  __host__ __device__ static constexpr int width(int s) { return groups(s) * KB * V; }     // W
  // 16-byte chunks a shared row: chunks 0 .. W / V + 1 used, an odd count.
  __host__ __device__ static constexpr int row_chunks(int s) { return (width(s) / V + 2) | 1; }
  // Chunks of each layout; the three share one allocation, in turn.
  __host__ __device__ static constexpr int rows_chunks(int s) { return s * row_chunks(s); }
  __host__ __device__ static constexpr int span_chunks(int s) { return width(s) / V * (s | 1) + 1; }
  __host__ __device__ static constexpr int padded_chunks(int s) {
    return width(s) * packets(s) + width(s) / V + 2;
  }
  static constexpr std::size_t smem(int s, bool interleave) {
    const int a = rows_chunks(s);
    const int b = interleave ? padded_chunks(s) : span_chunks(s);
    return static_cast<std::size_t>(a > b ? a : b) * 16;
  }
};

// The 16 bytes at byte offset b of shared memory (b a multiple of ES): three 8-byte loads, one
// select and, for 1- and 2-byte elements, four funnel shifts. (Two 16-byte loads and realign16's
// two levels of selects took twice the instructions.)
template <int ES>
__device__ __forceinline__ uint4 shared_read16(const unsigned char* base, unsigned b) {
  const uint2* p = reinterpret_cast<const uint2*>(base + (b & ~7u));
  const uint2 x = p[0], y = p[1];
  if constexpr (ES == 8) {
    return make_uint4(x.x, x.y, y.x, y.y);
  } else {
    const uint2 z = p[2];
    const bool odd = (b & 4) != 0;
    const unsigned w0 = odd ? x.y : x.x, w1 = odd ? y.x : x.y, w2 = odd ? y.y : y.x,
                   w3 = odd ? z.x : y.y, w4 = odd ? z.y : z.x;
    if constexpr (ES == 4) {
      return make_uint4(w0, w1, w2, w3);
    } else {
      const unsigned sh = (b & 3) * 8;
      return make_uint4(__funnelshift_r(w0, w1, sh), __funnelshift_r(w1, w2, sh),
                        __funnelshift_r(w2, w3, sh), __funnelshift_r(w3, w4, sh));
    }
  }
}

// Elements j < jb of a, the rest of b (0 < jb < 16 / ES).
template <int ES> __device__ __forceinline__ uint4 blend16(const uint4& a, const uint4& b, int jb) {
  const int bits = jb * ES * 8;
  auto mix = [&](unsigned x, unsigned y, int w) {
    const unsigned m =
        __funnelshift_lc(0xffffffffu, 0u, static_cast<unsigned>(max(bits - 32 * w, 0)));
    return (x & m) | (y & ~m);
  };
  return make_uint4(mix(a.x, b.x, 0), mix(a.y, b.y, 1), mix(a.z, b.z, 2), mix(a.w, b.w, 3));
}

template <typename T, bool INTERLEAVE>
__device__ __forceinline__ void padded_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                           int rows, unsigned b, unsigned char* smem_raw) {
  using P = Padded<T>;
  using E = typename Bits<sizeof(T)>::type;
  constexpr int V = P::V, ES = P::ES, U = P::kLoads, KB = P::KB;
  const int s = INTERLEAVE ? rows : cols;
  const int L = INTERLEAVE ? cols : rows;
  const int NC = P::packets(s), RG = P::groups(s), W = P::width(s), RC = P::row_chunks(s);
  const int GN = W / V; // owner groups of V positions: RG·KB
  const int l0 = static_cast<int>(b) * W;
  const int w = min(W, L - l0); // positions this block holds
  const long long total = static_cast<long long>(rows) * cols;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  const E* src = reinterpret_cast<const E*>(in);
  E* dst = reinterpret_cast<E*>(out);
  const int tid = threadIdx.x;
  // Owner (g, c) takes groups g, g + RG, ... (KB of them) of packet column c.
  const int g = tid % RG, c = tid / RG;
  auto owns = [&](int kb) { return c < NC && (g + kb * RG) * V < w; };
  // Offset of planar row k's segment from the 16-byte grid, in elements (only the low bits of
  // k·L + l0 matter, so 32-bit arithmetic that wraps is exact).
  const unsigned lmod = static_cast<unsigned>(L) & (V - 1);
  auto mis = [&](int k) {
    return static_cast<int>((static_cast<unsigned>(k) * lmod + static_cast<unsigned>(l0)) &
                            (V - 1));
  };
  auto load = [&](long long i) { return load_packet(src, i, total); };
  // The planar side's slots, s rows x (GN + 1) aligned packets, thread tid's from tid on in
  // steps of 256: row k, packet p, advanced without a division a step.
  const int per_row = GN + 1;
  const int dk = kThreads / per_row, dp = kThreads - dk * per_row;
  // The interleaved span: elements [l0·s, (l0 + w)·s) of the matrix, 16-byte aligned.
  const long long f0 = static_cast<long long>(l0) * s;
  const int n = w * s;
  const int packets = (n + V - 1) / V;
  uint4 a[KB][V];

  if (INTERLEAVE) {
    // Phase 1: each planar row segment's aligned packets into shared row k, chunks 0 .. GN; U
    // loads in flight a round.
    int k = tid / per_row, p = tid - k * per_row;
    while (k < s) {
      uint4 v[U];
      int at[U];
#pragma unroll
      for (int u = 0; u < U; ++u) {
        const int m = k < s ? mis(k) : 0;
        at[u] = k < s && p * V < m + w ? k * RC + p : -1;
        if (at[u] >= 0) v[u] = load(static_cast<long long>(k) * L + l0 - m + p * V);
        p += dp;
        k += dk;
        if (p >= per_row) p -= per_row, ++k;
      }
#pragma unroll
      for (int u = 0; u < U; ++u)
        if (at[u] >= 0) tile[at[u]] = v[u];
    }
    __syncthreads();
    // Phase 2: the owner's V rows at each of its groups' V positions, realigned; transposed
    // into V packets of the padded span (position q's packet c at chunk q·NC + c + q / V).
#pragma unroll
    for (int kb = 0; kb < KB; ++kb) {
      if (!owns(kb)) continue;
      const int G = g + kb * RG;
#pragma unroll
      for (int i = 0; i < V; ++i) {
        const int r = c * V + i;
        a[kb][i] = r < s ? shared_read16<ES>(smem_raw, 16u * static_cast<unsigned>(r * RC + G) +
                                                           static_cast<unsigned>(mis(r) * ES))
                         : make_uint4(0, 0, 0, 0);
      }
    }
    __syncthreads(); // the padded span takes the shared rows' place
#pragma unroll
    for (int kb = 0; kb < KB; ++kb) {
      if (!owns(kb)) continue;
      const int base = (g + kb * RG) * (V * NC + 1) + c;
#pragma unroll
      for (int j = 0; j < V; ++j) tile[base + j * NC] = transpose_packet<ES>(a[kb], j);
    }
    __syncthreads();
    // Phase 3: output packet x of the span, elements e0 = x·V on: position q0 = e0 / s from
    // channel ch on, then the next positions' channels from 0, blended in at their boundaries.
    auto padded_at = [&](int q) { // element of (q, channel 0)
      return (q * NC + static_cast<int>(static_cast<unsigned>(q) / V)) * V;
    };
    auto read = [&](int e) { return shared_read16<ES>(smem_raw, static_cast<unsigned>(e) * ES); };
    const int de = kThreads * V;
    const int dq = de / s, dch = de - dq * s;
    int x = tid, q0 = x * V / s, ch = x * V - q0 * s;
    for (; x < packets; x += kThreads) {
      const int e0 = x * V;
      uint4 o = read(padded_at(q0) + ch);
      for (int jb = s - ch, q = q0 + 1; jb < V && e0 + jb < n; jb += s, ++q)
        o = blend16<ES>(o, read(padded_at(q) - jb), jb);
      if (e0 + V <= n) {
        store16_global(dst + f0 + e0, o);
      } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (e0 + j < n) dst[f0 + e0 + j] = packet_bits<ES>(o, j);
      }
      q0 += dq;
      ch += dch;
      if (ch >= s) ch -= s, ++q0;
    }
  } else {
    // Phase 1: the span in order, U packets in flight; chunk x of it belongs to owner group
    // x / s and sits at shared chunk (x / s)·(s | 1) + x % s.
    const int GS = s | 1;
    const int dg = kThreads / s, dr = kThreads - dg * s;
    int x = tid, gq = x / s, gr = x - gq * s;
    while (x < packets) {
      uint4 v[U];
      int at[U];
#pragma unroll
      for (int u = 0; u < U; ++u) {
        at[u] = x < packets ? gq * GS + gr : -1;
        if (at[u] >= 0) v[u] = load(f0 + static_cast<long long>(x) * V);
        x += kThreads;
        gq += dg;
        gr += dr;
        if (gr >= s) gr -= s, ++gq;
      }
#pragma unroll
      for (int u = 0; u < U; ++u)
        if (at[u] >= 0) tile[at[u]] = v[u];
    }
    __syncthreads();
    // Phase 2: each of the owner's groups' V positions, channels c·V on, each read at its
    // element offset j·s + c·V in the group; transposed into V row packets, stored at chunk
    // G + 1 of each shared row (chunk 0 is room for phase 3's shift).
#pragma unroll
    for (int kb = 0; kb < KB; ++kb) {
      if (!owns(kb)) continue;
      const int G = g + kb * RG;
#pragma unroll
      for (int j = 0; j < V; ++j) {
        const unsigned e = static_cast<unsigned>(j * s + c * V);
        a[kb][j] = shared_read16<ES>(smem_raw, 16u * static_cast<unsigned>(G * GS) + e * ES);
      }
    }
    __syncthreads(); // the shared rows take the span's place
#pragma unroll
    for (int kb = 0; kb < KB; ++kb) {
      if (!owns(kb)) continue;
      const int G = g + kb * RG;
#pragma unroll
      for (int i = 0; i < V; ++i)
        if (c * V + i < s) tile[(c * V + i) * RC + 1 + G] = transpose_packet<ES>(a[kb], i);
    }
    __syncthreads();
    // Phase 3: aligned packet p of output row k holds segment positions p·V - m_k on: shared
    // element (p + 1)·V - m_k on, realigned from two chunks.
    int k = tid / per_row, p = tid - k * per_row;
    for (; k < s;) {
      const int m = mis(k);
      const int first = p * V - m; // segment position of the packet's element 0
      if (first < w) {
        const uint4 pk = shared_read16<ES>(smem_raw, 16u * static_cast<unsigned>(k * RC) +
                                                         static_cast<unsigned>((first + V) * ES));
        const long long at = static_cast<long long>(k) * L + l0 - m + p * V;
        if (first >= 0 && first + V <= w) {
          store16_global(dst + at, pk);
        } else {
#pragma unroll
          for (int j = 0; j < V; ++j)
            if (first + j >= 0 && first + j < w) dst[at + j] = packet_bits<ES>(pk, j);
        }
      }
      p += dp;
      k += dk;
      if (p >= per_row) p -= per_row, ++k;
    }
  }
}

// One piece a call, not inlined into the repetition loop (as the narrow tile's, and for the same
// reason: registers).
template <typename T, bool INTERLEAVE>
__device__ __noinline__ void padded_piece(T* __restrict__ out, const T* __restrict__ in, int cols,
                                          int rows, unsigned b, unsigned char* smem_raw) {
  padded_one<T, INTERLEAVE>(out, in, cols, rows, b, smem_raw);
}

template <typename T, bool INTERLEAVE>
__device__ __forceinline__ void padded_body(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  for (int r = 0; r < nreps; ++r) {
    padded_piece<T, INTERLEAVE>(out, in, cols, rows, blockIdx.x, smem_raw);
    __syncthreads(); // the next repetition reuses shared memory
  }
}

// ours_best took the padded tile to de-interleave 1-byte elements from s = 9 (ahead of the
// gather there, 57-64% of memcpy on an H200 against 42-56); the word tile (words.cuh) has since
// replaced it (docs/perf-notes.md). It stays as a study kernel: 16-byte transposes in registers,
// bound by the instructions around them.

// Blocks of a launch: one for every W positions of the long side.
template <typename T> unsigned padded_blocks(int rows, int cols) {
  const long long L = rows > cols ? rows : cols;
  const int w = Padded<T>::width(rows < cols ? rows : cols);
  return static_cast<unsigned>((L + w - 1) / w);
}

} // namespace tb::ours
