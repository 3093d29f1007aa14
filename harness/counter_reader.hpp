// Reading hardware counters in-process (--counters), through CUPTI's Range Profiler: libcupti
// ships with the CUDA toolkit and is loaded at run time, so the program builds and runs without
// it and says so only when counters are asked for.
//
// A reader profiles one workload at a time in a user range, replayed by us as often as the
// counters need passes; `setup` runs before each replay and is not counted. Profiling is enabled
// only inside `collect`, never while a timed sample runs.
#pragma once

#include "harness/core/counters.hpp"

#include <cuda_runtime_api.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tb {

class CounterReader {
public:
  virtual ~CounterReader() = default;
  // Totals over one run of `workload` (on `stream`), every metric of counter_fields() the GPU
  // provides. Throws std::runtime_error with CUPTI's message on failure.
  virtual Counters collect(const std::function<void()>& setup,
                           const std::function<void()>& workload, cudaStream_t stream) = 0;
  // Metrics of counter_fields() this GPU does not provide (left at -1).
  virtual std::vector<std::string> missing_metrics() const = 0;
};

// Why counters cannot be read by this build or on this machine (CUPTI not built in, libcupti not
// loadable), or "" when they may be. Needs no GPU.
std::string counters_library_problem();

// Opens a reader on the current device and proves it works with a short profiling pass. Throws
// run_error with exit code 3: counters_permission_message when the user may not read counters,
// counters_unavailable_message for anything else.
std::unique_ptr<CounterReader> open_counter_reader();

} // namespace tb
