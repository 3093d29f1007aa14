// Where the interleaving gather's L2-only copies read sectors twice. Its phase 1 copies, with
// cp.async, the 16-byte packets that cover W bytes of each of R input rows into shared memory;
// on an H200 Nsight Compute counted 1.55 times the data's sectors read from L2 (fp16
// 100 x 640001), where a model of its addressing asks 1.05-1.12, and 1.06-1.11 with the copies
// cached in L1 (docs/perf-notes.md, "the interleaving gather's copies through L1"). This probe
// does phase 1 alone, then writes each block's shared bytes to a contiguous output (no
// transpose), 128 MB of rows in; per case the time as % of cudaMemcpyAsync of the same bytes,
// timed as transpose_bench times a kernel (L2 overwritten before each sample, 10 launches a
// sample, median of 10 samples). Cases, each with cp.async.cg (L2 only) and .ca (L1 too):
//  - rows whose starts are 16-byte aligned (pitch a multiple of 16) or 2 bytes past (an odd
//    number of 2-byte elements: the gather's rows at odd L);
//  - slots walked as the gather walks them (packet p of row k is slot k * per_row + p, a warp's
//    32 consecutive slots spanning two or three rows) or one row a warp instruction (a row's
//    packets in 32-slot strides, lanes past its end idle);
//  - R = 12, 31 and 100 rows and W = 320, 512 and 1360 bytes a row (the gather's segments).
// With --once each case runs one launch, untimed, for Nsight Compute to count the sectors each
// reads (--metrics lts__t_sectors_srcunit_tex_op_read.sum,...; docs/probes/cg-copies-sectors.py
// tabulates them). On an H200 (results/h200/explore/cg-copies-probe/): .cg read 1.51-1.58 times
// the data from L2 in every case, .ca 1.02-1.12; through L1 the slot walk at 100 rows ran 11
// points below .cg and a row a warp 2-4 above (docs/perf-notes.md, "the interleaving gather's
// copies a row a warp").
// Build and run: nvcc -O3 -arch=sm_90 -std=c++17 docs/probes/cg-copies.cu -o cg && ./cg
#include "probe_timing.cuh"

#include <cstdio>
#include <cstring>

struct Rows {
  long long pitch; // bytes from one row's start to the next
  int r;           // rows a block takes (all of them)
  int w;           // bytes of each row a block takes
  int per_row;     // packets covering a segment: w / 16 + 1
};

template <bool L1> __device__ __forceinline__ void copy16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  if constexpr (L1)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
  else
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(s), "l"(gmem) : "memory");
}

// Block b copies bytes [b·w, (b + 1)·w) of each row (the aligned packets covering them) into
// shared memory, then stores its r·per_row packets to out[b·r·per_row ...].
template <bool L1, bool ROW_A_WARP>
__global__ void __launch_bounds__(256)
    phase_one(uint4* out, const unsigned char* in, Rows g, long long in_bytes) {
  extern __shared__ uint4 tile[];
  const long long b = blockIdx.x;
  const int slots = g.r * g.per_row;
  auto copy = [&](int k, int p) {
    const long long start = k * g.pitch + b * g.w; // the segment's first byte
    const long long at = (start & ~15LL) + 16LL * p;
    if (at + 16 <= in_bytes) copy16<L1>(tile + k * g.per_row + p, in + at);
  };
  if constexpr (ROW_A_WARP) {
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    for (int k = warp; k < g.r; k += 8)
      for (int p = lane; p < g.per_row; p += 32) copy(k, p);
  } else {
    for (int i = threadIdx.x; i < slots; i += 256) copy(i / g.per_row, i % g.per_row);
  }
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  for (int i = threadIdx.x; i < slots; i += 256) out[b * slots + i] = tile[i];
}

int main(int argc, char** argv) {
  const bool once = argc > 1 && std::strcmp(argv[1], "--once") == 0;
  constexpr long long kRowBytes = 128LL << 20; // all rows together
  unsigned char* in = nullptr;
  uint4* out = nullptr;
  CHECK(cudaMalloc(&in, kRowBytes + 4096));
  CHECK(cudaMalloc(&out, 2 * kRowBytes));
  CHECK(cudaMemset(in, 1, kRowBytes + 4096));
  ProbeTimer timer;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  const double memcpy_gbs = once ? 1.0 : 2.0 * kRowBytes / 1e9 / timer.seconds([&] {
    cudaMemcpyAsync(out, in, kRowBytes, cudaMemcpyDeviceToDevice);
  });
  std::printf("%s: cudaMemcpyAsync %.0f GB/s; each case as %% of it\n", prop.name, memcpy_gbs);
  std::printf("%5s %6s %-9s %-11s %8s %8s\n", "rows", "bytes", "starts", "slots", ".cg", ".ca");
  for (const int r : {12, 31, 100})
    for (const int w : {320, 512, 1360})
      for (const int off : {0, 2})
        for (const bool row_a_warp : {false, true}) {
          const long long blocks = kRowBytes / r / w;
          const Rows g{blocks * w + off, r, w, w / 16 + 1};
          const std::size_t smem = sizeof(uint4) * static_cast<std::size_t>(r) * g.per_row;
          const long long in_bytes = r * g.pitch;
          auto pct = [&](auto kernel) {
            CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                       static_cast<int>(smem)));
            const auto launch = [&] {
              kernel<<<static_cast<unsigned>(blocks), 256, smem>>>(out, in, g, in_bytes);
            };
            if (once) {
              launch();
              CHECK(cudaDeviceSynchronize());
              return 0.0;
            }
            const double s = timer.seconds(launch);
            return 100 * 2.0 * static_cast<double>(blocks * r * w) / 1e9 / s / memcpy_gbs;
          };
          const double cg = row_a_warp ? pct(phase_one<false, true>) : pct(phase_one<false, false>);
          const double ca = row_a_warp ? pct(phase_one<true, true>) : pct(phase_one<true, false>);
          std::printf("%5d %6d %-9s %-11s %7.1f%% %7.1f%%\n", r, w, off ? "2 past" : "aligned",
                      row_a_warp ? "row a warp" : "as gather", cg, ca);
        }
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}
