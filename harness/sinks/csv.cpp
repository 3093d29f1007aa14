#include "harness/sinks/csv.hpp"

#include "harness/io/files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace tb {

std::vector<std::string> csv_columns(int version) {
  std::vector<std::string> cols{"schema_version",
                                "gpu",
                                "gpu_index",
                                "compute_capability",
                                "sm_count",
                                "l2_bytes",
                                "dram_peak_gbps",
                                "ecc",
                                "driver",
                                "cuda_runtime",
                                "kernel",
                                "kernel_name",
                                "family",
                                "baseline",
                                "mode",
                                "l2",
                                "dtype",
                                "rows",
                                "cols",
                                "tile_w",
                                "tile_h",
                                "block_x",
                                "block_y",
                                "reps",
                                "bytes_per_rep",
                                "samples",
                                "time_ms",
                                "time_ms_min",
                                "time_ms_max",
                                "time_ms_mean",
                                "time_cv",
                                "bandwidth_gbps",
                                "valid",
                                "status",
                                "message",
                                "cache_resident",
                                "above_dram_peak",
                                "noisy",
                                "sm_clock_before_mhz",
                                "sm_clock_after_mhz",
                                "mem_clock_before_mhz",
                                "mem_clock_after_mhz",
                                "power_max_w",
                                "temp_max_c",
                                "throttled_samples",
                                "throttle_reasons",
                                "timestamp",
                                "git_revision"};
  if (version >= 3) {
    cols.push_back("counter_passes");
    for (const CounterField& f : counter_fields()) cols.push_back(f.column);
  }
  return cols;
}

namespace {

std::string opt_int(long long v) {
  return v < 0 ? "" : std::to_string(v);
}
std::string opt_double(double v, const char* f) {
  return v < 0 ? "" : fmt::format(fmt::runtime(f), v);
}
const char* boolean(bool b) {
  return b ? "true" : "false";
}

} // namespace

std::string render_csv(const std::vector<Record>& records) {
  std::string out = fmt::format("{}\n", fmt::join(csv_columns(), ","));
  for (const auto& r : records) {
    const auto& d = r.device;
    const bool has = r.stats.count > 0;
    auto num = [&](double v, const char* f) { return has ? fmt::format(fmt::runtime(f), v) : ""; };
    const auto& st = r.state;
    std::vector<std::string> f{
        std::to_string(kCsvSchemaVersion),
        d.name,
        std::to_string(d.index),
        fmt::format("{}.{}", d.cc_major, d.cc_minor),
        std::to_string(d.sm_count),
        std::to_string(d.l2_bytes),
        fmt::format("{:.1f}", d.dram_peak_gbps),
        d.ecc,
        d.driver,
        d.runtime,
        r.kernel_id,
        r.kernel_name,
        r.family,
        r.baseline,
        std::string(mode_name(r.mode)),
        std::string(l2_name(r.l2)),
        std::string(dtype_name(r.dtype)),
        std::to_string(r.shape.rows),
        std::to_string(r.shape.cols),
        std::to_string(r.tile_w),
        std::to_string(r.tile_h),
        std::to_string(r.block_x),
        std::to_string(r.block_y),
        std::to_string(r.reps),
        fmt::format("{:.0f}", r.bytes_per_rep),
        std::to_string(r.stats.count),
        num(r.stats.median_ms, "{:.6f}"),
        num(r.stats.min_ms, "{:.6f}"),
        num(r.stats.max_ms, "{:.6f}"),
        num(r.stats.mean_ms, "{:.6f}"),
        num(r.stats.cv, "{:.5f}"),
        num(r.bandwidth_gbps(), "{}"), // every digit: report renders exactly what ran
        boolean(r.status == Status::ok),
        std::string(status_name(r.status)),
        r.message,
        has ? boolean(r.cache_resident()) : "",
        has ? boolean(r.above_dram_peak()) : "",
        has ? boolean(r.noisy()) : "",
        opt_int(st.sm_clock_before_mhz),
        opt_int(st.sm_clock_after_mhz),
        opt_int(st.mem_clock_before_mhz),
        opt_int(st.mem_clock_after_mhz),
        opt_double(st.power_max_w, "{:.1f}"),
        opt_int(st.temp_max_c),
        opt_int(st.throttled_samples),
        st.throttled_samples < 0 ? "" : fmt::format("0x{:x}", st.throttle_reasons),
        r.timestamp,
        r.git_revision};
    const Counters& c = r.counters;
    f.push_back(c.any() ? std::to_string(c.passes) : "");
    for (const CounterField& cf : counter_fields()) {
      const double v = c.*cf.value;
      f.push_back(c.any() && v >= 0 ? fmt::format("{}", v) : "");
    }
    for (auto& x : f) x = csv_escape(x);
    out += fmt::format("{}\n", fmt::join(f, ","));
  }
  return out;
}

