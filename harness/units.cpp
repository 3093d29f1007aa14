#include "harness/units.hpp"

#include <fmt/format.h>

namespace tb {

double unit_bytes(Unit u) {
  return u == Unit::GB ? 1e9 : 1073741824.0;
}
std::string_view unit_rate_label(Unit u) {
  return u == Unit::GB ? "GB/s" : "GiB/s";
}
std::string unit_description(Unit u) {
  return u == Unit::GB ? "GB/s (1e9 bytes/s)" : "GiB/s (2^30 bytes/s, the paper's \"GB/s\")";
}
std::optional<Unit> parse_unit(std::string_view s) {
  if (s == "GB" || s == "gb" || s == "GB/s") return Unit::GB;
  if (s == "GiB" || s == "gib" || s == "GiB/s") return Unit::GiB;
  return std::nullopt;
}
double bandwidth(double bytes, double ms, Unit u) {
  return bytes / (ms * 1e-3) / unit_bytes(u);
}
double from_gbps(double gbps, Unit u) {
  return gbps * 1e9 / unit_bytes(u);
}

std::string human_gb(double bytes) {
  return fmt::format("{:.2f} GB", bytes / 1e9);
}
std::string human_mib(double bytes) {
  return fmt::format("{:.0f} MiB", bytes / (1024.0 * 1024.0));
}

} // namespace tb
