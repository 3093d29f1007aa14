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
bool Record::cache_resident() const {
  const bool fits_l2 = device.l2_bytes > 0 && bytes_per_rep <= static_cast<double>(device.l2_bytes);
  const bool tile_reuse = mode == Mode::loop_in_kernel && reps > 1;
  return (fits_l2 && mode != Mode::cold_single) || tile_reuse;
}
bool Record::above_dram_peak() const {
  return device.dram_peak_gbps > 0 && bandwidth_gbps() > device.dram_peak_gbps;
}

} // namespace tb
