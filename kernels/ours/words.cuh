// The word tile (words.cu): a short side s below one tile (any s, rows at any offset) for 1-, 2-
// and 4-byte elements, the (de)interleave done on 32-bit words: E = 4 / sizeof(T) channels at E
// positions transposed with byte permutes (8 for 1-byte elements, 2 for 2-byte, none for 4-byte).
// A block takes P positions of the long side and all s of the short side, as the padded tile
// does, plus V positions past them (the halo) so that it owns every output packet it starts.
// Shared memory holds both sides at once:
//  - the interleaved side as a span: de-interleaving, the input span's aligned packets as they
//    are (position q, channel k at byte d + (q·s + k)·ES); interleaving, a staging copy with
//    NK = ceil(s / E) words a position (the output span itself where s·ES is a multiple of 4,
//    placed so that its packets are the output's aligned ones);
//  - the planar side as s rows of 16-byte chunks: interleaving, each input row segment's
//    aligned packets as they are (position q at byte o_k + q·ES); de-interleaving, logical
//    positions from byte 0, each output packet then read at the row's offset from the grid.
// Phase 2 item (kg, qg): channels kg·E .. kg·E + E - 1 at positions qg·V .. qg·V + V - 1 (64
// bytes for 1-byte elements): V words read at any byte offset from the span (two 32-bit loads
// and a funnel shift each) or E row windows read with shared_read16, four E x E word
// transposes, written as E 16-byte chunks of planar rows or V words of the staging span.
// Consecutive lanes take consecutive kg, so span words are consecutive and the planar rows,
// E·RC + 1 chunks apart (an odd count), fall in different bank groups. De-interleaving 1-byte
// elements, phase 2 reads 16-byte windows of 16 channels instead (kWindows).
// Counted by hand (1-byte elements, per 16 bytes and thread): about 2 instructions in phase 1,
// 21 in phase 2 and 10-15 in phase 3, against the padded tile's 237 warp instructions for every
// 32 output packets. Nsight Compute counted about 150 (docs/perf-notes.md): the address
// arithmetic around each shared access and the (row, packet) walks, not the permutes.
// Variants (Words' OPTS): the gapped interleave staged as the output span itself
// (kWordsCompact; ours_best's for 1-byte elements), u8 rows of a multiple of 32 channels in
// chunks of 32 (kWordsChunk; ours_best's), the u8 de-interleave's phase-2 items dealt against
// bank conflicts at odd s (kWordsSpread) and the 2-/4-byte de-interleave's (kWordsDeal). Their
// layout helpers, plain C++ with host tests, are in word_layout.hpp.
#pragma once

#include "kernels/ours/choices.hpp" // words_half_wins, words_compact_wins, words_chunked_wins
#include "kernels/ours/padded.cuh" // shared_read16, blend16, load_packet, store16_global, copy16_async
#include "kernels/ours/word_layout.hpp" // store_low_bytes, chunk_swizzle, planar_row_chunks

#include <type_traits>

