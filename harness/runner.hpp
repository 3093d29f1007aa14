// Drives the plan through Google Benchmark: each case becomes a benchmark registered with
// RegisterBenchmark + UseManualTime, so --benchmark_filter, --benchmark_repetitions and
// --benchmark_out keep working. Each benchmark iteration is one timed sample, and its manual
// time is the time per repetition. The results come back as Records.
#pragma once

#include "harness/measure.hpp"
#include "harness/record.hpp"

#include <vector>

namespace tb {

struct RunSettings {
  int samples = 5;
  bool verbose = false; // print Google Benchmark's console table too
};

// Cases whose kernel cannot run them (element type, timing mode) become `unsupported` records
// without touching the GPU. Throws std::invalid_argument if a Google Benchmark filter left
// nothing to run.
std::vector<Record> run_cases(const std::vector<Case>& cases, const DeviceInfo& device,
                              const RunSettings& settings);

// A record describing `c`, with no samples yet.
Record make_record(const Case& c, const DeviceInfo& device);

} // namespace tb
