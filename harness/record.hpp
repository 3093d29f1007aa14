// One measurement: a kernel x mode x shape x element type on one GPU. Records are what the
// runner produces and what every sink (table, CSV) renders; nothing is printed while measuring.
#pragma once

#include "harness/core/counters.hpp"
#include "harness/core/dtype.hpp"
#include "harness/core/shape.hpp"
#include "harness/gpu.hpp"
#include "harness/mode.hpp"
#include "harness/stats.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

enum class Status { ok, failed, unsupported, not_run, skipped };
std::string_view status_name(Status s);

struct Record {
  DeviceInfo device;
  std::string kernel_id, kernel_name, family, baseline;
  Mode mode = Mode::loop_over_kernel;
  L2Policy l2 = L2Policy::warm;
  DType dtype = DType::fp32;
  Shape shape;
  int tile_w = 0, tile_h = 0, block_x = 0, block_y = 0; // 0: not applicable
  int reps = 0;
  std::vector<double> samples_ms; // time per repetition, one per sample (not kept in CSV)
  SampleStats stats;              // from samples_ms (finalize) or read back from CSV
  double bytes_per_rep = 0;       // bytes read + written by one repetition
  GpuState state;
  Status status = Status::not_run;
  std::string message; // why it failed, was not run or skipped; or a note on an ok run
  std::string timestamp, git_revision;
  std::string origin; // the CSV file a record was read from; empty for a live run
  Counters counters;  // from the profiling pass after the samples (--counters); else empty

  void finalize() { stats = compute_stats(samples_ms); }
  double median_ms() const { return stats.median_ms; }
  double min_ms() const { return stats.min_ms; }
  double max_ms() const { return stats.max_ms; }
  // The bandwidth as the CSV stored it (-1 for a live run): report and compare show the
  // figure that was written, not one recomputed from the rounded time.
  double stored_gbps = -1;
  double bandwidth_gbps() const; // stored, else from the median; 0 when there are no samples
  // The figure measures caches, not DRAM: the working set (input + output) fits in L2 and more
  // than one cold launch is timed, or the in-kernel loop re-reads one tile.
  bool cache_resident() const;
  // Input + output fit in the L2 (one repetition's working set).
  bool fits_in_l2() const;
  // counters_reading() of this record's counters; empty when it was not profiled.
  std::string counter_reading() const;
  bool above_dram_peak() const;
  bool noisy() const { return stats.count > 1 && stats.cv > kNoisyCv; }
  bool throttled() const { return state.throttled_samples > 0; }
};

} // namespace tb