namespace tb::ours {

// Variants of the word tile (Words' OPTS, a bit set; 0 is the tile ours_best runs), each a
// candidate measured beside it (docs/perf-notes.md).
inline constexpr unsigned kWordsCompact = 1, kWordsChunk = 2, kWordsSpread = 4, kWordsDeal = 8,
                          kWordsWide = 16, kWordsSectors = 32, kWordsRotate = 64;

template <typename T, int ROUNDS = 2 * static_cast<int>(sizeof(T)), int BLOCKS = 3,
          unsigned OPTS = 0, int SFIX = 0>
struct Words {
  // SFIX: the short side, where the tile is compiled for one (0: s read at run time). The
  // kernel then folds every quantity that follows from s, and its strides of s·ES bytes become
  // constants (docs/perf-notes.md: "the word tile compiled for its short side").
  static constexpr int kFixedS = SFIX;
  static constexpr int ES = static_cast<int>(sizeof(T));
  static_assert(ES <= 4, "the word tile takes 1-, 2- and 4-byte elements");
  static constexpr int E = 4 / ES;  // elements a word
  static constexpr int V = 16 / ES; // elements a packet
  // Phase 2 items a thread: an item is 64 / ES bytes, so a block holds about 32 KB a side.
  static constexpr int kRounds = ROUNDS;
  static constexpr int kMinBlocks = blocks_bound(BLOCKS); // the launch bound (common.cuh)
  __host__ __device__ static constexpr int words(int s) { return (s + E - 1) / E; } // NK
  // Interleaving where s·ES is not a multiple of 4, each output packet is read from the staging
  // span in two parts at most: the staging copy pads every position to whole words.
  __host__ __device__ static constexpr bool gaps(int s) { return s * ES % 4 != 0; }
  // kWordsCompact: where s·ES is not a multiple of 4, phase 2 writes the staging span as the output
  // span itself, s·ES bytes a position (each word's channels at their own bytes, channels past s
  // left out, in aligned pieces: store_low_bytes), so that phase 3 reads every output packet
  // with one aligned 16-byte load, as it does without gaps. More shared stores in phase 2, no
  // two-part reads and blends in phase 3 (ours_words_compact; docs/perf-notes.md).
  static constexpr bool kCompact = (OPTS & kWordsCompact) != 0;
  // kWordsChunk (de-interleaving 1-byte elements in rows of a multiple of 32 channels, so
  // every row starts on the 16-byte grid): a block takes channels k0 .. k0 + 31 of P positions,
  // the short side cut into chunks of one word tile's geometry at s = 32 (blocks chunk-first).
  // Phase 1 copies each position's two packets of the chunk into a compact span whose 16-byte
  // chunks are XOR-swizzled (chunk_swizzle), so that phase 2 reads each window with one aligned
  // 16-byte load and without bank conflicts: lanes 4 positions apart, 128 bytes apart in the
  // span, would all fall in one bank group. For short sides of one tile and more, whose output
  // rows are not 16-byte aligned (the halo tile's weakest shapes, u8 L x 256 to L x 4096).
  // With kWordsWide, chunks of 64 channels (four packets a position), so that each of phase 1's
  // warp-wide copies reads 8 positions of 64 bytes, not 16 of 32: half the cache lines a request
  // where the rows are longer than a chunk (docs/perf-notes.md).
  static constexpr int kChunk = (OPTS & kWordsChunk) == 0 ? 0 : (OPTS & kWordsWide) != 0 ? 64 : 32;
  // kWordsSpread (de-interleaving 1-byte elements at odd s, kWindows): each warp's 32 phase-2
  // items are dealt so that the first half-warp takes the even ones and the second the odd ones
  // (spread_item), so that their 8-byte window loads, s words apart for consecutive position
  // quads, fall on 16 different bank pairs: modelled (docs/models/), wavefronts a window load at
  // s = 31, 33, 65, 127: 4.0, 3.8, 4.0, 4.0 -> 2.0, 2.2, 2.4, 2.0 (2 is the floor); the planar
  // stores stay conflict-free. Even s keeps the items in order (spread, s = 12 and 100 would go
  // from 2 to 4 a half-warp).
  static constexpr bool kSpread = (OPTS & kWordsSpread) != 0;
  // kWordsRotate (de-interleaving 1-byte elements where s is a multiple of 8, kWindows): lanes
  // take consecutive position quads, whose windows lie 4s bytes apart, a multiple of 32: at
  // s = 16 mod 32 two of the eight 16-byte bank groups, at 0 mod 32 one (5- to 9-way conflicts
  // measured at u8 L x 272, 320, 400 on an H200). Each lane's window index is rotated by its
  // position quad mod 8 (a bijection on the items for each quad), so that a warp's loads fall on
  // all eight groups; its stores stay consecutive words of the planar rows.
  static constexpr bool kRotate = (OPTS & kWordsRotate) != 0;
  // kWordsDeal (de-interleaving 2- and 4-byte elements at odd s): each warp takes a tile of 4
  // words x 8 position groups (deal_item) instead of consecutive words, so that its 32-bit span
  // loads are conflict-free: modelled (docs/models/), wavefronts a load fp16 at s = 17, 31, 33
  // 3.0, 2.0, 2.8 -> 1.0, fp32 at 17, 31, 33 2.8, 2.0, 1.9 -> 1.0, for 0-40% more load
  // instructions where NK is not a multiple of 4 or NQ of 8 (idle lanes). Even s keeps the walk
  // (dealt, fp16 at s = 48 would go from 2.0 to 7.0).
  static constexpr bool kDeal = (OPTS & kWordsDeal) != 0;
  // kWordsSectors (de-interleaving): each block owns whole 32-byte sectors of its output rows,
  // not only whole packets: the sectors whose first byte falls in its P positions, so that no
  // two blocks write parts of one (but where a sector spans two output rows). The halo past the
  // P positions grows from one packet's positions to one sector's, and P shrinks to whole
  // sectors (P·ES a multiple of 32), one or two packets' positions less (words_sectors_wins).
  // (Units of whole 256-byte pieces, the halo a piece's positions, were measured and lost:
  // docs/perf-notes.md, "the word tile owning 256-byte pieces".)
  static constexpr int kOwn = (OPTS & kWordsSectors) != 0 ? 2 : 1;
  static_assert(OPTS < 128 &&
                    (kChunk == 0 || (ES == 1 && !kCompact && !kSpread && !kDeal && !kRotate)) &&
                    (!kSpread || ES == 1) && (!kRotate || ES == 1) && (!kDeal || ES >= 2) &&
                    ((OPTS & kWordsWide) == 0 || kChunk != 0),
                "chunks, spread lanes and rotated windows: 1-byte elements; dealt items: 2- and "
                "4-byte elements; wide chunks are chunks");
  __host__ __device__ static constexpr bool takes(int s, bool interleave) {
    return s >= 2 && s < 16 * V && (!interleave || !gaps(s) || s * ES >= 16);
  }
  // Phase 2's groups of V positions (NQ), and the positions a block owns (P = (NQ - 1)·V; owning
  // sectors, the largest even number of groups up to NQ - 2).
  __host__ __device__ static constexpr int groups(int s) {
    const int n = kRounds * kThreads / words(s);
    return n < 2 * kOwn ? 2 * kOwn : n;
  }
  __host__ __device__ static constexpr int width(int s) {
    return (groups(s) - kOwn) / kOwn * kOwn * V;
  }
  // Planar rows: RC chunks each (NQ·V positions from any offset, and shared_read16's 8 bytes past
  // a window). Interleaving, row k at chunk k·RC + k / E (E·words(s) rows, the padding channels'
  // included): phase 2's lanes read rows E apart, and E·RC + 1 chunks put them in different
  // bank groups. De-interleaving, row k at chunk k·RC, for all channels of the 16-byte windows
  // phase 2 reads (windows(s)·V rows).
  __host__ __device__ static constexpr int row_chunks(int s) {
    return planar_row_chunks(width(s) / V + 1 + 2 * kOwn, E); // groups(s) + 2 at least
  }
  __host__ __device__ static constexpr int row_base(int k, int rc) { return k * rc + k / E; }
  __host__ __device__ static constexpr int windows(int s) { return (s * ES + 15) / 16; }
  // De-interleaving 1-byte elements, phase 2 reads each position's 16-byte window of channels
  // (kWindows); 2- and 4-byte elements read one E-channel word at a time. Measured on an H200
  // (docs/perf-notes.md): windows took u8 10666667 x 12 from 71 to 85% of memcpy and left
  // s = 31, 33 and 100 within a point, but lost 16 points at fp16 640001 x 100, where lanes one
  // position quad apart read 2s = 200 words apart (8 banks of 32).
  static constexpr bool kWindows = ES == 1;
  __host__ __device__ static constexpr int planar_chunks(int s, bool interleave) {
    return interleave || !kWindows ? row_base(words(s) * E, row_chunks(s))
                                   : windows(s) * V * row_chunks(s);
  }
  // The span: NQ·V positions of NK words, plus an offset of up to 15 bytes and slack for reads.
  __host__ __device__ static constexpr int span_chunks(int s) {
    return (groups(s) * V * words(s) * 4 + 64) / 16;
  }
  static constexpr std::size_t smem(int s, bool interleave) {
    return static_cast<std::size_t>(span_chunks(s) + planar_chunks(s, interleave)) * 16;
  }
};

// The 32-bit word at byte a of shared memory (a a multiple of ES): two loads and a funnel shift.
template <int ES> __device__ __forceinline__ unsigned shared_word(const unsigned* w, unsigned a) {
  if constexpr (ES == 4) {
    return w[a >> 2];
  } else {
    return __funnelshift_r(w[a >> 2], w[(a >> 2) + 1], (a & 3) * 8);
  }
}

// E x E transpose of ES-byte elements in E words, in place: w[i] element j becomes w[j]
// element i. (tile16.cuh's transpose_words builds one output packet of a 16-row word pass.)
template <int ES> __device__ __forceinline__ void transpose_word_block(unsigned (&w)[4 / ES]) {
  if constexpr (ES == 1) {
    const unsigned t0 = __byte_perm(w[0], w[1], 0x5140), t1 = __byte_perm(w[0], w[1], 0x7362);
    const unsigned t2 = __byte_perm(w[2], w[3], 0x5140), t3 = __byte_perm(w[2], w[3], 0x7362);
    w[0] = __byte_perm(t0, t2, 0x5410);
    w[1] = __byte_perm(t0, t2, 0x7632);
    w[2] = __byte_perm(t1, t3, 0x5410);
    w[3] = __byte_perm(t1, t3, 0x7632);
  } else if constexpr (ES == 2) {
    const unsigned a = w[0], b = w[1];
    w[0] = __byte_perm(a, b, 0x5410);
    w[1] = __byte_perm(a, b, 0x7632);
  }
}

template <typename T, bool INTERLEAVE, typename W>
__device__ __forceinline__ void words_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                          int rows, unsigned b, unsigned char* smem_raw) {
  using U = typename Bits<sizeof(T)>::type;
  constexpr int ES = W::ES, E = W::E, V = W::V;
  constexpr int CH = W::kChunk;
  static_assert(CH == 0 || !INTERLEAVE, "chunks de-interleave");
  static_assert(W::kOwn == 1 || !INTERLEAVE, "whole sectors: de-interleaving");
  constexpr int UE = W::kOwn * V; // elements of an owned unit (a packet or a sector)
  // s: the channels a block moves (with CH, a chunk of the rows' cols channels, k0 its first).
  const int s = W::kFixedS != 0 ? W::kFixedS : CH ? CH : INTERLEAVE ? rows : cols;
  const int L = INTERLEAVE ? cols : rows;
  const int NK = W::words(s), NQ = W::groups(s), P = W::width(s), RC = W::row_chunks(s);
  const int nchunks = CH ? cols / CH : 1;
  const unsigned bp = CH ? b / static_cast<unsigned>(nchunks) : b; // the block's positions
  const int k0 = CH ? static_cast<int>(b % static_cast<unsigned>(nchunks)) * CH : 0;
  const int p0 = static_cast<int>(bp) * P;
  const int np = min(P, L - p0);      // positions owned
  const int nl = min(P + UE, L - p0); // positions loaded
  const long long total = static_cast<long long>(rows) * cols;
  unsigned char* span = smem_raw;
  uint4* planar = reinterpret_cast<uint4*>(smem_raw) + W::span_chunks(s);
  const U* src = reinterpret_cast<const U*>(in);
  U* dst = reinterpret_cast<U*>(out);
  const int tid = threadIdx.x;
  const int sw = NK * 4; // staging bytes a position
  // Offset of planar row k's segment (output row k0 + k) from the 16-byte grid, in elements
  // (only the low bits of (k0 + k)·L + p0 matter, so 32-bit arithmetic that wraps is exact).
  const unsigned lmod = static_cast<unsigned>(L) & (V - 1);
  auto mis = [&](int k) {
    return static_cast<int>((static_cast<unsigned>(k + k0) * lmod + static_cast<unsigned>(p0)) &
                            (V - 1));
  };
  // De-interleaving: block position of output row k's first owned unit (its first unit boundary).
  auto head = [&](int k) {
    if constexpr (W::kOwn == 1) {
      return (V - mis(k)) & (V - 1);
    } else {
      return words_unit_head(static_cast<unsigned>(k + k0), static_cast<unsigned>(L) & (UE - 1),
                             static_cast<unsigned>(p0), UE);
    }
  };
  auto row = [&](int k) { // interleaving
    return reinterpret_cast<const unsigned char*>(planar + W::row_base(k, RC));
  };
  auto rowd = [&](int k) { // de-interleaving
    return reinterpret_cast<const unsigned char*>(planar +
                                                  (W::kWindows ? k * RC : W::row_base(k, RC)));
  };
  // Phase 2's walk over items (kg, qg), thread tid's from tid on in steps of 256.
  const int iq = kThreads / NK, ik = kThreads - iq * NK;
  // The interleaved span: elements z0 .. of the matrix, from the block's first position.
  const long long z0 = static_cast<long long>(p0) * s;

  if (!INTERLEAVE) {
    // Phase 1: the span's aligned packets in order, copied without passing through registers
    // (copy16_async), every one in flight at once.
    const long long a0 = z0 & ~static_cast<long long>(V - 1);
    const unsigned d = static_cast<unsigned>(z0 - a0) * ES; // byte of (0, 0)
    const int nch = static_cast<int>((z0 + static_cast<long long>(nl) * s - a0 + V - 1) / V);
    uint4* sp = reinterpret_cast<uint4*>(span);
    if constexpr (CH != 0) {
      // Chunked: position q's PER packets of the chunk (whole packets inside the matrix: rows
      // of cols channels on the 16-byte grid) into span chunks PER·q .. PER·q + PER - 1,
      // swizzled.
      constexpr int PER = CH / 16;
      for (int x = tid; x < PER * nl; x += kThreads)
        copy16_async(sp + chunk_swizzle<PER>(x),
                     src + (static_cast<long long>(p0 + (x >> (PER / 2))) * cols + k0 +
                            (x & (PER - 1)) * V));
    } else {
      for (int x = tid; x < nch; x += kThreads) {
        const long long g = a0 + static_cast<long long>(x) * V;
        if (g + V <= total)
          copy16_async(sp + x, src + g);
        else // the matrix's last, partial packet
          sp[x] = load_packet(src, g, total);
      }
    }
    copy16_async_wait_all();
    __syncthreads();
    // Phase 2, 1-byte elements (kWindows): item (cw, pq): the 16-byte window of channels
    // cw·16 .. cw·16 + 15 at positions 4pq .. 4pq + 3 (channels past s are read from the next
    // position and land in planar rows past s, never stored), each window read with
    // shared_read16; four 4 x 4 byte transposes; a word into each of the 16 planar rows. Lanes
    // take consecutive pq, so their stores are consecutive words of one row. (Each position's
    // 4-channel word read on its own, two loads and a funnel shift with an address each, took
    // about twice the instructions.)
    if constexpr (W::kWindows) {
      static_assert(ES == 1, "windows of 16 channels: 1-byte elements");
      const int NW = W::windows(s), NPQ = NQ * V / 4;
      const int dpq = kThreads % NPQ, dcw = kThreads / NPQ;
      const unsigned rstride = static_cast<unsigned>(RC) * 16;
      for (int cw = tid / NPQ, pq = tid % NPQ; cw < NW;) {
        int cq = cw, q4 = pq; // the item this lane takes: window cq of position quad q4
        if constexpr (W::kSpread) {
          if ((s & 1) && NPQ >= 32) { // item cw·NPQ + pq becomes spread_item's, < 32 away
            const int it = cw * NPQ + pq;
            q4 += spread_item(it, NW * NPQ) - it;
            if (q4 >= NPQ)
              q4 -= NPQ, ++cq;
            else if (q4 < 0)
              q4 += NPQ, --cq;
          }
        }
        if constexpr (W::kRotate) {
          if ((s & 7) == 0) cq = (cq + (q4 & 7)) % NW; // q4 = pq here (no spread at even s)
        }
        const unsigned a = d + static_cast<unsigned>((4 * q4 * s + cq * V) * ES);
        uint4 win[4];
#pragma unroll
        for (int t = 0; t < 4; ++t) {
          if constexpr (CH != 0) // window cq of position 4·q4 + t: one aligned chunk
            win[t] = sp[chunk_swizzle<CH / 16>((4 * q4 + t) * (CH / 16) + cq)];
          else
            win[t] = shared_read16<ES>(span, a + static_cast<unsigned>(t * s * ES));
        }
        unsigned char* rowp = reinterpret_cast<unsigned char*>(planar) +
                              static_cast<unsigned>(cq * V) * rstride +
                              static_cast<unsigned>(q4 * 4 * ES);
        // Channels 4c .. 4c + 3 at positions 0 .. 3: one word into each of their rows.
#pragma unroll
        for (int c = 0; c < 4; ++c) {
          unsigned x[4] = {word(win[0], c), word(win[1], c), word(win[2], c), word(win[3], c)};
          transpose_word_block<1>(x);
#pragma unroll
          for (int e = 0; e < 4; ++e)
            *reinterpret_cast<unsigned*>(rowp + static_cast<unsigned>(4 * c + e) * rstride) = x[e];
        }
        pq += dpq;
        cw += dcw;
        if (pq >= NPQ) pq -= NPQ, ++cw;
      }
    } else {
      // 2-byte and 4-byte elements: V position words of channels kg·E .. from the span, four
      // E x E transposes, E chunks of planar rows (kWindows says why).
      const unsigned* sw32 = reinterpret_cast<const unsigned*>(span);
      auto item = [&](int kg, int qg) {
        const unsigned a = d + static_cast<unsigned>(qg * V * s + kg * E) * ES;
        uint4 r[E];
#pragma unroll
        for (int g = 0; g < 4; ++g) {
          unsigned w[E];
#pragma unroll
          for (int t = 0; t < E; ++t)
            w[t] = shared_word<ES>(sw32, a + static_cast<unsigned>((g * E + t) * s * ES));
          transpose_word_block<ES>(w);
#pragma unroll
          for (int e = 0; e < E; ++e) set_word(r[e], g, w[e]);
        }
#pragma unroll
        for (int e = 0; e < E; ++e) planar[W::row_base(kg * E + e, RC) + qg] = r[e];
      };
      if (W::kDeal && (s & 1)) { // warp tiles of 4 words x 8 groups (deal_item)
        const int J = (NK + 3) / 4, tiles = J * ((NQ + 7) / 8);
        for (int u = tid / 32; u < tiles; u += kThreads / 32) {
          const DealtItem it = deal_item(u, tid % 32, J);
          if (it.kg < NK && it.qg < NQ) item(it.kg, it.qg);
        }
      } else {
        for (int kg = tid % NK, qg = tid / NK; qg < NQ;) {
          item(kg, qg);
          kg += ik;
          qg += iq;
          if (kg >= NK) kg -= NK, ++qg;
        }
      }
    }
    __syncthreads();
    // Phase 3: output row k's aligned packets f_k + m·V (f_k: the first unit boundary) of the
    // units that start at block positions below np, each read at that position from the planar
    // row.
    const int per_row = P / V; // P is whole units
    const int dk = kThreads / per_row, dm = kThreads - dk * per_row;
    for (int k = tid / per_row, m = tid % per_row; k < s;) {
      const int f = head(k), pos = f + m * V;
      if ((W::kOwn == 1 ? pos : f + m / W::kOwn * UE) < np) {
        const uint4 pk = shared_read16<ES>(rowd(k), static_cast<unsigned>(pos * ES));
        const long long at = static_cast<long long>(k + k0) * L + p0 + pos;
        if (pos + V <= L - p0) {
          store16_global(dst + at, pk);
        } else { // the row's last packet reaches into the next row, which stores its own part
#pragma unroll
          for (int j = 0; j < V; ++j)
            if (pos + j < L - p0) dst[at + j] = packet_bits<ES>(pk, j);
        }
      }
      m += dm;
      k += dk;
      if (m >= per_row) m -= per_row, ++k;
    }
    // Each row's first f_k elements, in the unit that starts in the row before: by block 0.
    if (bp == 0) {
      for (int x = tid; x < s * UE; x += kThreads) {
        const int k = x / UE, j = x % UE;
        if (j < head(k) && j < L)
          dst[static_cast<long long>(k + k0) * L + j] = reinterpret_cast<const U*>(rowd(k))[j];
      }
    }
  } else {
    // Phase 1: each planar row segment's aligned packets (positions from the segment's first,
    // nl of them) into shared row k, chunk j, copied as the de-interleave's span is.
    const int ncr = P / V + 2;
    const int dk = kThreads / ncr, dj = kThreads - dk * ncr;
    for (int k = tid / ncr, j = tid % ncr; k < s;) {
      const int m = mis(k);
      if (j * V < m + nl) {
        const long long g = static_cast<long long>(k) * L + p0 - m + j * V;
        uint4* t = planar + W::row_base(k, RC) + j;
        if (g + V <= total)
          copy16_async(t, src + g);
        else // the matrix's last, partial packet
          *t = load_packet(src, g, total);
      }
      j += dj;
      k += dk;
      if (j >= ncr) j -= ncr, ++k;
    }
    copy16_async_wait_all();
    __syncthreads();
    // Phase 2: the windows of rows kg·E .. at positions qg·V .., four E x E transposes, V words
    // of the staging span. Without gaps the staging span is the output span from byte d on
    // (d = z0·ES mod 16, a multiple of 4), so its packets are the output's aligned packets.
    // With kWordsCompact the staging span is the output span in every case.
    const bool gapped = W::gaps(s);
    const unsigned d = gapped && !W::kCompact ? 0u : static_cast<unsigned>(z0 * ES & 15);
    unsigned* sw32 = reinterpret_cast<unsigned*>(span);
    for (int kg = tid % NK, qg = tid / NK; qg < NQ;) {
      uint4 r[E];
#pragma unroll
      for (int e = 0; e < E; ++e) {
        const int k = kg * E + e;
        r[e] = shared_read16<ES>(row(k), static_cast<unsigned>(mis(k) * ES + qg * 16));
      }
#pragma unroll
      for (int g = 0; g < 4; ++g) {
        unsigned w[E];
#pragma unroll
        for (int e = 0; e < E; ++e) w[e] = word(r[e], g);
        transpose_word_block<ES>(w);
        if (!W::kCompact || !gapped) {
#pragma unroll
          for (int t = 0; t < E; ++t)
            sw32[(d + static_cast<unsigned>((qg * V + g * E + t) * sw)) / 4 + kg] = w[t];
        } else if constexpr (ES < 4) { // position p's word kg at byte d + (p·s + kg·E)·ES
          const int nb = min(4, (s - kg * E) * ES); // its bytes inside the position
#pragma unroll
          for (int t = 0; t < E; ++t)
            store_low_bytes<ES>(span,
                                d + static_cast<unsigned>(((qg * V + g * E + t) * s + kg * E) * ES),
                                w[t], nb);
        }
      }
      kg += ik;
      qg += iq;
      if (kg >= NK) kg -= NK, ++qg;
    }
    __syncthreads();
    // Phase 3: the output's aligned packets that start in the block's span, elements
    // [z0, z0 + np·s); the first starts e_lo elements in. Packet i starts at element
    // e = e_lo + i·V of the span: position q = e / s, channel c = e % s.
    const int e_lo = static_cast<int>((V - (z0 & (V - 1))) & (V - 1));
    const int nx = (np * s - e_lo + V - 1) / V;
    const int de = kThreads * V, dq = de / s, dc = de - dq * s;
    int q = (e_lo + tid * V) / s, c = e_lo + tid * V - q * s;
    for (int i = tid; i < nx; i += kThreads) {
      const int e = e_lo + i * V;
      uint4 o;
      if (!gapped || W::kCompact) {
        o = *reinterpret_cast<const uint4*>(span + d + static_cast<unsigned>(e * ES));
      } else {
        o = shared_read16<ES>(span, static_cast<unsigned>(q * sw + c * ES));
        if (c + V > s) // the packet crosses into position q + 1 after s - c elements
          o = blend16<ES>(
              o, shared_read16<ES>(span, static_cast<unsigned>((q + 1) * sw + (c - s) * ES)),
              s - c);
      }
      const long long at = z0 + e;
      if (at + V <= total) {
        store16_global(dst + at, o);
      } else {
#pragma unroll
        for (int j = 0; j < V; ++j)
          if (at + j < total) dst[at + j] = packet_bits<ES>(o, j);
      }
      q += dq;
      c += dc;
      if (c >= s) c -= s, ++q;
    }
  }
}

