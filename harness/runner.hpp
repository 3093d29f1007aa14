// Drives the plan through Google Benchmark: each case becomes a benchmark registered with
// RegisterBenchmark + UseManualTime, so --benchmark_filter, --benchmark_repetitions and
// --benchmark_out keep working. Each benchmark iteration is one timed sample and its manual
// time is the time per repetition; repetitions add samples to the same record. The results
// come back as Records, with the GPU's clocks, power, temperature and slowdown reasons around
// each case where NVML is available.
#pragma once

#include "harness/measure.hpp"
#include "harness/record.hpp"

#include <csignal>
#include <functional>
#include <vector>

namespace tb {

struct RunSettings {
  int samples = 5;
  bool verbose = false;         // print Google Benchmark's console table too
  bool progress = false;        // case k of n, kernel, size and ETA on stderr
  std::int64_t free_bytes = -1; // device memory available; larger cases are skipped (-1: all fit)
  std::int64_t flush_bytes = 64ll << 20;
  // Called after each case completes with every completed record so far, in plan order (to
  // rewrite the CSV atomically, so an interrupted run keeps what it measured).
  std::function<void(const std::vector<Record>&)> checkpoint;
  // Polled between samples; when it turns true the run stops and the case in progress and
  // those after it are dropped (interrupted, not measured).
  const volatile std::sig_atomic_t* stop = nullptr;
  // When set (--counters), each case that validated gets a profiling pass after its samples.
  CounterReader* counters = nullptr;
};

// Cases whose kernel cannot run them (element type, timing mode) become `unsupported` records,
// and cases that do not fit in device memory `skipped` ones, without touching the GPU. Throws
// std::invalid_argument if a Google Benchmark filter left nothing to run.
std::vector<Record> run_cases(const std::vector<Case>& cases, const DeviceInfo& device,
                              const RunSettings& settings);

// A record describing `c`, with no samples yet.
Record make_record(const Case& c, const DeviceInfo& device);

} // namespace tb
