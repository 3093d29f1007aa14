// Vitamin-CUDA's vectorized transposes (vitamin-cuda-float4-swizzle, sections 3 and 4): every
// global load and store moves 16 bytes (a float4 for fp32; 8 halves, 2 doubles or 16 bytes for
// the other types), 256 threads per block, one packet each way per thread.
//  - vitamin_packed_bcf: the shared tile is padded by one element per row, so the packets are
//    unpacked into scalar shared-memory stores and the transposed reads avoid bank conflicts;
//  - vitamin_packed_swizzle: no padding; element (r, c) lives at column c ^ r of its row
//    (r masked to the tile width), an XOR swizzle that keeps rows aligned and spreads a
//    column's elements over distinct banks.
// The tile is 32 input rows by 8 packets (32 fp32 columns). Edge tiles, and every tile of a
// matrix whose rows or columns are not a whole number of packets (a packet would straddle two
// rows or be misaligned), take a bounds-checked scalar path; the table notes when that happens.
#include "harness/core/kernel_api.cuh"
#include "kernels/vector_pack.cuh"

#include <fmt/format.h>

namespace {

template <typename T, bool SWIZZLE> struct PackedTile {
  static constexpr int V = tb::Pack16<T>::kCount; // elements per packet
  static constexpr int ROWS = 32;                 // input rows per tile
  static constexpr int COLS = 8 * V;              // input columns per tile
  static constexpr int PAD = SWIZZLE ? 0 : 1;
  static constexpr int KEY_MASK = (COLS < 32 ? COLS : 32) - 1;
  // Physical column of logical element (r, c) in the shared tile.
  __device__ static int col(int r, int c) { return SWIZZLE ? (c ^ (r & KEY_MASK)) : c; }
};

template <typename T, bool SWIZZLE>
__device__ __forceinline__ void packed_body(T* b, const T* a, int width, int height, int nreps) {
  using P = PackedTile<T, SWIZZLE>;
  constexpr int V = P::V;
  __shared__ T tile[P::ROWS][P::COLS + P::PAD];
  const int tid = threadIdx.x + threadIdx.y * blockDim.x;       // 0..255
  const int sx = tid % 8, sy = tid / 8;                         // load: packet column, tile row
  constexpr int PER_OUT_ROW = P::ROWS / V;                      // packets per output row
  const int orow = tid / PER_OUT_ROW, ocol = tid % PER_OUT_ROW; // store: row, packet column
  const int x0 = blockIdx.x * P::COLS, y0 = blockIdx.y * P::ROWS;
  const bool vec_ok = width % V == 0 && height % V == 0;
  const bool full = vec_ok && x0 + P::COLS <= width && y0 + P::ROWS <= height;
  const long long in_idx = static_cast<long long>(y0 + sy) * width + x0 + sx * V;
  const long long out_idx = static_cast<long long>(x0 + orow) * height + y0 + ocol * V;
  for (int r = 0; r < nreps; ++r) {
    if (full) {
      const tb::Pack16<T> v = tb::load16(a + in_idx);
#pragma unroll
      for (int k = 0; k < V; ++k) tile[sy][P::col(sy, sx * V + k)] = v.e[k];
    } else {
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (y0 + sy < height && x0 + sx * V + k < width)
          tile[sy][P::col(sy, sx * V + k)] = a[in_idx + k];
    }
    __syncthreads();
    if (full) {
      tb::Pack16<T> v;
#pragma unroll
      for (int k = 0; k < V; ++k) v.e[k] = tile[ocol * V + k][P::col(ocol * V + k, orow)];
      tb::store16(b + out_idx, v);
    } else {
#pragma unroll
      for (int k = 0; k < V; ++k)
        if (x0 + orow < width && y0 + ocol * V + k < height)
          b[out_idx + k] = tile[ocol * V + k][P::col(ocol * V + k, orow)];
    }
    if (nreps > 1) __syncthreads();
  }
}

} // namespace

template <typename T>
__global__ void vitamin_packed_bcf(T* b, const T* a, int width, int height, int nreps) {
  packed_body<T, false>(b, a, width, height, nreps);
}

template <typename T>
__global__ void vitamin_packed_swizzle(T* b, const T* a, int width, int height, int nreps) {
  packed_body<T, true>(b, a, width, height, nreps);
}

namespace {

template <bool SWIZZLE> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using P = PackedTile<T, SWIZZLE>;
    auto kernel = SWIZZLE ? vitamin_packed_swizzle<T> : vitamin_packed_bcf<T>;
    tb::launch_kernel(kernel, tb::tile_grid(a, P::COLS, P::ROWS), dim3(32, 8), 0, a);
  }
};

std::string packet_note(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype);
  if (a.cols % v == 0 && a.rows % v == 0) return {};
  return fmt::format("16-byte path off for {}x{} {}: rows and cols must be multiples of {}; "
                     "ran the scalar edge path everywhere",
                     a.rows, a.cols, tb::dtype_name(a.dtype), v);
}

const char* kSource = "Vitamin-CUDA, [CUDA in Practice] Matrix Transpose: float4 + swizzle";
[[maybe_unused]] const bool registered_bcf = tb::register_kernel(
    tb::kernel("vitamin_packed_bcf", tb::Family::vitamin, "Vitamin Packed 16B + pad",
               tb::launcher<Launch<false>>())
        .source(kSource)
        .summary("16-byte global loads/stores, padded shared tile (scalar shared accesses)")
        .output(tb::Output::transpose)
        .geometry(32, 32, 32, 8)
        .order(4)
        .note(packet_note));
[[maybe_unused]] const bool registered_swizzle = tb::register_kernel(
    tb::kernel("vitamin_packed_swizzle", tb::Family::vitamin, "Vitamin Packed 16B + XOR swizzle",
               tb::launcher<Launch<true>>())
        .source(kSource)
        .summary("16-byte global loads/stores, unpadded tile with an XOR swizzle")
        .output(tb::Output::transpose)
        .geometry(32, 32, 32, 8)
        .order(5)
        .note(packet_note));

} // namespace
