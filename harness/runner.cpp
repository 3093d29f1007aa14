#include "harness/runner.hpp"

#include "harness/core/cuda_check.hpp"
#include "harness/nvml.hpp"
#include "harness/provenance.hpp"
#include "harness/units.hpp"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
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

// "case k of n" with an ETA on stderr, redrawn in place; only when stderr is a terminal.
class Progress {
public:
  Progress(bool on, std::size_t total) : m_on(on), m_total(total), m_t0(clock::now()) {}
  ~Progress() {
    if (m_on && m_shown) std::fputs("\r\033[K", stderr);
  }
  void step(const Case& c) {
    if (!m_on) return;
    ++m_done;
    const double elapsed = std::chrono::duration<double>(clock::now() - m_t0).count();
    const double eta = m_done > 1 ? elapsed / (m_done - 1) * (m_total - m_done + 1) : 0;
    std::fprintf(stderr, "\r\033[K[%zu/%zu] %s %s %s %s  ETA %d:%02d", m_done, m_total,
                 c.kernel->id.c_str(), to_string(c.shape).c_str(),
                 std::string(dtype_name(c.dtype)).c_str(), std::string(mode_name(c.mode)).c_str(),
                 static_cast<int>(eta) / 60, static_cast<int>(eta) % 60);
    std::fflush(stderr);
    m_shown = true;
  }

private:
  using clock = std::chrono::steady_clock;
  bool m_on, m_shown = false;
  std::size_t m_total, m_done = 0;
  clock::time_point m_t0;
};

void absorb(GpuState& st, const nvml::Reading& r) {
  st.power_max_w = std::max(st.power_max_w, r.power_w);
  st.temp_max_c = std::max(st.temp_max_c, r.temp_c);
  if (r.reasons) {
    if (st.throttled_samples < 0) st.throttled_samples = 0;
    st.throttle_reasons |= *r.reasons & nvml::kSlowdownMask;
    if (*r.reasons & nvml::kSlowdownMask) ++st.throttled_samples;
  }
}

