// Hardware counters beside a measurement: what one repetition of a kernel did to the memory
// system, read by a profiling pass after the timed samples (harness/cupti_profiler.hpp), and the
// figures derived from them that show the whitepaper's mechanisms: coalescing (sectors per
// request), shared-memory bank conflicts (wavefronts per request), partition camping (how
// unevenly the L2 slices and DRAM channels are loaded) and the DRAM traffic itself.
//
// Host-only: the raw values, their CUPTI metric names and CSV columns, the derived figures, the
// one-line readings, and the expectations a kernel's registry entry may state about them.
#pragma once

#include "harness/core/dtype.hpp"

#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// Raw values for one repetition (the profiled launches' totals divided by their number); -1
// where the GPU did not provide the metric.
struct Counters {
  double dram_read_bytes = -1, dram_write_bytes = -1;
  double dram_channel_max_bytes = -1, dram_channel_mean_bytes = -1; // busiest DRAM channel, mean
  double load_sectors = -1, load_requests = -1;                     // global loads through L1TEX
  double store_sectors = -1, store_requests = -1;                   // global stores
  double shared_load_wavefronts = -1, shared_load_requests = -1, shared_load_conflicts = -1;
  double shared_store_wavefronts = -1, shared_store_requests = -1, shared_store_conflicts = -1;
  double l2_read_sectors = -1, l2_write_sectors = -1;
  double l2_slice_max_sectors = -1, l2_slice_mean_sectors = -1; // busiest L2 slice, mean
  double warps_active_pct = -1; // achieved occupancy: active warps / the SM's maximum, while busy
  double instructions = -1;     // warp instructions executed
  double duration_ns = -1;      // GPU time of the profiled launches, per repetition
  int passes = 0;               // replays of the workload it took to collect them all
  bool any() const { return passes > 0; }
};

using CounterMember = double Counters::*;

// One raw value: its CSV column, the CUPTI (Perfworks) metric that provides it, what it means.
struct CounterField {
  const char* column;
  const char* metric;
  CounterMember value;
  const char* meaning;
};
const std::vector<CounterField>& counter_fields();

// Figures derived from the raw values, each with its meaning. `effective_bytes` is what the
// bandwidth figure assumes one repetition moves (read + write).
enum class Figure {
  dram_over_effective, // DRAM bytes read + written / effective bytes
  load_sectors_per_request,
  store_sectors_per_request,
  load_sectors_over_needed,  // global load sectors / (effective bytes / 2 / 32)
  store_sectors_over_needed, // global store sectors / (effective bytes / 2 / 32)
  shared_load_ways,          // shared-load wavefronts / conflict-free wavefronts
  shared_store_ways,
  l2_slice_imbalance,     // busiest L2 slice / mean slice (1 = even)
  dram_channel_imbalance, // busiest DRAM channel / mean channel
  warps_active_pct,
};
std::string_view figure_name(Figure f);                 // "store sectors/request"
std::string_view figure_label(Figure f);                // short column title: "st sect/req"
std::string_view figure_key(Figure f);                  // machine name: "store_sectors_per_request"
std::optional<Figure> parse_figure(std::string_view s); // by figure_name
std::optional<double> figure_value(const Counters& c, Figure f, double effective_bytes);
const std::vector<Figure>& why_figures(); // the columns of the "why" view, in order

// The one-line reading of a measurement's counters: what they show, plainly
// ("stores: 32 sectors/request, 8.0x the sectors needed = uncoalesced; ..."). `fits_in_l2`:
// the working set fits in the L2, so DRAM bytes below the effective bytes are expected.
std::string counters_reading(const Counters& c, double effective_bytes, bool fits_in_l2);

// What a kernel's access pattern should produce, stated in its registry entry and checked on a
// GPU by the device tests: `figure` within [min, max] for the listed element types (all when
// empty), on shapes whose rows and columns both fill whole 16-byte packets when
// `packet_aligned_only` (the 16-byte kernels fall back elsewhere).
struct CounterExpectation {
  Figure figure = Figure::store_sectors_per_request;
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  std::vector<DType> dtypes;
  bool packet_aligned_only = false;
  std::string why; // the mechanism, in a few words: "each lane stores to its own row"

  bool applies(DType t, long long rows, long long cols) const;
};
// Shorthands for kernel files: .expect(tb::at_least(Figure::..., 16, "why", {DType::fp32})).
inline CounterExpectation at_least(Figure f, double v, std::string why,
                                   std::vector<DType> dtypes = {}) {
  CounterExpectation e;
  e.figure = f;
  e.min = v;
  e.why = std::move(why);
  e.dtypes = std::move(dtypes);
  return e;
}
inline CounterExpectation at_most(Figure f, double v, std::string why,
                                  std::vector<DType> dtypes = {}) {
  CounterExpectation e =
      at_least(f, -std::numeric_limits<double>::infinity(), std::move(why), std::move(dtypes));
  e.max = v;
  return e;
}
inline CounterExpectation between(Figure f, double lo, double hi, std::string why,
                                  std::vector<DType> dtypes = {}) {
  CounterExpectation e = at_least(f, lo, std::move(why), std::move(dtypes));
  e.max = hi;
  return e;
}
// The same, only where rows and columns fill whole 16-byte packets.
inline CounterExpectation on_packet_rows(CounterExpectation e) {
  e.packet_aligned_only = true;
  return e;
}

// "" when met, else a one-line explanation naming the figure, its value and the bounds.
std::string check_expectation(const CounterExpectation& e, const Counters& c,
                              double effective_bytes);
std::string describe_expectation(const CounterExpectation& e); // "store sectors/request >= 16"

// Messages for --counters when it cannot work, shared by the program and its tests.
std::string counters_permission_message(std::string_view detail);
std::string counters_unavailable_message(std::string_view detail);

} // namespace tb
