// Whether the L1 that shared memory leaves over bounds the loads a multiprocessor keeps in
// flight. A copy in the shape of our kernels' two phases: each thread loads K 16-byte packets
// (coalesced, K load instructions back to back), then stores them; one piece of 256·K packets a
// block, 128 MB in and out. Every block asks for 4 KB of dynamic shared memory it does not touch,
// so the blocks an SM are set by registers and threads alone at any carveout of 48 KB or more;
// cudaFuncAttributePreferredSharedMemoryCarveout is set to each percentage in turn, and the rest
// of the SM's 256 KB of L1 and shared memory is the L1. Two load kinds: plain (ld.global, the
// data lands in the L1) and __ldcg (cached in the L2 only). Timed as transpose_bench times a
// kernel (L2 overwritten before each sample, 10 launches a sample, median of 10 samples), as %
// of cudaMemcpyAsync; the blocks an SM as cudaOccupancyMaxActiveBlocksPerMultiprocessor says
// under each carveout.
// Build and run: nvcc -O3 -arch=sm_90 -std=c++17 docs/probes/l1-in-flight.cu -o l1 && ./l1
// (docs/perf-notes.md, "the register path staged in its own shared rows", cites its output).
#include "probe_timing.cuh"

#include <algorithm>
#include <cstdio>
#include <vector>

// K packets a thread loaded, then stored; L2ONLY: the loads bypass the L1.
template <int K, bool L2ONLY>
__global__ void __launch_bounds__(256) two_phase(uint4* out, const uint4* in, long long n) {
  const long long base = static_cast<long long>(blockIdx.x) * 256 * K + threadIdx.x;
  uint4 v[K];
#pragma unroll
  for (int i = 0; i < K; ++i) {
    const long long p = min(base + 256LL * i, n - 1);
    v[i] = L2ONLY ? __ldcg(in + p) : in[p];
  }
#pragma unroll
  for (int i = 0; i < K; ++i)
    if (base + 256LL * i < n) out[base + 256LL * i] = v[i];
}

int main() {
  const long long bytes = 128LL << 20, n = bytes / 16;
  const int smem = 4 << 10;
  uint4 *in, *out;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  CHECK(cudaMemset(in, 1, bytes));
  ProbeTimer timer;
  auto seconds = [&](auto launch) { return timer.seconds(launch); };
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  const double memcpy_gbs = 2.0 * bytes / 1e9 / seconds([&] {
                              cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice);
                            });
  std::printf("%s: cudaMemcpyAsync %.0f GB/s; each case as %% of it (blocks an SM)\n", prop.name,
              memcpy_gbs);
  const int carveouts[] = {25, 50, 75, 100};
  std::printf("%-8s %3s", "loads", "K");
  for (int c : carveouts) std::printf("   carveout %3d%%", c);
  std::printf("\n");
  auto row = [&](auto kernel, const char* kind, int k) {
    std::printf("%-8s %3d", kind, k);
    for (int c : carveouts) {
      CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, c));
      int blocks = 0;
      CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 256, smem));
      const unsigned grid = static_cast<unsigned>((n + 256LL * k - 1) / (256LL * k));
      const double gbs =
          2.0 * bytes / 1e9 / seconds([&] { kernel<<<grid, 256, smem>>>(out, in, n); });
      std::printf("   %7.1f%% (%d)", 100 * gbs / memcpy_gbs, blocks);
    }
    std::printf("\n");
  };
  row(two_phase<2, false>, "plain", 2);
  row(two_phase<4, false>, "plain", 4);
  row(two_phase<8, false>, "plain", 8);
  row(two_phase<16, false>, "plain", 16);
  row(two_phase<2, true>, "L2 only", 2);
  row(two_phase<4, true>, "L2 only", 4);
  row(two_phase<8, true>, "L2 only", 8);
  row(two_phase<16, true>, "L2 only", 16);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}
