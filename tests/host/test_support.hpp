// Synthetic records for sink tests.
#pragma once

#include "harness/record.hpp"

namespace tb::test {

inline DeviceInfo fake_device() {
  DeviceInfo d;
  d.index = 0;
  d.name = "Fake GPU, \"X\" edition";
  d.cc_major = 9;
  d.cc_minor = 0;
  d.sm_count = 132;
  d.l2_bytes = 50 * 1024 * 1024;
  d.dram_peak_gbps = 3352.3;
  d.driver = "580.1";
  d.runtime = "13.0";
  return d;
}

inline Record fake_record(const std::string& id, const std::string& name, Mode mode, double ms,
                          Status status = Status::ok, const std::string& baseline = "") {
  Record r;
  r.device = fake_device();
  r.kernel_id = id;
  r.kernel_name = name;
  r.family = "whitepaper";
  r.baseline = baseline;
  r.mode = mode;
  r.dtype = DType::fp32;
  r.shape = {2048, 2048};
  r.tile_w = 32;
  r.tile_h = 32;
  r.block_x = 32;
  r.block_y = 8;
  r.reps = 100;
  r.bytes_per_rep = 2.0 * 2048 * 2048 * 4;
  if (status == Status::ok || status == Status::failed) r.samples_ms = {ms, ms * 1.01, ms * 0.99};
  r.finalize();
  r.status = status;
  r.timestamp = "2026-11-21T00:00:00Z";
  r.git_revision = "abc123";
  return r;
}

} // namespace tb::test
