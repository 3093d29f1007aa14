// One measurement: a kernel x mode x shape x element type on one GPU. Records are what the
// runner produces and what every sink (table, CSV) renders; nothing is printed while measuring.
#pragma once

#include "harness/core/dtype.hpp"
#include "harness/core/shape.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// The paper's two timing modes.
//  loop_over_kernel: one warm-up launch, then `reps` launches with nreps = 1 between two events
//  loop_in_kernel:   one launch with nreps = reps between two events
enum class Mode { loop_over_kernel, loop_in_kernel };
inline constexpr Mode kAllModes[] = {Mode::loop_over_kernel, Mode::loop_in_kernel};
std::string_view mode_name(Mode m);  // "loop-over-kernel"
std::string_view mode_title(Mode m); // "Loop over kernel"
std::optional<Mode> parse_mode(std::string_view s);

struct DeviceInfo {
  int index = 0;
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  std::int64_t l2_bytes = 0;
  std::int64_t memory_bytes = 0;
  double dram_peak_gbps = 0; // memory clock x bus width x 2 (DDR)
  std::string driver;        // NVIDIA driver version, or the driver's CUDA version
  std::string runtime;       // CUDA runtime version, "13.0"
};

enum class Status { ok, failed, unsupported, not_run };
std::string_view status_name(Status s);

struct Record {
  DeviceInfo device;
  std::string kernel_id, kernel_name, family, baseline;
  Mode mode = Mode::loop_over_kernel;
  DType dtype = DType::fp32;
  Shape shape;
  int tile_w = 0, tile_h = 0, block_x = 0, block_y = 0; // 0: not applicable
  int reps = 0;
  std::vector<double> samples_ms; // time per repetition, one per sample
  double bytes_per_rep = 0;       // bytes read + written by one repetition
  Status status = Status::not_run;
  std::string message; // why it failed or was not run
  std::string timestamp, git_revision;

  double median_ms() const;
  double min_ms() const;
  double max_ms() const;
  double bandwidth_gbps() const; // from the median; 0 when there are no samples
  // The working set (input + output) fits in L2, or the in-kernel loop re-reads one tile:
  // the figure measures caches, not DRAM.
  bool cache_resident() const;
  bool above_dram_peak() const;
};

double median(std::vector<double> v);

// The project's revision compiled in; "unknown" outside a git checkout.
std::string_view git_revision();
// Current UTC time as ISO 8601, "2026-11-21T10:00:00Z".
std::string utc_timestamp();

} // namespace tb
