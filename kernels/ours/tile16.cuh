// The 16-byte tile, for shapes whose rows are whole 16-byte packets (tile16.cu), and the V x V
// in-register transposes that the realigned and halo tiles reuse.
#pragma once

#include "kernels/ours/common.cuh"

namespace tb::ours {

// The 16-byte tile: 16V input rows x 16 chunks (16V elements) per block of 256 threads.
// Phase 1: thread loads chunk tid % 16 of rows i*16 + tid/16 (i < V): V packets in flight,
//          each warp instruction covering 2 rows x 256 contiguous bytes.
// Phase 2: thread (g = tid % 16, c = tid / 16) reads chunk c of rows g*V .. g*V+V-1, transposes
//          the V x V elements in registers and stores V packets to output rows c*V + j: the
//          16 lanes with the same c write 256 contiguous bytes of one output row.
// Chunk c of row r lives at column c ^ ((r / V) & 7): phase 1 lanes (same row, 8 consecutive
// chunks) and phase 2 lanes (8 consecutive row groups, same chunk) both hit 8 distinct 16-byte
// bank groups per quarter warp. Tiles that are not whole, or shapes whose rows are not
// 16-byte aligned, take bounds-checked scalar accesses on the same layout; with EDGES, the
// edge tiles of aligned shapes take the same packets as whole tiles, each checked against the
// matrix (rows and cols are multiples of V, so a packet is wholly inside or wholly outside).
// EDGES is a separate instantiation because its checks change ptxas's register allocation of
// the whole kernel: put in every launch they cost fp16 64 -> 74 registers or u8 128 -> 138,
// depending on how they were written, one block an SM fewer even where no tile is partial.
template <typename T, int MIN_R = 1> struct Tile16 {
  static constexpr int V = Pack16<T>::kCount;
  // Packets each thread loads (rows per 16-row slab): V, or MIN_R for wide elements, so
  // that fp64 (V = 2) can keep more than two packets in flight. A multiple of V.
  static constexpr int R = V >= MIN_R ? V : MIN_R;
  static constexpr int CHUNKS = 16;
  static constexpr int ROWS = 16 * R;
  static constexpr int COLS = CHUNKS * V;
  static constexpr std::size_t kSmem = sizeof(Pack16<T>) * ROWS * CHUNKS;
  __device__ static int slot(int row, int chunk) {
    return row * CHUNKS + (chunk ^ ((row / V) & 7));
  }
};

// Byte q of each of four words, in order: column q of the 4 x 4 byte block whose rows are x0..x3.
// One select [x.q, y.q] for each pair (x0, x1) and (x2, x3), then the two joined: 3 permutes a
// column, 12 for a block's four columns.
__device__ __forceinline__ unsigned byte_column(unsigned x0, unsigned x1, unsigned x2, unsigned x3,
                                                unsigned q) {
  const unsigned sel = q | ((4 + q) << 4); // [first.q, second.q, -, -]
  return __byte_perm(__byte_perm(x0, x1, sel), __byte_perm(x2, x3, sel), 0x5410);
}

// The same column in two stages: the pairs interleaved by bytes, [x.0, y.0, x.1, y.1] for q < 2
// or [x.2, y.2, x.3, y.3] for q >= 2, then the halves that hold byte q joined. The first stage
// depends only on q / 2, so a caller that takes all four columns of a block (every j of a packet
// pass, unrolled) shares it between q and q + 1: 8 permutes for the block's four columns, as
// words.cuh's transpose4 does in place. Fewer instructions, but the shared first stage stays live
// across two packets, and ptxas allocates the caller anew: measured per caller (the narrow tile).
__device__ __forceinline__ unsigned byte_column_paired(unsigned x0, unsigned x1, unsigned x2,
                                                       unsigned x3, unsigned q) {
  const unsigned pair = q < 2 ? 0x5140 : 0x7362;   // [x.0, y.0, x.1, y.1] or [x.2, y.2, x.3, y.3]
  const unsigned half = (q & 1) ? 0x7632 : 0x5410; // the high or the low halves of two words
  return __byte_perm(__byte_perm(x0, x1, pair), __byte_perm(x2, x3, pair), half);
}

// Output packet j of the V x V transpose of a[0..V) (a[i] = V elements of input row i): element
// i of the result is element j of a[i]. Done on 32-bit words: byte permutes for 1- and 2-byte
// elements, plain word moves for 4- and 8-byte ones. PAIRED: bytes by byte_column_paired.
template <int ES, bool PAIRED = false>
__device__ __forceinline__ uint4 transpose_packet(const uint4* a, int j) {
  if constexpr (ES == 4) {
    return make_uint4(word(a[0], j), word(a[1], j), word(a[2], j), word(a[3], j));
  } else if constexpr (ES == 8) {
    return make_uint4(word(a[0], 2 * j), word(a[0], 2 * j + 1), word(a[1], 2 * j),
                      word(a[1], 2 * j + 1));
  } else if constexpr (ES == 2) {
    const unsigned sel = (j & 1) ? 0x7632 : 0x5410; // the high or the low halves of two words
    unsigned w[4];
#pragma unroll
    for (int k = 0; k < 4; ++k)
      w[k] = __byte_perm(word(a[2 * k], j / 2), word(a[2 * k + 1], j / 2), sel);
    return make_uint4(w[0], w[1], w[2], w[3]);
  } else {
    unsigned w[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      const unsigned x0 = word(a[4 * k], j / 4), x1 = word(a[4 * k + 1], j / 4);
      const unsigned x2 = word(a[4 * k + 2], j / 4), x3 = word(a[4 * k + 3], j / 4);
      if constexpr (PAIRED)
        w[k] = byte_column_paired(x0, x1, x2, x3, j % 4);
      else
        w[k] = byte_column(x0, x1, x2, x3, j % 4);
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
    unsigned o4[4];
#pragma unroll
    for (int k = 0; k < 4; ++k)
      o4[k] = byte_column(w[4 * k], w[4 * k + 1], w[4 * k + 2], w[4 * k + 3], jj);
    return make_uint4(o4[0], o4[1], o4[2], o4[3]);
  }
}

// The tile's loads (LOADS): plain, through the L1; cached in the L2 only (ld.global.cg), which
// take no L1 line while in flight (docs/probes/in-flight.cu measures what that is worth beside a
// large shared carveout); or plain, each asking the L2 for its whole 256-byte piece
// (load16_piece256), for input rows off the 256-byte grid.
inline constexpr int kLoadsPlain = 0, kLoadsL2Only = 1, kLoadsPiece256 = 2;

// One tile of the 16-byte transpose (tile index `t` in grouped order).
template <typename T, unsigned GROUP, int MIN_R = 1, bool HINTS = false, bool EDGES = false,
          int LOADS = kLoadsPlain>
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
  const bool packets = full || (EDGES && aligned);      // else element by element
  if (packets) {
    // With EDGES, a packet outside the matrix is read from its last row or column instead:
    // the loads stay unconditional, and phase 2 stores none of those packets.
    const int col = EDGES ? min(x0 + lc * V, cols - V) : x0 + lc * V;
    uint4 v[R];
#pragma unroll
    for (int i = 0; i < R; ++i) {
      const int row = EDGES ? min(y0 + i * 16 + lr, rows - 1) : y0 + i * 16 + lr;
      const T* p = in + static_cast<long long>(row) * cols + col;
      v[i] = HINTS                     ? load16_stream(p)
             : LOADS == kLoadsL2Only   ? __ldcg(reinterpret_cast<const uint4*>(p))
             : LOADS == kLoadsPiece256 ? load16_piece256(p)
                                       : *reinterpret_cast<const uint4*>(p);
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
    if (packets) {
      // A group's V rows and a chunk's V columns are all inside the matrix or all outside.
      if (!full && (y0 + gr >= rows || x0 + c * V >= cols)) continue;
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
            out[static_cast<long long>(orow) * rows + y0 + gr + i] =
                tile_e[L::slot(gr + i, c) * V + j];
      }
    }
  }
}

// PERSISTENT: a grid of one wave whose blocks loop over the tiles; otherwise one tile a block.
template <typename T, unsigned GROUP, bool PERSISTENT, int MIN_R = 1, bool HINTS = false,
          bool EDGES = false, int LOADS = kLoadsPlain>
__device__ __forceinline__ void tile16_body(T* __restrict__ out, const T* __restrict__ in, int cols,
                                            int rows, int nreps) {
  using L = Tile16<T, MIN_R>;
  extern __shared__ __align__(16) unsigned char smem_raw[];
  const unsigned tiles = ((cols + L::COLS - 1) / L::COLS) * ((rows + L::ROWS - 1) / L::ROWS);
  for (int r = 0; r < nreps; ++r) {
    for (unsigned t = blockIdx.x; t < tiles; t += PERSISTENT ? gridDim.x : tiles) {
      tile16_one<T, GROUP, MIN_R, HINTS, EDGES, LOADS>(out, in, cols, rows, t, smem_raw);
      if (PERSISTENT || nreps > 1) __syncthreads(); // the next tile reuses the shared tile
    }
  }
}

template <typename T, int MIN_R = 1> unsigned tile16_blocks(const LaunchArgs& a) {
  using L = Tile16<T, MIN_R>;
  return ceil_div(a.cols, L::COLS) * ceil_div(a.rows, L::ROWS);
}

// The blocks an SM that ptxas's registers give the plain tile (u8 128 registers, fp16 64,
// fp32 40, fp64 28): the launch bound that holds an EDGES instantiation to the same.
template <typename T> constexpr int tile16_plain_blocks() {
  return blocks_bound(sizeof(T) == 1 ? 2 : sizeof(T) == 2 ? 4 : sizeof(T) == 4 ? 6 : 8);
}

// The block order for a shape (sector_aware_order), chosen on the host, of the 16-byte tile
// (16V x 16V elements, V = 16 / element_size, 256 bytes a tile row) and of the halo tile, whose
// tiles are 16V / split rows tall.
inline unsigned tile16_order(int element_size, int rows, int cols, int split = 1) {
  const int side = 16 * (16 / element_size), tile_rows = side / split;
  return sector_aware_order(static_cast<unsigned>(cols) * element_size, ceil_div(cols, side),
                            ceil_div(rows, tile_rows), static_cast<unsigned>(tile_rows) * 256);
}

// The 16-byte tile's block order in ours_best where the shape has edge tiles: tile16_order, and
// also groups of kSectorGroup tile rows where the input rows end in a partial tile and are short.
// 4- and 8-byte elements: at most 1024 elements (16 tiles of fp32, 32 of fp64: the partial tile
// column a large share of the tiles). Measured on the H100 (docs/perf-notes.md), groups of 8
// against column-major: fp32 32000 x 1000 +1.9 to +3.0 points, fp64 32000 x 500 +3.3 to +3.5 and
// 16000 x 1000 +2.4 to +2.7; past 1024 elements fp32 16000 x 2000 -0.3 to -1.6, fp32 8000 x 4000
// 0.0, fp64 8000 x 2000 -1.2 and 4096 x 3906 +0.2; with no partial tile column (fp32 7812 x 4096)
// -8.5.
// 2-byte elements: rows off the 64-byte grid, at most kEdgeGroupCols2 elements (16 tiles), from
// kEdgeGroupRows2 rows. Column-major there reads 8-15% more from DRAM than the matrix holds (each
// 64-byte piece at a tile border read once for each of its tile columns, a tile column apart);
// the groups read it once (counters). Rows on the 64-byte grid are not re-read, and there the
// groups can cost (fp16 64000 x 1024, whole tiles, -1.7 on the H200): column-major. ours_best
// before and after (A/B, 5dc96c3, H200 / H100): fp16 64000 x 1008 +1.8 / +5.8, x 1040 +1.2 /
// +6.1, x 1112 and x 1496 +2.5 / +7.8, x 2000 +1.8 / +5.8. The crossovers, groups of 8 against
// column-major (H200 / H100): 16000 to 48000 rows of 1008 and 2000 -0.3 to +0.6 / +1.5 to +4.6;
// 4000 and 8000 rows of 1008 (in + out within the L2) -2.1 and -1.6 / -1.2 and -0.5; past 2048
// elements 24000 and 32000 x 3000 -3.1 and -1.0 / +1.3 and +1.4, 16000 x 4008 -1.7 / +1.8,
// 8000 x 8008 -4.1 / -0.9 (at 64000 rows of 2056 to 4008 they still win, +2.8 to +3.3 / +6.6 to
// +7.7: a longer bound would need the rows too). All of these have rows a multiple of 128, so the
// output rows lie on the 256-byte grid. Off it the H200 loses in groups (4874335: 16064 to 64064
// rows of 1008 and 2000 -0.7 to -2.0 but 16064 x 1008 +0.4; 80064 rows +1.4 and +0.8; the same
// bytes read and written, counted): the H100 there is not yet measured, so the rule stands.
inline constexpr int kEdgeGroupCols2 = 2048;
inline constexpr int kEdgeGroupRows2 = 16000;
inline constexpr int kDramPieceBytes = 64; // the piece a DRAM read brings in, as counted
inline unsigned tile16_edges_order(int element_size, int rows, int cols) {
  const int side = 16 * (16 / element_size);
  if (element_size >= 4 && cols % side != 0 && cols <= 1024) return kSectorGroup;
  // Rows off the 64-byte grid end in a partial tile (a tile row is 256 bytes). The bound first,
  // so that the row's bytes are computed only where they fit an int.
  if (element_size == 2 && cols <= kEdgeGroupCols2 && rows >= kEdgeGroupRows2 &&
      cols * element_size % kDramPieceBytes != 0)
    return kSectorGroup;
  return tile16_order(element_size, rows, cols);
}

// Whether a shape has edge tiles (rows or cols not a multiple of the tile).
template <typename T, int MIN_R = 1> bool tile16_has_edges(const LaunchArgs& a) {
  using L = Tile16<T, MIN_R>;
  return a.cols % L::COLS != 0 || a.rows % L::ROWS != 0;
}

} // namespace tb::ours
