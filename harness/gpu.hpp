// The GPU a measurement ran on, and its state around a case: plain data, filled by
// device_info.cpp and nvml.cpp on a GPU machine and read back from CSV anywhere.
#pragma once

#include <cstdint>
#include <string>

namespace tb {

// GPU state around a case, from NVML; -1 where NVML is not available.
struct GpuState {
  int sm_clock_before_mhz = -1, sm_clock_after_mhz = -1;
  int mem_clock_before_mhz = -1, mem_clock_after_mhz = -1;
  double power_max_w = -1; // highest reading after a sample
  int temp_max_c = -1;
  int throttled_samples = -1;         // samples after which a slowdown reason was active
  std::uint64_t throttle_reasons = 0; // OR of the slowdown reasons seen (NVML bit mask)
};

struct DeviceInfo {
  int index = 0;
  std::string pci_bus_id; // "0000:01:00.0": how NVML finds the same GPU
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  std::int64_t l2_bytes = 0;
  std::int64_t memory_bytes = 0;
  double dram_peak_gbps = 0;   // memory clock x bus width x 2 (DDR)
  std::string driver;          // NVIDIA driver version, or the driver's CUDA version
  std::string runtime;         // CUDA runtime version, "13.0"
  std::string ecc = "unknown"; // "on", "off" or "unknown" (from NVML)
};

} // namespace tb
