#include "harness/report.hpp"

#include "harness/core/registry.hpp"
#include "harness/core/text.hpp"

#include "harness/io/files.hpp"
#include "harness/sinks/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>
#include <tuple>

namespace tb {
namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_published(const std::string& text) {
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string line = text.substr(pos, end - pos);
    if (!line.empty() && line[0] != '#')
      return line.rfind("gpu,kernel,mode,rows,cols,bandwidth_gibps", 0) == 0;
    pos = end + 1;
  }
  return false;
}

using Key = std::tuple<std::string, Mode, std::int64_t, std::int64_t, DType, L2Policy>;
Key key_of(const Record& r) {
  return {lower(r.kernel_name), r.mode, r.shape.rows, r.shape.cols, r.dtype, r.l2};
}

std::string gpus_of(const std::vector<Record>& rs) {
  std::vector<std::string> names;
  for (const auto& r : rs)
    if (std::find(names.begin(), names.end(), r.device.name) == names.end())
      names.push_back(r.device.name);
  return fmt::format("{}", fmt::join(names, ", "));
}

bool matches(const Record& r, const std::string& pattern) {
  const std::regex re = kernel_pattern(pattern);
  return std::regex_match(r.kernel_id, re) || std::regex_match(r.family, re) ||
         std::regex_match(r.kernel_name, re);
}

template <class T> bool kept(const std::vector<T>& wanted, const T& v) {
  return wanted.empty() || std::find(wanted.begin(), wanted.end(), v) != wanted.end();
}

} // namespace

std::vector<Record> filter_records(const std::vector<Record>& records, const ReportFilter& f) {
  std::vector<Record> out;
  for (const Record& r : records) {
    const bool kernel =
        f.kernels.empty() || std::any_of(f.kernels.begin(), f.kernels.end(),
                                         [&](const auto& p) { return matches(r, p); });
    if (kernel && kept(f.dtypes, r.dtype) && kept(f.modes, r.mode) && kept(f.shapes, r.shape))
      out.push_back(r);
  }
  return out;
}

std::string render_records(const std::vector<Record>& records, Unit unit, TableFormat format) {
  if (format == TableFormat::text || format == TableFormat::markdown)
    return render_tables(records, unit, format);
  if (format == TableFormat::csv) return render_csv(records);
  Grid g{{"gpu", "kernel", "kernel_name", "family", "mode", "l2", "dtype", "rows", "cols",
          "samples", "time_ms", "time_cv",
          std::string("bandwidth_") + (unit == Unit::GB ? "gbps" : "gibps"), "status", "message",
          "git_revision", "file"},
         {},
         {}};
  const bool profiled =
      std::any_of(records.begin(), records.end(), [](const Record& r) { return r.counters.any(); });
  if (profiled) {
    for (Figure f : why_figures()) g.header.push_back(std::string(figure_key(f)));
    g.header.push_back("counters_reading");
  }
  for (const Record& r : records) {
    const bool ran = r.stats.count > 0;
    g.rows.push_back(
        {r.device.name, r.kernel_id, r.kernel_name, r.family, std::string(mode_name(r.mode)),
         std::string(l2_name(r.l2)), std::string(dtype_name(r.dtype)), std::to_string(r.shape.rows),
         std::to_string(r.shape.cols), std::to_string(r.stats.count),
         ran ? fmt::format("{}", r.stats.median_ms) : "", ran ? fmt::format("{}", r.stats.cv) : "",
         ran ? fmt::format("{}", from_gbps(r.bandwidth_gbps(), unit)) : "",
         std::string(status_name(r.status)), r.message, r.git_revision, r.origin});
    if (!profiled) continue;
    for (Figure f : why_figures()) {
      const auto v = r.counters.any() ? figure_value(r.counters, f, r.bytes_per_rep) : std::nullopt;
      g.rows.back().push_back(v ? fmt::format("{}", *v) : "");
    }
    g.rows.back().push_back(r.counter_reading());
  }
  return render_grid(g, TableFormat::json);
}

