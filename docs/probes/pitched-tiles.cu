// What the memory system charges for a tile's rows read (or written) at a given pitch, without a
// transpose around them: each block copies one tile of R rows x W bytes between a matrix of
// rows `pitch` bytes apart and a contiguous buffer, the tiles taken in column-major order as the
// 16-byte tile takes them (consecutive blocks down a tile column). 128 MB in, 128 MB out, timed
// as transpose_bench times a kernel (L2 overwritten before each sample, 10 launches a sample,
// median of 10 samples), as % of cudaMemcpyAsync of the same bytes:
//  - read: the tile's rows read at the pitch, the tile written contiguously;
//  - write: the mirror, the tile read contiguously and its rows written at the pitch.
// The tiles: the 16-byte tile's own (fp32 64 rows x 256 bytes, fp64 32 x 256) and tiles of the
// same 16 KB with fewer, longer rows (32 x 512, 16 x 1024, 8 x 2048); the pitches: 64 KB and
// 128 KB, where the H200 ran the 16-byte tile at 97-98% and 92-95% of memcpy, 256 KB, each
// with 256 bytes more, and 120 KB, not a power of two (docs/perf-notes.md, "input rows 128 KB
// apart, and the u8 squares' size"). If the H200's cost at 128 KB is in the tile's reads, the
// read column shows it; if longer rows mend it, the rows below the 16-byte tile's show that.
// Build and run: nvcc -O3 -arch=sm_90 -std=c++17 docs/probes/pitched-tiles.cu -o pt && ./pt
// The first configuration is checked packet by packet against the host before any timing.
#include "probe_timing.cuh"

#include <cstdio>
#include <vector>

struct Tiles {
  long long pitch;  // bytes between rows of the pitched side
  int R, W;         // a tile's rows and bytes a row (W a multiple of 16)
  long long tx, ty; // tiles across a row and down the matrix
  int n;            // packets a tile: R * W / 16, at most 1024
};

// One tile a block, 4 packets a thread at most. READ: pitched -> contiguous; else the mirror.
template <bool READ>
__global__ void __launch_bounds__(256) copy_tiles(uint4* out, const uint4* in, Tiles t) {
  const long long b = blockIdx.x;
  const long long y = b % t.ty, x = b / t.ty; // column-major: down a tile column first
  const int wp = t.W / 16;                    // packets a row
  uint4 v[4];
  long long to[4];
#pragma unroll
  for (int u = 0; u < 4; ++u) {
    const int q = threadIdx.x + 256 * u;
    to[u] = -1;
    if (q >= t.n) continue;
    const int r = q / wp, c = q % wp;
    const long long pitched = ((y * t.R + r) * t.pitch + x * t.W) / 16 + c;
    const long long flat = b * t.n + q;
    v[u] = in[READ ? pitched : flat];
    to[u] = READ ? flat : pitched;
  }
#pragma unroll
  for (int u = 0; u < 4; ++u)
    if (to[u] >= 0) out[to[u]] = v[u];
}

Tiles make_tiles(long long bytes, long long pitch, int R, int W) {
  Tiles t{pitch, R, W, pitch / W, 0, R * W / 16};
  t.ty = bytes / (pitch * R); // whole tiles of the rows that fit in the bytes
  return t;
}

// The first read configuration against the host: every contiguous packet from its pitched place.
bool check(uint4* out, uint4* in, long long bytes) {
  const Tiles t = make_tiles(bytes, 128LL << 10, 64, 256);
  const long long total = bytes / 16;
  std::vector<uint4> h(total);
  for (long long i = 0; i < total; ++i)
    h[i] = make_uint4(static_cast<unsigned>(i), static_cast<unsigned>(i >> 32), 7, 9);
  CHECK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  copy_tiles<true><<<static_cast<unsigned>(t.tx * t.ty), 256>>>(out, in, t);
  CHECK(cudaGetLastError());
  std::vector<uint4> o(total);
  CHECK(cudaMemcpy(o.data(), out, bytes, cudaMemcpyDeviceToHost));
  const int wp = t.W / 16;
  for (long long b = 0; b < t.tx * t.ty; ++b)
    for (int q = 0; q < t.n; ++q) {
      const long long y = b % t.ty, x = b / t.ty, r = q / wp, c = q % wp;
      const long long p = ((y * t.R + r) * t.pitch + x * t.W) / 16 + c;
      if (o[b * t.n + q].x != static_cast<unsigned>(p) || o[b * t.n + q].z != 7) {
        std::printf("check: packet %lld of tile %lld holds %u, expected %lld\n",
                    static_cast<long long>(q), b, o[b * t.n + q].x, p);
        return false;
      }
    }
  return true;
}

int main() {
  const long long bytes = 128LL << 20;
  uint4 *in, *out;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  if (!check(out, in, bytes)) return 1;
  ProbeTimer timer;
  const double memcpy_s =
      timer.seconds([&] { cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice); });
  std::printf("cudaMemcpyAsync %.0f GB/s; %% of it, read / write, per tile (rows x bytes) and "
              "pitch (KB)\n",
              2.0 * bytes / 1e9 / memcpy_s);
  const long long kb = 1024;
  const long long pitches[] = {64 * kb,        64 * kb + 256, 120 * kb,      128 * kb,
                               128 * kb + 256, 256 * kb,      256 * kb + 256};
  std::printf("%10s", "tile");
  for (long long p : pitches) std::printf(" %13.2f", p / 1024.0);
  std::printf("\n");
  const int shapes[][2] = {{64, 256}, {32, 256}, {32, 512}, {16, 1024}, {8, 2048}};
  for (const auto& s : shapes) {
    std::printf("%5d x %4d", s[0], s[1]);
    for (long long p : pitches) {
      const Tiles t = make_tiles(bytes, p, s[0], s[1]);
      const unsigned blocks = static_cast<unsigned>(t.tx * t.ty);
      const double moved = 2.0 * blocks * t.n * 16; // the bytes moved, in and out
      const double rd = timer.seconds([&] { copy_tiles<true><<<blocks, 256>>>(out, in, t); });
      const double wr = timer.seconds([&] { copy_tiles<false><<<blocks, 256>>>(out, in, t); });
      const double ref = 2.0 * bytes / memcpy_s;
      std::printf(" %6.1f/%6.1f", 100 * moved / rd / ref, 100 * moved / wr / ref);
    }
    std::printf("\n");
  }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}
