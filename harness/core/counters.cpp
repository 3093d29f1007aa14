#include "harness/core/counters.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace tb {

const std::vector<CounterField>& counter_fields() {
  static const std::vector<CounterField> fields{
      {"dram_read_bytes", "dram__bytes_read.sum", &Counters::dram_read_bytes,
       "bytes read from DRAM"},
      {"dram_write_bytes", "dram__bytes_write.sum", &Counters::dram_write_bytes,
       "bytes written to DRAM"},
      {"dram_channel_max_bytes", "dram__bytes.max", &Counters::dram_channel_max_bytes,
       "bytes moved by the busiest DRAM channel"},
      {"dram_channel_mean_bytes", "dram__bytes.avg", &Counters::dram_channel_mean_bytes,
       "bytes moved per DRAM channel, mean"},
      {"load_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", &Counters::load_sectors,
       "32-byte sectors requested by global loads"},
      {"load_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", &Counters::load_requests,
       "global load requests (one per warp instruction)"},
      {"store_sectors", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", &Counters::store_sectors,
       "32-byte sectors written by global stores"},
      {"store_requests", "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
       &Counters::store_requests, "global store requests"},
      {"shared_load_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
       &Counters::shared_load_wavefronts,
       "shared-memory load wavefronts (passes through the banks)"},
      {"shared_load_requests", "smsp__inst_executed_op_shared_ld.sum",
       &Counters::shared_load_requests, "shared-memory load instructions (warp level)"},
      {"shared_load_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
       &Counters::shared_load_conflicts, "shared-memory load bank conflicts (extra wavefronts)"},
      {"shared_store_wavefronts", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
       &Counters::shared_store_wavefronts, "shared-memory store wavefronts"},
      {"shared_store_requests", "smsp__inst_executed_op_shared_st.sum",
       &Counters::shared_store_requests, "shared-memory store instructions (warp level)"},
      {"shared_store_conflicts", "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
       &Counters::shared_store_conflicts, "shared-memory store bank conflicts"},
      {"l2_read_sectors", "lts__t_sectors_op_read.sum", &Counters::l2_read_sectors,
       "L2 sectors read"},
      {"l2_write_sectors", "lts__t_sectors_op_write.sum", &Counters::l2_write_sectors,
       "L2 sectors written"},
      {"l2_slice_max_sectors", "lts__t_sectors.max", &Counters::l2_slice_max_sectors,
       "sectors through the busiest L2 slice"},
      {"l2_slice_mean_sectors", "lts__t_sectors.avg", &Counters::l2_slice_mean_sectors,
       "sectors per L2 slice, mean"},
      {"warps_active_pct", "sm__warps_active.avg.pct_of_peak_sustained_active",
       &Counters::warps_active_pct, "achieved occupancy, % of the SM's warp slots"},
      {"instructions", "smsp__inst_executed.sum", &Counters::instructions,
       "warp instructions executed"},
      {"duration_ns", "gpu__time_duration.sum", &Counters::duration_ns,
       "GPU time of the profiled launches"},
  };
  return fields;
}

namespace {

struct FigureInfo {
  Figure figure;
  const char* name;
  const char* label;
  const char* key;
};
constexpr FigureInfo kFigures[] = {
    {Figure::dram_over_effective, "DRAM bytes/effective", "DRAM/eff", "dram_over_effective"},
    {Figure::load_sectors_per_request, "load sectors/request", "ld sect/req",
     "load_sectors_per_request"},
    {Figure::store_sectors_per_request, "store sectors/request", "st sect/req",
     "store_sectors_per_request"},
    {Figure::load_sectors_over_needed, "load sectors/needed", "ld sect/need",
     "load_sectors_over_needed"},
    {Figure::store_sectors_over_needed, "store sectors/needed", "st sect/need",
     "store_sectors_over_needed"},
    {Figure::shared_load_ways, "shared-load ways", "shm ld ways", "shared_load_ways"},
    {Figure::shared_store_ways, "shared-store ways", "shm st ways", "shared_store_ways"},
    {Figure::l2_slice_imbalance, "L2 slice max/mean", "L2 max/mean", "l2_slice_max_over_mean"},
    {Figure::dram_channel_imbalance, "DRAM channel max/mean", "DRAM max/mean",
     "dram_channel_max_over_mean"},
    {Figure::warps_active_pct, "warps active %", "warps %", "warps_active_pct"},
};

bool known(double v) {
  return v >= 0 && std::isfinite(v);
}

std::optional<double> ratio(double a, double b) {
  if (!known(a) || !known(b) || b <= 0) return std::nullopt;
  return a / b;
}

// Wavefronts over the conflict-free wavefronts (those less the conflicts): 1 = no conflict,
// 32 = every lane of a 4-byte access waits for its own pass.
std::optional<double> ways(double wavefronts, double conflicts, double requests) {
  if (!known(wavefronts) || !known(conflicts) || !known(requests) || requests <= 0)
    return std::nullopt;
  const double ideal = wavefronts - conflicts;
  if (ideal <= 0) return std::nullopt;
  return wavefronts / ideal;
}

} // namespace

