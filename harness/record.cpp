#include "harness/record.hpp"

#include <algorithm>
#include <ctime>

#ifndef TB_GIT_REVISION
#define TB_GIT_REVISION "unknown"
#endif

namespace tb {

std::string_view mode_name(Mode m) {
  return m == Mode::loop_over_kernel ? "loop-over-kernel" : "loop-in-kernel";
}
std::string_view mode_title(Mode m) {
  return m == Mode::loop_over_kernel ? "Loop over kernel" : "Loop in kernel";
}
std::optional<Mode> parse_mode(std::string_view s) {
  for (Mode m : kAllModes)
    if (mode_name(m) == s) return m;
  if (s == "over" || s == "outer") return Mode::loop_over_kernel;
  if (s == "in" || s == "inner") return Mode::loop_in_kernel;
  return std::nullopt;
}

std::string_view status_name(Status s) {
  switch (s) {
  case Status::ok: return "ok";
  case Status::failed: return "FAILED";
  case Status::unsupported: return "unsupported";
  case Status::not_run: return "not-run";
  }
  return "?";
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double Record::median_ms() const { return median(samples_ms); }
double Record::min_ms() const {
  return samples_ms.empty() ? 0 : *std::min_element(samples_ms.begin(), samples_ms.end());
}
double Record::max_ms() const {
  return samples_ms.empty() ? 0 : *std::max_element(samples_ms.begin(), samples_ms.end());
}
double Record::bandwidth_gbps() const {
  const double ms = median_ms();
  return ms > 0 ? bytes_per_rep / (ms * 1e-3) / 1e9 : 0;
}
bool Record::cache_resident() const {
  const bool fits_l2 = device.l2_bytes > 0 && bytes_per_rep <= static_cast<double>(device.l2_bytes);
  const bool tile_reuse = mode == Mode::loop_in_kernel && reps > 1;
  return fits_l2 || tile_reuse;
}
bool Record::above_dram_peak() const {
  return device.dram_peak_gbps > 0 && bandwidth_gbps() > device.dram_peak_gbps;
}

std::string_view git_revision() { return TB_GIT_REVISION; }

std::string utc_timestamp() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

} // namespace tb
