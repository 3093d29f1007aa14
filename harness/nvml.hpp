// NVML, loaded at run time (it ships with the driver; the build never needs it).
#pragma once

#include <optional>
#include <string>

namespace tb::nvml {

// The NVIDIA driver version ("580.159.04"), or nothing when NVML is not available.
std::optional<std::string> driver_version();

} // namespace tb::nvml