std::string_view figure_name(Figure f) {
  for (const auto& i : kFigures)
    if (i.figure == f) return i.name;
  return "?";
}

std::string_view figure_label(Figure f) {
  for (const auto& i : kFigures)
    if (i.figure == f) return i.label;
  return "?";
}

std::string_view figure_key(Figure f) {
  for (const auto& i : kFigures)
    if (i.figure == f) return i.key;
  return "?";
}

std::optional<Figure> parse_figure(std::string_view s) {
  for (const auto& i : kFigures)
    if (s == i.name) return i.figure;
  return std::nullopt;
}

const std::vector<Figure>& why_figures() {
  static const std::vector<Figure> v{
      Figure::dram_over_effective,       Figure::load_sectors_per_request,
      Figure::store_sectors_per_request, Figure::load_sectors_over_needed,
      Figure::store_sectors_over_needed, Figure::shared_load_ways,
      Figure::shared_store_ways,         Figure::l2_slice_imbalance,
      Figure::dram_channel_imbalance,    Figure::warps_active_pct};
  return v;
}

std::optional<double> figure_value(const Counters& c, Figure f, double effective_bytes) {
  const double needed_sectors_per_side = effective_bytes / 2 / 32;
  switch (f) {
  case Figure::dram_over_effective:
    if (!known(c.dram_read_bytes) || !known(c.dram_write_bytes)) return std::nullopt;
    return ratio(c.dram_read_bytes + c.dram_write_bytes, effective_bytes);
  case Figure::load_sectors_per_request:
    return ratio(c.load_sectors, c.load_requests);
  case Figure::store_sectors_per_request:
    return ratio(c.store_sectors, c.store_requests);
  case Figure::load_sectors_over_needed:
    if (c.load_requests <= 0) return std::nullopt;
    return ratio(c.load_sectors, needed_sectors_per_side);
  case Figure::store_sectors_over_needed:
    if (c.store_requests <= 0) return std::nullopt;
    return ratio(c.store_sectors, needed_sectors_per_side);
  case Figure::shared_load_ways:
    return ways(c.shared_load_wavefronts, c.shared_load_conflicts, c.shared_load_requests);
  case Figure::shared_store_ways:
    return ways(c.shared_store_wavefronts, c.shared_store_conflicts, c.shared_store_requests);
  case Figure::l2_slice_imbalance:
    return ratio(c.l2_slice_max_sectors, c.l2_slice_mean_sectors);
  case Figure::dram_channel_imbalance:
    return ratio(c.dram_channel_max_bytes, c.dram_channel_mean_bytes);
  case Figure::warps_active_pct:
    if (!known(c.warps_active_pct)) return std::nullopt;
    return c.warps_active_pct;
  }
  return std::nullopt;
}

