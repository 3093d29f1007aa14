#include "harness/sinks/csv.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <unistd.h>

namespace tb {

std::vector<std::string> csv_columns() {
  return {"schema_version", "gpu", "gpu_index", "compute_capability", "sm_count", "l2_bytes",
          "dram_peak_gbps", "driver", "cuda_runtime", "kernel", "kernel_name", "family",
          "mode", "dtype", "rows", "cols", "tile_w", "tile_h", "block_x", "block_y", "reps", "samples",
          "time_ms", "time_ms_min", "time_ms_max", "bandwidth_gbps", "valid", "status",
          "message", "cache_resident", "above_dram_peak", "timestamp", "git_revision"};
}

std::string csv_escape(const std::string& f) {
  if (f.find_first_of(",\"\n\r") == std::string::npos) return f;
  std::string out = "\"";
  for (char c : f) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string render_csv(const std::vector<Record>& records) {
  std::string out = fmt::format("{}\n", fmt::join(csv_columns(), ","));
  for (const auto& r : records) {
    const auto& d = r.device;
    const bool has = !r.samples_ms.empty();
    auto num = [&](double v, const char* f) { return has ? fmt::format(fmt::runtime(f), v) : ""; };
    std::vector<std::string> f{
        std::to_string(kCsvSchemaVersion),
        d.name,
        std::to_string(d.index),
        fmt::format("{}.{}", d.cc_major, d.cc_minor),
        std::to_string(d.sm_count),
        std::to_string(d.l2_bytes),
        fmt::format("{:.1f}", d.dram_peak_gbps),
        d.driver,
        d.runtime,
        r.kernel_id,
        r.kernel_name,
        r.family,
        std::string(mode_name(r.mode)),
        std::string(dtype_name(r.dtype)),
        std::to_string(r.shape.rows),
        std::to_string(r.shape.cols),
        std::to_string(r.tile_w),
        std::to_string(r.tile_h),
        std::to_string(r.block_x),
        std::to_string(r.block_y),
        std::to_string(r.reps),
        std::to_string(r.samples_ms.size()),
        num(r.median_ms(), "{:.6f}"),
        num(r.min_ms(), "{:.6f}"),
        num(r.max_ms(), "{:.6f}"),
        num(r.bandwidth_gbps(), "{:.2f}"),
        r.status == Status::ok ? "true" : "false",
        std::string(status_name(r.status)),
        r.message,
        has && r.cache_resident() ? "true" : (has ? "false" : ""),
        has && r.above_dram_peak() ? "true" : (has ? "false" : ""),
        r.timestamp,
        r.git_revision};
    for (auto& x : f) x = csv_escape(x);
    out += fmt::format("{}\n", fmt::join(f, ","));
  }
  return out;
}

void check_output_path(const std::string& path, const char* what) {
  if (path.empty()) throw std::invalid_argument(fmt::format("{}: empty output path", what));
  const auto slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : (slash == 0 ? "/" : path.substr(0, slash));
  if (path.back() == '/')
    throw std::invalid_argument(fmt::format("{} '{}' is a folder; accepted: a file path", what, path));
  if (access(dir.c_str(), W_OK) != 0)
    throw std::invalid_argument(fmt::format("{} '{}': folder '{}' {}; accepted: a file in an "
                                            "existing, writable folder",
                                            what, path, dir,
                                            errno == ENOENT ? "does not exist" : "is not writable"));
}

void write_file_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = fmt::format("{}.tmp.{}", path, static_cast<long>(getpid()));
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) throw std::runtime_error(fmt::format("cannot write '{}': {}", tmp, std::strerror(errno)));
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size() &&
                  std::fflush(f) == 0 && fsync(fileno(f)) == 0;
  const bool closed = std::fclose(f) == 0;
  if (!ok || !closed || std::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string err = std::strerror(errno);
    std::remove(tmp.c_str());
    throw std::runtime_error(fmt::format("cannot write '{}': {}", path, err));
  }
}

} // namespace tb
