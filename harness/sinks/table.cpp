#include "harness/sinks/table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace tb {
namespace {

struct Group {
  const DeviceInfo* device = nullptr;
  Shape shape;
  DType dtype{};
  int run = 0;  // which measurement of the same cases this is (a CSV appended to, say)
  int runs = 1; // how many there are of this device, shape, type and file
  std::vector<const Record*> records;
};

bool same_cases(const Record& a, const Record& b) {
  return a.device.name == b.device.name && a.device.index == b.device.index && a.shape == b.shape &&
         a.dtype == b.dtype && a.origin == b.origin;
}

// One group per device x shape x type x file x run: a kernel measured again in the same mode
// (two runs in one CSV) starts the next run's table instead of being hidden behind the first.
std::vector<Group> group_records(const std::vector<Record>& records) {
  std::vector<Group> groups;
  for (const auto& r : records) {
    int run = 0;
    for (const auto& g : groups)
      if (same_cases(*g.records.front(), r))
        for (const Record* x : g.records)
          if (x->kernel_id == r.kernel_id && x->mode == r.mode) run = std::max(run, g.run + 1);
    auto it = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
      return g.run == run && same_cases(*g.records.front(), r);
    });
    if (it == groups.end()) {
      groups.push_back(Group{&r.device, r.shape, r.dtype, run, 1, {&r}});
      continue;
    }
    it->records.push_back(&r);
  }
  for (auto& g : groups)
    for (const auto& h : groups)
      if (same_cases(*g.records.front(), *h.records.front())) g.runs = std::max(g.runs, h.run + 1);
  return groups;
}

std::string cell(const Record* r, Unit unit) {
  if (!r) return "-";
  switch (r->status) {
  case Status::ok: {
    std::string s = fmt::format("{:.1f}", from_gbps(r->bandwidth_gbps(), unit));
    std::string marks;
    if (r->above_dram_peak()) marks += "*";
    if (r->noisy()) marks += "!";
    if (r->throttled()) marks += "T";
    return marks.empty() ? s : s + " " + marks;
  }
  case Status::failed:
    return "FAILED";
  case Status::unsupported:
    return "n/a";
  case Status::not_run:
    return "not run";
  case Status::skipped:
    return "skipped";
  }
  return "?";
}

std::string figure_cell(const Counters& c, Figure f, double effective_bytes) {
  const auto v = figure_value(c, f, effective_bytes);
  if (!v) return "-";
  if (f == Figure::warps_active_pct) return fmt::format("{:.0f}", *v);
  if (f == Figure::load_sectors_per_request || f == Figure::store_sectors_per_request)
    return fmt::format("{:.1f}", *v);
  return fmt::format("{:.2f}", *v);
}

} // namespace

std::string render_why(const std::vector<const Record*>& records, TableFormat format) {
  std::vector<const Record*> profiled;
  std::set<Mode> modes;
  for (const Record* r : records)
    if (r->counters.any()) {
      profiled.push_back(r);
      modes.insert(r->mode);
    }
  if (profiled.empty()) return {};
  const bool md = format == TableFormat::markdown;
  const bool by_mode = modes.size() > 1;
  std::vector<std::string> header{"Kernel"};
  if (by_mode) header.push_back("Mode");
  for (Figure f : why_figures()) header.push_back(std::string(figure_label(f)));
  header.push_back("Reading");
  std::vector<std::vector<std::string>> rows;
  for (const Record* r : profiled) {
    std::vector<std::string> row{r->kernel_name};
    if (by_mode) row.push_back(std::string(mode_name(r->mode)));
    for (Figure f : why_figures()) row.push_back(figure_cell(r->counters, f, r->bytes_per_rep));
    row.push_back(r->counter_reading());
    rows.push_back(std::move(row));
  }
  Grid grid{header, std::vector<bool>(header.size(), false), std::move(rows)};
  grid.left[0] = true;
  if (by_mode) grid.left[1] = true;
  grid.left.back() = true;
  std::string out = md ? "\nWhy: hardware counters per repetition, from a profiling pass after "
                         "the samples\n\n"
                       : "\nWhy: hardware counters per repetition, from a profiling pass after "
                         "the samples\n";
  out += render_grid(grid, format);
  const std::string legend =
      "DRAM/eff: DRAM bytes read + written / the effective bytes the bandwidth counts; ld/st "
      "sect/req: 32-byte sectors per global load/store request (4 = a coalesced 4-byte warp "
      "access, 16 = a coalesced 16-byte one, 32 = one sector per lane); ld/st sect/need: sectors "
      "over the sectors the data fills (1 = no waste); shm ld/st ways: shared-memory wavefronts "
      "over conflict-free ones (1 = no bank conflict, 32 = fully serialized); L2 and DRAM "
      "max/mean: the busiest L2 slice or DRAM channel over the mean (1 = even; partition "
      "camping shows here); warps %: achieved occupancy.";
  out += md ? "\n- " + legend + "\n" : "Columns: " + legend + "\n";
  return out;
}