std::string counters_reading(const Counters& c, double effective_bytes, bool fits_in_l2) {
  std::vector<std::string> parts;
  auto value = [&](Figure f) { return figure_value(c, f, effective_bytes); };
  auto side = [&](const char* what, Figure per_request, Figure over_needed) {
    const auto per = value(per_request);
    const auto over = value(over_needed);
    if (!per || !over || *over < 1.5) return;
    parts.push_back(fmt::format("{}: {:.0f} sectors/request, {:.1f}x the sectors needed = "
                                "uncoalesced",
                                what, *per, *over));
  };
  side("loads", Figure::load_sectors_per_request, Figure::load_sectors_over_needed);
  side("stores", Figure::store_sectors_per_request, Figure::store_sectors_over_needed);
  for (auto [what, f] : {std::pair{"shared loads", Figure::shared_load_ways},
                         std::pair{"shared stores", Figure::shared_store_ways}})
    if (const auto w = value(f); w && *w >= 1.5)
      parts.push_back(fmt::format("{}: {:.1f}-way bank conflicts", what, *w));
  if (const auto d = value(Figure::dram_over_effective)) {
    if (*d >= 1.08)
      parts.push_back(fmt::format("DRAM moves {:.2f}x the effective bytes", *d));
    else if (*d < 0.9 && fits_in_l2)
      parts.push_back(fmt::format("DRAM {:.2f}x the effective bytes: the data stays in L2", *d));
    else if (*d < 0.9)
      parts.push_back(fmt::format("DRAM only {:.2f}x the effective bytes: part of the traffic "
                                  "is served by the L2",
                                  *d));
  }
  if (const auto s = value(Figure::l2_slice_imbalance); s && *s >= 1.25)
    parts.push_back(fmt::format("L2 slices uneven: the busiest {:.2f}x the mean", *s));
  if (const auto s = value(Figure::dram_channel_imbalance); s && *s >= 1.25)
    parts.push_back(fmt::format("DRAM channels uneven: the busiest {:.2f}x the mean", *s));
  if (!parts.empty()) return fmt::format("{}", fmt::join(parts, "; "));
  if (c.load_requests == 0 && c.store_requests == 0) return "no global loads or stores on the SMs";
  if (value(Figure::load_sectors_per_request) && value(Figure::store_sectors_per_request))
    return "coalesced both sides, no bank conflicts, DRAM traffic as effective";
  return "";
}

bool CounterExpectation::applies(DType t, long long rows, long long cols) const {
  if (!dtypes.empty() && std::find(dtypes.begin(), dtypes.end(), t) == dtypes.end()) return false;
  if (packet_aligned_only) {
    const long long v = elems_per_16_bytes(t);
    if (rows % v != 0 || cols % v != 0) return false;
  }
  return true;
}

std::string describe_expectation(const CounterExpectation& e) {
  const bool lo = std::isfinite(e.min), hi = std::isfinite(e.max);
  if (lo && hi) return fmt::format("{} in [{:g}, {:g}]", figure_name(e.figure), e.min, e.max);
  if (lo) return fmt::format("{} >= {:g}", figure_name(e.figure), e.min);
  if (hi) return fmt::format("{} <= {:g}", figure_name(e.figure), e.max);
  return fmt::format("{} (no bound)", figure_name(e.figure));
}

std::string check_expectation(const CounterExpectation& e, const Counters& c,
                              double effective_bytes) {
  const auto v = figure_value(c, e.figure, effective_bytes);
  if (!v)
    return fmt::format("expected {} ({}), but the counters do not give it", describe_expectation(e),
                       e.why);
  if (*v < e.min || *v > e.max)
    return fmt::format("expected {} ({}), measured {:.3g}", describe_expectation(e), e.why, *v);
  return {};
}

std::string counters_permission_message(std::string_view detail) {
  return fmt::format(
      "--counters: this user may not read the GPU's performance counters ({}); allow it by "
      "running as root, or by loading the NVIDIA driver with "
      "NVreg_RestrictProfilingToAdminUsers=0 (see "
      "https://developer.nvidia.com/ERR_NVGPUCTRPERM); nothing was measured",
      detail);
}

std::string counters_unavailable_message(std::string_view detail) {
  return fmt::format("--counters is unavailable: {}; run without --counters, or install the "
                     "CUDA toolkit's CUPTI (libcupti) and rebuild; nothing was measured",
                     detail);
}

} // namespace tb