std::string render_best(const std::vector<Record>& records, Unit unit, TableFormat format) {
  struct Best {
    const Record* top = nullptr;
    const Record* memcpy = nullptr;
  };
  using GroupKey = std::tuple<std::string, int, std::string, std::int64_t, std::int64_t, DType>;
  std::vector<std::pair<GroupKey, Best>> groups; // in first-appearance order
  const bool any_loop = std::any_of(records.begin(), records.end(), [](const Record& x) {
    return x.mode == Mode::loop_over_kernel;
  });
  const Mode mode = any_loop || records.empty() ? Mode::loop_over_kernel : records.front().mode;
  for (const Record& r : records) {
    if (r.status != Status::ok || r.mode != mode) continue;
    const GroupKey k{r.device.name, r.device.index, r.origin, r.shape.rows, r.shape.cols, r.dtype};
    auto it =
        std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == k; });
    if (it == groups.end()) it = groups.insert(groups.end(), {k, Best{}});
    Best& b = it->second;
    if (r.baseline == "memcpy") {
      b.memcpy = &r;
      continue;
    }
    const KernelSpec* spec = find_kernel(r.kernel_id); // copies and partial kernels do not compete
    if (spec && spec->output != Output::transpose) continue;
    if (!b.top || r.bandwidth_gbps() > b.top->bandwidth_gbps()) b.top = &r;
  }
  Grid g{
      {"GPU", "Size", "Type", "Fastest kernel", std::string(unit_rate_label(unit)), "% of memcpy"},
      {true, true, true, true, false, false},
      {}};
  for (const auto& [key, b] : groups) {
    if (!b.top) continue;
    g.rows.push_back(
        {b.top->device.name, to_string(b.top->shape), std::string(dtype_name(b.top->dtype)),
         b.top->kernel_name, fmt::format("{:.1f}", from_gbps(b.top->bandwidth_gbps(), unit)),
         b.memcpy
             ? fmt::format("{:.1f}", 100 * b.top->bandwidth_gbps() / b.memcpy->bandwidth_gbps())
             : "-"});
  }
  return render_grid(g, format);
}

std::vector<Record> published_from_csv_text(const std::string& text, const std::string& name) {
  std::string body;
  for (std::size_t pos = 0; pos < text.size();) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    const std::string line = text.substr(pos, end - pos);
    if (!line.empty() && line[0] == '#') {
      body += "\n"; // keep line numbers
    } else {
      body += line + "\n";
    }
    pos = end + 1;
  }
  const auto rows = parse_csv(body, name);
  std::vector<Record> out;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const CsvRow& row = rows[i];
    if (row.fields.size() != 6)
      throw std::invalid_argument(
          fmt::format("{}:{}: {} fields, expected 6 (gpu,kernel,mode,rows,cols,bandwidth_gibps)",
                      name, row.line, row.fields.size()));
    std::string mode_text = row.fields[2];
    std::replace(mode_text.begin(), mode_text.end(), ' ', '-');
    const auto mode = parse_mode(mode_text);
    char* end = nullptr;
    const long long rows_n = std::strtoll(row.fields[3].c_str(), &end, 10);
    const bool rows_ok = *end == '\0' && rows_n > 0;
    const long long cols_n = std::strtoll(row.fields[4].c_str(), &end, 10);
    const bool cols_ok = *end == '\0' && cols_n > 0;
    const double gibps = std::strtod(row.fields[5].c_str(), &end);
    const bool bw_ok = *end == '\0' && !row.fields[5].empty() && gibps > 0;
    if (!mode || !rows_ok || !cols_ok || !bw_ok)
      throw std::invalid_argument(fmt::format("{}:{}: malformed published figure; accepted: a mode "
                                              "of 'loop over kernel' or 'loop in kernel', positive "
                                              "rows and cols, and a positive bandwidth",
                                              name, row.line));
    Record r;
    r.origin = name;
    r.device.name = row.fields[0];
    r.kernel_name = row.fields[1];
    r.kernel_id = row.fields[1]; // the paper's own name; matched to ours by name
    r.family = "whitepaper (published)";
    r.mode = *mode;
    r.dtype = DType::fp32;
    r.shape = {rows_n, cols_n};
    r.reps = 100;
    r.tile_w = r.tile_h = 32;
    r.block_x = 32;
    r.block_y = 8;
    r.bytes_per_rep = 2.0 * rows_n * cols_n * 4;
    r.stats.count = 1;
    r.stats.median_ms = r.stats.min_ms = r.stats.max_ms = r.stats.mean_ms =
        r.bytes_per_rep / (gibps * unit_bytes(Unit::GiB)) * 1e3;
    r.status = Status::ok;
    out.push_back(std::move(r));
  }
  if (out.empty()) throw std::invalid_argument(fmt::format("{}: no published figures", name));
  return out;
}

std::vector<Record> load_results(const std::string& path) {
  const std::string text = strip_bom(read_file(path));
  if (is_published(text)) return published_from_csv_text(text, path);
  return records_from_csv_text(text, path);
}

