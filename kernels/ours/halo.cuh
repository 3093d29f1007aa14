// The halo tile (tile16_halo.cu): the realigned tile with every output packet owned whole.
#pragma once

#include "kernels/ours/choices.hpp"
#include "kernels/ours/realign.cuh"

namespace tb::ours {

// Whether the tile owns whole 32-byte sectors of its output rows, not only whole packets: 2-byte
// elements whose output rows are not whole sectors. Where rows split sectors between two tiles
// (each tile writes half of the sector at its boundary), the tile ran at 79-85% of memcpy on the
// H200 and 81-85 on the H100 at fp16 250001 x 256 and 62501 x 1024; owning whole sectors, 92-97
// (docs/perf-notes.md). 1-byte and 4-byte elements keep whole packets: the third row group a
// thread reads took u8 76-80 -> 87-94 on the H100 but 79-84 -> 72-76 on the H200, where the byte
// tile is bound by instructions; fp32 on the H200 lost 5-15 points spilling at four blocks an
// SM, and at three lost 1.5-20 at five of seven shapes. Bytes where kByteSectors asks (a
// candidate; with kAboveShuffled the groups above from their lanes, not read again).
constexpr bool halo_sectors(int element_size, int al) {
  return (al & (kOutAligned | kPackets)) == 0 &&
         (element_size == 2 || (element_size == 1 && (al & kByteSectors) != 0));
}

// The halo tile: the realigned tile (tile16r_one) with output packets owned whole. Output row
// x is cut at 16-byte boundaries, not at tile boundaries: the tile with rows y0 .. y0+ROWS-1
// owns the aligned packets that start at flat offsets x*rows + y0 - o + g*V (o = that
// segment's offset from the 16-byte grid, g = 0..15), so every output packet has exactly one
// owner and is stored with one 16-byte store. The first of them reaches up to V-1 rows above
// the tile, so the tile also loads the V rows above it (the halo). In phase 2 each thread
// transposes its own row group and the one above it, and funnel-shifts the pair by o.
// Element stores remain only where a packet straddles two output rows (the first and the last
// tile row of the matrix). o is computed per packet from the flat offset.
// SPLIT 2 (1- and 2-byte elements, tile16_halo_short.cu): tiles of 8V rows, the V halo rows
// above them, and each row group's four word passes shared by two threads (lanes h = 0, 1 of a
// group take words 0-1 and 2-3). Same registers a thread in phase 2, half the shared memory and
// half the packets in flight in phase 1; twice the halo rows for the data (from L2: the tile
// above ran just before in column-major order).
template <typename T, int SPLIT = 1, int AL = 0> struct HaloTile {
  using L = Tile16<T>;
  static constexpr int V = L::V;
  static_assert(SPLIT == 1 || (SPLIT == 2 && sizeof(T) <= 2), "SPLIT 2 is for 1- and 2-byte types");
  static_assert(AL >= 0 && (AL & (kInAligned | kOutAligned)) != (kInAligned | kOutAligned),
                "both sides aligned: the 16-byte tile");
  static constexpr bool IN_AL = (AL & kInAligned) != 0, OUT_AL = (AL & kOutAligned) != 0;
  static constexpr bool SHUFFLED = (AL & kAboveShuffled) != 0;
  // PIECES: a packet that straddles two output rows, and the bottom tile's tail, stored in
  // aligned pieces (store_packet_part), not an element at a time: 1-byte elements whose input
  // rows are aligned. H100 (docs/perf-notes.md): u8 1000 x 64000 and 1000 x 128000 +4.6 and +2.4
  // points, where a quarter of the tiles hold such packets; with neither side aligned +0.9 at
  // 1000 x 128001 but -1.3 at 11313² (112 registers against 108), fp16 -1.4 and -1.9 at
  // 200 x 320001 and 1001 x 64000, fp32 within 0.5: those keep the element stores, unless
  // kStorePieces asks for them.
  static constexpr bool PIECES = sizeof(T) == 1 && (IN_AL || (AL & kStorePieces) != 0);
  // SECTORS: 2-byte elements in output rows that are not whole 32-byte sectors (rows not a
  // multiple of 2V) own whole sectors of them, not only whole packets: the owned segment of
  // output row x starts at the sector boundary at or before the tile's first row, up to 2V - 1
  // rows above it (halo_sectors).
  static constexpr bool SECTORS = halo_sectors(sizeof(T), AL);
  // SECTOR_GROUPS (kSectorGroups): output rows of whole packets but not whole sectors, owned in
  // whole sectors by whole row groups: os is 0 or V, the packet of group g or of g - 1 as it is.
  static constexpr bool SECTOR_GROUPS = (AL & kSectorGroups) != 0;
  static_assert(!SECTOR_GROUPS || (!OUT_AL && !SECTORS && sizeof(T) == 1),
                "sector groups: bytes whose output rows are whole packets, not flagged aligned");
  static constexpr int TROWS = L::ROWS / SPLIT; // the tile's own rows
  static_assert(TROWS == halo_tile_rows(sizeof(T), SPLIT), "halo_tile_rows is TROWS");
  static constexpr int R = TROWS / 16;                        // phase 1 passes of 16 rows
  static constexpr int GROUPS = TROWS / V;                    // row groups of V rows
  static constexpr int HV = OUT_AL ? 0 : SECTORS ? 2 * V : V; // halo rows (the first rows)
  static constexpr int HP = (HV + 15) / 16;                   // phase 1 passes over them
  static constexpr int ROWS = TROWS + HV;
  static constexpr int HG = HV / V; // the halo's row groups
  static_assert(!SHUFFLED || (!OUT_AL && (!SECTORS || sizeof(T) == 1) &&
                              (sizeof(T) == 4 || (sizeof(T) == 1 && SPLIT == 2))),
                "the group above by a shuffle: unaligned output packets, 4-byte elements or "
                "1-byte ones at half height (the instances validated)");
  static constexpr std::size_t kSmem =
      sizeof(uint4) * (ROWS * L::CHUNKS + (IN_AL ? 0 : ROWS) // + 17th packets
                       + (SHUFFLED ? HG * L::COLS : 0));     // + the halo transposed
};

// Blocks an SM for the halo tile's launch bounds: 4 for 4- and 8-byte types (fp32 64 registers),
// 3 for 2-byte types (77 registers, 35 KB tiles; owning whole sectors, 78-80 registers and 36-38
// KB), 2 for bytes (116 registers, 74 KB tiles). The half-height tile takes the same: u8 106
// registers (2 blocks of 39 KB), fp16 69 (3 of 19 KB).
// (Registers with the whole and the partial tile in functions of their own; inlined as one
// body, u8 took 120-124.) On the H100, u8 held to 3 blocks (80 registers, a rolled loop) ran
// 72-94% of memcpy, 4 blocks (64, 20 bytes spilled) 67-77 and 64-row tiles (SPLIT 4) 68-76,
// against 81-92 at 2 (docs/perf-notes.md).
template <typename T> constexpr int halo_blocks() {
  return sizeof(T) >= 4 ? 4 : sizeof(T) == 2 ? 3 : 2;
}

// Where ours_best takes the halo tile for a short side below one tile (s < 16V, unaligned rows):
// one partial tile across the whole short side. Measured on an H200 (docs/perf-notes.md) against
// the paths that held these shapes: 2-byte elements de-interleaving from s = 65 (s = 72, 100, 120
// at 64, 70 and 78% of memcpy against the padded tile's 61, 58 and 57) and interleaving from
// s = 105 (at 120, 83 against the gather's 69; at 100 the gather leads, 70 against 65, and at
// 72, 71 against 62: the line through 100 and 120 crosses the gather's 70 near 106). Bytes lose
// at s = 100 (36 against 56: a 100-column partial tile of 256 leaves 7 lanes of 16 loading),
// 4- and 8-byte elements at s = 31, 33 (56-67 against 81-88 for fp32). De-interleaving, the word
// tile (words.cuh) has since taken 2-byte elements from s = 17 (at 100: 78 against 69 on the
// H200, 88 against 82 on the H100), so only the interleave is left here.
// Measured again on both GPUs with ours_best itself taking the halo tile (its aligned side's
// realignment compiled out) at short sides s = 20-63 (4-byte), 112-255 (1-byte), 24-100 (2-byte,
// de-interleaving) and 26-58 (8-byte), long sides odd (docs/perf-notes.md):
//  - 4-byte elements de-interleaving from s = 44 won against the gather, aligned short rows or
//    not (at 44: 83 / 93% of memcpy against the gather's 79 / 80, H200 / H100; at 47: 76 / 92
//    against 75 / 78; at 52: 85 / 92 against 70 / 75), and has since lost them to the word tile
//    (words_tile_wins: H100, +1.2 to +7.0 points at 44-50, 52, 54-58 and 60-62, within 0.5 at
//    51, 53, 59 and 63);
//    interleaving from 56 where the short rows are whole packets
//    (at 60: 93 / 96 against 83 / 93; at 44 a tie; unaligned at 55 and 63 the gather leads);
//  - 1-byte elements from s = 192 both ways where the short rows are whole packets (at 192:
//    85 / 94 against the word tile's 64 / 82 interleaving, 64 / 82 against 46 / 61
//    de-interleaving; at 224: 91 / 95 against 59 / 77; at 112-176 one GPU or both lose up to
//    21 points, the H100 interleaving at 144 and 176, where output rows split 32-byte sectors);
//    unaligned short rows (s = 145-255, odd) stay with the word tile (1 to 37 points ahead on
//    the H200);
//  - 2-byte elements de-interleaving stay with the word tile (the halo tile 4-49 behind at
//    s = 24-100 on the H200), and 8-byte ones with the gather (the halo tile within a point
//    de-interleaving at s = 26 and 31, 1-9 behind interleaving).
// The 2-byte interleave from 105 had been measured at s = 120 only, whose short rows are whole
// packets; at short sides that are not (two passes each GPU, s x L with L odd, % of memcpy, the
// halo tile -> the gather): H200 105 61.4 -> 85.7, 113 63.7 -> 83.4, 119 66.2 -> 83.0, 127
// 63.6 -> 84.8; H100 127 78.4 -> 90.4; at 112 (whole packets) the halo tile leads, 90.7 / 94.2
// against 85.7 / 90.0. So 2-byte elements interleaved on the halo tile from 105 only where s is
// whole packets, until the gather copied its input a row a warp through L1 (skinny_row_copies):
// then it led the halo tile there on both GPUs (278bae1, two passes, % of memcpy, the halo tile
// -> the gather, H200 / H100): fp16 112 x 599187 90.7 -> 94.1 / 95.0 -> 95.6, 120 x 559241
// 87.4 -> 93.0 / 91.2 -> 95.1 (bf16 on the H100 +0.7 and +3.8). So no 2-byte elements.
constexpr bool halo_short_side_wins(int element_size, int s, bool interleave) {
  const int v = 16 / element_size;
  if (s >= 16 * v) return false;
  const bool whole_packets = s % v == 0;
  switch (element_size) {
  case 1:
    return whole_packets && s >= 192;
  case 4:
    return interleave && whole_packets && s >= 56;
  default:
    return false;
  }
}

// Blocks of the halo tile a matrix takes (the grid: one tile a block).
template <typename T, int SPLIT = 1> unsigned halo_tiles(const LaunchArgs& a) {
  using H = HaloTile<T, SPLIT>;
  return ceil_div(a.cols, H::L::COLS) * ceil_div(a.rows, H::TROWS);
}

// Launches a halo tile kernel (HaloTile<T, SPLIT, AL>) in the block order tile16_order picks for
// the shape: `grouped`, its instance in groups of kSectorGroup tile rows, or `column_major`.
// smem: the kernel's dynamic shared memory, the halo tile's unless a kernel that runs it for some
// of its tiles needs more (staged.cuh).
template <typename T, int SPLIT, int AL>
void launch_halo(const LaunchArgs& a, TransposeKernel<T> column_major, TransposeKernel<T> grouped,
                 std::size_t smem = HaloTile<T, SPLIT, AL>::kSmem) {
  const TransposeKernel<T> kernel =
      tile16_order(sizeof(T), a.rows, a.cols, SPLIT) == kSectorGroup ? grouped : column_major;
  allow_dynamic_smem(kernel, smem);
  launch_kernel(kernel, dim3(halo_tiles<T, SPLIT>(a)), dim3(kThreads), smem, a);
}

// The halo tile at (x0, y0); WHOLE: all 16V columns and TROWS rows inside the matrix.
template <typename T, int SPLIT, int AL, bool WHOLE>
__device__ __noinline__ void tile16h_at(T* __restrict__ out, const T* __restrict__ in, int cols,
                                        int rows, int x0, int y0, unsigned char* smem_raw) {
  using L = Tile16<T>;
  using H = HaloTile<T, SPLIT, AL>;
  constexpr int V = L::V;
  constexpr int R = H::R;   // passes of 16 rows over the tile's own rows
  constexpr int HV = H::HV; // halo rows: tile row r is shared row r + HV
  constexpr int ES = static_cast<int>(sizeof(T));
  const int W = WHOLE ? L::COLS : min(L::COLS, cols - x0);
  const long long total = static_cast<long long>(rows) * cols;
  uint4* tile = reinterpret_cast<uint4*>(smem_raw);
  uint4* extra = tile + H::ROWS * L::CHUNKS; // the 17th packet of each offset row
  auto offset = [&](int row) { // of tile row `row` (may be negative) from the 16-byte grid
    if constexpr (H::IN_AL) return 0;
    return static_cast<int>((static_cast<unsigned>(y0 + row) * static_cast<unsigned>(cols) +
                             static_cast<unsigned>(x0)) &
                            (V - 1));
  };
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS;
  // Phase 1: R passes over the tile's rows and HP over the halo (lanes whose row is above the
  // tile), every load in flight before the first shared-memory store. Halo rows above the matrix
  // are zeros.
  constexpr int P = R + H::HP;
  uint4 v[P];
#pragma unroll
  for (int i = 0; i < P; ++i) {
    const int row = i < R ? i * 16 + lr : (i - R) * 16 + lr - HV;
    v[i] = make_uint4(0, 0, 0, 0);
    const int o = offset(row);
    if (i < R ? WHOLE || (y0 + row < rows && lc * V < o + W)
              : row < 0 && y0 + row >= 0 && (WHOLE || lc * V < o + W)) {
      const long long at = static_cast<long long>(y0 + row) * cols + x0 - o + lc * V;
      // (A whole tile's packets end inside their rows.)
      v[i] = WHOLE ? *reinterpret_cast<const uint4*>(in + at) : load_packet(in, at, total);
    }
  }
  if constexpr (!H::IN_AL) {
    // The 17th packets, after the main loads are issued: each is stored to shared memory, which
    // waits for its load (issued first, this loop cost every tile one DRAM latency, fp32 93 -> 76).
#pragma unroll 1
    for (int k = tid; k < H::ROWS; k += kThreads) {
      const int row = k - HV;
      const int xo = offset(row);
      if (y0 + row < 0 || y0 + row >= rows || xo + W <= L::COLS) continue;
      const long long first = static_cast<long long>(y0 + row) * cols + x0 - xo + 16 * V;
      extra[k] = load_packet(in, first, total);
    }
    __syncthreads(); // the side packets are in place
  }
#pragma unroll
  for (int i = 0; i < P; ++i) {
    const int row = i < R ? i * 16 + lr : (i - R) * 16 + lr - HV;
    if constexpr (H::IN_AL) {
      if (i >= R && row >= 0) continue;
      tile[L::slot(row + HV, lc)] = v[i];
    } else {
      const int o = offset(row);
      uint4 nb; // the next packet of the same row, from lane lc + 1 (every lane shuffles)
      nb.x = __shfl_down_sync(0xffffffffu, v[i].x, 1, 16);
      nb.y = __shfl_down_sync(0xffffffffu, v[i].y, 1, 16);
      nb.z = __shfl_down_sync(0xffffffffu, v[i].z, 1, 16);
      nb.w = __shfl_down_sync(0xffffffffu, v[i].w, 1, 16);
      if (i >= R && row >= 0) continue; // no halo row for this lane
      const bool live = y0 + row >= 0;
      if (live && lc + 1 == L::CHUNKS && o != 0) nb = extra[row + HV];
      uint4 w = v[i];
      if (live && o != 0) w = realign16<ES>(v[i], nb, o);
      tile[L::slot(row + HV, lc)] = w;
    }
  }
  __syncthreads();
  // Phase 2: thread (g, c) transposes chunk c of its row group (tile rows g*V ..) and of the
  // group above it, and stores output packet g of each of the V output rows x0 + c*V + j
  // (with SPLIT, of the output rows of its share h of the word passes).
  const int g = tid % H::GROUPS, c = tid / 16;
  const int h = SPLIT == 1 ? 0 : (tid / H::GROUPS) % SPLIT;
  const int gr = g * V;
  const bool bottom = y0 + H::TROWS >= rows;
  // SHUFFLED: the halo's row group (shared rows 0 .. V-1) transposed by a pre-pass, one packet
  // for each output row of the tile (index x - x0), for the lanes of the top row group.
  uint4* halo_t = extra + (H::IN_AL ? 0 : H::ROWS);
  if constexpr (H::SHUFFLED) {
    if constexpr (ES <= 2) {
      constexpr int E = 4 / ES;
      // (chunk, word) pairs of each halo group: hg 0 the group above the tile, 1 the one above
      // it (SECTORS), each at halo_t + hg * COLS.
      if (tid < L::CHUNKS * 4 * H::HG) {
        const int hg = H::HG == 1 ? 0 : tid / (L::CHUNKS * 4);
        const int hc = H::HG == 1 ? tid / 4 : tid / 4 % L::CHUNKS, q = tid % 4;
        const int base = HV - V * (hg + 1);
        unsigned w[V];
#pragma unroll
        for (int i = 0; i < V; ++i)
          w[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(base + i, hc)])[q];
#pragma unroll
        for (int jj = 0; jj < E; ++jj)
          halo_t[hg * L::COLS + hc * V + E * q + jj] = transpose_words<ES>(w, jj);
      }
    } else {
      if (tid < L::CHUNKS * V) { // (chunk, output row) pairs
        const int hc = tid / V, j = tid % V;
        uint4 a[V];
#pragma unroll
        for (int i = 0; i < V; ++i) a[i] = tile[L::slot(i, hc)];
        halo_t[hc * V + j] = transpose_packet<ES>(a, j);
      }
    }
    __syncthreads();
  }
  // Row group g - D's transposed packet for output row x0 + k, from the lane that owns it (same
  // chunk, same word pass: lanes g of a chain are adjacent), or for the top D groups the halo's
  // (halo group g - D + 1 ... 0 of the pre-pass, at halo_t + (D - 1 - g) * COLS). D = 2 with
  // SECTORS only.
  const auto shuffled_up = [&](const uint4& own, int k, auto d) {
    constexpr int D = decltype(d)::value;
    uint4 a;
    a.x = __shfl_up_sync(0xffffffffu, own.x, D, H::GROUPS);
    a.y = __shfl_up_sync(0xffffffffu, own.y, D, H::GROUPS);
    a.z = __shfl_up_sync(0xffffffffu, own.z, D, H::GROUPS);
    a.w = __shfl_up_sync(0xffffffffu, own.w, D, H::GROUPS);
    if constexpr (D == 1) {
      if (g == 0) a = halo_t[k];
    } else {
      if (g == 1) a = halo_t[k];
      if (g == 0) a = halo_t[L::COLS + k];
    }
    return a;
  };
  const auto shuffled_above = [&](const uint4& own, int k) {
    return shuffled_up(own, k, std::integral_constant<int, 1>{});
  };
  const auto shuffled_above2 = [&](const uint4& own, int k) {
    return shuffled_up(own, k, std::integral_constant<int, 2>{});
  };
  // above2, above, own: the transposed packets of row groups g - 2 (with SECTORS), g - 1, g.
  auto emit = [&](int j, const uint4& above2, const uint4& above, const uint4& own) {
    const int x = x0 + c * V + j;
    if (!WHOLE && x >= cols) return; // a partial tile's lanes past the last column
    // os: how far the owned segment of output row x starts above the tile (below 2V with
    // SECTORS, else below V); o: its offset from the 16-byte grid.
    constexpr int OM = H::SECTORS || H::SECTOR_GROUPS ? 2 * V - 1 : V - 1;
    const int os = H::OUT_AL
                       ? 0
                       : static_cast<int>((static_cast<unsigned>(x) * static_cast<unsigned>(rows) +
                                           static_cast<unsigned>(y0)) &
                                          OM);
    const int o = H::SECTOR_GROUPS ? 0 : os & (V - 1);
    // With SECTORS and os >= V, the packet starts in group g - 2 and ends in group g - 1; with
    // SECTOR_GROUPS and os = V it is group g - 1's.
    const bool up = (H::SECTORS || H::SECTOR_GROUPS) && (os & V) != 0;
    uint4 p = up ? above : own; // tile rows gr - os .. gr - os + V - 1
    if (!H::OUT_AL && o != 0) p = realign16<ES>(up ? above2 : above, p, V - o);
    const int ys = y0 + gr - os; // its first row
    T* dst = out + (static_cast<long long>(x) * rows + ys);
    using U = typename Bits<ES>::type;
    if (ys >= 0 && (WHOLE || ys + V <= rows)) {
      store16_global(dst, p);
    } else if (!H::OUT_AL && ys < rows) { // a packet that straddles two output rows: its part
      // in row x (PIECES: in aligned pieces; else its elements)
      if constexpr (H::PIECES) {
        store_packet_part(dst, p, max(0, -ys) * ES, min(V, rows - ys) * ES);
      } else {
#pragma unroll
        for (int k = 0; k < V; ++k)
          if (ys + k >= 0 && ys + k < rows) reinterpret_cast<U*>(dst)[k] = packet_bits<ES>(p, k);
      }
    }
    // In the bottom tile, the elements after the last owned packet that are above the
    // matrix's last row (os of them at most; none where the tile's rows end earlier). With
    // SECTOR_GROUPS, the tile's last group, whole (a partial tile's last group is the packet
    // above of the group after it, stored above).
    if constexpr (H::SECTOR_GROUPS) {
      if (bottom && g == H::GROUPS - 1 && up && ys + 2 * V <= rows) store16_global(dst + V, own);
    } else if (!H::OUT_AL && bottom && g == H::GROUPS - 1 && os != 0 && ys + V < rows) {
      U* tail = reinterpret_cast<U*>(dst + V);
      if constexpr (H::SECTORS) { // up to 2V - 1 of them, from shared memory
        const int col = x - x0 - c * V;
#pragma unroll 1
        for (int k = 0; k < os && ys + V + k < rows; ++k)
          tail[k] = reinterpret_cast<const U*>(&tile[L::slot(ys + V + k - y0 + HV, c)])[col];
      } else {
        const uint4 last = realign16<ES>(own, own, V - o); // element k = element V-o+k of own
        if constexpr (H::PIECES) {
          store_packet_part(tail, last, 0, min(o, rows - ys - V) * ES);
        } else {
#pragma unroll
          for (int k = 0; k < V; ++k)
            if (k < o && ys + V + k < rows) tail[k] = packet_bits<ES>(last, k);
        }
      }
    }
  };
  if constexpr (ES <= 2) {
    // 1- and 2-byte elements: one 32-bit word of each packet at a time (word q of V rows holds
    // output packets q*E .. q*E+E-1, E = 4 / ES elements a word), so 2V registers hold the
    // data instead of 8V. The four sets of 8 lanes ((g / 8, c % 2), with SPLIT (h, c % 2))
    // start at different words: with the same word everywhere the 32 lanes would read 8 banks
    // (4-way conflicts).
    constexpr int E = 4 / ES;
    constexpr int NQ = 4 / SPLIT; // word passes a thread
    const int rot = SPLIT == 1 ? (g >> 3) + 2 * (c & 1) : (c & 1);
#pragma unroll 1
    for (int qi = 0; qi < NQ; ++qi) {
      const int q = h * NQ + ((qi + rot) % NQ);
      // Word q of the thread's own rows, of the group above, and (SECTORS) of the one above it.
      unsigned w[V], u[V], u2[V];
#pragma unroll
      for (int i = 0; i < V; ++i) {
        w[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(gr + HV + i, c)])[q];
        if constexpr (!H::OUT_AL && !H::SHUFFLED)
          u[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(gr + HV - V + i, c)])[q];
        if constexpr (H::SECTORS && !H::SHUFFLED)
          u2[i] = reinterpret_cast<const unsigned*>(&tile[L::slot(gr + HV - 2 * V + i, c)])[q];
      }
#pragma unroll
      for (int jj = 0; jj < E; ++jj) {
        const uint4 own = transpose_words<ES>(w, jj);
        if constexpr (H::OUT_AL) {
          emit(E * q + jj, own, own, own);
        } else if constexpr (H::SHUFFLED) {
          const uint4 above = shuffled_above(own, c * V + E * q + jj);
          if constexpr (H::SECTORS)
            emit(E * q + jj, shuffled_above2(own, c * V + E * q + jj), above, own);
          else
            emit(E * q + jj, above, above, own);
        } else {
          const uint4 above = transpose_words<ES>(u, jj);
          if constexpr (H::SECTORS)
            emit(E * q + jj, transpose_words<ES>(u2, jj), above, own);
          else
            emit(E * q + jj, above, above, own);
        }
      }
    }
  } else {
    uint4 a[V], b[V]; // the group above, and the thread's own
#pragma unroll
    for (int i = 0; i < V; ++i) {
      if constexpr (!H::OUT_AL && !H::SHUFFLED) a[i] = tile[L::slot(gr + HV - V + i, c)];
      b[i] = tile[L::slot(gr + HV + i, c)];
    }
#pragma unroll
    for (int j = 0; j < V; ++j) {
      const uint4 own = transpose_packet<ES>(b, j);
      uint4 above = own;
      if constexpr (H::SHUFFLED)
        above = shuffled_above(own, c * V + j);
      else if constexpr (!H::OUT_AL)
        above = transpose_packet<ES>(a, j);
      emit(j, above, above, own);
    }
  }
}