std::string render_device_header(const DeviceInfo& d) {
  if (d.cc_major == 0 && d.sm_count == 0)
    return fmt::format("Device: {} (published figures)", d.name);
  return fmt::format("Device {}: {} (cc {}.{}, {} SMs, L2 {}, peak DRAM {:.0f} GB/s, ECC {})   "
                     "CUDA runtime {}, driver {}",
                     d.index, d.name, d.cc_major, d.cc_minor, d.sm_count, human_mib(d.l2_bytes),
                     d.dram_peak_gbps, d.ecc, d.runtime, d.driver);
}

std::string render_tables(const std::vector<Record>& records, Unit unit, TableFormat format) {
  const bool md = format == TableFormat::markdown;
  std::string out;
  const DeviceInfo* last_device = nullptr;
  std::string last_origin;
  for (const Group& g : group_records(records)) {
    const std::string& origin = g.records.front()->origin;
    if (!last_device || last_device->name != g.device->name ||
        last_device->index != g.device->index || origin != last_origin) {
      const std::string head =
          render_device_header(*g.device) + (origin.empty() ? "" : "   (from " + origin + ")");
      out += md ? "\n**" + head + "**\n" : "\n" + head + "\n";
      last_device = g.device;
      last_origin = origin;
    }
    // Rows (kernels) and columns (modes) in first-appearance order; modes in enum order.
    std::vector<std::string> kernels;
    std::set<Mode> mode_set;
    std::set<std::pair<int, int>> geometries;
    int reps = 0;
    std::size_t samples = 0;
    bool l2_flushed = false, l2_clean = false;
    for (const Record* r : g.records) {
      if (std::find(kernels.begin(), kernels.end(), r->kernel_id) == kernels.end())
        kernels.push_back(r->kernel_id);
      mode_set.insert(r->mode);
      if (r->block_x > 0) // library calls have no launch geometry of their own
        geometries.insert({r->tile_w * 100000 + r->tile_h, r->block_x * 100000 + r->block_y});
      if (r->mode != Mode::cold_single) reps = std::max(reps, r->reps);
      samples = std::max(samples, static_cast<std::size_t>(r->stats.count));
      if (r->mode != Mode::cold_single) l2_flushed |= r->l2 != L2Policy::warm;
      l2_clean |= r->l2 == L2Policy::flush_clean;
    }
    const std::vector<Mode> modes(mode_set.begin(), mode_set.end());
    auto find = [&](const std::string& id, Mode m) -> const Record* {
      for (const Record* r : g.records)
        if (r->kernel_id == id && r->mode == m) return r;
      return nullptr;
    };
    auto any_of_kernel = [&](const std::string& id) -> const Record* {
      for (const Record* r : g.records)
        if (r->kernel_id == id) return r;
      return nullptr;
    };
    // Baselines: kernels that declare one ("copy", "memcpy"); % is taken in the first mode.
    std::vector<std::pair<std::string, std::string>> baselines; // label, kernel id
    for (const auto& id : kernels) {
      const Record* r = any_of_kernel(id);
      if (!r->baseline.empty()) baselines.push_back({r->baseline, id});
    }
    const bool uniform_geometry = geometries.size() <= 1;
    const Record& first = *g.records.front();
    const Record* launched = nullptr; // a record with launch geometry, for the title
    for (const Record* r : g.records)
      if (!launched && r->block_x > 0) launched = r;

    std::string title =
        fmt::format("Matrix {} x {} {}", g.shape.rows, g.shape.cols, dtype_name(g.dtype));
    if (uniform_geometry && launched)
      title += fmt::format(", tile {}x{}, block {}x{}", launched->tile_w, launched->tile_h,
                           launched->block_x, launched->block_y);
    if (reps > 0) title += fmt::format(", NUM_REPS {}", reps);
    if (g.runs > 1) title += fmt::format(", run {} of {}", g.run + 1, g.runs);
    title +=
        fmt::format(", median of {} sample{}, L2 {}   unit: {}", samples, samples == 1 ? "" : "s",
                    l2_flushed ? (l2_clean ? "flushed (clean) before each sample"
                                           : "flushed before each sample")
                               : "warm",
                    unit_description(unit));
    out += md ? "\n" + title + "\n\n" : "\n" + title + "\n";

    std::vector<std::string> header{"Kernel"};
    if (!uniform_geometry) {
      header.push_back("Tile (w x h)");
      header.push_back("Block");
    }
    for (Mode m : modes) header.push_back(std::string(mode_title(m)));
    for (const auto& b : baselines) header.push_back("% of " + b.first);

    std::vector<std::vector<std::string>> rows;
    for (const auto& id : kernels) {
      const Record* any = any_of_kernel(id);
      std::vector<std::string> row{any->kernel_name};
      if (!uniform_geometry) {
        row.push_back(any->tile_w ? fmt::format("{}x{}", any->tile_w, any->tile_h) : "-");
        row.push_back(any->block_x ? fmt::format("{}x{}", any->block_x, any->block_y) : "-");
      }
      for (Mode m : modes) row.push_back(cell(find(id, m), unit));
      for (const auto& b : baselines) {
        const Record* r = find(id, modes.front());
        const Record* base = find(b.second, modes.front());
        if (r && base && r->status == Status::ok && base->status == Status::ok &&
            base->bandwidth_gbps() > 0)
          row.push_back(
              fmt::format("{:.1f}", 100.0 * r->bandwidth_gbps() / base->bandwidth_gbps()));
        else
          row.push_back("-");
      }
      rows.push_back(std::move(row));
    }

    Grid grid{header, std::vector<bool>(header.size(), false), std::move(rows)};
    grid.left[0] = true;
    out += render_grid(grid, format);
    out += render_why(g.records, format);

    // Notes: what the figures are, and what went wrong.
    std::vector<std::string> notes;
    if (std::any_of(g.records.begin(), g.records.end(), [](const Record* r) {
          return r->status == Status::ok && r->above_dram_peak();
        }))
      notes.push_back(fmt::format("* above the theoretical DRAM peak ({:.0f} GB/s): the figure "
                                  "measures caches, not DRAM.",
                                  g.device->dram_peak_gbps));
    const double working_set = first.bytes_per_rep;
    const bool repeated =
        std::any_of(modes.begin(), modes.end(), [](Mode m) { return m != Mode::cold_single; });
    if (std::any_of(g.records.begin(), g.records.end(), [](const Record* r) { return r->noisy(); }))
      notes.push_back(fmt::format("! the samples spread more than {:.0f}% (coefficient of "
                                  "variation); treat the figure with care.",
                                  100 * kNoisyCv));
    if (std::any_of(g.records.begin(), g.records.end(),
                    [](const Record* r) { return r->throttled(); }))
      notes.push_back(
          "T the GPU reported a clock slowdown (power or thermal) during some samples.");
    if (std::find(modes.begin(), modes.end(), Mode::cold_single) != modes.end())
      notes.push_back("cold single launch: one launch right after the L2 was flushed, timed "
                      "alone; its reads come from DRAM.");
    if (repeated && g.device->l2_bytes > 0 &&
        working_set <= static_cast<double>(g.device->l2_bytes))
      notes.push_back(
          fmt::format("in + out = {:.1f} MB fits in the {} L2: these figures measure L2, not DRAM "
                      "(use --size 16384x16384 to measure DRAM).",
                      working_set / 1e6, human_mib(g.device->l2_bytes)));
    if (std::find(modes.begin(), modes.end(), Mode::loop_in_kernel) != modes.end() && reps > 1)
      notes.push_back("loop in kernel re-reads the same tile NUM_REPS times, so past the first "
                      "pass it measures L1/L2, not DRAM (NVIDIA dropped this mode from its "
                      "sample in CUDA 5.5 for that reason).");
    for (const Record* r : g.records)
      if (r->status == Status::failed || r->status == Status::not_run ||
          (r->status == Status::skipped && r->mode == modes.front()))
        notes.push_back(fmt::format("{} {} ({}): {}", status_name(r->status), r->kernel_id,
                                    mode_name(r->mode), r->message));
      else if (r->status == Status::unsupported && r->mode == modes.front())
        notes.push_back(fmt::format("n/a {}: {}", r->kernel_id, r->message));
      else if (r->status == Status::ok && !r->message.empty() && r->mode == modes.front())
        notes.push_back(fmt::format("{}: {}", r->kernel_id, r->message));
    if (!notes.empty()) {
      out += md ? "\n" : "";
      for (const auto& n : notes)
        out += (md ? "- " + (n[0] == '*' ? "\\" + n : n) : "Note: " + n) + "\n";
    }
  }
  return out;
}

} // namespace tb