// The profiling pass after a case's samples. A failure here costs the case its counters, not
// its figure: the reason is noted with the record.
void add_counters(Record& r, const Case& c, Measurer& m, CounterReader& reader) {
  try {
    r.counters = m.profile(c, reader);
  } catch (const cuda_error&) {
    throw; // the context may be gone: handled as any CUDA error of the case
  } catch (const std::exception& e) {
    r.counters = Counters{};
    r.message += fmt::format("{}counters not read: {}", r.message.empty() ? "" : "; ", e.what());
  }
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
  r.l2 = c.effective_l2();
  r.dtype = c.dtype;
  r.shape = c.shape;
  r.tile_w = c.kernel->tile_w;
  r.tile_h = c.kernel->tile_h;
  r.block_x = c.kernel->block_x;
  r.block_y = c.kernel->block_y;
  r.reps = c.launches();
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
  std::vector<bool> registered(cases.size(), false), ran(cases.size(), false),
      interrupted(cases.size(), false);
  auto stopping = [&] { return settings.stop && *settings.stop; };
  // Every case whose outcome is final, in plan order: what the CSV may hold at any moment.
  auto checkpoint = [&] {
    if (!settings.checkpoint) return;
    std::vector<Record> done;
    for (std::size_t k = 0; k < cases.size(); ++k)
      if (!interrupted[k] && (!registered[k] || ran[k])) done.push_back(records[k]);
    try {
      settings.checkpoint(done);
    } catch (const std::exception& e) { // the final write reports it again, and fails the run
      static bool warned = false;
      if (!warned) std::fprintf(stderr, "transpose_bench: warning: %s\n", e.what());
      warned = true;
    }
  };
  Measurer measurer(settings.flush_bytes);
  const nvml::Device gpu(device.pci_bus_id);
  std::string lost_context; // set after an error that leaves the CUDA context unusable

  std::size_t runnable = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    records.push_back(make_record(c, device));
    Record& rec = records.back();
    if (!c.kernel->supports(c.dtype)) {
      rec.status = Status::unsupported;
      rec.message = fmt::format("element type {} not supported", dtype_name(c.dtype));
      continue;
    }
    if (mode_needs_nreps(c.mode) && !c.kernel->has_nreps) {
      rec.status = Status::unsupported;
      rec.message = "has no in-kernel repetition loop";
      continue;
    }
    const std::int64_t need = case_device_bytes(c, settings.flush_bytes);
    if (settings.free_bytes >= 0 && need > settings.free_bytes) {
      rec.status = Status::skipped;
      rec.message = fmt::format("{} {} needs {} of device memory, {} free", to_string(c.shape),
                                dtype_name(c.dtype), human_gb(double(need)),
                                human_gb(double(settings.free_bytes)));
      continue;
    }
    registered[i] = true;
    ++runnable;
  }

  Progress progress(settings.progress, runnable);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (!registered[i]) continue;
    const double bytes = records[i].bytes_per_rep;
    benchmark::RegisterBenchmark(
        case_label(cases[i]).c_str(),
        [&, i, bytes](benchmark::State& state) {
          Record& r = records[i];
          const Case& c = cases[i];
          if (!ran[i]) progress.step(c);
          ran[i] = true;
          if (stopping()) {
            interrupted[i] = true;
            state.SkipWithError("interrupted");
            return;
          }
          if (!lost_context.empty()) {
            r.status = Status::not_run;
            r.message = lost_context;
            state.SkipWithError(r.message.c_str());
            return;
          }
          try {
            measurer.prepare(c.shape, c.dtype); // allocation and upload stay out of the state
            const nvml::Reading before = gpu.read();
            if (r.state.sm_clock_before_mhz < 0) {
              r.state.sm_clock_before_mhz = before.sm_mhz;
              r.state.mem_clock_before_mhz = before.mem_mhz;
            }
            for (auto _ : state) {
              const double ms = measurer.sample_ms_per_rep(c);
              r.samples_ms.push_back(ms);
              state.SetIterationTime(ms * 1e-3);
              if (gpu.available()) absorb(r.state, gpu.read()); // outside the timed region
              if (stopping()) {
                interrupted[i] = true;
                state.SkipWithError("interrupted");
                break;
              }
            }
            if (interrupted[i]) return;
            const nvml::Reading after = gpu.read();
            r.state.sm_clock_after_mhz = after.sm_mhz;
            r.state.mem_clock_after_mhz = after.mem_mhz;
            r.finalize();
            const Validation v = measurer.validate(c);
            r.timestamp = utc_timestamp();
            state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
            state.counters["GBps"] = r.bandwidth_gbps();
            if (v.ok) {
              r.status = Status::ok;
              if (settings.counters) add_counters(r, c, measurer, *settings.counters);
            } else {
              r.status = Status::failed;
              r.message = v.message;
              state.SkipWithError(r.message.c_str());
            }
          } catch (const cuda_error& e) {
            r.status = Status::failed;
            r.message = e.what();
            r.finalize();
            if (e.sticky())
              lost_context =
                  fmt::format("not run: the CUDA context was lost after {} failed", c.kernel->id);
            state.SkipWithError(r.message.c_str());
          } catch (const shape_not_supported& e) {
            r.status = Status::unsupported; // the kernel cannot launch this shape: not a failure
            r.message = e.what();
            r.finalize();
            state.SkipWithError(r.message.c_str());
          } catch (const std::exception& e) {
            r.status = Status::failed;
            r.message = e.what();
            r.finalize();
            state.SkipWithError(r.message.c_str());
          }
          checkpoint();
        })
        ->UseManualTime()
        ->Iterations(settings.samples)
        ->Unit(benchmark::kMicrosecond); // its compare tool prints microseconds readably
  }

  checkpoint(); // the cases that need no GPU (unsupported, skipped) are final already
  std::unique_ptr<benchmark::BenchmarkReporter> display;
  if (settings.verbose)
    display = std::make_unique<benchmark::ConsoleReporter>();
  else
    display = std::make_unique<QuietReporter>();
  const std::size_t n_run = runnable ? benchmark::RunSpecifiedBenchmarks(display.get()) : 0;
  benchmark::ClearRegisteredBenchmarks();

  // Keep what ran and what could not run; drop cases a --benchmark_filter excluded.
  std::vector<Record> out;
  for (std::size_t i = 0; i < cases.size(); ++i)
    if (!interrupted[i] && (!registered[i] || ran[i])) out.push_back(std::move(records[i]));
  if (n_run == 0 && runnable > 0 && !stopping())
    throw std::invalid_argument("--benchmark_filter matched no case; case names look like "
                                "kernel/dtype/ROWSxCOLS/mode (see --list for kernel ids)");
  return out;
}

} // namespace tb
