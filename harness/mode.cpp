#include "harness/mode.hpp"

#include <algorithm>

namespace tb {

std::string_view mode_name(Mode m) {
  switch (m) {
  case Mode::loop_over_kernel:
    return "loop-over-kernel";
  case Mode::loop_in_kernel:
    return "loop-in-kernel";
  case Mode::cold_single:
    return "cold-single";
  }
  return "?";
}
std::string_view mode_title(Mode m) {
  switch (m) {
  case Mode::loop_over_kernel:
    return "Loop over kernel";
  case Mode::loop_in_kernel:
    return "Loop in kernel";
  case Mode::cold_single:
    return "Cold single launch";
  }
  return "?";
}
std::optional<Mode> parse_mode(std::string_view s) {
  for (Mode m : kAllModes)
    if (mode_name(m) == s) return m;
  if (s == "over" || s == "outer") return Mode::loop_over_kernel;
  if (s == "in" || s == "inner") return Mode::loop_in_kernel;
  if (s == "cold") return Mode::cold_single;
  return std::nullopt;
}

std::string_view l2_name(L2Policy p) {
  switch (p) {
  case L2Policy::warm:
    return "warm";
  case L2Policy::flush:
    return "flush";
  case L2Policy::flush_clean:
    return "flush-clean";
  }
  return "?";
}
std::optional<L2Policy> parse_l2(std::string_view s) {
  if (s == "warm") return L2Policy::warm;
  if (s == "flush" || s == "cold") return L2Policy::flush;
  if (s == "flush-clean") return L2Policy::flush_clean;
  return std::nullopt;
}

std::int64_t l2_flush_bytes(std::int64_t l2_bytes) {
  if (l2_bytes <= 0) return 64ll << 20;
  return std::max<std::int64_t>(2 * l2_bytes, 1ll << 20);
}

} // namespace tb