// One piece a call, not inlined into the repetition loop (as the padded tile's).
template <typename T, bool INTERLEAVE, typename W>
__device__ __noinline__ void words_piece(T* __restrict__ out, const T* __restrict__ in, int cols,
                                         int rows, unsigned b, unsigned char* smem_raw) {
  words_one<T, INTERLEAVE, W>(out, in, cols, rows, b, smem_raw);
}

template <typename T, bool INTERLEAVE, typename W = Words<T>>
__device__ __forceinline__ void words_body(T* __restrict__ out, const T* __restrict__ in, int cols,
                                           int rows, int nreps) {
  extern __shared__ __align__(16) unsigned char smem_raw[];
  for (int r = 0; r < nreps; ++r) {
    words_piece<T, INTERLEAVE, W>(out, in, cols, rows, blockIdx.x, smem_raw);
    __syncthreads(); // the next repetition reuses shared memory
  }
}

// Whether the word tile takes a shape with short side s, for an element size (1, 2 or 4 bytes;
// 8-byte elements never).
constexpr bool words_take(int element_size, int s, bool interleave) {
  switch (element_size) {
  case 1:
    return Words<unsigned char>::takes(s, interleave);
  case 2:
    return Words<unsigned short>::takes(s, interleave);
  case 4:
    return Words<unsigned>::takes(s, interleave);
  default:
    return false;
  }
}

