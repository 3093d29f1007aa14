// The GPU's DRAM peak, for the choices of ours_best that the H100 and the H200 measured
// differently. A plain header (the CUDA runtime's host API only), so host tests include it.
#pragma once

#include "harness/core/dram_peak.hpp"

#include <cuda_runtime_api.h>

#include <atomic>

namespace tb::ours {

// The DRAM peak of the calling thread's current device in GB/s (tb::dram_peak_gbps, the figure
// the benchmark reports), or 0 where there is no device. Cached per device: ours_best
// asks at every launch.
inline double current_dram_peak_gbps() {
  int dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  constexpr int kDevices = 64;
  static std::atomic<double> cache[kDevices]; // static storage: zero before first use
  if (dev >= 0 && dev < kDevices) {
    const double known = cache[dev].load(std::memory_order_relaxed);
    if (known > 0) return known;
  }
  int clock_khz = 0, bus_bits = 0;
  if (cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, dev) != cudaSuccess ||
      cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  const double gbps = dram_peak_gbps(clock_khz, bus_bits);
  if (dev >= 0 && dev < kDevices) cache[dev].store(gbps, std::memory_order_relaxed);
  return gbps;
}

// Where the H100 (3352 GB/s DRAM peak) and the H200 (4814 GB/s), which share the SMs and their
// clocks, measured opposite choices, ours_best keys the choice on the DRAM peak: a GPU below
// kLowerDramGbps takes the H100's, any other (and a host with no GPU) the H200's. How GPUs
// between the two, or outside them, fare is not measured.
inline constexpr double kLowerDramGbps = 4000;
constexpr bool lower_dram_peak(double dram_peak_gbps) {
  return dram_peak_gbps > 0 && dram_peak_gbps < kLowerDramGbps;
}

} // namespace tb::ours