// GROUP: column-major block order, or groups of GROUP tile rows (sector_aware_order).
// Tile t's origin (x0, y0) in the halo tile's grid and block order (GROUP: column-major, or
// groups of GROUP tile rows, sector_aware_order).
template <typename T, int SPLIT, int AL, unsigned GROUP>
__device__ __forceinline__ void halo_origin(unsigned t, int cols, int rows, int& x0, int& y0) {
  using L = Tile16<T>;
  using H = HaloTile<T, SPLIT, AL>;
  const unsigned tiles_x = (cols + L::COLS - 1) / L::COLS;
  const unsigned tiles = tiles_x * ((rows + H::TROWS - 1) / H::TROWS);
  // Column-major block order: the blocks running at one time write whole output rows in
  // address order (measured +2-8 points over row-major for the aligned tile); groups of tile
  // rows where input rows split sectors between long tile columns (tile16_order).
  // The grid starts two tiles from the end (the bottom of the last tile column first). This
  // changes nothing in the traffic, but without it ptxas (CUDA 13.0) spilled 32-224 bytes a
  // thread in every type but fp64; with it, none.
  t = tiles >= 2 ? (t + tiles - 2) % tiles : t;
  const unsigned tiles_y = tiles / tiles_x;
  unsigned utx, uty;
  ordered_tile(t, tiles_x, tiles_y, GROUP, utx, uty);
  x0 = static_cast<int>(utx) * L::COLS;
  y0 = static_cast<int>(uty) * H::TROWS;
}

