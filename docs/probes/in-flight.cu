// Whether the bytes a multiprocessor keeps in flight, and how far apart they lie, set what a
// copy or a transpose gets of the DRAM. On the H200 a two-phase copy (each thread loads K 16-byte
// packets, then stores them) ran at 97.3% of cudaMemcpyAsync at K = 2 and 94-95% at K = 4-8
// (l1-in-flight.cu), and the same copy one packet a thread at 99.6% (ours_copy_x1): the fewer
// packets a thread, the closer to memcpy, at eight blocks an SM throughout. If what counts is the
// bytes in flight an SM (K x 4 KB a block, times the blocks an SM), then K = 4 at two blocks an
// SM runs as K = 1 at eight, and a tile of 32 KB a block (the 2-byte 16-byte tile, four blocks an
// SM) would gain with fewer blocks. If what counts is how far apart the blocks in flight read,
// K = 1 with consecutive blocks scattered over the buffer loses what K = 1 in order gets.
// Two tables, 128 MB in and 128 MB out, timed as transpose_bench times a kernel (L2 overwritten
// before each sample, 10 launches a sample, median of 10 samples), as % of cudaMemcpyAsync of
// the same bytes:
//  - copy: K = 1, 2, 4, 8, 16 packets a thread (loads cached in the L2 only, so that the L1 left
//    beside the shared memory plays no part), held to 1, 2, 3, 4, 6 and 8 blocks an SM by
//    dynamic shared memory it does not touch, blocks in order or scattered (block b copies piece
//    b x 4099 mod the pieces: consecutive blocks 16 MB and more apart);
//  - tile: the product's 16-byte tile (kernels/ours/tile16.cuh, column-major order, one tile a
//    block) for u8, fp16, fp32 and fp64 at 8192² and 16384² (fp64 16384²: input rows 128 KB
//    apart), with its loads plain (through the L1, as the product's) or cached in the L2 only;
//    first as the product launches it (its own shared memory, the runtime's carveout), then held
//    to each count of blocks an SM up to what its registers allow.
// The held cases ask for the 100% shared carveout (the L1 left is the same for all of them); the
// blocks an SM printed are cudaOccupancyMaxActiveBlocksPerMultiprocessor's. Each tile type is
// checked element by element against the host at 8192², both ways of loading, before timing.
// Build and run: nvcc -O3 -arch=sm_90 -std=c++17 --expt-relaxed-constexpr -I. \
//   docs/probes/in-flight.cu -o in-flight && ./in-flight
#include "kernels/ours/tile16.cuh"
#include "probe_timing.cuh"

#include <cstdint>
#include <cstdio>
#include <vector>

// K packets a thread, loaded (L2 only) and then stored; piece b of 256 K packets, where b is
// the block's index, or b x stride mod pieces where stride > 1.
template <int K>
__global__ void __launch_bounds__(256)
    copy_k(uint4* out, const uint4* in, long long n, long long pieces, long long stride) {
  const long long b = stride > 1 ? (blockIdx.x * stride) % pieces : blockIdx.x;
  const long long base = b * 256 * K + threadIdx.x;
  uint4 v[K];
#pragma unroll
  for (int i = 0; i < K; ++i) v[i] = __ldcg(in + min(base + 256LL * i, n - 1));
#pragma unroll
  for (int i = 0; i < K; ++i)
    if (base + 256LL * i < n) out[base + 256LL * i] = v[i];
}

// The kernel ours_best launches for whole tiles (ours_best_tile16: no register bound, the
// repetitions a runtime argument, as ptxas allocates it there: fp16 64 registers, no spills).
// L2LOADS: its loads cached in the L2 only.
template <typename T, bool L2LOADS>
__global__ void __launch_bounds__(256) tile_k(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::tile16_body<T, tb::kColumnMajor, false, 1, false, false,
                        L2LOADS ? tb::ours::kLoadsL2Only : tb::ours::kLoadsPlain>(out, in, cols,
                                                                                  rows, nreps);
}

