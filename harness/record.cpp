#include "harness/record.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>

#ifndef TB_GIT_REVISION
#define TB_GIT_REVISION "unknown"
#endif

namespace tb {

std::string_view mode_name(Mode m) {
  switch (m) {
  case Mode::loop_over_kernel: return "loop-over-kernel";
  case Mode::loop_in_kernel: return "loop-in-kernel";
  case Mode::cold_single: return "cold-single";
  }
  return "?";
}
std::string_view mode_title(Mode m) {
  switch (m) {
  case Mode::loop_over_kernel: return "Loop over kernel";
  case Mode::loop_in_kernel: return "Loop in kernel";
  case Mode::cold_single: return "Cold single launch";
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
  case L2Policy::warm: return "warm";
  case L2Policy::flush: return "flush";
  case L2Policy::flush_clean: return "flush-clean";
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

SampleStats compute_stats(const std::vector<double>& v) {
  SampleStats s;
  s.count = static_cast<int>(v.size());
  if (v.empty()) return s;
  s.median_ms = median(v);
  s.min_ms = *std::min_element(v.begin(), v.end());
  s.max_ms = *std::max_element(v.begin(), v.end());
  double sum = 0;
  for (double x : v) sum += x;
  s.mean_ms = sum / v.size();
  if (v.size() > 1 && s.mean_ms > 0) {
    double sq = 0;
    for (double x : v) sq += (x - s.mean_ms) * (x - s.mean_ms);
    s.cv = std::sqrt(sq / (v.size() - 1)) / s.mean_ms;
  }
  return s;
}

std::string_view status_name(Status s) {
  switch (s) {
  case Status::ok: return "ok";
  case Status::failed: return "FAILED";
  case Status::unsupported: return "unsupported";
  case Status::not_run: return "not-run";
  case Status::skipped: return "skipped";
  }
  return "?";
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double Record::bandwidth_gbps() const {
  const double ms = median_ms();
  return ms > 0 ? bytes_per_rep / (ms * 1e-3) / 1e9 : 0;
}
bool Record::cache_resident() const {
  const bool fits_l2 = device.l2_bytes > 0 && bytes_per_rep <= static_cast<double>(device.l2_bytes);
  const bool tile_reuse = mode == Mode::loop_in_kernel && reps > 1;
  return (fits_l2 && mode != Mode::cold_single) || tile_reuse;
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
