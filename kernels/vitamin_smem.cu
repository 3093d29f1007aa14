// Vitamin-CUDA's shared-memory transposes (vitamin-cuda-float4-swizzle, sections 2 and 2.2):
// a 32x32 tile on 32x8 threads. Each side has a fast path for tiles wholly inside the matrix
// (no bounds checks, fully unrolled) and a bounds-checked slow path for the edge tiles.
// PAD = 0 is the article's `transpose_smem_kernel` (column reads of the unpadded tile conflict
// on banks); PAD = 1 its padded, conflict-free version. The access pattern is the whitepaper's
// coalesced and bank-conflict-free transpose; what this file adds is the fast/slow split.
// Beyond the article: any element type, 64-bit offsets and the nreps loop (with a barrier
// between repetitions).
#include "harness/core/kernel_api.cuh"

namespace {
constexpr int tiling_size = 32;
constexpr int tiling_row = 8;
} // namespace

template <typename T, int PAD>
__global__ void vitamin_smem_tile(T* b, const T* a, int width, int height, int nreps) {
  __shared__ T tile[tiling_size][tiling_size + PAD];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int bx = blockIdx.x, by = blockIdx.y;
  const long long w = width, h = height;
  const int x = bx * tiling_size + tx; // read position
  const int y = by * tiling_size + ty;
  const bool read_full = (bx + 1) * tiling_size <= width && (by + 1) * tiling_size <= height;
  const int ox = by * tiling_size + tx; // write position
  const int oy = bx * tiling_size + ty;
  const bool write_full = (by + 1) * tiling_size <= height && (bx + 1) * tiling_size <= width;
  for (int r = 0; r < nreps; ++r) {
    if (read_full) { // fast path
#pragma unroll
      for (int j = 0; j < tiling_size; j += tiling_row) tile[ty + j][tx] = a[(y + j) * w + x];
    } else { // slow path
#pragma unroll
      for (int j = 0; j < tiling_size; j += tiling_row)
        if (x < width && y + j < height) tile[ty + j][tx] = a[(y + j) * w + x];
    }
    __syncthreads();
    if (write_full) {
#pragma unroll
      for (int j = 0; j < tiling_size; j += tiling_row) b[(oy + j) * h + ox] = tile[tx][ty + j];
    } else {
#pragma unroll
      for (int j = 0; j < tiling_size; j += tiling_row)
        if (ox < height && oy + j < width) b[(oy + j) * h + ox] = tile[tx][ty + j];
    }
    if (nreps > 1) __syncthreads();
  }
}

namespace {
template <int PAD> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    tb::launch_tiles(vitamin_smem_tile<T, PAD>, tiling_size, tiling_size,
                     dim3(tiling_size, tiling_row), a);
  }
};
const char* kSource = "Vitamin-CUDA, [CUDA in Practice] Matrix Transpose: shared memory";
const tb::Registration registered_plain =
    tb::kernel("vitamin_smem", tb::Family::vitamin, "Vitamin Smem 32x32", tb::launcher<Launch<0>>())
        .source(kSource)
        .summary("32x32 tile, 32x8 threads, fast/slow edge paths; unpadded (bank conflicts)")
        .output(tb::Output::transpose)
        .geometry(32, 32, 32, 8)
        .order(2);
const tb::Registration registered_padded =
    tb::kernel("vitamin_smem_bcf", tb::Family::vitamin, "Vitamin Smem 32x33 (padded)",
               tb::launcher<Launch<1>>())
        .source(kSource)
        .summary("the same with the tile padded to 33 columns: conflict-free column reads")
        .output(tb::Output::transpose)
        .geometry(32, 32, 32, 8)
        .order(3);
} // namespace
