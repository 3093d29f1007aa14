// What the probes in docs/probes share: an error check, and timing as transpose_bench times a
// kernel (L2 overwritten before each sample by writing a 256 MB buffer, 10 launches a sample,
// the median of 10 samples).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                                   \
  do {                                                                                             \
    const cudaError_t e = (x);                                                                     \
    if (e != cudaSuccess) {                                                                        \
      std::printf("%s: %s\n", #x, cudaGetErrorString(e));                                          \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void overwrite(uint4* p, long long n) {
  for (long long i = blockIdx.x * 256LL + threadIdx.x; i < n; i += gridDim.x * 256LL)
    p[i] = make_uint4(static_cast<unsigned>(i), 1, 2, 3);
}

// Seconds a launch takes, as above.
class ProbeTimer {
public:
  ProbeTimer() {
    CHECK(cudaMalloc(&junk_, kJunkBytes));
    CHECK(cudaEventCreate(&e0_));
    CHECK(cudaEventCreate(&e1_));
  }
  ProbeTimer(const ProbeTimer&) = delete;
  ProbeTimer& operator=(const ProbeTimer&) = delete;
  template <typename F> double seconds(F&& launch) {
    std::vector<float> t;
    for (int s = 0; s < 10; ++s) {
      overwrite<<<1056, 256>>>(junk_, kJunkBytes / 16);
      CHECK(cudaEventRecord(e0_));
      for (int r = 0; r < 10; ++r) launch();
      CHECK(cudaEventRecord(e1_));
      CHECK(cudaEventSynchronize(e1_));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, e0_, e1_));
      t.push_back(ms / 10);
    }
    std::sort(t.begin(), t.end());
    return t[5] * 1e-3;
  }

private:
  static constexpr long long kJunkBytes = 256LL << 20;
  uint4* junk_ = nullptr;
  cudaEvent_t e0_{}, e1_{};
};
