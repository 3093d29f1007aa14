#include "harness/runner.hpp"

#include "harness/core/cuda_check.hpp"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

namespace tb {
namespace {

// Google Benchmark's display, silenced unless --verbose: our own tables are the output.
class QuietReporter : public benchmark::BenchmarkReporter {
public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

std::string case_label(const Case& c) {
  return fmt::format("{}/{}/{}/{}", c.kernel->id, dtype_name(c.dtype), to_string(c.shape),
                     mode_name(c.mode));
}

} // namespace

Record make_record(const Case& c, const DeviceInfo& device) {
  Record r;
  r.device = device;
  r.kernel_id = c.kernel->id;
  r.kernel_name = c.kernel->name;
  r.family = std::string(family_name(c.kernel->family));
  r.baseline = c.kernel->baseline;
  r.mode = c.mode;
  r.dtype = c.dtype;
  r.shape = c.shape;
  r.tile_w = c.kernel->tile_w;
  r.tile_h = c.kernel->tile_h;
  r.block_x = c.kernel->block_x;
  r.block_y = c.kernel->block_y;
  r.reps = c.reps;
  r.bytes_per_rep = c.kernel->bytes_per_element * static_cast<double>(c.shape.elements()) *
                    static_cast<double>(dtype_size(c.dtype));
  r.git_revision = std::string(git_revision());
  if (c.kernel->note) {
    LaunchArgs a;
    a.dtype = c.dtype;
    a.rows = static_cast<int>(c.shape.rows);
    a.cols = static_cast<int>(c.shape.cols);
    r.message = c.kernel->note(a);
  }
  return r;
}

std::vector<Record> run_cases(const std::vector<Case>& cases, const DeviceInfo& device,
                              const RunSettings& settings) {
  std::vector<Record> records;
  records.reserve(cases.size());
  std::vector<bool> registered(cases.size(), false), ran(cases.size(), false);
  Measurer measurer;
  std::string lost_context; // set after an error that leaves the CUDA context unusable

  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    records.push_back(make_record(c, device));
    Record& rec = records.back();
    if (!c.kernel->supports(c.dtype)) {
      rec.status = Status::unsupported;
      rec.message = fmt::format("element type {} not supported", dtype_name(c.dtype));
      continue;
    }
    if (c.mode == Mode::loop_in_kernel && !c.kernel->has_nreps) {
      rec.status = Status::unsupported;
      rec.message = "has no in-kernel repetition loop";
      continue;
    }
    registered[i] = true;
    const double bytes = rec.bytes_per_rep;
    benchmark::RegisterBenchmark(
        case_label(c).c_str(),
        [&, i, bytes](benchmark::State& state) {
          Record& r = records[i];
          ran[i] = true;
          if (!lost_context.empty()) {
            r.status = Status::not_run;
            r.message = lost_context;
            state.SkipWithError(r.message.c_str());
            return;
          }
          try {
            for (auto _ : state) {
              const double ms = measurer.sample_ms_per_rep(cases[i]);
              r.samples_ms.push_back(ms);
              state.SetIterationTime(ms * 1e-3);
            }
            const Validation v = measurer.validate(cases[i]);
            r.timestamp = utc_timestamp();
            state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
            state.counters["GBps"] = r.bandwidth_gbps();
            if (v.ok) {
              r.status = Status::ok;
            } else {
              r.status = Status::failed;
              r.message = v.message;
              state.SkipWithError(r.message.c_str());
            }
          } catch (const cuda_error& e) {
            r.status = Status::failed;
            r.message = e.what();
            if (e.sticky())
              lost_context = fmt::format("not run: the CUDA context was lost after {} failed",
                                         cases[i].kernel->id);
            state.SkipWithError(r.message.c_str());
          } catch (const std::exception& e) {
            r.status = Status::failed;
            r.message = e.what();
            state.SkipWithError(r.message.c_str());
          }
        })
        ->UseManualTime()
        ->Iterations(settings.samples)
        ->Unit(benchmark::kMillisecond);
  }

  std::unique_ptr<benchmark::BenchmarkReporter> display;
  if (settings.verbose)
    display = std::make_unique<benchmark::ConsoleReporter>();
  else
    display = std::make_unique<QuietReporter>();
  const std::size_t n_run = benchmark::RunSpecifiedBenchmarks(display.get());
  benchmark::ClearRegisteredBenchmarks();

  // Keep what ran and what could not run; drop cases a --benchmark_filter excluded.
  std::vector<Record> out;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (!registered[i] || ran[i]) out.push_back(std::move(records[i]));
  if (n_run == 0 && std::count(registered.begin(), registered.end(), true) > 0)
    throw std::invalid_argument("--benchmark_filter matched no case; case names look like "
                                "kernel/dtype/ROWSxCOLS/mode (see --list for kernel ids)");
  return out;
}

} // namespace tb
