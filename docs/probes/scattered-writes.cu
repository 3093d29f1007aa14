// What the memory system charges for scattered 16-byte-wide writes and reads, without a
// transpose around them: the data of a tall transpose's output pattern moved by plain loads and
// stores. 128 MB in, 128 MB out, as a matrix of A x B segments of G bytes; out holds its
// transpose, B x A segments, so each of the B output rows takes A segments, and rows start
// `pad` bytes past a multiple of the segment grid (a transpose's row stride is rarely a multiple
// of 256 bytes). Four ways, each timed as transpose_bench times a kernel (L2 overwritten before
// each sample, 10 launches a sample, median of 10 samples), as % of cudaMemcpyAsync:
//  - scatter-write: consecutive blocks read consecutive input (16 KB a block), each segment
//    written to its output row (a tall transpose's pattern: 256-byte segments at G = 256);
//  - scatter-read: the same the other way (a wide transpose's pattern);
//  - windows: scatter-write, each store instruction's 16 lanes on one 256-byte-aligned window
//    of the output, lanes outside the segment idle;
//  - halo: windows that are always whole, the part past a segment's end read from the next
//    segment of the same output row (read twice: once here, once by its own block).
// Build and run: nvcc -O3 -arch=sm_90 -std=c++17 docs/probes/scattered-writes.cu -o sw && ./sw
// (docs/perf-notes.md, "the halo tile's and the 16-byte tile's block order", cites its output).
#include "probe_timing.cuh"

#include <algorithm>
#include <cstdio>
#include <vector>

struct Grid {
  long long A, B;  // A x B input segments
  int gp;          // packets (16 bytes) a segment
  long long total; // packets moved
  int padp;        // packets of padding after each output row (input row, for scatter-read)
  // First packet of segment (r, c)'s place on the transposed side.
  __device__ long long placed(long long r, long long c) const {
    return c * (A * gp + padp) + r * gp;
  }
};

// Scatter-write (WRITE) or scatter-read: 4 packets a thread, loaded, then stored.
template <bool WRITE>
__global__ void __launch_bounds__(256) plain(uint4* out, const uint4* in, Grid g) {
  const long long base = static_cast<long long>(blockIdx.x) * 1024;
  uint4 v[4];
  long long to[4];
#pragma unroll
  for (int u = 0; u < 4; ++u) {
    const long long q = base + threadIdx.x + 256 * u;
    const long long p = q < g.total ? q : g.total - 1;
    const long long i = p / g.gp, off = p - i * g.gp; // segment i, taken in order
    const long long at = g.placed(i / g.B, i % g.B) + off;
    v[u] = WRITE ? in[p] : in[at];
    to[u] = WRITE ? at : p;
  }
#pragma unroll
  for (int u = 0; u < 4; ++u) out[to[u]] = v[u];
}

// Scatter-write in 256-byte-aligned windows (16 packets), SPT slots of one packet a thread. HALO:
// every window whole (the window that starts inside a segment, completed from the next
// segment of its output row); else each window cut to the segment.
template <int SPT, bool HALO>
__global__ void __launch_bounds__(256) windows(uint4* out, const uint4* in, Grid g, int segs) {
  const int wps = HALO ? g.gp / 16 : g.gp / 16 + 1; // windows a segment
  uint4 v[SPT];
  long long to[SPT];
#pragma unroll
  for (int u = 0; u < SPT; ++u) {
    const int slot = threadIdx.x + 256 * u, lane = slot % 16, w = slot / 16;
    const int sb = w / wps, win = w % wps;
    const long long i = static_cast<long long>(blockIdx.x) * segs + sb;
    to[u] = -1;
    if (sb >= segs || i * g.gp >= g.total) continue;
    const long long r = i / g.B, c = i % g.B;
    const long long o0 = g.placed(r, c);
    const long long w0 = HALO ? (o0 + 15) & ~15LL : o0 & ~15LL;
    const long long at = w0 + win * 16 + lane, idx = at - o0;
    if (idx >= 0 && idx < g.gp) {
      v[u] = in[i * g.gp + idx];
      to[u] = at;
    } else if (HALO && idx >= g.gp && r + 1 < g.A) {
      v[u] = in[(i + g.B) * g.gp + idx - g.gp];
      to[u] = at;
    }
  }
#pragma unroll
  for (int u = 0; u < SPT; ++u)
    if (to[u] >= 0) out[to[u]] = v[u];
}

int main() {
  const long long bytes = 128LL << 20, packets = bytes / 16;
  uint4 *in, *out;
  CHECK(cudaMalloc(&in, bytes + (1 << 20)));
  CHECK(cudaMalloc(&out, bytes + (1 << 20)));
  CHECK(cudaMemset(in, 1, bytes + (1 << 20)));
  ProbeTimer timer;
  auto seconds = [&](auto launch) { return timer.seconds(launch); };
  const double memcpy_gbs = 2.0 * bytes / 1e9 / seconds([&] {
                              cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice);
                            });
  std::printf("cudaMemcpyAsync %.0f GB/s; the rest as GB/s and %% of it\n", memcpy_gbs);
  std::printf("%6s %6s %6s %16s %16s %16s %16s\n", "G", "B", "pad", "scatter-write", "windows",
              "scatter-read", "halo");
  for (int B : {64, 1000})
    for (int G : {256, 1024})
      for (int pad : {0, 16, 64, 128}) {
        Grid g;
        g.gp = G / 16;
        g.B = B;
        g.A = packets / g.gp / B;
        if (g.A % 2 == 0) --g.A; // an odd number of segments a row
        g.total = g.A * B * g.gp;
        g.padp = pad / 16;
        const unsigned blocks = static_cast<unsigned>((g.total + 1023) / 1024);
        const int segs = 1024 / g.gp; // 16 KB of segments a block
        auto gbs = [&](auto launch) { return 32.0 * g.total / 1e9 / seconds(launch); };
        const double w = gbs([&] { plain<true><<<blocks, 256>>>(out, in, g); });
        const double r = gbs([&] { plain<false><<<blocks, 256>>>(out, in, g); });
        const double x = G == 256
                             ? gbs([&] { windows<8, false><<<blocks, 256>>>(out, in, g, segs); })
                             : gbs([&] { windows<5, false><<<blocks, 256>>>(out, in, g, segs); });
        const double h = gbs([&] { windows<4, true><<<blocks, 256>>>(out, in, g, segs); });
        std::printf("%6d %6d %6d", G, B, pad);
        for (double v : {w, x, r, h}) std::printf(" %8.0f %6.1f%%", v, 100 * v / memcpy_gbs);
        std::printf("\n");
      }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}
