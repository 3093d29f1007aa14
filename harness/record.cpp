#include "harness/record.hpp"

namespace tb {

std::string_view status_name(Status s) {
  switch (s) {
  case Status::ok:
    return "ok";
  case Status::failed:
    return "FAILED";
  case Status::unsupported:
    return "unsupported";
  case Status::not_run:
    return "not-run";
  case Status::skipped:
    return "skipped";
  }
  return "?";
}

double Record::bandwidth_gbps() const {
  if (stored_gbps >= 0) return stored_gbps;
  const double ms = median_ms();
  return ms > 0 ? bytes_per_rep / (ms * 1e-3) / 1e9 : 0;
}
bool Record::fits_in_l2() const {
  return device.l2_bytes > 0 && bytes_per_rep <= static_cast<double>(device.l2_bytes);
}
bool Record::cache_resident() const {
  const bool tile_reuse = mode == Mode::loop_in_kernel && reps > 1;
  return (fits_in_l2() && mode != Mode::cold_single) || tile_reuse;
}
std::string Record::counter_reading() const {
  return counters.any() ? counters_reading(counters, bytes_per_rep, fits_in_l2()) : std::string();
}
bool Record::above_dram_peak() const {
  return device.dram_peak_gbps > 0 && bandwidth_gbps() > device.dram_peak_gbps;
}

} // namespace tb