struct Gpu {
  int sms = 0, smem_sm = 0, smem_block = 0;
  Gpu() {
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaDeviceGetAttribute(&smem_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
    CHECK(cudaDeviceGetAttribute(&smem_block, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  }
  // Dynamic shared memory that holds a kernel to `blocks` an SM (at least `need` bytes), or -1
  // where it cannot be held there; each block also costs the 1 KB the runtime reserves.
  int smem_for(int blocks, int need) const {
    const int s = smem_sm / blocks - 1024;
    const int bytes = s < smem_block ? s : smem_block;
    return bytes >= need ? bytes : -1;
  }
};

// carveout: the shared carveout asked for, in %, or -1 for none (the runtime's choice).
template <typename F> void prepare(F kernel, int carveout = 100) {
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 232448));
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
}
template <typename F> int occupancy(F kernel, int smem) {
  int b = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, kernel, 256, smem));
  return b;
}

constexpr int kBlocks[] = {1, 2, 3, 4, 6, 8};

template <int K>
void copy_row(const Gpu& g, ProbeTimer& timer, uint4* out, const uint4* in, long long n,
              double t_memcpy) {
  prepare(copy_k<K>);
  const long long pieces = (n + 256LL * K - 1) / (256LL * K);
  for (long long stride : {1LL, 4099LL}) {
    std::printf("%-9s %3d", stride > 1 ? "scattered" : "in order", K);
    for (int want : kBlocks) {
      const int smem = g.smem_for(want, 0);
      const int got = occupancy(copy_k<K>, smem);
      if (got != want) {
        std::printf("  %14s", "-");
        continue;
      }
      const double t = timer.seconds([&] {
        copy_k<K><<<static_cast<unsigned>(pieces), 256, smem>>>(out, in, n, pieces, stride);
      });
      CHECK(cudaGetLastError());
      std::printf("  %5.1f%% %4d KB", 100 * t_memcpy / t, K * 4 * got);
    }
    std::printf("\n");
  }
}

// The tile as the product launches it (its own shared memory, the runtime's carveout), then held
// to each count of blocks an SM (carveout 100%).
template <typename T, bool L2LOADS>
void tile_row(const Gpu& g, ProbeTimer& timer, void* out_raw, const void* in_raw, int n,
              const char* name) {
  using L = tb::ours::Tile16<T>;
  T* out = static_cast<T*>(out_raw);
  const T* in = static_cast<const T*>(in_raw);
  const long long bytes = static_cast<long long>(n) * n * sizeof(T);
  const double t_memcpy = timer.seconds(
      [&] { CHECK(cudaMemcpyAsync(out_raw, in_raw, bytes, cudaMemcpyDeviceToDevice)); });
  const unsigned grid = static_cast<unsigned>((n / L::COLS) * (n / L::ROWS));
  auto kernel = tile_k<T, L2LOADS>;
  prepare(kernel, -1);
  const double t_own = timer.seconds([&] { kernel<<<grid, 256, L::kSmem>>>(out, in, n, n, 1); });
  CHECK(cudaGetLastError());
  std::printf("%-5s %-7s %6d²  %5.1f%% (%d)", name, L2LOADS ? "L2 only" : "plain", n,
              100 * t_memcpy / t_own, occupancy(kernel, L::kSmem));
  prepare(kernel);
  for (int want : kBlocks) {
    const int smem = g.smem_for(want, static_cast<int>(L::kSmem));
    const int got = smem < 0 ? 0 : occupancy(kernel, smem);
    if (got != want) {
      std::printf("  %14s", "-");
      continue;
    }
    const double t = timer.seconds([&] { kernel<<<grid, 256, smem>>>(out, in, n, n, 1); });
    CHECK(cudaGetLastError());
    std::printf("  %5.1f%% %4zu KB", 100 * t_memcpy / t, got * L::kSmem / 1024);
  }
  std::printf("\n");
}