// Where ours_best takes the word tile, measured on an H200 and an H100 against the paths that held
// these shapes (docs/perf-notes.md): 1-byte elements from s = 9 (the register path's end) to one
// tile, both ways where it takes the shape (the padded tile and the gather before: u8 at
// s = 12, 31, 33 and 100, 56-66% of memcpy on the H200 and 69-84% on the H100, now 64-85% and
// 83-97%); 2-byte elements de-interleaving above s = 16 (31, 33 and 100: 73-78% on the H200
// and 88-91% on the H100 against 69-73 and 82-86) and from s = 9 to 15 on half the positions a
// block (words_half_wins: +2.4 to +25 points on both GPUs); 4-byte elements de-interleaving from s
// = 9 to one tile (H100, every s from 9 to 63: 92.1-98.6% of memcpy with the planar rows of
// planar_row_chunks, against the gather's 82-98 below 44 and the halo tile's 85-94 from there,
// measured in two runs: +0.1 to +4.4 points at 9-24, +3.4 to +11.6 at 25-43, +0.3 to +7.0 at
// 44-63 but for 59 and 63, -0.2 and -0.1). Interleaving 2-byte
// elements the gather stays ahead at s = 12-100 on at least one of the GPUs, and so do the gather
// and the register path for 4-byte elements. ours_best asks halo_short_side_wins (halo.cuh) first:
// 1-byte short rows of whole packets from s = 192 go to the halo tile. The 2-byte de-interleave
// at s = 16 where words_two_byte_sixteen_wins (choices.hpp).
constexpr bool words_tile_wins(int element_size, int s, bool interleave, double dram_peak_gbps) {
  if (element_size == 1) return s > kSkinnyRegMax && s < 256 && words_take(1, s, interleave);
  if (element_size == 4) return !interleave && s > kSkinnyRegMax && s < 64;
  return element_size == 2 && !interleave && s > kSkinnyRegMax && s < 128 &&
         (s != 16 || words_two_byte_sixteen_wins(dram_peak_gbps));
}
// The chunked word tile ours_best takes where words_chunked_wins (choices.hpp).
template <typename T, int CH = 32>
using WordsChunked = Words<T, 1, 5, kWordsChunk | (CH == 64 ? kWordsWide : 0u)>;
// Blocks of a chunked launch, chunk-first: cols / W::kChunk for every P positions of the long
// side.
template <typename T, typename W = WordsChunked<T>>
unsigned words_chunked_blocks(int rows, int cols) {
  return static_cast<unsigned>(cols / W::kChunk) * ceil_div(rows, W::width(W::kChunk));
}
// The half tile holds five blocks an SM de-interleaving and six interleaving (48 and 40
// registers for 1-byte elements, no spills, since phase 1 holds no packets in registers). Six
// against five, u8 interleaving: +0.1 to +3.6 points at s = 12-48 on both GPUs; de-interleaving
// -1.0 to +1.5 (docs/perf-notes.md).
template <typename T, bool INTERLEAVE, unsigned OPTS = 0, int SFIX = 0>
using WordsHalf = Words<T, static_cast<int>(sizeof(T)), INTERLEAVE ? 6 : 5, OPTS, SFIX>;

