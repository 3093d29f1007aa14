// The 8-byte tile (tile8.cu): the 16-byte tile's design with 8-byte packets, for shapes whose rows
// start on 8-byte boundaries but not all on 16-byte ones (u8 with rows and cols multiples of 8 but
// not both of 16, such as 1080 x 1920 or 1000 x 128000), where the 16-byte tiles must realign
// their packets with funnel shifts and store straddling packets in pieces.
#pragma once

#include "kernels/ours/tile16.cuh"

namespace tb::ours {

// 16R input rows x 16 chunks of 8 bytes (16V elements, 128 bytes) a block of 256 threads,
// V = 8 / sizeof(T) elements a packet, R = max(V, MIN_R) packets a thread in flight (8: 64
// bytes a thread on three blocks an SM for u8, 80 registers, where the 16-byte tile has 256 on
// two).
// Phase 1: thread loads chunk tid % 16 of rows i*16 + tid/16 (i < R): a warp instruction covers
//          2 rows x 128 contiguous bytes.
// Phase 2: thread (g = tid % 16, c = tid / 16) reads chunk c of rows g*V .. g*V+V-1, transposes
//          the V x V elements in registers and stores V packets to output rows c*V + j: the 16
//          lanes with the same c write 128 contiguous bytes of one output row.
// Chunk c of row r lives at c ^ ((r / V) & 15): a tile row is 128 bytes, all 32 banks, so phase
// 1's 16 lanes of one row and phase 2's 16 lanes of one chunk (16 row groups) each cover the 32
// banks once.
// Rows and cols are multiples of V (tile8_takes), so a packet is wholly inside the matrix or
// wholly outside: edge tiles store none of their outside packets.
template <typename T, int MIN_R = 8> struct Tile8 {
  static constexpr int V = 8 / static_cast<int>(sizeof(T));
  static constexpr int R = V >= MIN_R ? V : MIN_R;
  static_assert(R % V == 0, "phase 2 takes whole row groups");
  static constexpr int CHUNKS = 16;
  static constexpr int ROWS = 16 * R;
  static constexpr int COLS = CHUNKS * V;
  static constexpr std::size_t kSmem = sizeof(uint2) * ROWS * CHUNKS;
  __device__ static int slot(int row, int chunk) {
    return row * CHUNKS + (chunk ^ ((row / V) & 15));
  }
};

// Whether the 8-byte tile takes a shape: rows and cols multiples of V = 8 / size.
__host__ __device__ constexpr bool tile8_takes(int element_size, int rows, int cols) {
  const int v = 8 / element_size;
  return v >= 1 && rows % v == 0 && cols % v == 0;
}

__device__ __forceinline__ unsigned half_word(const uint2& v, int k) {
  return k == 0 ? v.x : v.y;
}

// Output packet j of the V x V transpose of a[0..V) (a[i] = V elements of input row i).
template <int ES> __device__ __forceinline__ uint2 transpose_packet8(const uint2* a, int j) {
  if constexpr (ES == 8) {
    return a[0];
  } else if constexpr (ES == 4) {
    return make_uint2(half_word(a[0], j), half_word(a[1], j));
  } else if constexpr (ES == 2) {
    const unsigned sel = (j & 1) ? 0x7632 : 0x5410; // the high or the low halves of two words
    return make_uint2(__byte_perm(half_word(a[0], j / 2), half_word(a[1], j / 2), sel),
                      __byte_perm(half_word(a[2], j / 2), half_word(a[3], j / 2), sel));
  } else {
    const int k = j / 4;
    return make_uint2(byte_column(half_word(a[0], k), half_word(a[1], k), half_word(a[2], k),
                                  half_word(a[3], k), j % 4),
                      byte_column(half_word(a[4], k), half_word(a[5], k), half_word(a[6], k),
                                  half_word(a[7], k), j % 4));
  }
}

template <typename T, int MIN_R = 8>
__device__ __forceinline__ void tile8_one(T* __restrict__ out, const T* __restrict__ in, int cols,
                                          int rows, unsigned t, unsigned char* smem_raw) {
  using L = Tile8<T, MIN_R>;
  constexpr int R = L::R, V = L::V;
  constexpr int ES = static_cast<int>(sizeof(T));
  uint2* tile = reinterpret_cast<uint2*>(smem_raw);
  unsigned tx, ty;
  ordered_tile(t, (cols + L::COLS - 1) / L::COLS, (rows + L::ROWS - 1) / L::ROWS, kColumnMajor, tx,
               ty);
  const int x0 = tx * L::COLS, y0 = ty * L::ROWS;
  const int tid = threadIdx.x;
  const int lc = tid % L::CHUNKS, lr = tid / L::CHUNKS;
  // Packets right of the matrix read its last one instead; rows below it are not read (their
  // slots hold zeros that phase 2 does not store). One base address and a constant stride.
  const int col = min(x0 + lc * V, cols - V);
  const T* p = in + static_cast<long long>(y0 + lr) * cols + col;
  const long long stride = 16LL * cols;
  uint2 v[R];
#pragma unroll
  for (int i = 0; i < R; ++i)
    v[i] = y0 + i * 16 + lr < rows ? *reinterpret_cast<const uint2*>(p + i * stride)
                                   : make_uint2(0, 0);
#pragma unroll
  for (int i = 0; i < R; ++i) tile[L::slot(i * 16 + lr, lc)] = v[i];
  __syncthreads();
  const int g = tid % 16, c = tid / 16;
  if (x0 + c * V >= cols) return; // this chunk's output rows are outside the matrix
#pragma unroll
  for (int h = 0; h < R / V; ++h) {
    const int gr = (h * 16 + g) * V;
    if (y0 + gr >= rows) continue;
    uint2 a[V];
#pragma unroll
    for (int i = 0; i < V; ++i) a[i] = tile[L::slot(gr + i, c)];
#pragma unroll
    for (int j = 0; j < V; ++j)
      *reinterpret_cast<uint2*>(out + static_cast<long long>(x0 + c * V + j) * rows + y0 + gr) =
          transpose_packet8<ES>(a, j);
  }
}

template <typename T, int MIN_R = 8>
__device__ __forceinline__ void tile8_body(T* __restrict__ out, const T* __restrict__ in, int cols,
                                           int rows, int nreps) {
  __shared__ __align__(16) unsigned char smem[Tile8<T, MIN_R>::kSmem];
  for (int r = 0; r < nreps; ++r) {
    tile8_one<T, MIN_R>(out, in, cols, rows, blockIdx.x, smem);
    if (nreps > 1) __syncthreads(); // the next repetition reuses the shared tile
  }
}

template <typename T, int MIN_R = 8> unsigned tile8_blocks(const LaunchArgs& a) {
  using L = Tile8<T, MIN_R>;
  return ceil_div(a.cols, L::COLS) * ceil_div(a.rows, L::ROWS);
}

} // namespace tb::ours
