#include "harness/report.hpp"

#include "harness/io/files.hpp"
#include "harness/sinks/csv.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
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

} // namespace

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

std::string render_compare(const std::vector<Record>& a, const std::vector<Record>& b, Unit unit,
                           TableFormat format) {
  const bool md = format == TableFormat::markdown;
  std::multimap<Key, const Record*> by_key;
  for (const auto& r : b)
    if (r.status == Status::ok) by_key.emplace(key_of(r), &r);
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
  for (const auto& ra : a) {
    if (ra.status != Status::ok) continue;
    auto [lo, hi] = by_key.equal_range(key_of(ra));
    if (lo == hi) ++unmatched;
    for (auto it = lo; it != hi; ++it) {
      const Record& rb = *it->second;
      std::vector<std::string> row{ra.kernel_name, std::string(mode_name(ra.mode)),
                                   to_string(ra.shape), std::string(dtype_name(ra.dtype))};
      if (many_a) row.push_back(ra.device.name);
      row.push_back(fmt::format("{:.1f}", from_gbps(ra.bandwidth_gbps(), unit)));
      if (many_b) row.push_back(rb.device.name);
      row.push_back(fmt::format("{:.1f}", from_gbps(rb.bandwidth_gbps(), unit)));
      row.push_back(fmt::format("{:.2f}", ra.bandwidth_gbps() / rb.bandwidth_gbps()));
      rows.push_back(std::move(row));
    }
  }
  const std::string a_line =
      fmt::format("A: {} ({})", a.empty() ? "-" : a.front().origin, gpus_of(a));
  const std::string b_line =
      fmt::format("B: {} ({})", b.empty() ? "-" : b.front().origin, gpus_of(b));
  const std::string u_line = "unit: " + unit_description(unit);
  std::string out = md ? "- " + a_line + "\n- " + b_line + "\n- " + u_line + "\n\n"
                       : a_line + "\n" + b_line + "\n" + u_line + "\n\n";
  const bool no_rows = rows.empty();
  Grid grid{header, {}, std::move(rows)};
  for (const auto& h : grid.header)
    grid.left.push_back(grid.left.size() < 4 || h.rfind("GPU", 0) == 0);
  out += render_grid(grid, format);
  if (no_rows) out += "(no kernel x mode x size x type x L2 policy appears in both files)\n";
  if (unmatched)
    out += fmt::format("{}{} measurement{} of A ha{} no counterpart in B.\n", md ? "\n" : "\n",
                       unmatched, unmatched == 1 ? "" : "s", unmatched == 1 ? "s" : "ve");
  return out;
}

} // namespace tb
