// The GPU a run measures, read from the CUDA runtime (and NVML for the driver version).
#pragma once

#include "harness/record.hpp"

#include <stdexcept>
#include <string>

namespace tb {

// No usable CUDA device or driver; the message says which and what to check.
class no_device_error : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Number of visible CUDA devices; throws no_device_error when there is none.
int device_count();

// Selects device `index` and describes it. Throws no_device_error.
DeviceInfo open_device(int index);

// Free device memory in bytes on the current device.
std::int64_t free_device_memory();

} // namespace tb
