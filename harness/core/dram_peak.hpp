// A GPU's theoretical DRAM peak from its memory clock and bus width: the figure the benchmark
// reports (device_info) and the one ours_best's GPU-keyed choices compare
// (kernels/ours/dram_peak.hpp).
#pragma once

namespace tb {

// GB/s (1e9 bytes a second): double data rate, two transfers per memory clock over the whole bus.
constexpr double dram_peak_gbps(int mem_clock_khz, int bus_bits) {
  return 2.0 * mem_clock_khz * 1e3 * (bus_bits / 8.0) / 1e9;
}

} // namespace tb
