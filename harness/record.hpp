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

// Timing modes: the paper's two, and a cold one.
//  loop_over_kernel: one warm-up launch, then `reps` launches with nreps = 1 between two events
//  loop_in_kernel:   one launch with nreps = reps between two events
//  cold_single:      one launch with nreps = 1 right after an L2 flush, timed alone
enum class Mode { loop_over_kernel, loop_in_kernel, cold_single };
inline constexpr Mode kAllModes[] = {Mode::loop_over_kernel, Mode::loop_in_kernel,
                                     Mode::cold_single};
std::string_view mode_name(Mode m);  // "loop-over-kernel"
std::string_view mode_title(Mode m); // "Loop over kernel"
std::optional<Mode> parse_mode(std::string_view s);
// True for modes whose kernel runs its in-kernel repetition loop (needs KernelSpec::has_nreps).
inline bool mode_needs_nreps(Mode m) { return m == Mode::loop_in_kernel; }

// What the L2 holds when a sample starts.
//  warm:  whatever the warm-up launch and the previous sample left (the paper's setting)
//  flush: a buffer of twice the L2 size is overwritten before each sample, outside the timing
//         (as nvbench does); the L2 is then full of dirty lines of that buffer, which the timed
//         kernel has to write back to DRAM as it evicts them
//  flush-clean: the same overwrite, then the buffer is read back, so the L2 holds clean lines
//         only and the timed kernel moves its own bytes and no others
enum class L2Policy { warm, flush, flush_clean };
std::string_view l2_name(L2Policy p);
std::optional<L2Policy> parse_l2(std::string_view s);

// Bytes to overwrite so that nothing of the previous sample stays in an L2 of `l2_bytes`:
// twice the L2, at least 1 MiB (and 64 MiB when the size is unknown).
std::int64_t l2_flush_bytes(std::int64_t l2_bytes);

// Summary of the timed samples of one case, in milliseconds per repetition.
struct SampleStats {
  int count = 0;
  double median_ms = 0, min_ms = 0, max_ms = 0, mean_ms = 0;
  double cv = 0; // coefficient of variation: sample standard deviation / mean
};
SampleStats compute_stats(const std::vector<double>& samples_ms);
inline constexpr double kNoisyCv = 0.02; // above this the spread is flagged

// GPU state around a case, from NVML; -1 where NVML is not available.
struct GpuState {
  int sm_clock_before_mhz = -1, sm_clock_after_mhz = -1;
  int mem_clock_before_mhz = -1, mem_clock_after_mhz = -1;
  double power_max_w = -1; // highest reading after a sample
  int temp_max_c = -1;
  int throttled_samples = -1; // samples after which a slowdown reason was active
  std::uint64_t throttle_reasons = 0; // OR of the slowdown reasons seen (NVML bit mask)
};

struct DeviceInfo {
  int index = 0;
  std::string pci_bus_id; // "0000:01:00.0": how NVML finds the same GPU
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  std::int64_t l2_bytes = 0;
  std::int64_t memory_bytes = 0;
  double dram_peak_gbps = 0; // memory clock x bus width x 2 (DDR)
  std::string driver;        // NVIDIA driver version, or the driver's CUDA version
  std::string runtime;       // CUDA runtime version, "13.0"
  std::string ecc = "unknown"; // "on", "off" or "unknown" (from NVML)
};

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

  void finalize() { stats = compute_stats(samples_ms); }
  double median_ms() const { return stats.median_ms; }
  double min_ms() const { return stats.min_ms; }
  double max_ms() const { return stats.max_ms; }
  double bandwidth_gbps() const; // from the median; 0 when there are no samples
  // The figure measures caches, not DRAM: the working set (input + output) fits in L2 and more
  // than one cold launch is timed, or the in-kernel loop re-reads one tile.
  bool cache_resident() const;
  bool above_dram_peak() const;
  bool noisy() const { return stats.count > 1 && stats.cv > kNoisyCv; }
  bool throttled() const { return state.throttled_samples > 0; }
};

double median(std::vector<double> v);

// The project's revision compiled in; "unknown" outside a git checkout.
std::string_view git_revision();
// Current UTC time as ISO 8601, "2026-11-21T10:00:00Z".
std::string utc_timestamp();

} // namespace tb