template <typename T, int SPLIT = 1, int AL = 0, unsigned GROUP = kColumnMajor>
__device__ __forceinline__ void tile16h_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, unsigned t, unsigned char* smem_raw) {
  using L = Tile16<T>;
  using H = HaloTile<T, SPLIT, AL>;
  int x0, y0;
  halo_origin<T, SPLIT, AL, GROUP>(t, cols, rows, x0, y0);
  // Edge tiles are partial: the last tile column holds W = cols - x0 columns and the last tile
  // row h = rows - y0 rows. Their loads stop at the matrix's edge and their lanes past it store
  // nothing, so every byte is read and written once whatever the shape (shifting the edge tiles
  // back inside the matrix, as this tile did first, read and wrote the overlap twice: 1.5 times
  // the data at 320001 x 100 fp32, where the 100 columns took two 64-column tiles).
  // Whole tiles take a copy of the code with the edge tests compiled out.
  if (x0 + L::COLS <= cols && y0 + H::TROWS <= rows)
    tile16h_at<T, SPLIT, AL, true>(out, in, cols, rows, x0, y0, smem_raw);
  else
    tile16h_at<T, SPLIT, AL, false>(out, in, cols, rows, x0, y0, smem_raw);
}

template <typename T, int SPLIT = 1, int AL = 0, unsigned GROUP = kColumnMajor>
__device__ __forceinline__ void tile16h_body(T* __restrict__ out, const T* __restrict__ in,
                                             int cols, int rows, int nreps) {
  one_tile_body<T, tile16h_one<T, SPLIT, AL, GROUP>>(out, in, cols, rows, nreps);
}

} // namespace tb::ours