// Each type's tile, at its own occupancy, against the host: every element of an 8192² transpose.
template <typename T, bool L2LOADS> void check(void* out_raw, void* in_raw, const char* name) {
  const int n = 8192;
  const long long count = static_cast<long long>(n) * n;
  std::vector<T> h(count), back(count);
  for (long long i = 0; i < count; ++i) h[i] = static_cast<T>(i * 2654435761u >> 7);
  CHECK(cudaMemcpy(in_raw, h.data(), count * sizeof(T), cudaMemcpyHostToDevice));
  prepare(tile_k<T, L2LOADS>);
  using L = tb::ours::Tile16<T>;
  tile_k<T, L2LOADS><<<(n / L::COLS) * (n / L::ROWS), 256, L::kSmem>>>(
      static_cast<T*>(out_raw), static_cast<const T*>(in_raw), n, n, 1);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(back.data(), out_raw, count * sizeof(T), cudaMemcpyDeviceToHost));
  for (long long r = 0; r < n; ++r)
    for (long long c = 0; c < n; ++c)
      if (back[c * n + r] != h[r * n + c]) {
        std::printf("%s: the tile is wrong at input (%lld, %lld)\n", name, r, c);
        std::exit(1);
      }
}

int main() {
  Gpu g;
  cudaDeviceProp p{};
  CHECK(cudaGetDeviceProperties(&p, 0));
  const long long bytes = 128LL << 20, n = bytes / 16, most = 1LL << 31; // 16384² fp64: 2 GB
  void *in, *out;
  CHECK(cudaMalloc(&in, most));
  CHECK(cudaMalloc(&out, most));
  CHECK(cudaMemset(in, 1, most));
  check<std::uint8_t, false>(out, in, "u8");
  check<std::uint16_t, false>(out, in, "fp16");
  check<std::uint32_t, false>(out, in, "fp32");
  check<std::uint64_t, false>(out, in, "fp64");
  check<std::uint8_t, true>(out, in, "u8, L2 only");
  check<std::uint16_t, true>(out, in, "fp16, L2 only");
  check<std::uint32_t, true>(out, in, "fp32, L2 only");
  check<std::uint64_t, true>(out, in, "fp64, L2 only");
  ProbeTimer timer;
  const double t_memcpy =
      timer.seconds([&] { CHECK(cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice)); });
  std::printf("%s, %d SMs: cudaMemcpyAsync %.0f GB/s over 128 MB; each case as %% of memcpy of "
              "the same bytes, and the bytes in flight an SM (loads, or shared tiles)\n",
              p.name, g.sms, 2 * bytes / t_memcpy * 1e-9);
  std::printf("copy        K");
  for (int b : kBlocks) std::printf("  %8d a SM", b);
  std::printf("\n");
  copy_row<1>(g, timer, static_cast<uint4*>(out), static_cast<const uint4*>(in), n, t_memcpy);
  copy_row<2>(g, timer, static_cast<uint4*>(out), static_cast<const uint4*>(in), n, t_memcpy);
  copy_row<4>(g, timer, static_cast<uint4*>(out), static_cast<const uint4*>(in), n, t_memcpy);
  copy_row<8>(g, timer, static_cast<uint4*>(out), static_cast<const uint4*>(in), n, t_memcpy);
  copy_row<16>(g, timer, static_cast<uint4*>(out), static_cast<const uint4*>(in), n, t_memcpy);
  std::printf("tile  loads     shape  as launched (blocks an SM), then held to");
  for (int b : kBlocks) std::printf("  %8d a SM", b);
  std::printf("\n");
  for (int side : {8192, 16384}) {
    tile_row<std::uint8_t, false>(g, timer, out, in, side, "u8");
    tile_row<std::uint8_t, true>(g, timer, out, in, side, "u8");
    tile_row<std::uint16_t, false>(g, timer, out, in, side, "fp16");
    tile_row<std::uint16_t, true>(g, timer, out, in, side, "fp16");
    tile_row<std::uint32_t, false>(g, timer, out, in, side, "fp32");
    tile_row<std::uint32_t, true>(g, timer, out, in, side, "fp32");
    tile_row<std::uint64_t, false>(g, timer, out, in, side, "fp64");
    tile_row<std::uint64_t, true>(g, timer, out, in, side, "fp64");
  }
  return 0;
}