// Where ours_best's word tile de-interleaves into whole 32-byte sectors of its output rows
// (kWordsSectors). With whole packets, two blocks write parts of a sector wherever a block's
// boundary falls inside one: in unaligned output rows, and in every row where P·ES is 16 mod 32
// (P = (NQ - 1)·V, NQ even). Measured on both GPUs, two passes
// each, against the tile owning packets (docs/perf-notes.md; % of memcpy, H200 / H100): fp16
// L x 31 86.2 -> 90.1 / 95.3 -> 97.6, L x 100 87.0 -> 90.5 / 88.8 -> 96.0, L x 127 82.5 -> 89.7 /
// 85.4 -> 96.3; fp32 L x 33 91.8 -> 94.4 / 94.8 -> 97.1, L x 63 87.5 -> 91.0 / 93.8 -> 97.3; u8
// L x 255 66.2 -> 84.1 / 69.0 -> 94.2, L x 191 75.0 -> 85.0 / 76.1 -> 97.1, L x 31 86.2 -> 89.4 /
// 94.4 -> 97.6. Taken: 4-byte elements at every s (9-63), 2-byte ones from 17 (below 16, on the
// half tile, the H200 -0.8 at 12), 1-byte ones on the whole tile (s from 64) and on the half tile
// where its P positions are not whole sectors (NQ even: s = 31 +3.2 on both; where they are, the
// H200 lost 0.9 to 4.6 at s = 12, 17 and 48).
template <typename T> constexpr bool words_sectors_wins(int s, bool interleave, bool half) {
  constexpr int es = static_cast<int>(sizeof(T));
  if (interleave || !words_take(es, s, false)) return false;
  if constexpr (es == 1)
    return !half || WordsHalf<T, false>::groups(s) % 2 == 0;
  else
    return es == 4 || s > 16;
}