std::vector<std::pair<const Record*, const Record*>> compare_pairs(const std::vector<Record>& a,
                                                                   const std::vector<Record>& b) {
  // With several GPUs on both sides, a row pairs only with the same GPU's; otherwise the GPU
  // is what is being compared.
  const bool by_gpu =
      gpus_of(a).find(',') != std::string::npos && gpus_of(b).find(',') != std::string::npos;
  auto key = [&](const Record& r) {
    return std::make_pair(key_of(r), by_gpu ? r.device.name : std::string());
  };
  std::multimap<std::pair<Key, std::string>, const Record*> by_key;
  for (const auto& r : b)
    if (r.status == Status::ok) by_key.emplace(key(r), &r);
  std::vector<std::pair<const Record*, const Record*>> out;
  for (const auto& ra : a) {
    if (ra.status != Status::ok) continue;
    auto [lo, hi] = by_key.equal_range(key(ra));
    if (lo == hi) out.emplace_back(&ra, nullptr);
    for (auto it = lo; it != hi; ++it) out.emplace_back(&ra, it->second);
  }
  return out;
}

std::string render_compare(const std::vector<Record>& a, const std::vector<Record>& b, Unit unit,
                           TableFormat format) {
  const bool md = format == TableFormat::markdown;
  const bool many_a = gpus_of(a).find(',') != std::string::npos;
  const bool many_b = gpus_of(b).find(',') != std::string::npos;

  std::vector<std::string> header{"Kernel", "Mode", "Size", "Type"};
  if (many_a) header.push_back("GPU A");
  header.push_back(fmt::format("A ({})", unit_rate_label(unit)));
  if (many_b) header.push_back("GPU B");
  header.push_back(fmt::format("B ({})", unit_rate_label(unit)));
  header.push_back("A / B");
  std::vector<std::vector<std::string>> rows;
  std::size_t unmatched = 0;
  bool cached = false, noisy = false;
  double log_sum = 0;
  auto figure = [&](const Record& r) {
    std::string marks = std::string(r.cache_resident() ? "*" : "") + (r.noisy() ? "!" : "");
    cached |= r.cache_resident();
    noisy |= r.noisy();
    const std::string f = fmt::format("{:.1f}", from_gbps(r.bandwidth_gbps(), unit));
    return marks.empty() ? f : f + " " + marks;
  };
  for (const auto& [ra, rb] : compare_pairs(a, b)) {
    if (!rb) {
      ++unmatched;
      continue;
    }
    std::vector<std::string> row{ra->kernel_name, std::string(mode_name(ra->mode)),
                                 to_string(ra->shape), std::string(dtype_name(ra->dtype))};
    if (many_a) row.push_back(ra->device.name);
    row.push_back(figure(*ra));
    if (many_b) row.push_back(rb->device.name);
    row.push_back(figure(*rb));
    const double ratio = ra->bandwidth_gbps() / rb->bandwidth_gbps();
    log_sum += std::log(ratio);
    row.push_back(fmt::format("{:.2f}", ratio));
    rows.push_back(std::move(row));
  }
  const std::string a_line =
      fmt::format("A: {} ({})", a.empty() ? "-" : a.front().origin, gpus_of(a));
  const std::string b_line =
      fmt::format("B: {} ({})", b.empty() ? "-" : b.front().origin, gpus_of(b));
  const std::string u_line = "unit: " + unit_description(unit);
  std::string out = md ? "- " + a_line + "\n- " + b_line + "\n- " + u_line + "\n\n"
                       : a_line + "\n" + b_line + "\n" + u_line + "\n\n";
  const std::size_t pairs = rows.size();
  Grid grid{header, {}, std::move(rows)};
  for (const auto& h : grid.header)
    grid.left.push_back(grid.left.size() < 4 || h.rfind("GPU", 0) == 0);
  if (format == TableFormat::csv || format == TableFormat::json) return render_grid(grid, format);
  out += render_grid(grid, format);
  const std::string item = md ? "- " : "";
  if (pairs == 0) out += "(no kernel x mode x size x type x L2 policy appears in both files)\n";
  out += md ? "\n" : "";
  if (pairs > 0)
    out += fmt::format("{}geometric mean of A / B over {} pair{}: {:.3f}\n", item, pairs,
                       pairs == 1 ? "" : "s", std::exp(log_sum / static_cast<double>(pairs)));
  if (cached)
    out += item + (md ? "\\" : "") +
           "* the figure measures caches, not DRAM (the working set fits in L2, or the "
           "in-kernel loop re-reads its tile)\n";
  if (noisy)
    out += fmt::format("{}! the samples spread more than {:.0f}% (coefficient of variation)\n",
                       item, 100 * kNoisyCv);
  if (unmatched)
    out += fmt::format("{}{} measurement{} of A ha{} no counterpart in B.\n", item, unmatched,
                       unmatched == 1 ? "" : "s", unmatched == 1 ? "s" : "ve");
  return out;
}

} // namespace tb
