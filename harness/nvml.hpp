// NVML, loaded at run time (it ships with the driver; the build never needs it). Everything
// here degrades to "unknown" when the library or a query is not available.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tb::nvml {

// The NVIDIA driver version ("580.159.04"), or nothing when NVML is not available.
std::optional<std::string> driver_version();

// NVML's slowdown reasons that mean the clocks were pulled down (power cap, hardware slowdown,
// software and hardware thermal slowdown, power brake); idle and application clocks are not.
inline constexpr std::uint64_t kSlowdownMask = 0x4 | 0x8 | 0x20 | 0x40 | 0x80;

struct Reading {
  int sm_mhz = -1, mem_mhz = -1;
  double power_w = -1;
  int temp_c = -1;
  std::optional<std::uint64_t> reasons; // clocks event (throttle) reasons
};

// One GPU, found by its PCI bus id (CUDA and NVML number devices differently).
class Device {
public:
  explicit Device(const std::string& pci_bus_id);
  bool available() const { return m_handle != nullptr; }
  Reading read() const;
  std::string ecc() const; // "on", "off" or "unknown"

private:
  void* m_handle = nullptr;
};

} // namespace tb::nvml
