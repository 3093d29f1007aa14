// The one place bandwidth units live. Effective bandwidth = bytes read + bytes written over
// time; GB = 1e9 bytes by default, GiB = 2^30 bytes for the whitepaper's own convention.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tb {

enum class Unit { GB, GiB };

double unit_bytes(Unit u);                // 1e9 or 2^30
std::string_view unit_rate_label(Unit u); // "GB/s" or "GiB/s"
std::string unit_description(Unit u);     // "GB/s (1e9 bytes/s)"
std::optional<Unit> parse_unit(std::string_view s);

// Bytes over milliseconds, in `u` per second.
double bandwidth(double bytes, double milliseconds, Unit u);
// Sizes for messages and titles: "2.15 GB" (1e9 bytes) and "60 MiB" (2^20 bytes).
std::string human_gb(double bytes);
std::string human_mib(double bytes);

// Converts a figure in GB/s (how the CSV stores it) to `u` per second.
double from_gbps(double gbps, Unit u);

} // namespace tb