namespace {

constexpr const char* kReadable[] = {"2", "3"}; // kCsvOldestReadable to kCsvSchemaVersion
static_assert(sizeof(kReadable) / sizeof(kReadable[0]) ==
              kCsvSchemaVersion - kCsvOldestReadable + 1);

struct Reader {
  const std::string& name;
  const CsvRow& row;
  const std::map<std::string, std::size_t>& col;

  [[noreturn]] void bad(const std::string& column, const std::string& value,
                        const std::string& want) const {
    throw std::invalid_argument(
        fmt::format("{}:{}: column '{}': '{}' is not {}", name, row.line, column, value, want));
  }
  const std::string& str(const char* c) const { return row.fields[col.at(c)]; }
  long long integer(const char* c, bool optional = false) const {
    const std::string& v = str(c);
    if (v.empty() && optional) return -1;
    char* end = nullptr;
    errno = 0;
    const long long x = std::strtoll(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || errno) bad(c, v, "a whole number");
    return x;
  }
  long long integer_in(const char* c, long long lo, long long hi) const {
    const long long x = integer(c);
    if (x < lo || x > hi) bad(c, str(c), fmt::format("a whole number from {} to {}", lo, hi));
    return x;
  }
  // A finite number >= lo (> lo when `above`).
  double number_from(const char* c, double lo, bool above = false) const {
    const double x = number(c);
    if (x < lo || (above && x == lo))
      bad(c, str(c), fmt::format("a number {} {}", above ? "above" : "of at least", lo));
    return x;
  }
  double number(const char* c, bool optional = false) const {
    const std::string& v = str(c);
    if (v.empty() && optional) return -1;
    char* end = nullptr;
    const double x = std::strtod(v.c_str(), &end);
    if (v.empty() || *end != '\0' || !std::isfinite(x)) bad(c, v, "a number");
    return x;
  }
};

} // namespace