// The word tile ours_best runs at a shape it gives the tile (words_tile_wins and
// words_two_byte_interleave_wins below one tile, word_tile_past_wins above): half the positions a
// block (words_half_wins), staged compactly (interleaving: words_compact_wins and
// words_two_byte_interleave_wins below one tile, 1- and 2-byte elements above), whole output
// sectors (de-interleaving: words_sectors_wins below one tile, always above), rotated windows
// (1-byte de-interleave at whole packets: words_rotate_wins). Read by the launch and by the note
// that names it.
struct WordsPick {
  bool past = false, half = false, compact = false, sectors = false, rotate = false;
};
// The pick below one tile once the tile is chosen (half: WordsHalf); two_byte_compact where
// words_two_byte_interleave_wins. words_pick asks it with the rules' choice; the instances
// compiled for the short side (words_compiled_runs, on either tile) ask it with s constant.
constexpr WordsPick words_pick_below(int element_size, int s, bool interleave, bool half,
                                     bool two_byte_compact = false) {
  WordsPick p;
  p.rotate = words_rotate_wins(element_size, s, interleave); // with whole sectors, as measured
  p.half = half;
  p.compact = words_compact_wins(element_size, s, interleave) || two_byte_compact;
  p.sectors =
      p.rotate || (element_size == 1   ? words_sectors_wins<unsigned char>(s, interleave, p.half)
                   : element_size == 2 ? words_sectors_wins<unsigned short>(s, interleave, p.half)
                                       : words_sectors_wins<unsigned>(s, interleave, p.half));
  return p;
}
constexpr WordsPick words_pick(int element_size, int s, bool interleave, double dram_peak_gbps) {
  if (s >= 16 * (16 / element_size)) { // past one tile (word_tile_past_wins)
    WordsPick p;
    p.rotate = words_rotate_wins(element_size, s, interleave);
    p.past = true;
    p.compact = interleave && element_size < 4;
    p.sectors = !interleave;
    return p;
  }
  return words_pick_below(
      element_size, s, interleave, words_half_wins(element_size, s, interleave, dram_peak_gbps),
      words_two_byte_interleave_wins(element_size, s, interleave, dram_peak_gbps));
}
// The variant bits (Words' OPTS) a pick asks for: rotated windows own whole sectors too.
constexpr unsigned words_opts(const WordsPick& p) {
  return (p.compact ? kWordsCompact : 0u) | (p.sectors ? kWordsSectors : 0u) |
         (p.rotate ? kWordsRotate : 0u);
}

// f(std::integral_constant<int, s>) for a short side s in [S, END): the instance of the word tile
// compiled for s (Words' SFIX) chosen at run time.
template <int S, int END, class F> void with_short_side(int s, F&& f) {
  if constexpr (S < END) {
    if (s == S)
      f(std::integral_constant<int, S>{});
    else
      with_short_side<S + 1, END>(s, f);
  }
}

// Blocks of a launch: one for every P positions of the long side.
template <typename T, typename W = Words<T>> unsigned words_blocks(int rows, int cols) {
  const long long L = rows > cols ? rows : cols;
  const int p = W::width(rows < cols ? rows : cols);
  return static_cast<unsigned>((L + p - 1) / p);
}

} // namespace tb::ours