std::vector<Record> records_from_csv_text(const std::string& text, const std::string& name) {
  const std::vector<CsvRow> rows = parse_csv(strip_bom(text), name);
  if (rows.empty())
    throw std::invalid_argument(
        fmt::format("{}: empty file; accepted: a CSV written by transpose_bench --csv", name));
  const auto& header = rows.front().fields;
  std::map<std::string, std::size_t> col;
  for (std::size_t i = 0; i < header.size(); ++i) col[header[i]] = i;
  if (!col.count("schema_version"))
    throw std::invalid_argument(fmt::format(
        "{}:1: not a transpose_bench CSV (no schema_version column); accepted: a CSV written by "
        "transpose_bench --csv, schema version {} to {}",
        name, kCsvOldestReadable, kCsvSchemaVersion));
  // The version is the first row's (all rows must agree); a header with no rows is taken as
  // the current version.
  int version = kCsvSchemaVersion;
  if (rows.size() > 1 && rows[1].fields.size() == header.size()) {
    const std::string& v = rows[1].fields[col["schema_version"]];
    for (int k = kCsvOldestReadable; k <= kCsvSchemaVersion; ++k)
      if (v == std::to_string(k)) version = k;
  }
  std::vector<std::string> missing;
  for (const auto& c : csv_columns(version))
    if (!col.count(c)) missing.push_back(c);
  std::vector<Record> out;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    const CsvRow& row = rows[i];
    if (row.fields.size() != header.size())
      throw std::invalid_argument(fmt::format("{}:{}: {} fields, but the header has {}", name,
                                              row.line, row.fields.size(), header.size()));
    const std::string& row_version = row.fields[col["schema_version"]];
    if (row_version != std::to_string(version)) {
      const bool readable = std::any_of(std::begin(kReadable), std::end(kReadable),
                                        [&](const char* v) { return row_version == v; });
      throw std::invalid_argument(
          readable
              ? fmt::format("{}:{}: schema version {} after rows of version {}; accepted: "
                            "one version per file",
                            name, row.line, row_version, version)
              : fmt::format("{}:{}: schema version '{}' is not understood; accepted: {} to "
                            "{} (re-run transpose_bench to rewrite it)",
                            name, row.line, row_version, kCsvOldestReadable, kCsvSchemaVersion));
    }
    if (!missing.empty())
      throw std::invalid_argument(fmt::format("{}:1: missing column{} {}; accepted: the columns of "
                                              "schema version {}",
                                              name, missing.size() > 1 ? "s" : "",
                                              fmt::join(missing, ", "), version));
    const Reader rd{name, row, col};
    Record r;
    r.origin = name;
    DeviceInfo& d = r.device;
    d.name = rd.str("gpu");
    d.index = static_cast<int>(rd.integer_in("gpu_index", 0, 1023));
    const std::string& cc = rd.str("compute_capability");
    if (std::sscanf(cc.c_str(), "%d.%d", &d.cc_major, &d.cc_minor) != 2)
      rd.bad("compute_capability", cc, "MAJOR.MINOR");
    d.sm_count = static_cast<int>(rd.integer_in("sm_count", 0, 1 << 20));
    d.l2_bytes = rd.integer_in("l2_bytes", 0, 1ll << 40);
    d.dram_peak_gbps = rd.number_from("dram_peak_gbps", 0);
    d.ecc = rd.str("ecc");
    d.driver = rd.str("driver");
    d.runtime = rd.str("cuda_runtime");
    r.kernel_id = rd.str("kernel");
    r.kernel_name = rd.str("kernel_name");
    r.family = rd.str("family");
    r.baseline = rd.str("baseline");
    const auto mode = parse_mode(rd.str("mode"));
    if (!mode) rd.bad("mode", rd.str("mode"), "loop-over-kernel, loop-in-kernel or cold-single");
    r.mode = *mode;
    const auto l2 = parse_l2(rd.str("l2"));
    if (!l2) rd.bad("l2", rd.str("l2"), "warm, flush or flush-clean");
    r.l2 = *l2;
    const auto dtype = parse_dtype(rd.str("dtype"));
    if (!dtype) rd.bad("dtype", rd.str("dtype"), "an element type (" + dtype_choices() + ")");
    r.dtype = *dtype;
    constexpr long long kMaxExtent = 2147483647; // what a kernel's int rows and cols hold
    r.shape = {rd.integer_in("rows", 1, kMaxExtent), rd.integer_in("cols", 1, kMaxExtent)};
    r.tile_w = static_cast<int>(rd.integer_in("tile_w", 0, 65536));
    r.tile_h = static_cast<int>(rd.integer_in("tile_h", 0, 65536));
    r.block_x = static_cast<int>(rd.integer_in("block_x", 0, 1024));
    r.block_y = static_cast<int>(rd.integer_in("block_y", 0, 1024));
    r.reps = static_cast<int>(rd.integer_in("reps", 0, 1000000));
    r.bytes_per_rep = rd.number_from("bytes_per_rep", 0, /*above=*/true);
    r.stats.count = static_cast<int>(rd.integer_in("samples", 0, 1000000));
    if (r.stats.count > 0) {
      r.stats.median_ms = rd.number_from("time_ms", 0, /*above=*/true);
      r.stats.min_ms = rd.number_from("time_ms_min", 0, /*above=*/true);
      r.stats.max_ms = rd.number_from("time_ms_max", 0, /*above=*/true);
      r.stats.mean_ms = rd.number_from("time_ms_mean", 0, /*above=*/true);
      r.stats.cv = rd.number_from("time_cv", 0);
      r.stored_gbps = rd.number_from("bandwidth_gbps", 0, /*above=*/true);
    }
    const std::string& status = rd.str("status");
    bool known = false;
    for (Status s :
         {Status::ok, Status::failed, Status::unsupported, Status::not_run, Status::skipped})
      if (status_name(s) == status) {
        r.status = s;
        known = true;
      }
    if (!known) rd.bad("status", status, "ok, FAILED, unsupported, not-run or skipped");
    r.message = rd.str("message");
    GpuState& st = r.state;
    st.sm_clock_before_mhz = static_cast<int>(rd.integer("sm_clock_before_mhz", true));
    st.sm_clock_after_mhz = static_cast<int>(rd.integer("sm_clock_after_mhz", true));
    st.mem_clock_before_mhz = static_cast<int>(rd.integer("mem_clock_before_mhz", true));
    st.mem_clock_after_mhz = static_cast<int>(rd.integer("mem_clock_after_mhz", true));
    st.power_max_w = rd.number("power_max_w", true);
    st.temp_max_c = static_cast<int>(rd.integer("temp_max_c", true));
    st.throttled_samples = static_cast<int>(rd.integer("throttled_samples", true));
    const std::string& reasons = rd.str("throttle_reasons");
    if (!reasons.empty()) {
      char* end = nullptr;
      st.throttle_reasons = std::strtoull(reasons.c_str(), &end, 16);
      if (*end != '\0') rd.bad("throttle_reasons", reasons, "a hexadecimal mask");
    }
    r.timestamp = rd.str("timestamp");
    r.git_revision = rd.str("git_revision");
    if (version >= 3 && !rd.str("counter_passes").empty()) {
      r.counters.passes = static_cast<int>(rd.integer_in("counter_passes", 1, 1000000));
      for (const CounterField& f : counter_fields())
        r.counters.*f.value = rd.str(f.column).empty() ? -1 : rd.number_from(f.column, 0);
    }
    out.push_back(std::move(r));
  }
  if (!missing.empty()) // a header with no rows still has to be ours
    throw std::invalid_argument(fmt::format("{}:1: missing column{} {}", name,
                                            missing.size() > 1 ? "s" : "",
                                            fmt::join(missing, ", ")));
  if (out.empty())
    throw std::invalid_argument(fmt::format("{}: a header and no rows; accepted: a CSV with at "
                                            "least one measurement",
                                            name));
  return out;
}

int csv_file_version(const std::string& path) {
  const std::vector<CsvRow> rows = parse_csv(strip_bom(read_file(path)), path);
  if (rows.size() < 2) return 0;
  const auto& h = rows.front().fields;
  const auto it = std::find(h.begin(), h.end(), "schema_version");
  if (it == h.end() || rows[1].fields.size() != h.size()) return 0;
  const std::string& v = rows[1].fields[static_cast<std::size_t>(it - h.begin())];
  for (int k = kCsvOldestReadable; k <= kCsvSchemaVersion; ++k)
    if (v == std::to_string(k)) return k;
  return 0;
}

std::vector<Record> read_records_csv(const std::string& path) {
  return records_from_csv_text(read_file(path), path);
}

} // namespace tb
